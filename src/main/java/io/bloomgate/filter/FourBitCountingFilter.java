package io.bloomgate.filter;

/**
 * The counting layout: {@code m} 4-bit saturating counters, sixteen to a word, standard (unblocked)
 * placement. Position {@code i} of a key is {@code h + i·h2} reduced to {@code m}, with
 * {@code h2 = mix(h) | 1} (Kirsch and Mitzenmacher 2006: two hashes give the effect of k).
 * Counters change by compare-and-set loops, so adds and removes are lock-free.
 */
final class FourBitCountingFilter extends WordArrayFilter implements CountingBloomFilter {

    static final int SATURATED = 15;
    private static final int COUNTERS_PER_WORD = 16;

    private final long counters;
    private final int hashes;

    FourBitCountingFilter(KeyHash keyHash, FilterShape shape, long expectedKeys, double targetFpp) {
        this(keyHash, shape, expectedKeys, targetFpp, Words.allocate(shape.bits(), 4));
    }

    FourBitCountingFilter(KeyHash keyHash, FilterShape shape, long expectedKeys, double targetFpp,
            long[] words) {
        super(keyHash, shape, expectedKeys, targetFpp, words);
        this.counters = shape.bits();
        this.hashes = shape.hashes();
    }

    private long position(long hash, long step, int i) {
        return KeyHash.reduce(hash + step * i, counters);
    }

    @Override
    public boolean addHash(long hash) {
        long step = KeyHash.mix(hash) | 1;
        boolean changed = false;
        for (int i = 0; i < hashes; i++) {
            if (increment(position(hash, step, i)) == 0) {
                changed = true;
            }
        }
        addedKeys.increment();
        return changed;
    }

    @Override
    public boolean mightContainHash(long hash) {
        long step = KeyHash.mix(hash) | 1;
        for (int i = 0; i < hashes; i++) {
            if (counter(position(hash, step, i)) == 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean remove(byte[] key, int offset, int length) {
        return removeHash(keyHash.hash(key, offset, length));
    }

    @Override
    public boolean removeLong(long key) {
        return removeHash(keyHash.hashLong(key));
    }

    @Override
    public boolean removeHash(long hash) {
        if (!mightContainHash(hash)) {
            return false; // certainly never added: decrementing would steal other keys' counts
        }
        long step = KeyHash.mix(hash) | 1;
        for (int i = 0; i < hashes; i++) {
            decrement(position(hash, step, i));
        }
        addedKeys.decrement();
        return true;
    }

    /** The counter's value. */
    int counter(long position) {
        long word = Words.get(words, (int) (position >>> 4));
        return (int) (word >>> shift(position)) & 0xF;
    }

    /** Adds one unless saturated; returns the previous value. */
    private int increment(long position) {
        int index = (int) (position >>> 4);
        int shift = shift(position);
        while (true) {
            long word = Words.get(words, index);
            int value = (int) (word >>> shift) & 0xF;
            if (value == SATURATED || Words.compareAndSet(words, index, word, word + (1L << shift))) {
                return value;
            }
        }
    }

    /** Subtracts one unless zero or saturated (a saturated counter may stand for more keys than 15). */
    private void decrement(long position) {
        int index = (int) (position >>> 4);
        int shift = shift(position);
        while (true) {
            long word = Words.get(words, index);
            int value = (int) (word >>> shift) & 0xF;
            if (value == 0 || value == SATURATED
                    || Words.compareAndSet(words, index, word, word - (1L << shift))) {
                return;
            }
        }
    }

    private static int shift(long position) {
        return (int) (position & (COUNTERS_PER_WORD - 1)) << 2;
    }

    @Override
    void mergeWords(long[] other) {
        // Counters add, saturating: the union of two multisets of keys.
        for (long position = 0; position < counters; position++) {
            int add = (int) (other[(int) (position >>> 4)] >>> shift(position)) & 0xF;
            for (int i = 0; i < add; i++) {
                increment(position);
            }
        }
    }

    @Override
    public FilterLayout layout() {
        return FilterLayout.COUNTING;
    }

    @Override
    public FilterFacts facts() {
        long nonZero = 0;
        for (int i = 0; i < words.length; i++) {
            long word = Words.get(words, i);
            // A nibble is non-zero iff any of its 4 bits is set: fold them into the nibble's low bit.
            long folded = (word | (word >>> 1) | (word >>> 2) | (word >>> 3)) & 0x1111111111111111L;
            nonZero += Long.bitCount(folded);
        }
        double fill = (double) nonZero / counters;
        long estimated = Math.round(-(double) counters / hashes * Math.log1p(-Math.min(fill, 1 - 0.5 / counters)));
        return new FilterFacts(layout(), counters, hashes, 1, expectedKeys, targetFpp,
                addedKeys.sum(), estimated, fill, Math.pow(fill, hashes), (long) words.length * Long.BYTES);
    }
}
