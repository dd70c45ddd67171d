package io.bloomgate.filter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Lock-free adds under contention: adders publish how far they have got only after {@code add}
 * returned; readers concurrently check random keys below each published mark. A single false
 * negative means an atomic OR (or counter CAS) lost a bit, or a stage switch lost a key.
 */
class ConcurrentAddersAndReadersTest {

    private static final int ADDERS = 4;
    private static final int READERS = 2;
    private static final int KEYS_PER_ADDER = 750_000;

    @ParameterizedTest
    @EnumSource(FilterLayout.class)
    void readersNeverMissAKeyWhoseAddReturned(FilterLayout layout) throws Exception {
        long expected = layout == FilterLayout.SCALABLE ? 20_000 : (long) ADDERS * KEYS_PER_ADDER;
        BloomFilter filter = BloomFilters.create(FilterSpec.of(expected, 0.01).withLayout(layout));
        AtomicLongArray published = new AtomicLongArray(ADDERS); // keys [0, published[a]) of adder a are in
        LongAdder checks = new LongAdder();
        LongAdder falseNegatives = new LongAdder();
        ExecutorService pool = Executors.newFixedThreadPool(ADDERS + READERS);
        try {
            Future<?>[] adders = new Future<?>[ADDERS];
            for (int a = 0; a < ADDERS; a++) {
                int adder = a;
                adders[a] = pool.submit(() -> {
                    for (int i = 0; i < KEYS_PER_ADDER; i++) {
                        filter.addLong(RandomKeys.mix(adder, i));
                        published.set(adder, i + 1);
                    }
                });
            }
            Future<?>[] readers = new Future<?>[READERS];
            for (int r = 0; r < READERS; r++) {
                long seed = r;
                readers[r] = pool.submit(() -> {
                    SplittableRandom random = new SplittableRandom(seed);
                    while (true) {
                        boolean addersDone = true;
                        for (int a = 0; a < ADDERS; a++) {
                            long upTo = published.get(a);
                            addersDone &= upTo == KEYS_PER_ADDER;
                            if (upTo > 0) {
                                // Recent keys are the ones most likely to race; check one of each kind.
                                checkKey(filter, RandomKeys.mix(a, upTo - 1), checks, falseNegatives);
                                checkKey(filter, RandomKeys.mix(a, random.nextLong(upTo)), checks, falseNegatives);
                            }
                        }
                        if (addersDone) {
                            return;
                        }
                    }
                });
            }
            for (Future<?> f : adders) {
                f.get(120, TimeUnit.SECONDS);
            }
            for (Future<?> f : readers) {
                f.get(120, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(falseNegatives.sum()).as("false negatives in %,d concurrent checks", checks.sum()).isZero();
        assertThat(checks.sum()).as("readers ran concurrently with the adders").isGreaterThan(10_000);
        for (int a = 0; a < ADDERS; a++) {
            for (int i = 0; i < KEYS_PER_ADDER; i++) {
                assertThat(filter.mightContainLong(RandomKeys.mix(a, i))).isTrue();
            }
        }
    }

    private static void checkKey(BloomFilter filter, long key, LongAdder checks, LongAdder falseNegatives) {
        checks.increment();
        if (!filter.mightContainLong(key)) {
            falseNegatives.increment();
        }
    }
}
