package io.bloomgate.filter;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Measured false-positive rates at full capacity, against the math.
 *
 * <p>The bound: a filter's expected rate {@code E} comes from its actual shape ({@link Sizing#blockedFpp},
 * exact for the blocked layout; {@link Sizing#standardFpp} for counting). Probing {@code N} keys that
 * were never added counts {@code X ~ Binomial(N, E)} false positives (the filter instance's own
 * variation is orders of magnitude smaller at these sizes), so {@code X/N} lies within
 * {@code 4σ = 4·sqrt(E(1-E)/N)} of {@code E} with probability 99.99%. Sizing aims at {@code 0.97·p};
 * {@code N} is chosen so that the 3% headroom is at least 3σ, so the measured rate is also at most
 * the target {@code p}. Keys are deterministic (fixed seeds), so the test gives the same answer every run.
 */
class FalsePositiveRateTest {

    private static final int KEYS = 1_000_000;

    @ParameterizedTest(name = "blocked, p = {0}, {1} probes")
    @CsvSource({"0.01, 10000000", "0.001, 20000000", "0.0001, 100000000"})
    void blockedFilterAtCapacityMeasuresItsExactExpectedRateAndMeetsTheTarget(double p, int probes) {
        BloomFilter filter = BloomFilters.blocked(KEYS, p);
        for (int i = 0; i < KEYS; i++) {
            filter.addLong(RandomKeys.mix(1, i));
        }
        FilterFacts facts = filter.facts();
        double expected = Sizing.blockedFpp(facts.bits(), KEYS, facts.hashes());
        assertMeasuredRate(filter, probes, expected, p);
        // The filter's own estimate from its actual fill agrees with the model to within 1%.
        assertThat(facts.estimatedFpp()).isBetween(expected * 0.99, expected * 1.01);
    }

    @ParameterizedTest(name = "blocked string keys, p = {0}")
    @CsvSource({"0.01, 3000000"})
    void stringKeysBehaveLikeLongKeys(double p, int probes) {
        BloomFilter filter = BloomFilters.blocked(KEYS, p);
        for (int i = 0; i < KEYS; i++) {
            filter.add(RandomKeys.STRING.key(1, i));
        }
        FilterFacts facts = filter.facts();
        double expected = Sizing.blockedFpp(facts.bits(), KEYS, facts.hashes());
        long hits = 0;
        for (int i = 0; i < probes; i++) {
            // Seed 2 strings are distinct from seed 1 strings except by a negligible chance.
            if (filter.mightContain(RandomKeys.STRING.key(2, i))) {
                hits++;
            }
        }
        assertWithinModel((double) hits / probes, probes, expected, p);
    }

    @ParameterizedTest(name = "counting, p = {0}")
    @CsvSource({"0.01, 10000000", "0.001, 20000000"})
    void countingFilterAtCapacityMeetsTheStandardFormula(double p, int probes) {
        CountingBloomFilter filter = BloomFilters.counting(KEYS, p);
        for (int i = 0; i < KEYS; i++) {
            filter.addLong(RandomKeys.mix(1, i));
        }
        FilterFacts facts = filter.facts();
        double expected = Sizing.standardFpp(facts.bits(), KEYS, facts.hashes());
        assertMeasuredRate(filter, probes, expected, p);
    }

    @ParameterizedTest(name = "scalable grown 100x, p = {0}")
    @CsvSource({"0.01, 10000000", "0.001, 20000000"})
    void scalableFilterGrownHundredfoldStaysUnderItsOverallTarget(double p, int probes) {
        int initial = KEYS / 100;
        ScalableBloomFilter filter = (ScalableBloomFilter) BloomFilters.scalable(initial, p);
        for (int i = 0; i < KEYS; i++) {
            filter.addLong(RandomKeys.mix(1, i));
        }
        // Capacities 10k, 20k, ..., 640k: seven stages hold 1.27M, six only 630k.
        assertThat(filter.facts().stages()).isEqualTo(7);
        // A key passes the chain unless some stage says maybe; stages hash independently.
        double passAll = 1;
        for (ScalableBloomFilter.Stage stage : filter.stages()) {
            FilterShape shape = stage.filter().shape;
            passAll *= 1 - Sizing.blockedFpp(shape.bits(), stage.keys().get(), shape.hashes());
        }
        assertMeasuredRate(filter, probes, 1 - passAll, p);
    }

    private static void assertMeasuredRate(BloomFilter filter, int probes, double expected, double target) {
        long hits = 0;
        for (int i = 0; i < probes; i++) {
            if (filter.mightContainLong(RandomKeys.mix(2, i))) { // seed 2: never added
                hits++;
            }
        }
        assertWithinModel((double) hits / probes, probes, expected, target);
    }

    private static void assertWithinModel(double measured, int probes, double expected, double target) {
        double sigma = Math.sqrt(expected * (1 - expected) / probes);
        assertThat(measured).as("measured rate vs the exact expectation %.6g +- 4 sigma (%.2g)", expected, sigma)
                .isBetween(expected - 4 * sigma, expected + 4 * sigma);
        assertThat(measured).as("measured rate vs the target").isLessThanOrEqualTo(target);
    }
}
