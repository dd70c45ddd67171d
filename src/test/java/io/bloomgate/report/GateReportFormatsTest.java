package io.bloomgate.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.GateReport;
import io.bloomgate.filter.FilterFacts;
import io.bloomgate.filter.FilterLayout;
import io.bloomgate.stats.GuardState;
import io.bloomgate.stats.GuardStats;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The text table's alignment and the JSON's fields, including the new ones. */
class GateReportFormatsTest {

    @Test
    void textIsAnAlignedTableWithOneLinePerGuard() {
        String text = GateReport.of(Samples.gate(1_000_000)).toText();
        List<String> lines = text.lines().toList();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).startsWith("guard").contains("avoided", "saved(est)");
        assertThat(lines.stream().map(String::length).distinct()).hasSize(1); // every column padded
        assertThat(lines.get(1)).startsWith("PUBLIC.VISITED.URL").contains("READY", "900,000", "2,700,000");
    }

    @Test
    void jsonHasTheDocumentedFields() {
        String json = GateReport.of(Samples.gate(1_000)).toJson();
        assertThat(json).startsWith("{\"guards\":[{\"table\":\"PUBLIC.VISITED\",\"column\":\"URL\",\"state\":\"READY\"")
                .contains("\"lookups\":1000", "\"avoided\":900", "\"passedThrough\":100", "\"falsePositives\":9",
                        "\"bypassed\":{\"FIRST_EXECUTION\":1}", "\"bypassedTotal\":1", "\"staleKeys\":0",
                        "\"rebuilds\":0", "\"diskAccessesSaved\":{\"estimated\":2700,\"indexDepth\":3,"
                                + "\"rows\":1000000,\"fanOut\":100}",
                        "\"filter\":{\"layout\":\"BLOCKED\"", "\"stages\":1", "\"expectedKeys\":1000000",
                        "\"addedKeys\":1000000", "\"fillRatio\":0.48", "\"targetFpp\":0.01", "\"memoryBytes\":1200000");
    }

    @Test
    void unknownFiguresAreNullAndNamesAreEscaped() {
        FilterFacts facts = new FilterFacts(FilterLayout.SCALABLE, 64, 3, 1, 10, 0.01, 0, 0, Double.NaN, 0, 8);
        GuardStats g = new GuardStats("S.\"<T>\"", "C&\n", GuardState.BUILDING, 0, 0, 0, 0, 0, Map.of(), 0, 0, 0,
                facts);
        String json = GateReport.of(List.of(g)).toJson();
        assertThat(json).contains("\"table\":\"S.\\\"\\u003cT\\u003e\\\"\"", "\"column\":\"C\\u0026\\n\"",
                "\"fillRatio\":null", "\"bypassed\":{}");
    }

    @Test
    void jsonWriterSeparatesValuesAndNests() {
        String json = new JsonWriter().beginObject().field("a", 1).name("b").beginArray().value("x").value(2.5)
                .value(true).beginObject().endObject().endArray().field("c", Double.POSITIVE_INFINITY).endObject()
                .toString();
        assertThat(json).isEqualTo("{\"a\":1,\"b\":[\"x\",2.5,true,{}],\"c\":null}");
    }

    @Test
    void indexDepthGrowsWithTheRowsAtFanOut100() {
        assertThat(DiskAccessEstimate.depth(0, 100)).isEqualTo(1);
        assertThat(DiskAccessEstimate.depth(100, 100)).isEqualTo(1);
        assertThat(DiskAccessEstimate.depth(101, 100)).isEqualTo(2);
        assertThat(DiskAccessEstimate.depth(1_000_000, 100)).isEqualTo(3);
        assertThat(DiskAccessEstimate.depth(1_000_001, 100)).isEqualTo(4);
        assertThat(DiskAccessEstimate.depth(Long.MAX_VALUE, 100)).isEqualTo(10);
        DiskAccessEstimate e = DiskAccessEstimate.of(500, 20_000);
        assertThat(e.saved()).isEqualTo(1_500);
        assertThat(e.basis()).startsWith("estimated: 500 avoided lookups × index depth 3");
    }
}
