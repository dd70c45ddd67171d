package io.bloomgate;

import io.bloomgate.report.DiskAccessEstimate;
import io.bloomgate.report.GateHistory;
import io.bloomgate.report.HtmlReport;
import io.bloomgate.report.ReportFormats;
import io.bloomgate.stats.GuardStats;
import io.bloomgate.stats.GuardStatsSource;
import java.util.List;

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
public final class GateReport implements GuardStatsSource {

    private final List<GuardStats> guards;

    GateReport(List<GuardStats> guards) {
        this.guards = List.copyOf(guards);
    }

    /**
     * A report on these snapshots: for guards read elsewhere than from a gate (H2's
     * {@code BLOOM_STATS()}, a replay). {@code gate.report()} is the usual way.
     */
    public static GateReport of(List<GuardStats> guards) {
        return new GateReport(guards);
    }

    /** A report on the guards of one {@link GateHistory} sample. */
    public static GateReport of(GateHistory.Sample sample) {
        return new GateReport(sample.guards());
    }

    /** The snapshots this report shows, in the order they were given. */
    @Override
    public List<GuardStats> stats() {
        return guards;
    }

    /** An aligned text table: a header line and one line per guard. */
    public String toText() {
        return ReportFormats.text(guards);
    }

    /** The report as JSON (field names documented on this class). */
    public String toJson() {
        return ReportFormats.json(guards);
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
