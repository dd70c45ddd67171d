package io.bloomgate.filter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CountingBloomFilterTest {

    @Test
    void randomAddRemoveSequencesNeverLoseAKeyStillPresent() {
        CountingBloomFilter filter = BloomFilters.counting(50_000, 0.01);
        SplittableRandom random = new SplittableRandom(11);
        Map<Long, Integer> present = new HashMap<>(); // key -> times added minus times removed
        List<Long> keys = new ArrayList<>();
        for (int step = 0; step < 1_000_000; step++) {
            boolean remove = !keys.isEmpty() && random.nextInt(100) < 45;
            if (remove) {
                int index = random.nextInt(keys.size());
                long key = keys.get(index);
                assertThat(filter.removeLong(key)).isTrue();
                if (present.merge(key, -1, Integer::sum) == 0) {
                    present.remove(key);
                    keys.set(index, keys.get(keys.size() - 1));
                    keys.remove(keys.size() - 1);
                }
            } else {
                // Mostly new keys, sometimes a key again (a multiset, like rows that share a key).
                long key = !keys.isEmpty() && random.nextInt(10) == 0 ? keys.get(random.nextInt(keys.size()))
                        : random.nextLong();
                filter.addLong(key);
                if (present.merge(key, 1, Integer::sum) == 1) {
                    keys.add(key);
                }
            }
            if (step % 50_000 == 0) {
                assertAllPresent(filter, keys);
            }
        }
        assertAllPresent(filter, keys);
        assertThat(filter.facts().addedKeys()).isEqualTo(present.values().stream().mapToLong(i -> i).sum());
    }

    private static void assertAllPresent(CountingBloomFilter filter, List<Long> keys) {
        long missing = keys.stream().filter(k -> !filter.mightContainLong(k)).count();
        assertThat(missing).as("false negatives among %,d keys still present", keys.size()).isZero();
    }

    @Test
    void removingEveryKeyEmptiesTheFilter() {
        CountingBloomFilter filter = BloomFilters.counting(10_000, 0.01);
        for (int i = 0; i < 10_000; i++) {
            filter.add(RandomKeys.STRING.key(5, i));
        }
        for (int i = 0; i < 10_000; i++) {
            assertThat(filter.remove(RandomKeys.STRING.key(5, i))).isTrue();
        }
        FilterFacts facts = filter.facts();
        assertThat(facts.fillRatio()).isZero();
        assertThat(facts.addedKeys()).isZero();
        assertThat(filter.mightContain(RandomKeys.STRING.key(5, 0))).isFalse();
    }

    @Test
    void aSaturatedCounterNeverDecrementsSoRemovalCannotCauseAFalseNegative() {
        FourBitCountingFilter filter = (FourBitCountingFilter) BloomFilters.counting(1000, 0.01);
        long hot = 42;
        // 20 copies of one key push its counters past 15: they stick at 15.
        for (int i = 0; i < 20; i++) {
            filter.addLong(hot);
        }
        long position = positionOf(filter, hot);
        assertThat(filter.counter(position)).isEqualTo(FourBitCountingFilter.SATURATED);
        // Removing all 20 copies leaves the saturated counters at 15: the key may still be reported
        // (a false positive) but a different key sharing those counters is never lost.
        for (int i = 0; i < 20; i++) {
            assertThat(filter.removeLong(hot)).isTrue();
        }
        assertThat(filter.counter(position)).isEqualTo(FourBitCountingFilter.SATURATED);
        assertThat(filter.mightContainLong(hot)).isTrue();
    }

    @Test
    void countersBelowSaturationCountUpAndDownExactly() {
        FourBitCountingFilter filter = (FourBitCountingFilter) BloomFilters.counting(1000, 0.01);
        long position = positionOf(filter, 7);
        int before = filter.counter(position);
        for (int i = 1; i <= 5; i++) {
            filter.addLong(7);
        }
        assertThat(filter.counter(position)).isGreaterThanOrEqualTo(before + 5);
        for (int i = 0; i < 5; i++) {
            filter.removeLong(7);
        }
        assertThat(filter.counter(position)).isEqualTo(before);
    }

    @Test
    void removingAKeyThatWasNeverAddedChangesNothing() {
        CountingBloomFilter filter = BloomFilters.counting(1000, 0.01);
        filter.addLong(1);
        FilterFacts before = filter.facts();
        // A key with a zero counter is certainly absent; decrementing its other counters would
        // steal counts from keys that are present.
        long absent = 2;
        while (filter.mightContainLong(absent)) {
            absent++;
        }
        assertThat(filter.removeLong(absent)).isFalse();
        assertThat(filter.facts()).isEqualTo(before);
        assertThat(filter.mightContainLong(1)).isTrue();
    }

    /** The first counter of the key: scan for a counter that the key's add moved. */
    private static long positionOf(FourBitCountingFilter filter, long key) {
        FourBitCountingFilter probe = (FourBitCountingFilter) BloomFilters.counting(1000, 0.01);
        probe.addLong(key);
        for (long p = 0; p < probe.facts().bits(); p++) {
            if (probe.counter(p) > 0) {
                return p;
            }
        }
        throw new AssertionError("no counter set");
    }
}
