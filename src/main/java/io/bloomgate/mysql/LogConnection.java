package io.bloomgate.mysql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The MySQL/MariaDB change feed's own connection: borrowed from the feed's data source, checked to
 * reach the guarded server (a replica's log lags behind the primary the application writes to: keys
 * missing from filters that look fresh), set up for polling (autocommit, READ COMMITTED, a network
 * timeout), with the facts the feed reads once per connection. Separate from {@link LogFeed}, which
 * only decides what a new connection means (a restart, a first connection).
 *
 * @param connection      the open connection
 * @param id              its {@code CONNECTION_ID()} (the heartbeat names it, so that it can be told from others)
 * @param lockProbeSuffix the locking read that fails at once on an uncommitted row, in the server's words
 * @param run             the server's run ({@link ServerRun#read}); null: unknown
 */
record LogConnection(Connection connection, long id, String lockProbeSuffix, String run) {

    private static final Logger LOG = LoggerFactory.getLogger(LogConnection.class);
    private static final int NETWORK_TIMEOUT_MILLIS = 30_000;
    private static final int ER_SPECIFIC_ACCESS_DENIED = 1227;

    /**
     * Borrows a connection from {@code dataSource} and sets it up for polling.
     *
     * @param server the server it must reach ({@link #identity}); null: not checked
     */
    static LogConnection open(DataSource dataSource, String server) throws SQLException {
        Connection c = dataSource.getConnection();
        try {
            if (server != null && !server.equals(identity(c))) {
                throw new SQLException("The change feed's data source reaches " + identity(c) + ", not the server the"
                        + " gate guards (" + server + "): give BloomGate.Builder.feedDataSource a data source of the"
                        + " same server (not a replica)", "08001");
            }
            c.setAutoCommit(true);
            c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            c.setNetworkTimeout(Runnable::run, NETWORK_TIMEOUT_MILLIS);
            String version;
            long id;
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT VERSION(), CONNECTION_ID()")) {
                rs.next();
                version = rs.getString(1);
                id = rs.getLong(2);
            }
            String run = ServerRun.read(c);
            // MariaDB: LOCK IN SHARE MODE NOWAIT; MySQL 8: FOR SHARE NOWAIT (its LOCK IN SHARE MODE takes no NOWAIT).
            String probeSuffix = version.contains("MariaDB") ? " LOCK IN SHARE MODE NOWAIT" : " FOR SHARE NOWAIT";
            return new LogConnection(c, id, probeSuffix, run);
        } catch (SQLException | RuntimeException e) {
            close(c);
            throw e;
        }
    }

    /**
     * Whether this connection's user may read {@code information_schema.innodb_trx} (the {@code
     * PROCESS} privilege): the strict way of retiring holes ({@link HoleRetirement}).
     */
    boolean canReadTransactions() throws SQLException {
        try (Statement s = connection.createStatement();
                // Not "WHERE 1 = 0": the server would skip filling the table, and the privilege check with it.
                ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM information_schema.innodb_trx")) {
            return true;
        } catch (SQLException e) {
            if (e.getErrorCode() == ER_SPECIFIC_ACCESS_DENIED) {
                return false;
            }
            throw e;
        }
    }

    /** Which server a connection reaches: host name, port and data directory. */
    static String identity(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT @@hostname, @@port, @@datadir, @@read_only")) {
            rs.next();
            return "server " + rs.getString(1) + ":" + rs.getString(2) + " (" + rs.getString(3) + ")"
                    + (rs.getBoolean(4) ? " (read-only: a replica?)" : "");
        }
    }

    /** Closes {@code c} (null: nothing), logging a failure: the feed is done with it either way. */
    static void close(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException | RuntimeException e) {
                LOG.debug("closing the change feed's connection failed", e);
            }
        }
    }
}
