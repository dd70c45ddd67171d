package io.bloomgate.filter;

import com.dynatrace.hash4j.hashing.Hasher64;
import com.dynatrace.hash4j.hashing.Hashing;

/**
 * The one hash of a key: 64-bit XXH3 (hash4j's zero-allocation implementation) over the key's
 * canonical bytes, with a seed. Every position a filter probes is derived from this single value,
 * so a lookup hashes its key once. The function's id and the seed are written into the serialized
 * format: a filter read back must hash exactly as the one written.
 */
final class KeyHash {

    /** Format id of XXH3-64; the only function in format version 1. */
    static final int XXH3_64 = 1;

    /** The seed used unless a spec says otherwise ("bloomgat" in ASCII). */
    static final long DEFAULT_SEED = 0x626C6F6F6D676174L;

    private final long seed;
    private final Hasher64 hasher;

    KeyHash(long seed) {
        this.seed = seed;
        this.hasher = Hashing.xxh3_64(seed);
    }

    long seed() {
        return seed;
    }

    long hash(byte[] key, int offset, int length) {
        return hasher.hashBytesToLong(key, offset, length);
    }

    /**
     * Hash of a 64-bit key. Equal to {@link #hash} over the value's 8 little-endian bytes (hash4j
     * guarantees it and a test checks it), so integer keys may take this fast path and still mean
     * the same canonical bytes.
     */
    long hashLong(long key) {
        return hasher.hashLongToLong(key);
    }

    /**
     * Stafford's mix13 variant of the MurmurHash3 finaliser: a bijection with full avalanche. It
     * turns the key hash into fresh bits for positions, so they are independent of the bits that
     * chose the block.
     */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** {@code floor(hash * n / 2^64)} with the hash read as unsigned: a uniform index in [0, n) without division. */
    static long reduce(long hash, long n) {
        // Math.unsignedMultiplyHigh arrives in Java 18; for n >= 0 this is the same.
        return Math.multiplyHigh(hash, n) + ((hash >> 63) & n);
    }
}
