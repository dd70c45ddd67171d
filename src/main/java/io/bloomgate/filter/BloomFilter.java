package io.bloomgate.filter;

import java.io.IOException;
import java.io.OutputStream;

/**
 * A set membership filter that may answer "maybe" for a key it never saw (a false positive) but
 * never answers "absent" for a key it did see.
 *
 * <p>Keys are canonical byte strings (see {@code io.bloomgate.key}); integer keys may use the
 * {@code long} methods, which hash exactly as the value's 8 little-endian bytes. Each key is hashed
 * once into 64 bits; the {@code ...Hash} methods accept that hash directly, for callers that test
 * one key against several filters.
 *
 * <p>All implementations are safe for concurrent use without locks: adds from many threads may race
 * each other and any number of lookups. Once {@code add} has returned, every later
 * {@code mightContain} of that key from any thread returns {@code true}.
 *
 * <p>Create filters with {@link BloomFilters}.
 */
public interface BloomFilter {

    /**
     * Adds a key.
     *
     * @return {@code true} if the filter changed, so the key was certainly new; {@code false} if it
     *     may have been present already (a "new key" hint, never a guarantee of presence)
     */
    boolean add(byte[] key, int offset, int length);

    /** Adds the whole array as a key; see {@link #add(byte[], int, int)}. */
    default boolean add(byte[] key) {
        return add(key, 0, key.length);
    }

    /** Adds a 64-bit key, the same as adding its 8 little-endian bytes. */
    boolean addLong(long key);

    /** Adds a key by its {@link #hash}. */
    boolean addHash(long hash);

    /** {@code false} if the key was certainly never added; {@code true} if it may have been. */
    boolean mightContain(byte[] key, int offset, int length);

    /** {@link #mightContain(byte[], int, int)} over the whole array. */
    default boolean mightContain(byte[] key) {
        return mightContain(key, 0, key.length);
    }

    /** {@link #mightContain(byte[], int, int)} for a 64-bit key. */
    boolean mightContainLong(long key);

    /** {@link #mightContain(byte[], int, int)} for a key by its {@link #hash}. */
    boolean mightContainHash(long hash);

    /** The 64-bit hash this filter derives a key's positions from. */
    long hash(byte[] key, int offset, int length);

    /** The hash of a 64-bit key; equal to {@link #hash} over its 8 little-endian bytes. */
    long hashLong(long key);

    /**
     * ORs every key of {@code other} into this filter, which then answers "maybe" for the union.
     *
     * @throws IncompatibleFilterException if the two differ in layout, shape, hash function or seed
     */
    void merge(BloomFilter other);

    /** The filter's layout. */
    FilterLayout layout();

    /** A consistent-enough snapshot of sizes, counts and estimated rates (computing it scans the filter). */
    FilterFacts facts();

    /**
     * Writes the filter in the versioned, checksummed format that {@link BloomFilters#readFrom}
     * reads. Adds racing the write may or may not be included; write a quiescent filter, or one
     * whose concurrent keys are replayed after loading.
     */
    void writeTo(OutputStream out) throws IOException;
}
