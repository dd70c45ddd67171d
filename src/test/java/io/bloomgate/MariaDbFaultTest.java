package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.stats.GuardState;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mariadb.jdbc.MariaDbDataSource;

/**
 * Faults on MariaDB under gate instances and concurrent writers, on a server of the test's own
 * ({@link OwnMariaDb}: the shared server is never restarted, locked or has its connections killed):
 * every change feed's connection killed, the server killed (SIGKILL) and shut down, each time
 * restarted while writes go on, and a feed's read stalled behind a table lock. The promise checked
 * throughout ({@link FaultWorkload}): a key committed more than {@code staleAfter} before a lookup is
 * never answered absent, and one committed before {@code awaitChangeFeed} returned true is never
 * answered absent after it; and a log id held open by a long transaction under that workload, with
 * and without {@code PROCESS} (the single-writer cases are {@code MariaDbChangeFeedTest}'s). The
 * time back to READY after each fault is printed.
 */
class MariaDbFaultTest {

    private static final Duration STALE_AFTER = Duration.ofSeconds(1);
    private static final long READY_MILLIS = 40_000;
    private static OwnMariaDb server;

    private final String database = "fault_" + Long.toHexString(System.nanoTime());
    private final List<BloomGate> gates = new ArrayList<>();
    private MariaDbDataSource db;

    @BeforeAll
    static void startServer() throws Exception {
        server = OwnMariaDb.start();
    }

    @AfterAll
    static void removeServer() {
        if (server != null) {
            server.close();
        }
    }

