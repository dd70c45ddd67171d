package io.bloomgate.filter;

/**
 * The two numbers that fix a filter's behaviour: its size in bits (or counters) and the number of
 * positions each key sets.
 *
 * @param bits   bits (blocked and standard layouts) or 4-bit counters (counting layout)
 * @param hashes positions per key, {@code k}
 */
public record FilterShape(long bits, int hashes) {

    /** Validates the shape. */
    public FilterShape {
        if (bits < 1 || bits > Sizing.MAX_BITS) {
            throw new IllegalArgumentException(
                    "filter bits must be between 1 and " + Sizing.MAX_BITS + ", was " + bits);
        }
        if (hashes < 1 || hashes > Sizing.MAX_HASHES) {
            throw new IllegalArgumentException(
                    "hash count must be between 1 and " + Sizing.MAX_HASHES + ", was " + hashes);
        }
    }
}
