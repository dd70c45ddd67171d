package io.bloomgate.report;

import io.bloomgate.stats.BypassReason;
import io.bloomgate.stats.GuardStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The text table and the JSON of a report on guards: what {@code io.bloomgate.GateReport} renders,
 * here so that the HTML page embeds the same JSON without depending on the entry package. The
 * JSON's fields are documented (and kept stable) on {@code GateReport}.
 */
public final class ReportFormats {

    private ReportFormats() {
    }

    /** An aligned text table: a header line and one line per guard. */
    public static String text(List<GuardStats> guards) {
        String[] header = {"guard", "state", "lookups", "avoided", "passed", "true+", "false+", "bypassed",
            "fp rate", "target", "keys", "MiB", "saved(est)"};
        List<String[]> rows = new ArrayList<>();
        for (GuardStats g : guards) {
            rows.add(new String[] {g.table() + "." + g.column(), g.state().name(), num(g.lookups()),
                num(g.avoided()), num(g.passedThrough()), num(g.truePositives()), num(g.falsePositives()),
                num(g.bypassed()), pct(g.observedFalsePositiveRate()), pct(g.filter().targetFpp()),
                num(g.filter().estimatedKeys()), String.format(Locale.ROOT, "%.1f", g.filter().memoryBytes() / 1048576.0),
                num(DiskAccessEstimate.of(g).saved())});
        }
        return TextTable.render(header, rows, 2);
    }

    private static String num(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    private static String pct(double rate) {
        return String.format(Locale.ROOT, "%.3f%%", rate * 100);
    }

    /** The guards as JSON (field names documented on {@code io.bloomgate.GateReport}). */
    public static String json(List<GuardStats> guards) {
        JsonWriter json = new JsonWriter().beginObject().name("guards").beginArray();
        for (GuardStats g : guards) {
            json.beginObject()
                    .field("table", g.table())
                    .field("column", g.column())
                    .field("state", g.state().name())
                    .field("lookups", g.lookups())
                    .field("avoided", g.avoided())
                    .field("passedThrough", g.passedThrough())
                    .field("truePositives", g.truePositives())
                    .field("falsePositives", g.falsePositives())
                    .name("bypassed").beginObject();
            for (Map.Entry<BypassReason, Long> e : g.bypassedByReason().entrySet()) {
                json.field(e.getKey().name(), e.getValue());
            }
            DiskAccessEstimate saved = DiskAccessEstimate.of(g);
            json.endObject()
                    .field("bypassedTotal", g.bypassed())
                    .field("keysAdded", g.keysAdded())
                    .field("staleKeys", g.staleKeys())
                    .field("rebuilds", g.rebuilds())
                    .field("observedFalsePositiveRate", g.observedFalsePositiveRate())
                    .name("diskAccessesSaved").beginObject()
                    .field("estimated", saved.saved())
                    .field("indexDepth", saved.depth())
                    .field("rows", saved.rows())
                    .field("fanOut", saved.fanOut())
                    .endObject()
                    .name("filter").beginObject()
                    .field("layout", g.filter().layout().name())
                    .field("bits", g.filter().bits())
                    .field("hashes", g.filter().hashes())
                    .field("stages", g.filter().stages())
                    .field("expectedKeys", g.filter().expectedKeys())
                    .field("addedKeys", g.filter().addedKeys())
                    .field("estimatedKeys", g.filter().estimatedKeys())
                    .field("fillRatio", g.filter().fillRatio())
                    .field("targetFpp", g.filter().targetFpp())
                    .field("estimatedFpp", g.filter().estimatedFpp())
                    .field("bitsPerKey", g.filter().bitsPerKey())
                    .field("memoryBytes", g.filter().memoryBytes())
                    .endObject()
                    .endObject();
        }
        return json.endArray().endObject().toString();
    }
}
