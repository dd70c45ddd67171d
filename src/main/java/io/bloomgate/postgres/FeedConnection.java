package io.bloomgate.postgres;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The change feed's own connection, borrowed from the application's data source (or the one given
 * to {@code BloomGate.Builder.feedDataSource}): how it is set up for polling, handed back as it was
 * lent, and discarded when it failed.
 */
final class FeedConnection {

    private static final Logger LOG = LoggerFactory.getLogger(FeedConnection.class);
    /** The feed's connection shows as this in {@code pg_stat_activity}. */
    static final String APPLICATION_NAME = "bloomgate change feed";
    /**
     * The feed connection's session settings, set when it is opened and reset when it is handed
     * back. Its only queries are the reads and {@code pg_current_snapshot()}.
     * <ul>
     * <li>The read's plan does not depend on its parameters (index scans from the position on), but
     *     a custom plan looks far cheaper to the planner than the generic one, so it would plan
     *     again on every poll: most of a poll's server time. Hence generic plans.
     * <li>A generic plan made while the log was small (or its statistics said so) would scan the
     *     whole log on every poll as it grows: no sequential scans.
     * <li>A generic plan estimates that a third of the log lies past the position, so once the log
     *     holds a few hundred thousand rows (a busy table between two snapshots) its cost passes
     *     {@code jit_above_cost} and every poll, reading a handful of rows, would first compile
     *     the plan to machine code: ~11 ms of server CPU a poll, measured at 55-64% of a core for
     *     the feed's backend, halving the writers' throughput on a 2-vCPU server. No JIT.
     * </ul>
     */
    static final List<String> SESSION_SETTINGS = List.of(
            "plan_cache_mode = force_generic_plan", "enable_seqscan = off", "jit = off");
    private static final int NETWORK_TIMEOUT_MILLIS = 30_000;

    private FeedConnection() {
    }

    /** Borrows a connection and sets it up for polling (autocommit, network timeout, settings). */
    static Connection open(DataSource dataSource) throws SQLException {
        return open(dataSource, null);
    }

    /**
     * As {@link #open(DataSource)}, and when {@code database} is not null, checks that the connection
     * reaches that database ({@link #identity}) on a primary: a feed reading another database's log,
     * or a standby's (which lags behind the primary the application writes to), would leave keys out
     * of the filters while looking fresh — wrong answers.
     */
    static Connection open(DataSource dataSource, String database) throws SQLException {
        Connection c = dataSource.getConnection();
        try {
            if (database != null) {
                String reached = identity(c);
                if (!database.equals(reached)) {
                    throw new SQLException("The change feed's data source reaches " + reached + ", not the database the"
                            + " gate guards (" + database + "): give BloomGate.Builder.feedDataSource a data source of"
                            + " the same database, on the primary server (not a standby)", "08001");
                }
            }
            c.setAutoCommit(true);
            c.setNetworkTimeout(Runnable::run, NETWORK_TIMEOUT_MILLIS); // a silent network fails the read instead of hanging it
            try (Statement s = c.createStatement()) {
                s.execute("SET application_name = '" + APPLICATION_NAME + "'"); // for pg_stat_activity readers
                for (String setting : SESSION_SETTINGS) {
                    s.execute("SET " + setting);
                }
            }
            return c;
        } catch (SQLException | RuntimeException e) {
            closeQuietly(c);
            throw e;
        }
    }

    /**
     * Which database a connection reaches: its name and the cluster's system identifier, or a note
     * that it is a standby (in recovery), which the feed must not read.
     */
    static String identity(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                java.sql.ResultSet rs = s.executeQuery("SELECT current_database(), (SELECT system_identifier FROM"
                        + " pg_control_system()), pg_is_in_recovery()")) {
            rs.next();
            return "database " + rs.getString(1) + " of cluster " + rs.getString(2)
                    + (rs.getBoolean(3) ? " (a standby, in recovery)" : "");
        }
    }

    /** Hands a pooled connection back as it was lent: its own application name and settings. */
    static void release(Connection c) {
        if (c != null) {
            try (Statement s = c.createStatement()) {
                s.execute("RESET application_name");
                for (String setting : SESSION_SETTINGS) {
                    s.execute("RESET " + setting.substring(0, setting.indexOf(' ')));
                }
            } catch (SQLException | RuntimeException e) {
                LOG.debug("resetting the change feed's connection failed", e);
            }
            closeQuietly(c);
        }
    }

    /**
     * Closes a connection that failed. If it is dead, a statement through the pool's proxy lets the
     * pool see that first, so that it does not lend the dead connection out again (to the feed's
     * next attempt, which would then fail too).
     */
    static void discard(Connection c) {
        if (c == null) {
            return;
        }
        try {
            if (!c.isValid(1)) {
                try (Statement s = c.createStatement()) {
                    s.execute("SELECT 1");
                }
            }
        } catch (SQLException | RuntimeException e) {
            LOG.debug("the change feed's failed connection is dead: {}", e.toString());
        }
        closeQuietly(c);
    }

    static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException | RuntimeException e) {
                LOG.debug("closing the change feed's connection failed", e);
            }
        }
    }
}
