package io.bloomgate.bench;

import io.bloomgate.bench.Candidate.Impl;
import io.bloomgate.bench.Candidate.KeyType;
import io.bloomgate.key.KeyBuffer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The engine suite: bloomgate's blocked filter against Guava, Commons Collections 4.5 and a
 * textbook BitSet filter, all sized for the same key count at p = 1%. {@code bench/jmh} with no
 * arguments runs every nested class here in one JMH invocation; see docs/benchmarks.md.
 *
 * <p>Every fork gets {@code -Xms8g -Xmx8g -XX:+AlwaysPreTouch}: with a growing heap, first-touch
 * page faults while building or filling 100M-key filters made the error bars meaningless on the
 * 2-core reference machine.
 *
 * <ul>
 *   <li>{@link LongLookup}, {@link StringLookup}: ns per lookup in a full filter, half the keys
 *       present, half absent, in random order.</li>
 *   <li>{@link LongAdd1M}, {@link LongAdd100M}, {@link StringAdd1M}: ns per add while filling an
 *       empty filter to exactly its capacity.</li>
 *   <li>{@link KeyCost}: the harness plus key generation alone, to subtract mentally.</li>
 * </ul>
 */
public class EngineBenchmark {

    /** The false-positive rate every filter is sized for. */
    public static final double FPP = 0.01;

    private EngineBenchmark() {
    }

    /** Per-thread scratch: the key buffer of byte-keyed filters and the query cursor. */
    @State(Scope.Thread)
    public static class ThreadScratch {
        /** Reused for every key: the allocation-free string path. */
        public final KeyBuffer buffer = new KeyBuffer();
        /** Query counter (long lookups) or position (string lookups). */
        public long counter;
        /** Position in the query array (string lookups). */
        public int position;
    }

    // ======================================================================= lookups

    /**
     * Lookups of long keys. Keys come from their index through splitmix64 on the fly (see
     * {@link Keys#queryLong}), identically for every implementation, so 100M keys need no memory
     * beyond the filter. The filter is built once per fork.
     */
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    @Warmup(iterations = 3, time = 2)
    @Measurement(iterations = 5, time = 2)
    @Fork(value = 1, jvmArgsAppend = {"-Xms8g", "-Xmx8g", "-XX:+AlwaysPreTouch"})
    @State(Scope.Benchmark)
    public static class LongLookup {

        @Param({"bloomgate", "guava", "commons", "textbook"})
        public Impl impl;

        @Param({"1000000", "100000000"})
        public long keys;

        Candidate filter;

        @Setup(Level.Trial)
        public void build() {
            filter = buildLongFilter(impl, keys);
        }

        @Benchmark
        public boolean lookup(ThreadScratch t) {
            long key = Keys.queryLong(Keys.splitmix64(t.counter++), keys);
            return filter.mightContainLong(key, t.buffer);
        }
    }

    /**
     * Lookups of 16-char string keys at 1M (100M strings would not fit the heap). Present and
     * absent strings are generated once per fork; the query array interleaves them at random
     * (exactly half present) while walking each in allocation order (see {@link Keys#interleave}).
     */
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    @Warmup(iterations = 3, time = 2)
    @Measurement(iterations = 5, time = 2)
    @Fork(value = 1, jvmArgsAppend = {"-Xms8g", "-Xmx8g", "-XX:+AlwaysPreTouch"})
    @State(Scope.Benchmark)
    public static class StringLookup {

        @Param({"bloomgate", "guava", "commons", "textbook"})
        public Impl impl;

        @Param({"1000000"})
        public int keys;

        Candidate filter;
        String[] queries;

        @Setup(Level.Trial)
        public void build() {
            String[] present = Keys.presentStrings(keys);
            String[] absent = Keys.absentStrings(keys);
            filter = Candidate.create(impl, KeyType.STRING, keys, FPP);
            KeyBuffer buffer = new KeyBuffer();
            for (String key : present) {
                filter.addString(key, buffer);
            }
            for (String key : present) {
                if (!filter.mightContainString(key, buffer)) {
                    throw new AssertionError(impl + ": false negative for " + key);
                }
            }
            queries = Keys.interleave(present, absent, 42);
        }

        @Benchmark
        public boolean lookup(ThreadScratch t) {
            String[] q = queries;
            int i = t.position;
            String key = q[i];
            t.position = ++i == q.length ? 0 : i;
            return filter.mightContainString(key, t.buffer);
        }
    }

    // ======================================================================= adds

    /*
     * Adds are measured while filling an empty filter up to exactly its capacity, never past it:
     * an add's cost depends on how full the filter is (bloomgate reads before it writes, so adds
     * to a saturated filter would be unrealistically cheap, and every filter's false-positive
     * behaviour beyond capacity is irrelevant). Mode.SingleShotTime with batchSize = capacity:
     * each iteration gets a fresh empty filter (Level.Iteration setup, not timed) and times the
     * capacity adds as one batch. In SingleShotTime JMH divides the batch time by
     * @OperationsPerInvocation only (not by batchSize), so that is set to the batch size too:
     * the score, and -prof gc's alloc.rate.norm, are then per add. Both are annotation
     * constants, hence one class per size. Each measured iteration is one complete fill, so its
     * figure is the mean over fill levels 0% to 100%, the same for every implementation.
     */

