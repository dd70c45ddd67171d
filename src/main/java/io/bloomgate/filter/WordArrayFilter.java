package io.bloomgate.filter;

import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the single-array layouts share: the key hash, the words, the shape and the sizing target.
 * Subclasses define where a hash's positions lie and what a position holds.
 */
abstract class WordArrayFilter implements BloomFilter {

    final KeyHash keyHash;
    final FilterShape shape;
    final long expectedKeys;
    final double targetFpp;
    final long[] words;
    /** Adds that changed the filter; a LongAdder so concurrent adders don't contend on one counter. */
    final LongAdder addedKeys = new LongAdder();

    WordArrayFilter(KeyHash keyHash, FilterShape shape, long expectedKeys, double targetFpp, long[] words) {
        this.keyHash = keyHash;
        this.shape = shape;
        this.expectedKeys = expectedKeys;
        this.targetFpp = targetFpp;
        this.words = words;
    }

    @Override
    public final boolean add(byte[] key, int offset, int length) {
        return addHash(keyHash.hash(key, offset, length));
    }

    @Override
    public final boolean addLong(long key) {
        return addHash(keyHash.hashLong(key));
    }

    @Override
    public final boolean mightContain(byte[] key, int offset, int length) {
        return mightContainHash(keyHash.hash(key, offset, length));
    }

    @Override
    public final boolean mightContainLong(long key) {
        return mightContainHash(keyHash.hashLong(key));
    }

    @Override
    public final long hash(byte[] key, int offset, int length) {
        return keyHash.hash(key, offset, length);
    }

    @Override
    public final long hashLong(long key) {
        return keyHash.hashLong(key);
    }

    @Override
    public void merge(BloomFilter other) {
        if (!(other instanceof WordArrayFilter that) || other.layout() != layout()
                || !that.shape.equals(shape) || that.keyHash.seed() != keyHash.seed()) {
            throw new IncompatibleFilterException(String.format(
                    "cannot merge a %s into a %s: filters merge only with the same layout, shape and hash seed",
                    describe(other), describe(this)));
        }
        mergeWords(that.words);
        addedKeys.add(that.addedKeys.sum());
    }

    /** ORs (or, for counters, adds) the other filter's words into this one's. */
    abstract void mergeWords(long[] other);

    @Override
    public void writeTo(OutputStream out) throws IOException {
        FilterCodec.write(this, out);
    }

    @Override
    public String toString() {
        return describe(this);
    }

    static String describe(BloomFilter filter) {
        FilterFacts f = filter.facts();
        return String.format("%s filter (%,d bits, k=%d, sized for %,d keys at p=%s)",
                f.layout(), f.bits(), f.hashes(), f.expectedKeys(), f.targetFpp());
    }
}
