package io.bloomgate.fuzz;

import io.bloomgate.BloomGate;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;

/**
 * One fuzz episode's database: the tables of its key types (guarded ones in the main schema,
 * same-named ones elsewhere), a gate guarding them, and the connections — the two compared sessions
 * (through the gate and direct), two writers (through the gate and around it) and a side connection
 * through the gate that runs each SQL text once first.
 */
final class Env implements AutoCloseable {

    /** Undoes what the target created, after the connections and the gate are closed. */
    interface Cleanup {
        void run() throws Exception;
    }

    final Target target;
    final List<KeyType> types;
    final BloomGate gate;
    final DataSource direct;
    private final Map<String, String> placeholders;
    private final Cleanup cleanup;
    Connection gatedSession;
    Connection directSession;
    Connection rawWriter;
    Connection gateWriter;
    Connection side;

    Env(Target target, List<KeyType> types, BloomGate gate, DataSource direct, Map<String, String> placeholders,
            Cleanup cleanup) throws SQLException {
        this.target = target;
        this.types = types;
        this.gate = gate;
        this.direct = direct;
        this.placeholders = placeholders;
        this.cleanup = cleanup;
        try {
            openSessions();
            rawWriter = writer(direct.getConnection());
            gateWriter = writer(gate.dataSource().getConnection());
            side = gate.dataSource().getConnection();
        } catch (SQLException | RuntimeException e) {
            close();
            throw e;
        }
    }