    @BeforeEach
    void setUp() throws Exception {
        try (Connection c = server.dataSource("mysql", "bg").getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + database);
        }
        db = server.dataSource(database, "bg");
        H2Databases.run(db, "CREATE TABLE fault (id BIGINT PRIMARY KEY, name VARCHAR(64) COLLATE utf8mb4_bin)",
                "INSERT INTO fault WITH RECURSIVE g(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM g WHERE i < 500)"
                        + " SELECT 2 * i, 'seed' FROM g");
    }

    @AfterEach
    void tearDown() throws Exception {
        for (BloomGate gate : gates) {
            gate.close();
        }
        try (Connection c = server.dataSource("mysql", "bg").getConnection(); Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + database);
        }
    }

    private BloomGate gate() throws SQLException {
        BloomGate gate = BloomGate.builder(db).guard("fault", "id").staleAfter(STALE_AFTER).build();
        gates.add(gate);
        return gate;
    }

    private static GuardState state(BloomGate gate) {
        return gate.stats("fault", "id").state();
    }

    /** The feeds' connection ids, as the instances' heartbeats recorded them (0 before the first). */
    private List<Long> feedConnections(Connection c) {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COALESCE(feed_connection, 0) FROM"
                + " bloomgate.instances WHERE description LIKE '%(database " + database + ")%'")) {
            List<Long> ids = new ArrayList<>();
            while (rs.next()) {
                ids.add(rs.getLong(1));
            }
            return ids;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Milliseconds from {@code since} until the gate's guard is READY and its feed fresh; fails after the limit. */
    private static long millisToReady(BloomGate gate, long since) throws InterruptedException {
        assertThat(GuardProbe.eventually(Duration.ofMillis(READY_MILLIS), () -> state(gate) == GuardState.READY))
                .as("READY again within %d ms (now %s)", READY_MILLIS, state(gate)).isTrue();
        assertThat(gate.awaitChangeFeed(Duration.ofMillis(READY_MILLIS))).as("the feed reads again").isTrue();
        return (System.nanoTime() - since) / 1_000_000;
    }

    private static void warm(BloomGate gate) throws SQLException {
        GuardProbe probe = new GuardProbe(gate, "fault", "id").warmUp();
        assertThat(probe.lookup(3L).path()).as("an absent key is answered by the filter").isEqualTo(GuardProbe.Path.AVOIDED);
    }

    // ------------------------------------------------------------------ the feeds' connections killed

    @Test
    void killedFeedConnectionsFailOpenAndCatchUpWithNothingLost() throws Exception {
        List<BloomGate> two = List.of(gate(), gate());
        for (BloomGate g : two) {
            warm(g);
        }
        String summary;
        List<String> recovery = new ArrayList<>();
        try (FaultWorkload workload = new FaultWorkload("fault", two, db, STALE_AFTER);
                Connection root = server.dataSource("mysql", "bgroot").getConnection()) {
            Thread.sleep(700);
            for (int round = 0; round < 2; round++) {
                assertThat(GuardProbe.eventually(Duration.ofSeconds(10), () -> feedConnections(root).size() == two.size()
                        && !feedConnections(root).contains(0L))).as("the heartbeats named the feeds' connections").isTrue();
                List<Long> feeds = feedConnections(root);
                long t = System.nanoTime();
                try (Statement s = root.createStatement()) {
                    for (long id : feeds) {
                        s.execute("KILL CONNECTION " + id);
                    }
                }
                assertThat(GuardProbe.eventually(Duration.ofMillis(READY_MILLIS), () -> feedConnections(root).stream()
                        .noneMatch(feeds::contains))).as("every feed reconnected (heartbeats name new connections)")
                        .isTrue();
                for (int i = 0; i < two.size(); i++) {
                    recovery.add("feed connection killed (round " + round + "): gate " + i + " READY, its feed on a new"
                            + " connection (named by a heartbeat, every 5 s), " + millisToReady(two.get(i), t)
                            + " ms after the kill");
                }
                Thread.sleep(500);
            }
            summary = workload.finish(READY_MILLIS);
        }
        recovery.forEach(r -> System.out.println("[fault] " + r));
        System.out.println("[fault] killed feed connections: " + summary);
    }

    // ------------------------------------------------------------------ the server restarted

    /**
     * The server killed (SIGKILL: InnoDB recovers, transactions in flight roll back and leave holes
     * in the log's ids) and later shut down cleanly, each time started again while the writers and
     * checkers keep going (their statements fail while it is down: those keys are not checked).
     */
    @Test
    void aServerRestartedUnderWritesLosesNoKey() throws Exception {
        List<BloomGate> two = List.of(gate(), gate());
        for (BloomGate g : two) {
            warm(g);
        }
        String summary;
        List<String> recovery = new ArrayList<>();
        try (FaultWorkload workload = new FaultWorkload("fault", two, db, STALE_AFTER)) {
            Thread.sleep(1_000);
            for (String how : new String[] {"killed", "shut down"}) {
                if (how.equals("killed")) {
                    server.kill();
                } else {
                    server.shutdown();
                }
                long down = System.nanoTime();
                Thread.sleep(500);
                server.startServer();
                for (int i = 0; i < two.size(); i++) {
                    recovery.add("server " + how + " and restarted: gate " + i + " READY " + millisToReady(two.get(i), down)
                            + " ms after it went down");
                }
                Thread.sleep(1_000);
            }
            try {
                summary = workload.finish(READY_MILLIS);
            } catch (AssertionError e) {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\b(1\\d{6})\\b").matcher(e.getMessage());
                // This test's guard only: the log is the server's, and every test's workload writes the same keys.
                String guard = "(SELECT id FROM bloomgate.guards WHERE database_name = '" + database + "')";
                try (Connection c = server.dataSource(database, "bgroot").getConnection(); Statement st = c.createStatement()) {
                    for (int n = 0; m.find() && n < 3; n++) {
                        String logged = "(SELECT MAX(id) FROM bloomgate.change_log WHERE guard_id = " + guard + " AND k = '"
                                + m.group(1) + "')";
                        try (ResultSet rs = st.executeQuery("SELECT id, guard_id, op FROM bloomgate.change_log"
                                + " WHERE guard_id = " + guard + " AND k = '" + m.group(1) + "'")) {
                            while (rs.next()) {
                                System.out.println("[diag] key " + m.group(1) + " log id " + rs.getLong(1) + " (guard "
                                        + rs.getInt(2) + ") op " + rs.getString(3));
                            }
                        }
                        try (ResultSet rs = st.executeQuery("SELECT id, guard_id, CAST(k AS CHAR) FROM bloomgate.change_log"
                                + " WHERE id BETWEEN " + logged + " - 6 AND " + logged + " + 6")) {
                            StringBuilder b = new StringBuilder();
                            while (rs.next()) {
                                b.append(rs.getLong(1)).append("=g").append(rs.getInt(2)).append(':').append(rs.getString(3))
                                        .append(' ');
                            }
                            System.out.println("[diag] around: " + b);
                        }
                    }
                }
                recovery.forEach(r -> System.out.println("[fault] " + r));
                throw e;
            }
        }
        recovery.forEach(r -> System.out.println("[fault] " + r));
        System.out.println("[fault] server restarts: " + summary);
    }

    /**
     * A restart a second or two after the server's previous start is a restart: a feed that
     * reconnects rebuilds its guards by scan. (The start time, {@code now - Uptime}, has
     * one-second resolution: two starts that close were once taken for one run, so a feed resumed
     * at a high-water mark whose ids the crash had undone and the server drew again, and their
     * keys were never read.)
     */
    @Test
    void aRestartSoonAfterThePreviousStartIsSeen() throws Exception {
        BloomGate gate = gate();
        warm(gate);
        for (int restart = 1; restart <= 2; restart++) {
            int rebuilds = gate.stats("fault", "id").rebuilds();
            long down = System.nanoTime();
            server.kill(); // the second time: within a second or two of the first restart
            server.startServer();
            long started = System.nanoTime();
            assertThat(GuardProbe.eventually(Duration.ofSeconds(20), () -> gate.stats("fault", "id").rebuilds() > rebuilds))
                    .as("restart %d: the feed reconnected to a restarted server and rebuilt its guard by scan", restart)
                    .isTrue();
            System.out.println("[fault] server killed (restart " + restart + ", " + (down - started) / -1_000_000
                    + " ms down): READY " + millisToReady(gate, down) + " ms after it went down");
        }
        new GuardProbe(gate, "fault", "id").assertFoundByFilter(2L);
    }

    /**
     * An install that predates {@code bloomgate.server_run} (which tells the server's runs apart):
     * a user who may not create it is told what to run, and is not given a gate that could take a
     * restart for a lost connection; a user who may create it gets it, and the gate works.
     */
    @Test
    void anInstallWithoutTheServerRunTableIsUpgradedOrRefused() throws Exception {
        gate(); // installs everything
        try (Connection c = server.dataSource("mysql", "bgroot").getConnection(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE bloomgate.server_run");
            for (String host : new String[] {"'127.0.0.1'", "localhost"}) {
                s.execute("CREATE USER IF NOT EXISTS bglimited@" + host + " IDENTIFIED BY 'bglimited'");
                s.execute("GRANT SELECT, INSERT, UPDATE, DELETE ON bloomgate.* TO bglimited@" + host);
                s.execute("GRANT ALL PRIVILEGES ON " + database + ".* TO bglimited@" + host);
            }
        }
        BloomGate.Builder limited = BloomGate.builder(server.dataSource(database, "bglimited")).guard("fault", "id");
        org.assertj.core.api.Assertions.assertThatThrownBy(limited::build).isInstanceOf(SQLException.class)
                .hasMessageContaining("bloomgate.server_run").hasMessageContaining("sql/mysql/install.sql")
                .hasMessageContaining("GRANT SELECT, INSERT, UPDATE, DELETE ON bloomgate.* TO");
        BloomGate upgraded = gate();
        warm(upgraded);
        new GuardProbe(upgraded, "fault", "id").assertFoundByFilter(2L);
        try (Connection c = server.dataSource("mysql", "bgroot").getConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT ENGINE FROM information_schema.TABLES WHERE TABLE_SCHEMA ="
                        + " 'bloomgate' AND TABLE_NAME = 'server_run'")) {
            assertThat(rs.next()).as("created by the build").isTrue();
            assertThat(rs.getString(1)).as("emptied by every restart").isEqualTo("MEMORY");
        }
    }

    /**
     * A snapshot saved before the server restarted is not loaded: InnoDB shows a commit before its
     * redo is flushed, so a crash may have undone rows the saved position counts as read, and the
     * restarted server draws their log ids again for other rows, which a replay would skip.
     */
    @Test
    void aSnapshotSavedBeforeAServerRestartIsNotTrusted() throws Exception {
        BloomGate first = gate();
        gates.remove(first);
        first.close(); // saves its snapshot
        server.kill();
        server.startServer();
        BloomGate restarted = gate();
        assertThat(restarted.stats("fault", "id").keysAdded()).as("scanned, not loaded").isGreaterThanOrEqualTo(500);
        new GuardProbe(restarted, "fault", "id").warmUp().assertFoundByFilter(2L);
    }

    // ------------------------------------------------------------------ a hole held open

    /**
     * A transaction draws a log id and stays open for 4 s while the workload commits thousands of
     * higher ids, then commits: both gates — strict (PROCESS) and grace-period (without, the grace
     * period 300 ms, passed many times meanwhile) — find its key once the bound has passed, and the
     * workload sees no wrong answer throughout.
     */
    @Test
    void aLongTransactionsLogIdIsNotSkippedWithOrWithoutProcess() throws Exception {
        BloomGate strict = gate();
        BloomGate grace = BloomGate.builder(server.dataSource(database, "bgnoproc")).guard("fault", "id")
                .staleAfter(STALE_AFTER).holeGracePeriod(Duration.ofMillis(300)).build();
        gates.add(grace);
        List<BloomGate> two = List.of(strict, grace);
        for (BloomGate g : two) {
            warm(g);
        }
        String summary;
        try (FaultWorkload workload = new FaultWorkload("fault", two, db, STALE_AFTER);
                Connection early = db.getConnection(); Statement s = early.createStatement()) {
            Thread.sleep(500);
            early.setAutoCommit(false);
            s.executeUpdate("INSERT INTO fault VALUES (80001, 'drawn early, committed late')");
            Thread.sleep(4_000);
            early.commit();
            long committed = System.nanoTime();
            Thread.sleep(STALE_AFTER.toMillis() + 50);
            for (BloomGate g : two) {
                GuardProbe probe = new GuardProbe(g, "fault", "id");
                for (int i = 0; i < 20; i++) {
                    assertThat(probe.find(80001L)).as("a key committed %d ms ago",
                            (System.nanoTime() - committed) / 1_000_000).isTrue();
                }
            }
            summary = workload.finish(READY_MILLIS);
        }
        for (BloomGate g : two) {
            new GuardProbe(g, "fault", "id").assertFoundByFilter(80001L);
        }
        System.out.println("[fault] a log id held open 4 s under writes (strict and grace-period gates): " + summary);
    }

    // ------------------------------------------------------------------ a read stalled

    /**
     * A table lock on the change log holds the feed's next read: once its last complete read began
     * more than {@code staleAfter} ago, lookups pass through (a key committed just before the lock,
     * which the feed may not have read, is found once older than the bound), and after the lock is released the
     * feed catches up and the filter answers again.
     */
    @Test
    void aStalledReadPassesLookupsThroughAfterStaleAfter() throws Exception {
        BloomGate gate = gate();
        warm(gate);
        GuardProbe probe = new GuardProbe(gate, "fault", "id");
        CountDownLatch locked = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        java.util.concurrent.atomic.AtomicLong committed = new java.util.concurrent.atomic.AtomicLong();
        Thread locker = new Thread(() -> {
            try (Connection c = server.dataSource(database, "bgroot").getConnection(); Statement s = c.createStatement()) {
                s.executeUpdate("INSERT INTO fault VALUES (90001, 'just before the lock')");
                committed.set(System.nanoTime());
                s.execute("LOCK TABLES bloomgate.change_log WRITE");
                locked.countDown();
                release.await(30, TimeUnit.SECONDS);
                s.execute("UNLOCK TABLES");
            } catch (SQLException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }, "change-log-locker");
        locker.start();
        try {
            assertThat(locked.await(10, TimeUnit.SECONDS)).isTrue();
            long lockedAt = System.nanoTime();
            int lookups = 0;
            int answeredAfterBound = 0;
            // 1.5 s past the bound: the feed's read waits on the lock the whole time.
            while (System.nanoTime() - lockedAt < STALE_AFTER.toNanos() + 1_500_000_000L) {
                long age = System.nanoTime() - committed.get(); // taken before the lookup: its age can only be larger
                if (!probe.find(90001L)) {
                    assertThat(age).as("a key committed before the lock answered absent %d ms after its commit",
                            age / 1_000_000).isLessThanOrEqualTo(STALE_AFTER.toNanos());
                }
                boolean pastBound = System.nanoTime() - lockedAt > STALE_AFTER.toNanos() + 100_000_000L;
                GuardProbe.Answer absent = probe.lookup(90003L);
                assertThat(absent.found()).isFalse();
                if (pastBound) {
                    lookups++;
                    answeredAfterBound += absent.path() == GuardProbe.Path.AVOIDED ? 1 : 0;
                }
                Thread.sleep(5);
            }
            assertThat(lookups).isPositive();
            assertThat(answeredAfterBound).as("lookups (of %d) answered by the filter while the feed's read was stalled"
                    + " past staleAfter", lookups).isZero();
        } finally {
            release.countDown();
            locker.join(30_000);
        }
        long released = System.nanoTime();
        System.out.println("[fault] change log locked " + (STALE_AFTER.toMillis() + 1_500) + " ms: READY "
                + millisToReady(gate, released) + " ms after the lock was released");
        probe.assertFoundByFilter(90001L);
        assertThat(probe.lookup(90003L).path()).as("answered by the filter again").isEqualTo(GuardProbe.Path.AVOIDED);
    }
}
