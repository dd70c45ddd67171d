package io.bloomgate.mysql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Retires the change feed's holes ({@link Holes}) once they are provably empty for good, so that they
 * are no longer read on every poll. Retiring late is always safe (the key arrives on the next read of
 * the hole): retirement only bounds the feed's memory and work, and lets pruning advance. Separate
 * from the reading ({@link LogReader}) because it is the one place where the feed decides that an id
 * will never hold a row, in one of two modes, chosen by whether the user may read {@code
 * information_schema.innodb_trx} (the {@code PROCESS} privilege):
 * <ul>
 * <li><b>strict</b> (with {@code PROCESS}): the id was drawn before the hole was first seen (ids are
 *     drawn in increasing order, and a higher id was already committed), so by a transaction that
 *     started before then. In one transaction of its own the feed reads {@code innodb_trx}; the read
 *     counts only if it lists the feed's own transaction (InnoDB refreshes that table's cache only
 *     when nobody read it for 100 ms, so a busy reader can see an old copy: the canary proves the copy
 *     is newer than the transaction). Holes first seen more than a second (the column's resolution)
 *     before every other listed transaction started are read once more and retired. A long
 *     transaction holds holes open, as it holds back PostgreSQL's xmin;
 * <li><b>grace period</b> (without {@code PROCESS}): a hole older than the grace period is probed
 *     with a locking read ({@code LOCK IN SHARE MODE NOWAIT}): an uncommitted row in it fails the
 *     probe and keeps it open; otherwise it is retired. What this mode cannot see: a transaction that
 *     drew the id and has not inserted the row for longer than the grace period (InnoDB draws the id
 *     just before inserting the row, so only a stall inside that step: page latches, I/O), or a
 *     server clock that jumps. Documented in the README.
 * </ul>
 * Owned by the feed's thread.
 */
final class HoleRetirement {

    /** How often the strict check reads innodb_trx at most (and never faster than its 100 ms cache rule allows). */
    private static final long STRICT_CHECK_NANOS = 1_000_000_000L;
    /** A hole younger than this is not worth a strict check: trx_started has one-second resolution. */
    private static final long STRICT_MIN_AGE_NANOS = 1_500_000_000L;
    private static final int ER_LOCK_WAIT_TIMEOUT = 1205;
    private static final int ER_LOCK_NOWAIT = 3572;

    private final LogReader reader;
    private final Duration grace;
    private long nextCheck;

    /** @param grace without {@code PROCESS}: how long a hole stays open before a lock probe may retire it */
    HoleRetirement(LogReader reader, Duration grace) {
        this.reader = reader;
        this.grace = grace;
    }

    /**
     * Retires the holes that are provably empty for good, at most once a second.
     *
     * @param strict      whether the feed's user may read {@code innodb_trx}
     * @param probeSuffix the locking read that fails at once on an uncommitted row ({@link LogConnection#lockProbeSuffix})
     */
    void retire(Connection connection, boolean strict, String probeSuffix) throws SQLException {
        long now = System.nanoTime();
        if (reader.holes().isEmpty() || now - nextCheck < 0) {
            return;
        }
        if (strict) {
            nextCheck = now + STRICT_CHECK_NANOS + ThreadLocalRandom.current().nextLong(250_000_000L);
            retireStrictly(connection, now);
        } else {
            nextCheck = now + Math.min(STRICT_CHECK_NANOS, grace.toNanos());
            retireAfterGrace(connection, now, probeSuffix);
        }
    }

    private void retireStrictly(Connection connection, long now) throws SQLException {
        List<Holes.Range> candidates = new ArrayList<>();
        for (Holes.Range r : reader.holes().ranges()) {
            if (now - r.seenAtNanos() > STRICT_MIN_AGE_NANOS && !Double.isNaN(r.seenAtServer())) {
                candidates.add(r);
            }
        }
        if (candidates.isEmpty()) {
            return;
        }
        boolean seenSelf = false;
        double oldestOther = Double.POSITIVE_INFINITY;
        connection.setAutoCommit(false);
        try (Statement s = connection.createStatement()) {
            // Starts this connection's own InnoDB transaction: the canary the cached table must list.
            s.executeQuery("SELECT id FROM bloomgate.change_log ORDER BY id DESC LIMIT 1").close();
            try (ResultSet rs = s.executeQuery("SELECT trx_mysql_thread_id = CONNECTION_ID(),"
                    + " UNIX_TIMESTAMP(trx_started) FROM information_schema.innodb_trx")) {
                while (rs.next()) {
                    if (rs.getBoolean(1)) {
                        seenSelf = true;
                    } else {
                        oldestOther = Math.min(oldestOther, rs.getDouble(2));
                    }
                }
            }
        } finally {
            connection.rollback();
            connection.setAutoCommit(true);
        }
        if (!seenSelf) {
            // An old copy of innodb_trx (another reader keeps its cache from refreshing): try again soon.
            nextCheck = now + 150_000_000L + ThreadLocalRandom.current().nextLong(300_000_000L);
            return;
        }
        List<Holes.Range> retirable = new ArrayList<>();
        for (Holes.Range r : candidates) {
            // trx_started is truncated to the second: a transaction listed at second s started at or after
            // s, so one that started before the hole was seen shows s <= seen. One second more for clocks.
            if (r.seenAtServer() + 1 < oldestOther) {
                retirable.add(r);
            }
        }
        if (retirable.isEmpty()) {
            return;
        }
        reader.readRanges(connection, retirable, ""); // once more, after the proof
        for (Holes.Range r : retirable) {
            reader.holes().retire(r.from(), r.to());
        }
    }

    private void retireAfterGrace(Connection connection, long now, String probeSuffix) throws SQLException {
        List<Holes.Range> old = new ArrayList<>();
        for (Holes.Range r : reader.holes().ranges()) {
            if (now - r.seenAtNanos() > grace.toNanos()) {
                old.add(r);
            }
        }
        for (Holes.Range r : old) {
            try {
                // At READ COMMITTED a locking read waits only for rows that exist: an uncommitted one fails
                // at once (NOWAIT), and the hole stays.
                reader.readRanges(connection, List.of(r), probeSuffix);
            } catch (SQLException e) {
                if (e.getErrorCode() == ER_LOCK_WAIT_TIMEOUT || e.getErrorCode() == ER_LOCK_NOWAIT) {
                    continue;
                }
                throw e;
            }
            reader.holes().retire(r.from(), r.to());
        }
    }
}
