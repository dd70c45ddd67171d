package io.bloomgate.filter;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The one invariant: once added, a key is always "maybe present", whatever the layout and key shape. */
class NoFalseNegativesTest {

    private static final int KEYS = 2_000_000;

    @ParameterizedTest
    @EnumSource(RandomKeys.class)
    void everyAddedKeyOfEveryShapeIsFoundInEveryLayout(RandomKeys shape) {
        for (FilterLayout layout : FilterLayout.values()) {
            // Scalable starts 100x too small, so the keys also cross many stage boundaries.
            long expected = layout == FilterLayout.SCALABLE ? KEYS / 100 : KEYS;
            BloomFilter filter = BloomFilters.create(FilterSpec.of(expected, 0.01).withLayout(layout));
            for (int i = 0; i < KEYS; i++) {
                filter.add(shape.key(1, i));
            }
            int missing = 0;
            for (int i = 0; i < KEYS; i++) {
                if (!filter.mightContain(shape.key(1, i))) {
                    missing++;
                }
            }
            assertThat(missing).as("false negatives among %,d %s keys in a %s filter", KEYS, shape, layout)
                    .isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(FilterLayout.class)
    void longKeysAreTheirEightLittleEndianBytes(FilterLayout layout) {
        BloomFilter filter = BloomFilters.create(FilterSpec.of(500_000, 0.01).withLayout(layout));
        SplittableRandom random = new SplittableRandom(7);
        ByteBuffer bytes = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 500_000; i++) {
            long value = random.nextLong();
            byte[] key = bytes.clear().putLong(value).array();
            assertThat(filter.hashLong(value)).isEqualTo(filter.hash(key, 0, 8));
            // Added one way, found the other way.
            if ((i & 1) == 0) {
                filter.addLong(value);
                assertThat(filter.mightContain(key)).isTrue();
            } else {
                filter.add(key);
                assertThat(filter.mightContainLong(value)).isTrue();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(FilterLayout.class)
    void addReportsNewKeysAndNeverReportsARepeatAsNew(FilterLayout layout) {
        BloomFilter filter = BloomFilters.create(FilterSpec.of(100_000, 0.01).withLayout(layout));
        int reportedNew = 0;
        for (int i = 0; i < 100_000; i++) {
            byte[] key = RandomKeys.STRING.key(3, i);
            if (filter.add(key)) {
                reportedNew++;
            }
            if (layout != FilterLayout.COUNTING) {
                // A bit filter does not change when the same key comes again.
                assertThat(filter.add(key)).isFalse();
            }
        }
        // All keys are distinct; a key is reported "not new" only if its positions were all set
        // already, i.e. it was a false positive before its add: at most ~1% of them at capacity.
        assertThat(reportedNew).isGreaterThan(98_000);
    }

    @ParameterizedTest
    @EnumSource(FilterLayout.class)
    void offsetAndLengthSelectTheKeyWithinALargerArray(FilterLayout layout) {
        BloomFilter filter = BloomFilters.create(FilterSpec.of(1000, 0.01).withLayout(layout));
        byte[] framed = {9, 9, 'k', 'e', 'y', 9};
        filter.add(framed, 2, 3);
        assertThat(filter.mightContain(new byte[] {'k', 'e', 'y'})).isTrue();
        assertThat(filter.hash(framed, 2, 3)).isEqualTo(filter.hash(new byte[] {'k', 'e', 'y'}, 0, 3));
    }
}
