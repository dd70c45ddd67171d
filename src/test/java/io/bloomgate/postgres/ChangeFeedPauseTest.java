package io.bloomgate.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The change feed's pause after a read that found rows: short while commits trickle in (one key is
 * followed within ~2 ms), growing with the rows each read brings so that a heavy write load pays a
 * poll's fixed cost ~200 times a second rather than ~500, and never past a third of staleAfter.
 */
class ChangeFeedPauseTest {

    private static ChangeFeed feed(Duration staleAfter) {
        FeedSettings defaults = FeedSettings.DEFAULTS;
        FeedSettings settings = new FeedSettings(staleAfter, defaults.pollInterval(), defaults.snapshotEvery(),
                defaults.instanceTimeout(), defaults.snapshotRetention());
        return new ChangeFeed(null, List.of(), settings, fg -> { });
    }

    @Test
    void aFewRowsKeepTheShortestPause() {
        ChangeFeed feed = feed(Duration.ofSeconds(5));
        assertThat(feed.busyPause(1)).isEqualTo(ChangeFeed.BUSY_POLL_NANOS);
        assertThat(feed.busyPause(8)).isEqualTo(ChangeFeed.BUSY_POLL_NANOS);
    }

    @Test
    void moreRowsPerReadLengthenThePauseUpToItsCeiling() {
        ChangeFeed feed = feed(Duration.ofSeconds(5));
        assertThat(feed.busyPause(12)).isEqualTo(12 * ChangeFeed.PAUSE_PER_ROW_NANOS);
        assertThat(feed.busyPause(20)).isEqualTo(ChangeFeed.MAX_BUSY_POLL_NANOS);
        assertThat(feed.busyPause(1_000_000)).isEqualTo(ChangeFeed.MAX_BUSY_POLL_NANOS);
    }

    @Test
    void aShortStalenessBoundCapsThePause() {
        // staleAfter 9 ms: a third is 3 ms, so the busiest read waits 3 ms, not 5.
        assertThat(feed(Duration.ofMillis(9)).busyPause(1_000)).isEqualTo(3_000_000L);
        // Never below the shortest pause, whatever the bound.
        assertThat(feed(Duration.ofMillis(3)).busyPause(1_000)).isEqualTo(ChangeFeed.BUSY_POLL_NANOS);
    }
}
