package io.bloomgate.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bloomgate.stats.GuardStats;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Sampling a live gate on a schedule. */
class GateHistoryTest {

    @Test
    void samplesALiveGateOnItsScheduleAndStopsWhenClosed() throws Exception {
        try (GuardedUsers users = new GuardedUsers("history_users")) {
            GateHistory history = GateHistory.every(users.gate, Duration.ofMillis(20));
            users.lookUp(50, 5);
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (history.samples().size() < 4 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            history.sample();
            history.close();
            List<GateHistory.Sample> samples = history.samples();
            assertThat(samples.size()).isGreaterThanOrEqualTo(5);
            GuardStats last = samples.get(samples.size() - 1).guards().get(0);
            assertThat(last.avoided() + last.falsePositives()).isEqualTo(50);
            assertThat(samples.get(0).elapsed()).isLessThan(samples.get(samples.size() - 1).elapsed());
            Thread.sleep(80);
            assertThat(history.samples()).hasSameSizeAs(samples); // closed: no more ticks
            assertThat(users.gate.report().toHtml(GateHistory.manual(users.gate))).contains("No history");
        }
    }

    @Test
    void rejectsANonPositiveInterval() throws Exception {
        try (GuardedUsers users = new GuardedUsers("history_interval")) {
            assertThatThrownBy(() -> GateHistory.every(users.gate, Duration.ZERO))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }
}