    /** Shared part of the long add benchmarks. */
    @State(Scope.Benchmark)
    public abstract static class LongAddState {

        @Param({"bloomgate", "guava", "commons", "textbook"})
        public Impl impl;

        Candidate filter;
        long next;

        abstract long capacity();

        @Setup(Level.Iteration)
        public void emptyFilter() {
            filter = null; // let the previous one go before allocating the next
            filter = Candidate.create(impl, KeyType.LONG, capacity(), FPP);
            next = 0;
        }

        @Benchmark
        public boolean add(ThreadScratch t) {
            return filter.addLong(Keys.presentLong(next++), t.buffer);
        }
    }

    /** Filling a 1M-key filter with long keys. */
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    @OperationsPerInvocation(LongAdd1M.KEYS)
    @Warmup(iterations = 5, batchSize = LongAdd1M.KEYS)
    @Measurement(iterations = 10, batchSize = LongAdd1M.KEYS)
    @Fork(value = 1, jvmArgsAppend = {"-Xms8g", "-Xmx8g", "-XX:+AlwaysPreTouch"})
    public static class LongAdd1M extends LongAddState {
        static final int KEYS = 1_000_000;

        @Override
        long capacity() {
            return KEYS;
        }
    }

    /**
     * Filling a 100M-key filter with long keys. One fill takes 20-90 s here, so the warm-up adds
     * only 1M keys to each of two fresh 100M filters, which is plenty for the JIT (the filters are
     * in the pretouched heap, so there are no first-touch page faults left to warm up). The
     * warm-up lines JMH prints are therefore 100x too small (it divides by 100M); ignore them.
     * Three measured fills.
     */
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    @OperationsPerInvocation(LongAdd100M.KEYS)
    @Warmup(iterations = 2, batchSize = 1_000_000)
    @Measurement(iterations = 3, batchSize = LongAdd100M.KEYS)
    @Fork(value = 1, jvmArgsAppend = {"-Xms8g", "-Xmx8g", "-XX:+AlwaysPreTouch"})
    public static class LongAdd100M extends LongAddState {
        static final int KEYS = 100_000_000;

        @Override
        long capacity() {
            return KEYS;
        }
    }

    /** Filling a 1M-key filter with 16-char string keys (generated once per fork, not timed). */
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    @OperationsPerInvocation(StringAdd1M.KEYS)
    @Warmup(iterations = 5, batchSize = StringAdd1M.KEYS)
    @Measurement(iterations = 10, batchSize = StringAdd1M.KEYS)
    @Fork(value = 1, jvmArgsAppend = {"-Xms8g", "-Xmx8g", "-XX:+AlwaysPreTouch"})
    @State(Scope.Benchmark)
    public static class StringAdd1M {
        static final int KEYS = 1_000_000;

        @Param({"bloomgate", "guava", "commons", "textbook"})
        public Impl impl;

        String[] present;
        Candidate filter;
        int next;

        @Setup(Level.Trial)
        public void keys() {
            present = Keys.presentStrings(KEYS);
        }

        @Setup(Level.Iteration)
        public void emptyFilter() {
            filter = null;
            filter = Candidate.create(impl, KeyType.STRING, KEYS, FPP);
            next = 0;
        }

        @Benchmark
        public boolean add(ThreadScratch t) {
            return filter.addString(present[next++], t.buffer);
        }
    }

    // ======================================================================= baseline

    /**
     * What every lookup figure includes besides the filter: the harness call and the key
     * generation ({@code long}: two splitmix64 rounds; {@code string}: the query array walk).
     */
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    @Warmup(iterations = 3, time = 2)
    @Measurement(iterations = 5, time = 2)
    @Fork(value = 1, jvmArgsAppend = {"-Xms8g", "-Xmx8g", "-XX:+AlwaysPreTouch"})
    @State(Scope.Benchmark)
    public static class KeyCost {

        @Param({"1000000"})
        public int keys;

        String[] queries;

        @Setup(Level.Trial)
        public void build() {
            queries = Keys.interleave(Keys.presentStrings(keys), Keys.absentStrings(keys), 42);
        }

        @Benchmark
        public long longKey(ThreadScratch t) {
            return Keys.queryLong(Keys.splitmix64(t.counter++), keys);
        }

        @Benchmark
        public int stringKey(ThreadScratch t) {
            String[] q = queries;
            int i = t.position;
            String key = q[i];
            t.position = ++i == q.length ? 0 : i;
            return key.length(); // touches the String, as every filter must
        }
    }

    // ======================================================================= helpers

    static Candidate buildLongFilter(Impl impl, long keys) {
        Candidate filter = Candidate.create(impl, KeyType.LONG, keys, FPP);
        KeyBuffer buffer = new KeyBuffer();
        for (long i = 0; i < keys; i++) {
            filter.addLong(Keys.presentLong(i), buffer);
        }
        for (long i = 0; i < Math.min(keys, 100_000); i++) {
            if (!filter.mightContainLong(Keys.presentLong(i), buffer)) {
                throw new AssertionError(impl + ": false negative for present key " + i);
            }
        }
        return filter;
    }
}
