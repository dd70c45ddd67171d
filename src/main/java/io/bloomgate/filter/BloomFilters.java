package io.bloomgate.filter;

import java.io.IOException;
import java.io.InputStream;

/** Creates and reads {@link BloomFilter}s. */
public final class BloomFilters {

    private BloomFilters() {
    }

    /**
     * A new, empty filter as the spec describes.
     *
     * @throws IllegalArgumentException if the filter would be larger than {@link Sizing#MAX_BITS}
     * @throws IllegalStateException    if the heap cannot hold it
     */
    public static BloomFilter create(FilterSpec spec) {
        KeyHash hash = new KeyHash(spec.seed());
        return switch (spec.layout()) {
            case BLOCKED -> new BlockedBloomFilter(hash, spec.shape(), spec.expectedKeys(), spec.targetFpp());
            case COUNTING -> new FourBitCountingFilter(hash, spec.shape(), spec.expectedKeys(), spec.targetFpp());
            case SCALABLE -> new ScalableBloomFilter(hash, spec.expectedKeys(), spec.targetFpp());
        };
    }

    /** A blocked filter (the default layout) for {@code expectedKeys} keys at rate {@code fpp}. */
    public static BloomFilter blocked(long expectedKeys, double fpp) {
        return create(FilterSpec.of(expectedKeys, fpp));
    }

    /** A counting filter, which supports removal, for {@code expectedKeys} keys at rate {@code fpp}. */
    public static CountingBloomFilter counting(long expectedKeys, double fpp) {
        return (CountingBloomFilter) create(FilterSpec.of(expectedKeys, fpp).withLayout(FilterLayout.COUNTING));
    }

    /** A scalable filter that starts at {@code initialKeys} and grows, staying under rate {@code fpp}. */
    public static BloomFilter scalable(long initialKeys, double fpp) {
        return create(FilterSpec.of(initialKeys, fpp).withLayout(FilterLayout.SCALABLE));
    }

    /**
     * Reads a filter written by {@link BloomFilter#writeTo}. The stream is read up to the end of the
     * filter (not closed).
     *
     * @throws FilterFormatException if the bytes are not a complete, intact filter of a known format
     */
    public static BloomFilter readFrom(InputStream in) throws IOException {
        return FilterCodec.read(in);
    }
}
