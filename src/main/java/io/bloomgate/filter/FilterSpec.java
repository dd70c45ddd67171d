package io.bloomgate.filter;

/**
 * What a filter is sized for and how it is laid out: an immutable value, created with
 * {@link #of(long, double)} and adjusted with the {@code with...} methods.
 *
 * @param layout       the layout; {@link FilterLayout#BLOCKED} by default
 * @param expectedKeys keys the filter should hold at its target rate (a scalable filter's first stage)
 * @param targetFpp    the false-positive rate wanted at {@code expectedKeys} keys, in (0, 1)
 * @param seed         the hash seed; filters merge only with equal seeds
 */
public record FilterSpec(FilterLayout layout, long expectedKeys, double targetFpp, long seed) {

    /**
     * The false-positive rate a guard gets when none is given (1%). Here rather than in the entry
     * package so that every way of guarding (the builder, the driver URL, Spring, H2's
     * {@code BLOOM_GUARD}) shares it without depending on that package; {@code
     * BloomGate.DEFAULT_FPP} is this value.
     */
    public static final double DEFAULT_FPP = 0.01;

    /**
     * A filter sized from its table's row count holds this many keys at least, so that a guard on an
     * empty table still has room to grow ({@code BloomGate.MIN_DEFAULT_KEYS} is this value).
     */
    public static final long MIN_DEFAULT_KEYS = 10_000;

    /** Validates the spec; the messages name the bad value and the accepted range. */
    public FilterSpec {
        if (layout == null) {
            throw new IllegalArgumentException("layout must not be null; use FilterLayout.BLOCKED by default");
        }
        Sizing.checkKeysAndRate(expectedKeys, targetFpp);
    }

    /** A blocked filter for {@code expectedKeys} keys at rate {@code targetFpp}, with the default seed. */
    public static FilterSpec of(long expectedKeys, double targetFpp) {
        return new FilterSpec(FilterLayout.BLOCKED, expectedKeys, targetFpp, KeyHash.DEFAULT_SEED);
    }

    /** This spec with another layout. */
    public FilterSpec withLayout(FilterLayout newLayout) {
        return new FilterSpec(newLayout, expectedKeys, targetFpp, seed);
    }

    /** This spec with another hash seed. */
    public FilterSpec withSeed(long newSeed) {
        return new FilterSpec(layout, expectedKeys, targetFpp, newSeed);
    }

    /**
     * The shape a filter of this spec gets: for the scalable layout, that of its first stage.
     *
     * @throws IllegalArgumentException if the filter would be larger than {@link Sizing#MAX_BITS}
     */
    public FilterShape shape() {
        return switch (layout) {
            case BLOCKED -> Sizing.blocked(expectedKeys, targetFpp);
            case COUNTING -> Sizing.standard(expectedKeys, targetFpp);
            case SCALABLE -> Sizing.blocked(expectedKeys,
                    targetFpp * (1 - ScalableBloomFilter.TIGHTENING));
        };
    }
}
