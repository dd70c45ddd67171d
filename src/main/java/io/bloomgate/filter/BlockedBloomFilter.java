package io.bloomgate.filter;

/**
 * The default layout: a key's {@code k} bits all lie in one 512-bit block (one 64-byte cache line),
 * so a lookup costs at most one cache miss however large the filter is.
 *
 * <p>From the key's 64-bit hash {@code h}: the block is {@code h} reduced to the block count by a
 * multiply (its high bits choose), and the positions inside the block are successive 9-bit fields
 * of {@code mix(h)}, a bijective re-mix, so they are independent of the choice of block. One mix
 * yields 7 positions; more are drawn from further mixes. Positions may repeat, exactly as the
 * sizing formula ({@link Sizing#blockedFpp}) assumes.
 */
final class BlockedBloomFilter extends WordArrayFilter {

    private static final int POSITIONS_PER_MIX = 7; // 7 x 9 bits from one 64-bit mix
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private final long blocks;
    private final int hashes;

    BlockedBloomFilter(KeyHash keyHash, FilterShape shape, long expectedKeys, double targetFpp) {
        this(keyHash, shape, expectedKeys, targetFpp, Words.allocate(checkBlocks(shape), 1));
    }

    BlockedBloomFilter(KeyHash keyHash, FilterShape shape, long expectedKeys, double targetFpp, long[] words) {
        super(keyHash, shape, expectedKeys, targetFpp, words);
        this.blocks = shape.bits() / Sizing.BLOCK_BITS;
        this.hashes = shape.hashes();
    }

    private static long checkBlocks(FilterShape shape) {
        if (shape.bits() % Sizing.BLOCK_BITS != 0) {
            throw new IllegalArgumentException(
                    "blocked filter bits must be a multiple of " + Sizing.BLOCK_BITS + ", was " + shape.bits());
        }
        return shape.bits();
    }

    @Override
    public boolean addHash(long hash) {
        long[] w = words;
        int base = (int) KeyHash.reduce(hash, blocks) << 3;
        long fields = KeyHash.mix(hash);
        boolean changed = false;
        for (int i = 0, left = POSITIONS_PER_MIX; i < hashes; i++, left--) {
            if (left == 0) {
                fields = KeyHash.mix(hash + GOLDEN * i);
                left = POSITIONS_PER_MIX;
            }
            int position = (int) fields & (Sizing.BLOCK_BITS - 1);
            fields >>>= 9;
            int index = base + (position >>> 6);
            long bit = 1L << position; // shifts use the low 6 bits: the bit within the word
            // Read first: most bits of a filter in use are already set, and a plain read is far
            // cheaper than the atomic OR that only a clear bit needs.
            if ((Words.get(w, index) & bit) == 0 && (Words.or(w, index, bit) & bit) == 0) {
                changed = true;
            }
        }
        if (changed) {
            addedKeys.increment();
        }
        return changed;
    }

    @Override
    public boolean mightContainHash(long hash) {
        long[] w = words;
        int base = (int) KeyHash.reduce(hash, blocks) << 3;
        long fields = KeyHash.mix(hash);
        for (int i = 0, left = POSITIONS_PER_MIX; i < hashes; i++, left--) {
            if (left == 0) {
                fields = KeyHash.mix(hash + GOLDEN * i);
                left = POSITIONS_PER_MIX;
            }
            int position = (int) fields & (Sizing.BLOCK_BITS - 1);
            fields >>>= 9;
            if ((Words.get(w, base + (position >>> 6)) & (1L << position)) == 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    void mergeWords(long[] other) {
        for (int i = 0; i < other.length; i++) {
            long bits = other[i];
            if (bits != 0) {
                Words.or(words, i, bits);
            }
        }
    }

    @Override
    public FilterLayout layout() {
        return FilterLayout.BLOCKED;
    }

    @Override
    public FilterFacts facts() {
        // Per block: keys estimated from its fill (Swamidass-Baldi), and the chance that an absent
        // key whose block this is hits k set bits, (fill)^k. Averaging the latter over blocks is
        // the filter's current false-positive rate.
        double keys = 0;
        double fppSum = 0;
        long setBits = 0;
        long[] w = words;
        for (int b = 0; b < w.length; b += Sizing.BLOCK_WORDS) {
            int set = 0;
            for (int i = 0; i < Sizing.BLOCK_WORDS; i++) {
                set += Long.bitCount(Words.get(w, b + i));
            }
            setBits += set;
            if (set > 0) {
                double fill = Math.min(set, Sizing.BLOCK_BITS - 0.5) / Sizing.BLOCK_BITS;
                keys += -Sizing.BLOCK_BITS / (double) hashes * Math.log1p(-fill);
                fppSum += Math.pow((double) set / Sizing.BLOCK_BITS, hashes);
            }
        }
        return new FilterFacts(layout(), shape.bits(), hashes, 1, expectedKeys, targetFpp,
                addedKeys.sum(), Math.round(keys), (double) setBits / shape.bits(),
                fppSum / blocks, (long) w.length * Long.BYTES);
    }
}
