package io.bloomgate.filter;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A chain of blocked filters for key sets that outgrow their estimate (Almeida, Baquero, Preguiça
 * and Hutchison, "Scalable Bloom Filters", 2007). Stage {@code i} holds {@code n0·s^i} keys at rate
 * {@code p0·r^i}; a key is added to the newest stage, and a new stage starts when it is full. The
 * rates form a geometric series, so the chain's overall rate stays below
 * {@code p0 / (1 - r)}; choosing {@code p0 = p(1 - r)} keeps it under the target {@code p} however
 * far the set grows. Here {@code s = 2} and {@code r = 0.8}, within the paper's recommendations.
 *
 * <p>Adds first test the whole chain (as pybloom does), so a key already present in an older stage
 * is not counted against the newest one's capacity. Lookups test every stage, newest first.
 */
final class ScalableBloomFilter implements BloomFilter {

    static final int GROWTH = 2;
    static final double TIGHTENING = 0.8;

    private static final Logger LOG = LoggerFactory.getLogger(ScalableBloomFilter.class);
    private static final long STAGE_SALT = 0xC2B2AE3D27D4EB4FL;

    /** One filter of the chain and the keys it has taken. */
    record Stage(BlockedBloomFilter filter, long capacity, double fpp, AtomicLong keys) {
    }

    private final KeyHash keyHash;
    private final long initialCapacity;
    private final double targetFpp;
    /** Replaced (copy-on-write) when the chain grows; stages themselves are never replaced. */
    private volatile Stage[] stages;
    private volatile boolean growthFailed;

    ScalableBloomFilter(KeyHash keyHash, long initialCapacity, double targetFpp) {
        Sizing.checkKeysAndRate(initialCapacity, targetFpp);
        this.keyHash = keyHash;
        this.initialCapacity = initialCapacity;
        this.targetFpp = targetFpp;
        this.stages = new Stage[] {newStage(0)};
    }

    /** For the codec: a chain read back from its stages. */
    ScalableBloomFilter(KeyHash keyHash, long initialCapacity, double targetFpp, Stage[] stages) {
        this.keyHash = keyHash;
        this.initialCapacity = initialCapacity;
        this.targetFpp = targetFpp;
        this.stages = stages;
    }

    Stage newStage(int index) {
        long capacity = initialCapacity;
        for (int i = 0; i < index && capacity < Long.MAX_VALUE / GROWTH; i++) {
            capacity *= GROWTH;
        }
        double fpp = stageFpp(index);
        FilterShape shape = Sizing.blocked(capacity, fpp);
        return new Stage(new BlockedBloomFilter(keyHash, shape, capacity, fpp), capacity, fpp, new AtomicLong());
    }

    double stageFpp(int index) {
        return targetFpp * (1 - TIGHTENING) * Math.pow(TIGHTENING, index);
    }

    /** Stage {@code i} sees an independent hash, so a key's positions in different stages are unrelated. */
    private static long stageHash(long hash, int stage) {
        return stage == 0 ? hash : KeyHash.mix(hash ^ (STAGE_SALT * stage));
    }

    @Override
    public boolean add(byte[] key, int offset, int length) {
        return addHash(keyHash.hash(key, offset, length));
    }

    @Override
    public boolean addLong(long key) {
        return addHash(keyHash.hashLong(key));
    }

    @Override
    public boolean addHash(long hash) {
        Stage[] chain = stages;
        int last = chain.length - 1;
        for (int i = last - 1; i >= 0; i--) {
            if (chain[i].filter.mightContainHash(stageHash(hash, i))) {
                return false;
            }
        }
        Stage newest = chain[last];
        if (!newest.filter.addHash(stageHash(hash, last))) {
            return false;
        }
        if (newest.keys.incrementAndGet() >= newest.capacity) {
            grow(chain);
        }
        return true;
    }

    private synchronized void grow(Stage[] seen) {
        if (stages != seen || growthFailed) {
            return; // another adder grew the chain first
        }
        try {
            Stage[] longer = Arrays.copyOf(seen, seen.length + 1);
            longer[seen.length] = newStage(seen.length);
            stages = longer;
        } catch (IllegalArgumentException | IllegalStateException e) {
            // Never lose a key: keep adding to the newest stage, whose rate now rises above target.
            growthFailed = true;
            LOG.warn("Scalable Bloom filter cannot grow past {} stages ({}); its false-positive rate will"
                    + " rise above {} as keys are added. Rebuild it with a larger expected key count.",
                    seen.length, e.getMessage(), targetFpp);
        }
    }

    @Override
    public boolean mightContain(byte[] key, int offset, int length) {
        return mightContainHash(keyHash.hash(key, offset, length));
    }

    @Override
    public boolean mightContainLong(long key) {
        return mightContainHash(keyHash.hashLong(key));
    }

    @Override
    public boolean mightContainHash(long hash) {
        Stage[] chain = stages;
        for (int i = chain.length - 1; i >= 0; i--) {
            if (chain[i].filter.mightContainHash(stageHash(hash, i))) {
                return true;
            }
        }
        return false;
    }

    @Override
    public long hash(byte[] key, int offset, int length) {
        return keyHash.hash(key, offset, length);
    }

    @Override
    public long hashLong(long key) {
        return keyHash.hashLong(key);
    }

    @Override
    public synchronized void merge(BloomFilter other) {
        if (!(other instanceof ScalableBloomFilter that) || that.initialCapacity != initialCapacity
                || that.targetFpp != targetFpp || that.keyHash.seed() != keyHash.seed()) {
            throw new IncompatibleFilterException(String.format(
                    "cannot merge a %s into a %s: scalable filters merge only with the same initial capacity,"
                            + " target rate and hash seed", WordArrayFilter.describe(other), this));
        }
        Stage[] theirs = that.stages;
        Stage[] ours = stages;
        if (ours.length < theirs.length) {
            // Stage shapes follow from the index alone, so growing to their length makes them pairwise equal.
            ours = Arrays.copyOf(ours, theirs.length);
            for (int i = stages.length; i < theirs.length; i++) {
                ours[i] = newStage(i);
            }
        }
        for (int i = 0; i < theirs.length; i++) {
            ours[i].filter.merge(theirs[i].filter);
            ours[i].keys.addAndGet(theirs[i].keys.get());
        }
        stages = ours;
    }

    Stage[] stages() {
        return stages;
    }

    long initialCapacity() {
        return initialCapacity;
    }

    double targetFpp() {
        return targetFpp;
    }

    KeyHash keyHash() {
        return keyHash;
    }

    @Override
    public FilterLayout layout() {
        return FilterLayout.SCALABLE;
    }

    @Override
    public FilterFacts facts() {
        Stage[] chain = stages;
        long bits = 0;
        long added = 0;
        long estimated = 0;
        long memory = 0;
        double setBits = 0;
        double passAll = 1; // probability an absent key passes no stage
        for (Stage stage : chain) {
            FilterFacts f = stage.filter.facts();
            bits += f.bits();
            added += stage.keys.get();
            estimated += f.estimatedKeys();
            memory += f.memoryBytes();
            setBits += f.fillRatio() * f.bits();
            passAll *= 1 - f.estimatedFpp();
        }
        return new FilterFacts(layout(), bits, chain[chain.length - 1].filter.shape.hashes(), chain.length,
                initialCapacity, targetFpp, added, estimated, setBits / bits, 1 - passAll, memory);
    }

    @Override
    public void writeTo(OutputStream out) throws IOException {
        FilterCodec.write(this, out);
    }

    @Override
    public String toString() {
        return WordArrayFilter.describe(this);
    }
}
