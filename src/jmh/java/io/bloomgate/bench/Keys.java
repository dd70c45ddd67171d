package io.bloomgate.bench;

/**
 * The benchmark keys, derived from an index so that nothing has to be stored for 100M keys and
 * every implementation sees exactly the same keys.
 *
 * <p>Present key {@code i} (for {@code i} in {@code [0, n)}) and absent key {@code i} come from
 * disjoint index ranges. For longs, the key is {@link #splitmix64} of the index, a bijection, so an
 * absent long is never equal to a present one. Strings are 16 random letters and digits seeded by
 * the index; two of them collide with probability about {@code 62^-16}.
 */
public final class Keys {

    /** Absent keys are numbered from here; present keys from 0. */
    public static final long ABSENT_BASE = 1L << 62;

    /** Characters of string keys. */
    private static final char[] ALPHABET =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".toCharArray();

    /** Length of string keys. */
    public static final int STRING_LENGTH = 16;

    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private Keys() {
    }

    /** SplitMix64 (Steele, Lea, Flood 2014) of {@code x}: a bijection on 64-bit values. */
    public static long splitmix64(long x) {
        long z = x + GOLDEN;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The {@code i}-th present long key. */
    public static long presentLong(long i) {
        return splitmix64(i);
    }

    /** The {@code i}-th absent long key (never equal to a present one). */
    public static long absentLong(long i) {
        return splitmix64(ABSENT_BASE + i);
    }

    /**
     * A random long query over {@code n} keys: half present, half absent, at random positions.
     * Branch-free and allocation-free; used identically for every implementation, so its cost
     * (two splitmix64 rounds, about 1-2 ns) is the same constant in every lookup figure.
     *
     * @param r a fresh random value, e.g. {@code splitmix64(counter++)}
     * @param n the number of present keys, below 2^32
     */
    public static long queryLong(long r, long n) {
        long index = ((r >>> 32) * n) >>> 32;      // uniform in [0, n)
        long base = (r & 1L) << 62;                // 0: present, ABSENT_BASE: absent
        return splitmix64(base + index);
    }

    /** The {@code i}-th present string key. */
    public static String presentString(long i) {
        return string(i);
    }

    /** The {@code i}-th absent string key. */
    public static String absentString(long i) {
        return string(ABSENT_BASE + i);
    }

    private static String string(long index) {
        char[] chars = new char[STRING_LENGTH];
        long seed = splitmix64(index);
        for (int j = 0; j < STRING_LENGTH; j += 2) {
            long r = splitmix64(seed + j);
            chars[j] = ALPHABET[(int) (((r >>> 32) * ALPHABET.length) >>> 32)];
            chars[j + 1] = ALPHABET[(int) (((r & 0xFFFFFFFFL) * ALPHABET.length) >>> 32)];
        }
        return new String(chars);
    }

    /** Present string keys {@code 0 .. n-1}. */
    public static String[] presentStrings(int n) {
        String[] keys = new String[n];
        for (int i = 0; i < n; i++) {
            keys[i] = presentString(i);
        }
        return keys;
    }

    /** Absent string keys {@code 0 .. n-1}. */
    public static String[] absentStrings(int n) {
        String[] keys = new String[n];
        for (int i = 0; i < n; i++) {
            keys[i] = absentString(i);
        }
        return keys;
    }

    /**
     * The lookup sequence for string keys: every present and every absent key once (2n queries,
     * exactly half present), in an order where present/absent is random but each of the two arrays
     * is walked front to back. The strings were allocated in that order, so the walk is mostly
     * sequential in memory: the benchmark measures the filters, not cache misses on the keys.
     */
    public static String[] interleave(String[] present, String[] absent, long seed) {
        int n = present.length;
        boolean[] takePresent = new boolean[2 * n];
        for (int i = 0; i < n; i++) {
            takePresent[i] = true;
        }
        long state = seed;
        for (int i = takePresent.length - 1; i > 0; i--) { // Fisher-Yates
            state = splitmix64(state);
            int j = (int) (((state >>> 32) * (i + 1)) >>> 32);
            boolean t = takePresent[i];
            takePresent[i] = takePresent[j];
            takePresent[j] = t;
        }
        String[] queries = new String[2 * n];
        int p = 0;
        int a = 0;
        for (int i = 0; i < queries.length; i++) {
            queries[i] = takePresent[i] ? present[p++] : absent[a++];
        }
        return queries;
    }
}
