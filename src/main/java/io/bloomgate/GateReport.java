package io.bloomgate;

import io.bloomgate.report.DiskAccessEstimate;
import io.bloomgate.report.GateHistory;
import io.bloomgate.report.HtmlReport;
import io.bloomgate.report.JsonWriter;
import io.bloomgate.report.TextTable;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A report on a gate's guards, as an aligned text table, JSON or a self-contained HTML page.
 *
 * <p>The text table has one row per guard. Its {@code saved(est)} column is the <em>estimated</em>
 * index pages the avoided lookups did not read ({@link DiskAccessEstimate}: avoided × an index
 * depth estimated from the filter's keys); measured figures need the database's own counters
 * (see {@link io.bloomgate.report.H2IoCounters}).
 *
 * <p>JSON fields (stable; fields are only ever added): {@code guards[]} with {@code table},
 * {@code column}, {@code state}, {@code lookups}, {@code avoided}, {@code passedThrough},
 * {@code truePositives}, {@code falsePositives}, {@code bypassed} (an object by reason: reasons
 * with a zero count are left out), {@code bypassedTotal}, {@code keysAdded}, {@code staleKeys},
 * {@code rebuilds}, {@code observedFalsePositiveRate}; {@code diskAccessesSaved} with
 * {@code estimated} (index pages not read), {@code indexDepth}, {@code rows} and {@code fanOut}
 * (how the depth was estimated); and {@code filter} with {@code layout}, {@code bits},
 * {@code hashes}, {@code stages}, {@code expectedKeys}, {@code addedKeys}, {@code estimatedKeys},
 * {@code fillRatio}, {@code targetFpp}, {@code estimatedFpp}, {@code bitsPerKey},
 * {@code memoryBytes}. Rates are fractions (0.01 is 1%); a figure that cannot be known is
 * {@code null}.
 *
 * <p>{@link #toHtml(GateHistory)} adds charts over time; {@link HtmlReport} composes richer pages.
 */
public final class GateReport {

    private final List<GuardStats> guards;

    GateReport(List<GuardStats> guards) {
        this.guards = List.copyOf(guards);
    }

    /**
     * A report on these snapshots: for guards read elsewhere than from a gate (H2's
     * {@code BLOOM_STATS()}, a {@link GateHistory} sample). {@code gate.report()} is the usual way.
     */
    public static GateReport of(List<GuardStats> guards) {
        return new GateReport(guards);
    }

    /** The snapshots this report shows. */
    public List<GuardStats> guards() {
        return guards;
    }

    /** An aligned text table: a header line and one line per guard. */
    public String toText() {
        String[] header = {"guard", "state", "lookups", "avoided", "passed", "true+", "false+", "bypassed",
            "fp rate", "target", "keys", "MiB", "saved(est)"};
        List<String[]> rows = new java.util.ArrayList<>();
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

    /** The report as JSON (field names documented on this class). */
    public String toJson() {
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

    /** A self-contained HTML page (no external resources): the guards and the estimated disk accesses saved. */
    public String toHtml() {
        return HtmlReport.of(this).render();
    }

    /** {@link #toHtml()} with charts over time from {@code history}'s samples. */
    public String toHtml(GateHistory history) {
        return HtmlReport.of(this).history(history).render();
    }
}
