package io.bloomgate.report;

import io.bloomgate.stats.GuardStats;
import java.util.Locale;

/**
 * The <em>estimated</em> disk accesses a guard saved: every avoided lookup would have descended
 * the key column's B-tree index from its root to a leaf, reading one page per level, so the saving
 * is {@code avoided × depth}.
 *
 * <p>The depth is estimated, not read from the database: the smallest {@code d} with
 * {@code fanOut^d >= rows}, for a typical fan-out of {@value #TYPICAL_FAN_OUT} keys per page (3
 * levels for a million rows). It is an upper bound on the <em>disk</em> reads saved: a database
 * keeps the upper levels of a busy index in its cache, and the operating system caches more. Where
 * a database counts its own reads (H2's {@code info.FILE_READ}, see {@link H2IoCounters}), compare
 * with the measured figure.
 *
 * @param avoided lookups the filter answered without a query
 * @param rows    rows the index holds (for a guard: the filter's estimated keys)
 * @param fanOut  keys per index page assumed
 * @param depth   the estimated index depth (levels from root to leaf, at least 1)
 */
public record DiskAccessEstimate(long avoided, long rows, int fanOut, int depth) {

    /** Keys per B-tree page assumed when estimating an index's depth. */
    public static final int TYPICAL_FAN_OUT = 100;

    /** The estimate for one guard: its avoided lookups, and its filter's estimated keys as the row count. */
    public static DiskAccessEstimate of(GuardStats guard) {
        return of(guard.avoided(), guard.filter().estimatedKeys());
    }

    /** The estimate for {@code avoided} lookups on an index of {@code rows} rows. */
    public static DiskAccessEstimate of(long avoided, long rows) {
        return new DiskAccessEstimate(avoided, rows, TYPICAL_FAN_OUT, depth(rows, TYPICAL_FAN_OUT));
    }

    /** The smallest depth {@code d >= 1} with {@code fanOut^d >= rows}. */
    public static int depth(long rows, int fanOut) {
        if (fanOut < 2) {
            throw new IllegalArgumentException("fanOut must be at least 2, was " + fanOut);
        }
        int depth = 1;
        long capacity = fanOut; // keys reachable from a root at this depth
        while (capacity < rows) {
            depth++;
            if (capacity > Long.MAX_VALUE / fanOut) {
                break; // the next level holds more keys than a long can count
            }
            capacity *= fanOut;
        }
        return depth;
    }

    /** Index pages the avoided lookups did not read: {@code avoided × depth}. */
    public long saved() {
        return avoided * depth;
    }

    /** How the figure was obtained, in words (for labels). */
    public String basis() {
        return String.format(Locale.ROOT, "estimated: %,d avoided lookups × index depth %d (depth estimated from"
                + " %,d rows at a typical B-tree fan-out of %d)", avoided, depth, rows, fanOut);
    }
}
