package io.bloomgate.bench;

import java.util.BitSet;

/**
 * The Bloom filter as tutorials teach it (and as the project's seed documents show it), written
 * here from that description as the baseline a hand-rolled filter would be:
 *
 * <ul>
 *   <li>one {@link BitSet} of {@code m} bits, {@code m} from the standard formula
 *       {@code -n ln p / (ln 2)^2} rounded <em>up to a power of two</em>, because a position is
 *       the hash masked with {@code m - 1};</li>
 *   <li>{@code k = round(m/n ln 2)} hash functions, each the weighted character sum
 *       {@code h = seed * h + c} over the string's chars (32-bit, wrapping), one small prime
 *       seed per function;</li>
 *   <li>strings hashed by their chars, not their bytes; a non-string key goes through its
 *       {@code toString()} first (a long through {@link Long#toString(long)}).</li>
 * </ul>
 *
 * <p>Not thread-safe ({@code BitSet} is not), and slower and less accurate than it looks: the k
 * hashes are not independent (keys that differ only in their last char move every position by
 * the same amount) and the power-of-two rounding over-spends memory by up to 2x. That is what the
 * benchmark is meant to show.
 */
public final class TextbookBitSetFilter {

    /** Seeds, one per hash function: small primes from 5 up, as tutorials pick them (a seed of 2
     *  would shift all but the last chars out of the masked bits). */
    private static final int[] PRIME_SEEDS = {
        5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61,
        67, 71, 73, 79, 83, 89, 97, 101, 103, 107, 109, 113, 127, 131, 137, 139,
    };

    /** The largest power of two a {@code BitSet} can hold (its indexes are ints). */
    private static final long MAX_BITS = 1L << 30;

    private final BitSet bits;
    private final int mask;
    private final int[] seeds;

    /** A filter sized for {@code expectedKeys} keys at false-positive rate {@code fpp}. */
    public TextbookBitSetFilter(long expectedKeys, double fpp) {
        if (expectedKeys < 1 || !(fpp > 0 && fpp < 1)) {
            throw new IllegalArgumentException("need expectedKeys >= 1 and 0 < fpp < 1");
        }
        double ln2 = Math.log(2);
        long optimal = (long) Math.ceil(-expectedKeys * Math.log(fpp) / (ln2 * ln2));
        long m = Long.highestOneBit(Math.max(64, optimal - 1)) << 1; // next power of two >= optimal
        if (m > MAX_BITS) {
            throw new IllegalArgumentException(m + " bits do not fit a BitSet indexed by masked ints");
        }
        int k = (int) Math.max(1, Math.round((double) m / expectedKeys * ln2));
        if (k > PRIME_SEEDS.length) {
            throw new IllegalArgumentException("k = " + k + " exceeds the " + PRIME_SEEDS.length + " seeds");
        }
        this.bits = new BitSet((int) m);
        this.mask = (int) (m - 1);
        this.seeds = java.util.Arrays.copyOf(PRIME_SEEDS, k);
    }

    private int position(CharSequence key, int seed) {
        int h = 0;
        for (int i = 0, len = key.length(); i < len; i++) {
            h = seed * h + key.charAt(i);
        }
        return h & mask;
    }

    /** Sets the key's k bits. Returns whether any was clear (the key was certainly new). */
    public boolean add(CharSequence key) {
        boolean changed = false;
        for (int seed : seeds) {
            int p = position(key, seed);
            if (!bits.get(p)) {
                bits.set(p);
                changed = true;
            }
        }
        return changed;
    }

    /** {@code false} if the key was certainly never added. */
    public boolean mightContain(CharSequence key) {
        for (int seed : seeds) {
            if (!bits.get(position(key, seed))) {
                return false;
            }
        }
        return true;
    }

    /** {@link #add(CharSequence)} of the decimal text of {@code key}. */
    public boolean add(long key) {
        return add(Long.toString(key));
    }

    /** {@link #mightContain(CharSequence)} of the decimal text of {@code key}. */
    public boolean mightContain(long key) {
        return mightContain(Long.toString(key));
    }

    /** {@code m}, the number of addressable bits. */
    public long bitCount() {
        return (long) mask + 1;
    }

    /** {@code k}, the number of hash functions. */
    public int hashCount() {
        return seeds.length;
    }

    /** Bits the {@code BitSet} holds ({@link BitSet#size()}), i.e. its memory in bits. */
    public long memoryBits() {
        return bits.size();
    }
}