    private Connection writer(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            // A writer must never wait long on a compared session's lock: fail instead.
            s.execute(target.lockTimeoutSql(2000));
        }
        return c;
    }

    private void openSessions() throws SQLException {
        gatedSession = gate.dataSource().getConnection();
        directSession = direct.getConnection();
        target.configureSession(gatedSession);
        target.configureSession(directSession);
    }

    /** Both compared sessions closed and opened again. */
    void reconnect() throws SQLException {
        closeQuietly(gatedSession);
        closeQuietly(directSession);
        openSessions();
    }

    /** SQL text with the schema placeholders replaced. */
    String sql(String template) {
        String s = template;
        for (Map.Entry<String, String> e : placeholders.entrySet()) {
            s = s.replace(e.getKey(), e.getValue());
        }
        return s;
    }

    KeyType type(String name) {
        for (KeyType t : types) {
            if (t.name().equals(name)) {
                return t;
            }
        }
        throw new IllegalArgumentException("no key type " + name + " in " + types);
    }

    /** The name the gate guards a type's table by. */
    static String guardName(KeyType t) {
        return t.quoted() ? "\"" + t.table() + "\"" : t.table();
    }

    /** Lookups the gate answered without the database, over all guards so far. */
    long avoided() {
        long n = 0;
        for (KeyType t : types) {
            for (String column : Target.GUARDED) {
                n += gate.stats(guardName(t), column).avoided();
            }
        }
        return n;
    }

    /** Lookups the gate asked its filters about (answered or passed through), over all guards so far. */
    long lookups() {
        long n = 0;
        for (KeyType t : types) {
            for (String column : Target.GUARDED) {
                n += gate.stats(guardName(t), column).lookups();
            }
        }
        return n;
    }

    /** Statements on guarded tables the filters were not asked about, per reason, over all guards so far. */
    Map<String, Long> bypasses() {
        Map<String, Long> n = new java.util.TreeMap<>();
        for (KeyType t : types) {
            for (String column : Target.GUARDED) {
                gate.stats(guardName(t), column).bypassedByReason().forEach((reason, count) -> n.merge(reason.name(),
                        count, Long::sum));
            }
        }
        return n;
    }

    /**
     * Writes row {@code index} of {@code type}'s main table, committed at once; an error (a duplicate
     * key, a lock timeout) is returned, not thrown: the step still happened the same way in a replay.
     */
    String write(Step.Write w) {
        KeyType t = type(w.type());
        String table = "{main}." + (t.quoted() ? "\"" + t.table() + "\"" : t.table());
        String sql = switch (w.kind()) {
            case INSERT -> "INSERT INTO " + table + " (k, v, s, u) VALUES (?, 7, 'new', ?)";
            case UPDATE -> "UPDATE " + table + " SET v = v + 1, s = 'updated' WHERE k = ?";
            case DELETE -> "DELETE FROM " + table + " WHERE k = ?";
        };
        Connection c = w.viaGate() ? gateWriter : rawWriter;
        String outcome;
        try (PreparedStatement ps = c.prepareStatement(sql(sql))) {
            Binding.natural(t.keyOf(w.index())).apply(ps, 1);
            if (w.kind() == Step.WriteKind.INSERT) {
                Target.bindUnique(ps, 2, t, w.index());
            }
            outcome = ps.executeUpdate() + " rows";
        } catch (SQLException e) {
            outcome = "error " + Observation.error(e);
        }
        if (!w.viaGate()) {
            try {
                // PostgreSQL, MySQL: other connections' writes reach the filter through the change feed,
                // within the staleness bound; wait for it, as the gate's contract allows. H2: returns at once.
                if (!gate.awaitChangeFeed(Duration.ofSeconds(10))) {
                    throw new IllegalStateException("the change feed did not catch up within 10 s");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        return outcome;
    }

    /** Rebuilds, each on a thread of its own (an H2 rebuild waits for the compared sessions' transactions). */
    private static final ExecutorService REBUILDER = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "fuzz-rebuild");
        t.setDaemon(true);
        return t;
    });

    /**
     * Rebuilds every guard ({@code BloomGate.rebuild()}) on another thread, waiting for it up to 5
     * s; returns what happened by then. A rebuild still waiting goes on in the background (H2's
     * waits for the transactions open before it; closing the gate ends it).
     */
    String rebuild() {
        Future<?> f = REBUILDER.submit(() -> {
            gate.rebuild();
            return null;
        });
        try {
            f.get(5, java.util.concurrent.TimeUnit.SECONDS);
            return "rebuilt";
        } catch (java.util.concurrent.TimeoutException e) {
            return "still rebuilding";
        } catch (ExecutionException e) {
            return "error " + e.getCause();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The gate's connection DDL steps run on, opened at the first. */
    private Connection ddlConnection;

    /**
     * Runs a DDL step through the gate as the tables' owner (see {@link Step.DdlKind}), stopping at
     * the first statement that fails; returns what happened, as {@link #write} does.
     */
    String ddl(Step.Ddl d) throws SQLException {
        KeyType t = type(d.type());
        if (ddlConnection == null) {
            ddlConnection = target.ddlConnection(this);
        }
        String outcome = "ok";
        try {
            for (String statement : target.ddl(d, t)) {
                try (Statement s = ddlConnection.createStatement()) {
                    s.execute(sql(statement));
                }
            }
            if (d.kind() == Step.DdlKind.RECREATE || d.kind() == Step.DdlKind.RECREATE_BARE) {
                Target.fill(ddlConnection, sql("{main}"), t, true, 0, KeyType.PRESENT);
            }
        } catch (SQLException e) {
            outcome = "error " + Observation.error(e);
        }
        // The direct session's driver may hold statements prepared on the table as it was.
        target.sessionMayHaveMoved(directSession);
        try {
            if (!gate.awaitChangeFeed(Duration.ofSeconds(10))) {
                throw new IllegalStateException("the change feed did not catch up within 10 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return outcome;
    }

    private static void closeQuietly(Connection c) {
        if (c == null) {
            return;
        }
        try {
            if (!c.isClosed() && !c.getAutoCommit()) {
                c.rollback();
            }
        } catch (SQLException e) {
            // closing anyway
        }
        try {
            c.close();
        } catch (SQLException e) {
            // nothing to do
        }
    }

    /**
     * Closing a gate on PostgreSQL takes about a second (its change feed stops), which would make
     * shrinking, a replay per candidate, crawl: gates and their tables are closed and dropped in the
     * background, and {@link #awaitClosed} waits for them at the end of a run.
     */
    private static final ExecutorService CLOSER = Executors.newFixedThreadPool(8, r -> {
        Thread t = new Thread(r, "fuzz-env-closer");
        t.setDaemon(true);
        return t;
    });
    private static final List<Future<?>> CLOSING = new ArrayList<>();

    @Override
    public void close() {
        for (Connection c : new Connection[] {gatedSession, directSession, rawWriter, gateWriter, side,
            ddlConnection}) {
            closeQuietly(c);
        }
        Future<?> f = CLOSER.submit(() -> {
            try {
                if (gate != null) {
                    gate.close();
                }
            } finally {
                cleanup.run();
            }
            return null;
        });
        synchronized (CLOSING) {
            CLOSING.add(f);
        }
    }

    /** Waits until every environment closed so far is gone; the first failure to drop one is thrown. */
    static void awaitClosed() throws Exception {
        List<Future<?>> pending;
        synchronized (CLOSING) {
            pending = new ArrayList<>(CLOSING);
            CLOSING.clear();
        }
        Exception first = null;
        for (Future<?> f : pending) {
            try {
                f.get();
            } catch (ExecutionException e) {
                if (first == null && e.getCause() instanceof Exception cause) {
                    first = cause;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
