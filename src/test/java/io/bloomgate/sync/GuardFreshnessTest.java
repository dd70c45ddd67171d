package io.bloomgate.sync;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.stats.GuardState;
import io.bloomgate.filter.FilterSpec;
import io.bloomgate.key.KeyForms;
import io.bloomgate.sql.GuardedTable;
import java.sql.JDBCType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A guard with a staleness bound answers only before its deadline, whatever its state says. */
class GuardFreshnessTest {

    private static Guard guard() {
        Guard g = new Guard(new GuardedTable("public", "t", "id", List.of("id")), KeyForms.bigint(), JDBCType.BIGINT,
                Map.of("id", ColumnType.of(JDBCType.BIGINT)), FilterSpec.of(1_000, 0.01));
        g.ready(0);
        return g;
    }

    @Test
    void aGuardWithoutABoundIsFreshForEver() {
        Guard g = guard();
        assertThat(g.fresh()).isTrue();
        assertThat(g.ready()).isTrue();
    }

    @Test
    void aReadyGuardPastItsDeadlineDoesNotAnswer() throws InterruptedException {
        Guard g = guard();
        // A second's bound: a loaded machine may deschedule the test between the two lines below
        // for tens of milliseconds, not for a second.
        g.freshUntil(System.nanoTime() + 1_000_000_000L);
        assertThat(g.ready()).as("before the deadline").isTrue();
        Thread.sleep(1_100);
        assertThat(g.state()).isEqualTo(GuardState.READY);
        assertThat(g.ready()).as("after the deadline, still READY").isFalse();
        g.freshUntil(System.nanoTime() + 10_000_000_000L);
        assertThat(g.ready()).as("a newer read").isTrue();
    }

    @Test
    void aStaleDeadlineKeepsAnUnsyncedGuardFromAnswering() {
        Guard g = guard();
        g.freshUntil(System.nanoTime() - 1);
        g.unsync("test");
        assertThat(g.resume(g.unsyncCount())).as("the state resumes").isTrue();
        assertThat(g.ready()).as("but the filter does not answer").isFalse();
    }
}
