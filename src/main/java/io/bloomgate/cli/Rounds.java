package io.bloomgate.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * Paired batches of two runs that alternated, with the gate and without it: each pair ran at the
 * same moment on the same machine, so its ratio does not depend on what else the machine did in
 * between, and the median of the ratios ignores a pair that a burst of other work disturbed.
 */
final class Rounds {

    private final List<long[]> pairs = new ArrayList<>();

    /** One pair: the batch with the gate (its lookups, its writes), then without it. */
    void add(long withLookupNanos, long withWriteNanos, long withoutLookupNanos, long withoutWriteNanos) {
        pairs.add(new long[] {withLookupNanos, withWriteNanos, withoutLookupNanos, withoutWriteNanos});
    }

    int size() {
        return pairs.size();
    }

    /** The median over the pairs of (time without the gate) / (time with it), lookups and writes together. */
    double speedUp() {
        return median(p -> (double) (p[2] + p[3]) / (p[0] + p[1]));
    }

    /** The same for the lookups alone. */
    double lookupSpeedUp() {
        return median(p -> (double) p[2] / p[0]);
    }

    /**
     * The median over the pairs of (write time with the gate) / (without it) - 1: what the gate costs
     * the writes, as a fraction (0.03 = 3% slower); NaN without writes.
     */
    double writeCost() {
        return median(p -> p[1] == 0 || p[3] == 0 ? Double.NaN : (double) p[1] / p[3]) - 1;
    }

    private interface Ratio {
        double of(long[] pair);
    }

    private double median(Ratio ratio) {
        double[] r = pairs.stream().mapToDouble(ratio::of).filter(x -> !Double.isNaN(x)).sorted().toArray();
        if (r.length == 0) {
            return Double.NaN;
        }
        int m = r.length / 2;
        return r.length % 2 == 1 ? r[m] : (r[m - 1] + r[m]) / 2;
    }
}
