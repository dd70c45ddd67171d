package io.bloomgate.h2;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.h2.engine.Database;
import org.h2.engine.Session;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.tx.Transaction;
import org.h2.mvstore.tx.TransactionStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The few places where bloomgate looks inside H2's engine (pinned to H2 2.3): which database a
 * connection belongs to, and which transactions are open. The second has no SQL equivalent:
 * {@code INFORMATION_SCHEMA.SESSIONS} shows uncommitted writes but not read-only snapshots, and
 * both matter (docs/architecture.md section 4: nothing may be missed between trigger and scan, and no key may
 * be dropped while a transaction that could still see its row is open).
 */
final class H2Engine {

    private static final Logger LOG = LoggerFactory.getLogger(H2Engine.class);

    private H2Engine() {
    }

    /** The embedded session behind a connection, or an error saying why bloomgate cannot use it. */
    static SessionLocal session(Connection connection) throws SQLException {
        JdbcConnection jdbc;
        try {
            jdbc = connection.unwrap(JdbcConnection.class);
        } catch (SQLException e) {
            throw new SQLException("bloomgate's H2 sync needs an H2 connection, but "
                    + connection.getClass().getName() + " does not unwrap to org.h2.jdbc.JdbcConnection", e);
        }
        Session session = jdbc.getSession();
        if (!(session instanceof SessionLocal local)) {
            throw new SQLException("bloomgate keeps H2 filters in sync with Java triggers that run in the JVM"
                    + " holding the database, but this connection is to an H2 server (jdbc:h2:tcp:, ssl: or"
                    + " AUTO_SERVER from a second process). Guard the database from the JVM that opens it"
                    + " embedded (jdbc:h2:file:... or jdbc:h2:mem:...).");
        }
        return local;
    }

    static Database database(Connection connection) throws SQLException {
        return session(connection).getDatabase();
    }

    /**
     * What identifies a database across close and reopen inside this JVM: a file database by its
     * path, a named in-memory database by its name. Unnamed private in-memory databases (all named
     * {@code mem:}) are told apart by identity: each lives and dies with its one connection.
     */
    static Object key(Database database) {
        if (database.isPersistent()) {
            return "file:" + database.getDatabasePath();
        }
        String name = database.getName();
        return name == null || name.equals("mem:") ? database : name;
    }

    /** A name for logs and errors. */
    static String describe(Database database) {
        return database.isPersistent() ? database.getDatabasePath() : database.getName();
    }

    /**
     * The transactions open now, except {@code own}'s.
     *
     * @param own the caller's session when it is executing a statement (an H2 function), else null;
     *            its transaction (begun if it had none: it ends with the statement) is not waited for
     */
    static Set<Transaction> openTransactions(Database database, SessionLocal own) {
        TransactionStore store = database.getStore().getTransactionStore();
        Transaction mine = own == null ? null : own.getTransaction();
        Set<Transaction> open = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Transaction t : store.getOpenTransactions()) {
            if (t != mine && t.getStatus() != Transaction.STATUS_CLOSED) {
                open.add(t);
            }
        }
        return open;
    }

    /**
     * Waits until every transaction in {@code transactions} has ended.
     *
     * @param timeoutMillis how long to wait at most; 0: forever (with a warning now and then)
     * @return true if they all ended, false on timeout
     */
    static boolean awaitEnd(Database database, Set<Transaction> transactions, String why, long timeoutMillis)
            throws InterruptedException {
        return awaitEnd(database, transactions, why, timeoutMillis, null);
    }

    /** As {@link #awaitEnd(Database, Set, String, long)}, giving up early (false) once {@code stop} says so. */
    static boolean awaitEnd(Database database, Set<Transaction> transactions, String why, long timeoutMillis,
            java.util.function.BooleanSupplier stop) throws InterruptedException {
        if (transactions.isEmpty()) {
            return true;
        }
        TransactionStore store = database.getStore().getTransactionStore();
        long start = System.nanoTime();
        long nextWarning = start + TimeUnit.SECONDS.toNanos(10);
        long sleepMicros = 50;
        while (true) {
            List<Transaction> still = stillOpen(store, transactions);
            if (still.isEmpty()) {
                return true;
            }
            if (stop != null && stop.getAsBoolean()) {
                return false;
            }
            long now = System.nanoTime();
            if (timeoutMillis > 0 && now - start > TimeUnit.MILLISECONDS.toNanos(timeoutMillis)) {
                return false;
            }
            if (now > nextWarning) {
                LOG.warn("{}: still waiting for {} transaction(s) on {} that began earlier to commit or roll back"
                        + " (INFORMATION_SCHEMA.SESSIONS shows the sessions)", why, still.size(), describe(database));
                nextWarning = now + TimeUnit.SECONDS.toNanos(30);
            }
            TimeUnit.MICROSECONDS.sleep(sleepMicros);
            sleepMicros = Math.min(sleepMicros * 2, 20_000);
        }
    }

    private static List<Transaction> stillOpen(TransactionStore store, Set<Transaction> transactions) {
        Set<Transaction> open = Collections.newSetFromMap(new IdentityHashMap<>());
        open.addAll(store.getOpenTransactions());
        List<Transaction> still = new ArrayList<>();
        for (Transaction t : transactions) {
            if (open.contains(t) && t.getStatus() != Transaction.STATUS_CLOSED) {
                still.add(t);
            }
        }
        return still;
    }
}
