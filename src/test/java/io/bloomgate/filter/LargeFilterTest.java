package io.bloomgate.filter;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Filters past 2^31 bits: indexes are computed in long arithmetic and the words are a long[]. */
class LargeFilterTest {

    @Test
    void aFilterOfMoreThanTwoToTheThirtyOneBitsUsesAllOfIt() {
        // 230M keys at 1%: ~2.3e9 bits (288 MiB), beyond what int bit indexes or java.util.BitSet address.
        BlockedBloomFilter filter = (BlockedBloomFilter) BloomFilters.blocked(230_000_000L, 0.01);
        long blocks = filter.facts().bits() / Sizing.BLOCK_BITS;
        assertThat(filter.facts().bits()).isGreaterThan(1L << 31);

        int keysBeyond = 0;
        for (int i = 0; i < 2_000_000; i++) {
            long key = RandomKeys.mix(8, i);
            filter.addLong(key);
            if (KeyHash.reduce(filter.hashLong(key), blocks) * Sizing.BLOCK_BITS >= 1L << 31) {
                keysBeyond++;
            }
        }
        // Blocks are chosen uniformly: the share of keys beyond bit 2^31 matches that of the bits.
        double shareBeyond = 1 - (double) (1L << 31) / filter.facts().bits();
        assertThat(keysBeyond / 2e6).isBetween(shareBeyond - 0.01, shareBeyond + 0.01);
        for (int i = 0; i < 2_000_000; i++) {
            assertThat(filter.mightContainLong(RandomKeys.mix(8, i))).isTrue();
        }
        assertThat(filter.facts().estimatedKeys()).isBetween(1_960_000L, 2_040_000L);
    }
}
