package io.bloomgate.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The demo's paired batches: medians of per-pair ratios, so one disturbed pair does not move the result. */
class RoundsTest {

    @Test
    void mediansOfPairRatiosIgnoreOneDisturbedPair() {
        Rounds r = new Rounds();
        // with the gate: lookups 1, writes 4; without: lookups 5, writes 4 -> whole 9/5 = 1.8, writes +0%
        r.add(1, 4, 5, 4);
        r.add(1, 4, 5, 4);
        r.add(1, 44, 5, 4); // a burst of other work during one batch with the gate
        r.add(1, 4, 5, 4);
        r.add(2, 5, 10, 4); // whole 14/7 = 2.0, writes +25%
        assertThat(r.size()).isEqualTo(5);
        assertThat(r.speedUp()).isCloseTo(1.8, within(1e-9));
        assertThat(r.lookupSpeedUp()).isCloseTo(5.0, within(1e-9));
        assertThat(r.writeCost()).isCloseTo(0.0, within(1e-9));
    }

    @Test
    void evenCountsAverageTheMiddlePairAndReadOnlyRoundsHaveNoWriteCost() {
        Rounds r = new Rounds();
        r.add(1, 0, 2, 0);
        r.add(1, 0, 4, 0);
        assertThat(r.speedUp()).isCloseTo(3.0, within(1e-9));
        assertThat(r.writeCost()).isNaN();
        assertThat(Summary.change(r.writeCost())).isEqualTo("not measured");
        assertThat(Summary.change(0.031)).isEqualTo("3.1% slower");
    }
}
