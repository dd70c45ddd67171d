package io.bloomgate.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

class MergeTest {

    @ParameterizedTest
    @EnumSource(FilterLayout.class)
    void mergedFilterContainsTheUnionAndNothingMoreThanTheBitwiseOr(FilterLayout layout) {
        FilterSpec spec = FilterSpec.of(layout == FilterLayout.SCALABLE ? 5_000 : 100_000, 0.01).withLayout(layout);
        BloomFilter left = BloomFilters.create(spec);
        BloomFilter right = BloomFilters.create(spec);
        BloomFilter both = BloomFilters.create(spec);
        for (int i = 0; i < 100_000; i++) {
            // The right side gets 2x more keys: for scalable filters, chains of different lengths.
            left.addLong(RandomKeys.mix(1, i));
            right.addLong(RandomKeys.mix(2, i));
            right.addLong(RandomKeys.mix(3, i));
        }
        left.merge(right);
        for (int i = 0; i < 100_000; i++) {
            assertThat(left.mightContainLong(RandomKeys.mix(1, i))).isTrue();
            assertThat(left.mightContainLong(RandomKeys.mix(2, i))).isTrue();
            assertThat(left.mightContainLong(RandomKeys.mix(3, i))).isTrue();
        }
        if (layout == FilterLayout.BLOCKED) {
            // For a plain bit array the merge is exactly the filter of the union.
            for (int i = 0; i < 100_000; i++) {
                both.addLong(RandomKeys.mix(1, i));
                both.addLong(RandomKeys.mix(2, i));
                both.addLong(RandomKeys.mix(3, i));
            }
            assertThat(((BlockedBloomFilter) left).words).isEqualTo(((BlockedBloomFilter) both).words);
        }
    }

    @Test
    void countingMergeAddsCountsSoRemovingFromEitherSideKeepsTheOther() {
        CountingBloomFilter left = BloomFilters.counting(10_000, 0.01);
        CountingBloomFilter right = BloomFilters.counting(10_000, 0.01);
        left.addLong(5);
        right.addLong(5);
        left.merge(right);
        assertThat(left.removeLong(5)).isTrue();
        assertThat(left.mightContainLong(5)).as("one copy of 5 remains").isTrue();
        assertThat(left.facts().addedKeys()).isEqualTo(1);
    }

    @Test
    void incompatibleFiltersAreRefusedNamingBothShapes() {
        BloomFilter small = BloomFilters.blocked(1000, 0.01);
        assertThatThrownBy(() -> small.merge(BloomFilters.blocked(2000, 0.01)))
                .isInstanceOf(IncompatibleFilterException.class)
                .hasMessageContaining("sized for 2,000 keys").hasMessageContaining("sized for 1,000 keys")
                .hasMessageContaining("same layout, shape and hash seed");
        assertThatThrownBy(() -> small.merge(BloomFilters.create(FilterSpec.of(1000, 0.01).withSeed(1))))
                .isInstanceOf(IncompatibleFilterException.class);
        assertThatThrownBy(() -> small.merge(BloomFilters.counting(1000, 0.01)))
                .isInstanceOf(IncompatibleFilterException.class).hasMessageContaining("COUNTING");
        assertThatThrownBy(() -> BloomFilters.scalable(1000, 0.01).merge(small))
                .isInstanceOf(IncompatibleFilterException.class).hasMessageContaining("scalable filters merge only");
        assertThatThrownBy(() -> BloomFilters.scalable(1000, 0.01).merge(BloomFilters.scalable(1000, 0.02)))
                .isInstanceOf(IncompatibleFilterException.class);
    }
}
