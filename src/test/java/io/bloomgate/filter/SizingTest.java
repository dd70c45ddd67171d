package io.bloomgate.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SizingTest {

    @Test
    void standardSizingFollowsTheTextbookFormulas() {
        // m = -n ln p / (ln 2)^2 = 9,585,058.4 bits for a million keys at 1%; k = (m/n) ln 2 = 6.64 -> 7.
        assertThat(Sizing.standardBits(1_000_000, 0.01)).isEqualTo(9_585_059L);
        assertThat(Sizing.optimalHashes(9_585_059L, 1_000_000)).isEqualTo(7);
        // The seeds' worked example: k = 10 and m = 20n give a rate of about 0.0000889.
        assertThat(Sizing.standardFpp(20_000_000L, 1_000_000, 10)).isCloseTo(0.0000889, within(0.0000005));
        // At the optimum the rate is the target.
        assertThat(Sizing.standardFpp(9_585_059L, 1_000_000, 7)).isCloseTo(0.01, within(0.0003));
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.5, 0.01, 0.001, 0.0001, 1e-6})
    void blockedShapeMeetsTheTargetWithItsMarginAndWholeBlocks(double p) {
        long n = 1_000_000;
        FilterShape shape = Sizing.blocked(n, p);
        assertThat(shape.bits() % Sizing.BLOCK_BITS).isZero();
        double rate = Sizing.blockedFpp(shape.bits(), n, shape.hashes());
        assertThat(rate).isLessThanOrEqualTo(p * Sizing.DESIGN_MARGIN);
        // ... and is not oversized: one block fewer per ~thousand would already miss (loosely, 1% fewer bits).
        assertThat(Sizing.blockedFpp((long) (shape.bits() * 0.99), n, shape.hashes())).isGreaterThan(p * Sizing.DESIGN_MARGIN);
    }

    @Test
    void blockingCostsTheDocumentedExtraBitsOverTheStandardOptimum() {
        // The figures the Sizing Javadoc and README state: +4.3%, +8.8%, +15.5%.
        assertThat(overhead(0.01)).isCloseTo(1.043, within(0.003));
        assertThat(overhead(0.001)).isCloseTo(1.088, within(0.003));
        assertThat(overhead(0.0001)).isCloseTo(1.155, within(0.003));
    }

    private static double overhead(double p) {
        long n = 10_000_000;
        return (double) Sizing.blocked(n, p).bits() / Sizing.standardBits(n, p);
    }

    @Test
    void blockedRateIsExactNotTheMeanFillApproximation() {
        // 9.9 bits/key, k = 6: Putze's (E[fill])^k gives 0.996%; the exact E[fill^k] is 1.009%,
        // which is what a filter of that shape measures (see BlockedFalsePositiveRateTest).
        long n = 1_000_000;
        long m = 9_895_936;
        assertThat(Sizing.blockedFpp(m, n, 6)).isCloseTo(0.010093, within(0.000005));
        // With one hash there is no Jensen gap (E[X] is all that matters), so the exact rate must
        // equal Putze's sum of Poisson(i) * (1 - (1 - 1/512)^i), computed here independently.
        double lambda = 40;
        double putze = 0;
        double pmf = Math.exp(-lambda);
        for (int i = 0; i < 400; i++) {
            putze += pmf * -Math.expm1(i * Math.log1p(-1.0 / 512));
            pmf *= lambda / (i + 1);
        }
        assertThat(Sizing.blockedFpp(512_000, 40_000, 1)).isCloseTo(putze, within(1e-12));
    }

    @Test
    void rejectsKeyCountsAndRatesOutsideTheirDomainNamingTheValue() {
        assertThatThrownBy(() -> Sizing.blocked(0, 0.01)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expected keys must be at least 1, was 0");
        for (double bad : new double[] {0, 1, -0.5, 1.5, Double.NaN}) {
            assertThatThrownBy(() -> Sizing.blocked(100, bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("between 0 and 1").hasMessageContaining(String.valueOf(bad));
        }
        assertThatThrownBy(() -> FilterSpec.of(-5, 0.01)).hasMessageContaining("-5");
    }

    @ParameterizedTest
    @ValueSource(doubles = {1e-11, 1e-12, 1e-13, Sizing.MIN_BLOCKED_FPP})
    void ratesWhoseOptimumNeedsMoreThanMaxHashesAreSizedWithMaxHashes(double p) {
        // Below about 5e-12 the standard optimum passes MAX_HASHES; such rates used to be refused as
        // needing "Infinity bits" although MAX_HASHES hashes reach them with more bits per key.
        long n = 1_000_000;
        FilterShape shape = Sizing.blocked(n, p);
        assertThat(shape.hashes()).isEqualTo(Sizing.MAX_HASHES);
        assertThat(Sizing.blockedFpp(shape.bits(), n, shape.hashes())).isLessThanOrEqualTo(p * Sizing.DESIGN_MARGIN);
    }

    @ParameterizedTest
    @ValueSource(doubles = {1e-16, 1e-300, Double.MIN_VALUE})
    void ratesNoBlockedFilterReachesAreRefusedAsSuch(double p) {
        assertThatThrownBy(() -> Sizing.blocked(1_000, p)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("rate " + p + " is below what a blocked filter reaches")
                .hasMessageContaining(String.valueOf(Sizing.MIN_BLOCKED_FPP))
                .hasMessageContaining("raise the rate")
                .hasMessageNotContaining("Infinity");
    }

    @Test
    void refusesFiltersLargerThanAJavaArrayNamingTheValuesAndTheLimit() {
        assertThatThrownBy(() -> Sizing.blocked(20_000_000_000L, 0.0001))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("20000000000 keys")
                .hasMessageContaining("1.0E-4")
                .hasMessageContaining(String.valueOf(Sizing.MAX_BITS))
                .hasMessageContaining("lower the expected key count or raise the rate");
        assertThatThrownBy(() -> new FilterShape(Sizing.MAX_BITS + 1, 3)).hasMessageContaining("between 1 and");
        assertThatThrownBy(() -> new FilterShape(1024, 0)).hasMessageContaining("hash count");
    }
}
