package io.bloomgate.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The change feed's position as snapshots store it: the text round-trips, a feed starting at the
 * union of several positions reads every id any of them had not read, and bounding the ranges only
 * ever widens what is read again.
 */
class FeedPositionTest {

    private static Holes.Range range(long from, long to, double seen) {
        return new Holes.Range(from, to, seen, 0);
    }

    /** The ids a feed at {@code p} has not read, up to {@code limit}. */
    private static Set<Long> unread(FeedPosition p, long limit) {
        Set<Long> ids = new HashSet<>();
        for (Holes.Range r : p.holes()) {
            for (long id = r.from(); id <= r.to(); id++) {
                ids.add(id);
            }
        }
        for (long id = p.highWaterMark() + 1; id <= limit; id++) {
            ids.add(id);
        }
        return ids;
    }

    @Test
    void theTextRoundTripsWithTheHolesFirstSeenTimes() {
        FeedPosition p = new FeedPosition(120, List.of(range(3, 3, 1700000000.25), range(50, 80, 1700000001.5)),
                "5f0c3e1a-0b7d-11f0-9a1e-0242ac120002");
        FeedPosition back = FeedPosition.parse(p.text(), 7);
        assertThat(back.highWaterMark()).isEqualTo(120);
        assertThat(back.serverRun()).isEqualTo("5f0c3e1a-0b7d-11f0-9a1e-0242ac120002");
        assertThat(back.sameServerRun("5f0c3e1a-0b7d-11f0-9a1e-0242ac120002")).isTrue();
        assertThat(back.sameServerRun("71d2a4c8-0b7d-11f0-9a1e-0242ac120002")).as("restarted since").isFalse();
        assertThat(back.sameServerRun(null)).as("the server's run unknown: not the same").isFalse();
        assertThat(FeedPosition.parse("42", 0).sameServerRun("5f0c3e1a-0b7d-11f0-9a1e-0242ac120002"))
                .as("the position's run unknown: not the same").isFalse();
        assertThat(FeedPosition.parse("42;3-5@1700000000.25;started=1699999000.5", 0).sameServerRun("1699999000.5"))
                .as("an older jar's start time (too coarse to tell runs apart) is no run").isFalse();
        assertThat(back.holes()).containsExactly(new Holes.Range(3, 3, 1700000000.25, 7),
                new Holes.Range(50, 80, 1700000001.5, 7));
        assertThat(back.holes().get(0).seenAtNanos()).as("the JVM clock is the loader's").isEqualTo(7);
        assertThat(back.lowestUnread()).isEqualTo(3);
        assertThat(FeedPosition.parse("42", 0).lowestUnread()).isEqualTo(43);
    }

    @Test
    void aTextThatIsNotAPositionIsRefused() {
        for (String bad : new String[] {"", "x", "10;5-3@0", "10;3-5@0;4-6@0", "10;3-12@0", "10;3@0", "0:0:"}) {
            assertThatThrownBy(() -> FeedPosition.parse(bad, 0)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void theUnionReadsEveryIdAnyPositionHadNotRead() {
        FeedPosition a = new FeedPosition(100, List.of(range(10, 12, 5), range(90, 95, 6)), "run-a");
        FeedPosition b = new FeedPosition(60, List.of(range(11, 20, 7), range(40, 40, 8)), "run-a");
        FeedPosition c = new FeedPosition(200, List.of(range(150, 160, 9)), "run-a");
        FeedPosition u = FeedPosition.union(List.of(a, b, c));
        assertThat(u.highWaterMark()).isEqualTo(60);
        assertThat(u.serverRun()).isEqualTo("run-a");
        assertThat(FeedPosition.union(List.of(a, new FeedPosition(100, List.of(), "run-b"))).serverRun())
                .as("positions of different runs: unknown").isNull();
        assertThat(FeedPosition.union(List.of(a, new FeedPosition(100, List.of()))).serverRun()).isNull();
        assertThat(u.holes()).containsExactly(range(10, 20, 7), range(40, 40, 8));
        for (FeedPosition p : List.of(a, b, c)) {
            assertThat(unread(u, 300)).containsAll(unread(p, 300));
        }
    }

    @Test
    void boundingMergesTheLastRangesWithTheLatestFirstSeenTime() {
        List<Holes.Range> many = new ArrayList<>();
        for (int i = 0; i < FeedPosition.MAX_RANGES + 50; i++) {
            many.add(range(10L * i + 1, 10L * i + 2, i));
        }
        FeedPosition p = new FeedPosition(20_000, many);
        FeedPosition b = p.bounded();
        assertThat(b.holes()).hasSize(FeedPosition.MAX_RANGES);
        Holes.Range last = b.holes().get(b.holes().size() - 1);
        assertThat(last.from()).isEqualTo(many.get(FeedPosition.MAX_RANGES - 1).from());
        assertThat(last.to()).isEqualTo(many.get(many.size() - 1).to());
        assertThat(last.seenAtServer()).isEqualTo(many.size() - 1);
        assertThat(unread(b, 30_000)).containsAll(unread(p, 30_000));
        assertThat(FeedPosition.parse(b.text(), 0).holes()).hasSize(FeedPosition.MAX_RANGES);
    }
}
