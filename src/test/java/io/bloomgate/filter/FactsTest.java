package io.bloomgate.filter;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class FactsTest {

    @ParameterizedTest
    @EnumSource(FilterLayout.class)
    void factsDescribeTheFilterAndEstimateItsLoad(FilterLayout layout) {
        int keys = 500_000;
        FilterSpec spec = FilterSpec.of(layout == FilterLayout.SCALABLE ? keys / 10 : keys, 0.01).withLayout(layout);
        BloomFilter filter = BloomFilters.create(spec);

        FilterFacts empty = filter.facts();
        assertThat(empty.layout()).isEqualTo(layout);
        assertThat(empty.expectedKeys()).isEqualTo(spec.expectedKeys());
        assertThat(empty.targetFpp()).isEqualTo(0.01);
        assertThat(empty.addedKeys()).isZero();
        assertThat(empty.estimatedKeys()).isZero();
        assertThat(empty.fillRatio()).isZero();
        assertThat(empty.estimatedFpp()).isZero();
        assertThat(empty.bits()).isEqualTo(spec.shape().bits());
        assertThat(empty.hashes()).isEqualTo(spec.shape().hashes());

        for (int i = 0; i < keys; i++) {
            filter.addLong(RandomKeys.mix(4, i));
        }
        FilterFacts full = filter.facts();
        // addedKeys counts adds that changed the filter: all but the ~1% that were false positives.
        assertThat(full.addedKeys()).isBetween((long) (keys * 0.98), (long) keys);
        // The fill-based estimate (Swamidass-Baldi) is within 2% of the true distinct count.
        assertThat(full.estimatedKeys()).isBetween((long) (keys * 0.98), (long) (keys * 1.02));
        // At capacity close to half the bits are set (the optimum for k = m/n ln 2; blocked sizing
        // favours a slightly lower k) and the estimated rate is at the target. A scalable chain
        // grown 10x has a newest stage that is only partly full.
        if (layout == FilterLayout.SCALABLE) {
            assertThat(full.fillRatio()).isBetween(0.2, 0.5);
            assertThat(full.estimatedFpp()).isBetween(0.001, 0.01);
        } else {
            assertThat(full.fillRatio()).isBetween(0.4, 0.55);
            assertThat(full.estimatedFpp()).isBetween(0.009, 0.01);
        }
        // Memory: 4 bits per counter for counting filters, else the bits themselves (+ stages).
        long expectedBytes = layout == FilterLayout.COUNTING ? full.bits() / 2 : full.bits() / 8;
        assertThat(full.memoryBytes()).isBetween(expectedBytes, expectedBytes + 8);
        assertThat(full.bitsPerKey()).isCloseTo(full.memoryBytes() * 8.0 / full.estimatedKeys(),
                org.assertj.core.api.Assertions.within(1e-9));
    }
}
