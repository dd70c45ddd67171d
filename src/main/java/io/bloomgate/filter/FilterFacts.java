package io.bloomgate.filter;

/**
 * An immutable snapshot of a filter's size, load and estimated error.
 *
 * @param layout           the filter's layout
 * @param bits             bits (or 4-bit counters) in the filter; for a scalable filter, over all stages
 * @param hashes           positions per key ({@code k}; for a scalable filter, of its newest stage)
 * @param stages           filters in the chain: 1 unless scalable
 * @param expectedKeys     the key count the filter was sized for (its first stage, if scalable)
 * @param targetFpp        the false-positive rate the filter was sized for
 * @param addedKeys        adds that changed the filter, i.e. keys that were certainly new: a lower
 *                         bound on distinct keys added (duplicates and false positives are not counted)
 * @param estimatedKeys    distinct keys estimated from the set bits (Swamidass and Baldi 2007), per
 *                         block for the blocked layout
 * @param fillRatio        fraction of bits set (of counters non-zero)
 * @param estimatedFpp     the false-positive rate to expect now, from the actual fill
 * @param memoryBytes      bytes held by the filter's word arrays
 */
public record FilterFacts(
        FilterLayout layout,
        long bits,
        int hashes,
        int stages,
        long expectedKeys,
        double targetFpp,
        long addedKeys,
        long estimatedKeys,
        double fillRatio,
        double estimatedFpp,
        long memoryBytes) {

    /** Memory bits per estimated key (per expected key while the filter is empty). */
    public double bitsPerKey() {
        long keys = estimatedKeys > 0 ? estimatedKeys : expectedKeys;
        return memoryBytes * 8.0 / keys;
    }
}
