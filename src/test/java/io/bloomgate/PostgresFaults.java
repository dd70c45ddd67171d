package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.postgresql.PGConnection;

/**
 * Faults injected into a real PostgreSQL server under gate instances: backends terminated
 * ({@code pg_terminate_backend}, allowed for the test role's own backends), backends stopped with
 * SIGSTOP (only when the server runs on this machine and this process may signal it; every stopped
 * backend is resumed, by a shutdown hook at the latest), and a change-feed read stalled after its
 * snapshot: a row-level security policy on {@code bloomgate.guards}, which the feed's read evaluates
 * after taking its snapshot, sleeps in the backend named in {@code public.bloomgate_fault_stall}.
 */
final class PostgresFaults implements AutoCloseable {

    private static final Set<Long> STOPPED = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            for (long pid : STOPPED) {
                signal("CONT", pid);
            }
        }, "resume-stopped-postgres-backends"));
    }

    private final DataSource pg;
    private final String database;
    private boolean stallInstalled;

    PostgresFaults(DataSource pg) throws SQLException {
        this.pg = pg;
        try (Connection c = pg.getConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT current_database()")) {
            rs.next();
            this.database = rs.getString(1);
        }
    }

    // ------------------------------------------------------------------ backends

    /** The backend pid of {@code gate}'s change-feed connection, or -1 while it reconnects. */
    static int feedPid(BloomGate gate) {
        try {
            Object sync = field(gate, "sync");
            Object feed = field(sync, "feed");
            Connection c = (Connection) field(feed, "connection");
            return c == null ? -1 : c.unwrap(PGConnection.class).getBackendPID();
        } catch (ReflectiveOperationException | SQLException | RuntimeException e) {
            return -1;
        }
    }

    /** Waits until {@code gate}'s feed has a connection and returns its backend pid. */
    static int awaitFeedPid(BloomGate gate, long timeoutMillis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        int pid;
        while ((pid = feedPid(gate)) < 0 && System.currentTimeMillis() < deadline) {
            Thread.sleep(5);
        }
        assertThat(pid).as("the change feed's backend").isPositive();
        return pid;
    }

    private static Object field(Object target, String name) throws ReflectiveOperationException {
        Field f = target.getClass().getDeclaredField(name);
        f.setAccessible(true);
        return f.get(target);
    }

    /** Terminates backends of this database matching {@code where} (not this session); returns how many. */
    int terminate(String where) throws SQLException {
        try (Connection c = pg.getConnection(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity"
                        + " WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'"
                        + " AND (" + where + ")")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /**
     * Whether {@code pid} is a backend of this database on this machine that this process may
     * stop: the server is local (its pid is a {@code postgres:} process serving this database) and
     * {@code kill -0} succeeds (we run as root or as the server's user).
     */
    boolean canSignal(long pid) {
        try {
            Path cmdline = Path.of("/proc/" + pid + "/cmdline");
            if (!Files.isReadable(cmdline)) {
                return false;
            }
            String cmd = new String(Files.readAllBytes(cmdline), StandardCharsets.UTF_8);
            return cmd.startsWith("postgres:") && cmd.contains(" " + database + " ") && signal("0", pid);
        } catch (java.io.IOException | RuntimeException e) {
            return false;
        }
    }

    /** SIGSTOPs a backend; {@link #resume} (or {@link #close}, or the JVM's exit) sends SIGCONT. */
    void stop(long pid) {
        STOPPED.add(pid);
        assertThat(signal("STOP", pid)).as("kill -STOP %d", pid).isTrue();
    }

    void resume(long pid) {
        signal("CONT", pid);
        STOPPED.remove(pid);
    }

    private static boolean signal(String signal, long pid) {
        try {
            Process p = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (java.io.IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** The backend's wait event (e.g. {@code PgSleep}), or null. */
    String waitEvent(long pid) throws SQLException {
        try (Connection c = pg.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT wait_event FROM pg_stat_activity WHERE pid = ?")) {
            ps.setInt(1, (int) pid);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    // ------------------------------------------------------------------ a read stalled after its snapshot

    /**
     * Installs the stall: every read of {@code bloomgate.guards} evaluates the policy per row, after
     * the statement's snapshot was taken; it sleeps in a backend armed by {@link #stallAfterSnapshot}
     * until the armed time. The change feed's read names {@code bloomgate.guards} in the same
     * statement as the change log, so it stalls holding a snapshot that lacks whatever commits
     * meanwhile.
     */
    void installStall() throws SQLException {
        stallInstalled = true;
        H2Databases.run(pg,
                "CREATE TABLE IF NOT EXISTS public.bloomgate_fault_stall (pid integer PRIMARY KEY, until timestamptz NOT NULL)",
                "CREATE OR REPLACE FUNCTION public.bloomgate_fault_stall(gid integer) RETURNS boolean LANGUAGE plpgsql"
                        + " VOLATILE AS $f$ DECLARE u timestamptz; BEGIN"
                        + " SELECT until INTO u FROM public.bloomgate_fault_stall WHERE pid = pg_backend_pid();"
                        + " IF u IS NOT NULL AND clock_timestamp() < u THEN"
                        + "   PERFORM pg_sleep(extract(epoch FROM u - clock_timestamp())::double precision);"
                        + " END IF; RETURN true; END $f$",
                "DROP POLICY IF EXISTS bloomgate_fault_stall ON bloomgate.guards",
                "CREATE POLICY bloomgate_fault_stall ON bloomgate.guards USING (public.bloomgate_fault_stall(id))",
                "ALTER TABLE bloomgate.guards ENABLE ROW LEVEL SECURITY",
                "ALTER TABLE bloomgate.guards FORCE ROW LEVEL SECURITY"); // the feed's user owns the table
    }

    /** The next read of backend {@code pid} that starts within {@code millis} stalls until they have passed. */
    void stallAfterSnapshot(long pid, long millis) throws SQLException {
        H2Databases.run(pg, "INSERT INTO public.bloomgate_fault_stall VALUES (" + pid + ", clock_timestamp() + interval '"
                + millis + " milliseconds') ON CONFLICT (pid) DO UPDATE SET until = EXCLUDED.until");
    }

    void removeStall() throws SQLException {
        if (stallInstalled) {
            H2Databases.run(pg,
                    "ALTER TABLE bloomgate.guards NO FORCE ROW LEVEL SECURITY",
                    "ALTER TABLE bloomgate.guards DISABLE ROW LEVEL SECURITY",
                    "DROP POLICY IF EXISTS bloomgate_fault_stall ON bloomgate.guards",
                    "DROP FUNCTION IF EXISTS public.bloomgate_fault_stall(integer)",
                    "DROP TABLE IF EXISTS public.bloomgate_fault_stall");
            stallInstalled = false;
        }
    }

    @Override
    public void close() throws SQLException {
        for (long pid : STOPPED) {
            resume(pid);
        }
        removeStall();
    }
}
