package io.bloomgate.filter;

/**
 * A Bloom filter whose keys can be removed, at four times the memory: each position is a 4-bit
 * counter instead of a bit. A counter that reaches 15 saturates and is never decremented again
 * (it might be covering more keys than it can count), so removal can leave a false positive but
 * never a false negative. With the optimal hash count a counter reaches 16 with probability about
 * {@code 1.37e-15} per counter (Fan et al. 2000, the bound the seed documents quote), so saturation
 * is a safety net, not a working regime.
 */
public interface CountingBloomFilter extends BloomFilter {

    /**
     * Removes a key that was added (and not removed since). Removing a key that was never added
     * would corrupt other keys' counters, so if any of the key's counters is zero — proof it is not
     * in the filter — nothing changes and this returns {@code false}.
     *
     * @return {@code true} if the key's counters were decremented
     */
    boolean remove(byte[] key, int offset, int length);

    /** {@link #remove(byte[], int, int)} over the whole array. */
    default boolean remove(byte[] key) {
        return remove(key, 0, key.length);
    }

    /** {@link #remove(byte[], int, int)} for a 64-bit key. */
    boolean removeLong(long key);

    /** {@link #remove(byte[], int, int)} for a key by its {@link #hash}. */
    boolean removeHash(long hash);
}
