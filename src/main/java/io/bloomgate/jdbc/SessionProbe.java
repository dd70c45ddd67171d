package io.bloomgate.jdbc;

import io.bloomgate.sql.Dialect;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * What the gate asks a driver about one session, per database family: the isolation level, whether
 * unqualified names resolve as they did when the gate was built, and whether the open transaction
 * can run a statement at all. Answers are read rarely (once per connection, and again after a
 * statement that may have changed them), never per lookup, except {@link #transactionFailed}, which
 * must be a local read.
 */
abstract class SessionProbe {

    /** A session's facts, read together (PostgreSQL: in one round trip) at {@code readAt} ({@link System#nanoTime()}). */
    record Facts(int isolation, boolean resolvesAsBuilt, long readAt) {

        Facts(int isolation, boolean resolvesAsBuilt) {
            this(isolation, resolvesAsBuilt, System.nanoTime());
        }
    }

    static SessionProbe of(GateContext context) {
        return switch (context.dialect) {
            case POSTGRES -> new PostgresSessionProbe(
                    java.util.Arrays.stream(context.guards).map(g -> g.table().schema()).toArray(String[]::new),
                    java.util.Arrays.stream(context.guards).map(g -> g.table().table()).toArray(String[]::new));
            case MYSQL -> new MySqlSessionProbe(context.referenceSqlMode);
            default -> new JdbcSessionProbe(context.dialect == Dialect.H2);
        };
    }

    /**
     * Reads the session's isolation level and whether its unqualified table names resolve to
     * {@code defaultSchema}, as the classifier assumes (docs/architecture.md, "Names").
     *
     * @param guardedTables the guarded tables' unqualified names (catalog case)
     */
    abstract Facts read(Connection connection, String defaultSchema, String[] guardedTables) throws SQLException;

    /**
     * Whether the session's isolation level or schema is no longer what the gate last read, though
     * nothing the gate saw could have moved them: code the statement text does not name (a user
     * function called by a view, a column default, a constraint or a trigger) may run {@code SET
     * SCHEMA} or {@code SET SESSION CHARACTERISTICS} on the session. Called before every lookup, so
     * it must be a local read; false where the driver cannot tell without a round trip.
     *
     * @param isolation       the level the gate last read
     * @param resolvesAsBuilt whether the gate last read unqualified names to resolve to {@code defaultSchema}
     */
    boolean movedUnseen(Connection connection, int isolation, boolean resolvesAsBuilt, String defaultSchema) {
        return false;
    }

    /** What {@link #transaction} returns where the driver cannot tell one transaction from the next. */
    static final Object UNTRACKED = new Object();

    /**
     * The database's own object for the session's open transaction (null: none open), read locally,
     * so that a transaction ended and another begun by code the gate did not see (an H2 function
     * behind a view that commits) is told from the one the gate saw read a table; {@link #UNTRACKED}
     * where the driver cannot tell.
     */
    Object transaction(Connection connection) {
        return UNTRACKED;
    }

    /**
     * Whether the open transaction is aborted, so that the database would refuse any statement (25P02
     * on PostgreSQL): an answer from the filter would hide that error. Must not touch the network.
     */
    boolean transactionFailed(Connection connection) {
        return false;
    }

    /**
     * The exception the driver throws when {@code what} changes in the middle of a transaction, if
     * the session shows none (only answered lookups made it); null where the driver does not refuse.
     */
    SQLException refusalMidTransaction(Connection connection, String what) {
        return null;
    }

    /**
     * Makes the database begin the open transaction if the driver has not begun it yet (only
     * answered lookups ran in it, the first of them on {@code answered}), as that lookup would
     * have. Nothing where transactions have no such state.
     */
    void beginIfIdle(Connection connection, io.bloomgate.sql.GuardedTable answered) throws SQLException {
    }

    /**
     * Leaves the session's diagnostics (row counts, warnings) as a lookup of {@code table} that
     * found nothing would have, after the gate answered such a lookup instead of running it and
     * before a statement that reads them. Nothing where no statement reads them.
     */
    void restoreDiagnostics(Connection connection, io.bloomgate.sql.GuardedTable table) throws SQLException {
    }

    /**
     * Whether the server reported a transaction open in its last reply to this connection, read
     * locally from what the driver keeps of that reply (no round trip); false where the driver does
     * not tell. Only MySQL/MariaDB need it: there, a transaction the gate did not see begin (a
     * procedure's {@code START TRANSACTION}, one the pooled session's previous user left open) has an
     * isolation level and a read view the gate cannot know.
     */
    boolean transactionOpenOnServer(Connection connection) {
        return false;
    }

    /** The session's auto-commit mode, as the server last reported it where the driver keeps that (else the driver's). */
    boolean autoCommit(Connection connection) throws SQLException {
        return connection.getAutoCommit();
    }

    /**
     * The definition of {@code tables} ({schema or null, table}, folded), which a lookup joins to its
     * guarded table, if the session may read every one of them; null if not, or when it cannot tell.
     * Equal definitions describe the same tables with the same columns. The empty string where the
     * database checks nothing per session that the gate's other checks miss.
     */
    String mayRead(Connection connection, String[][] tables) {
        return "";
    }

    /**
     * Makes the driver prepare its statements on the database again before it next runs them, after
     * the session's name resolution may have moved. Nothing where the driver keeps none.
     */
    void forgetPreparedStatements(Connection connection) {
    }

    /** Any database whose driver's {@code getSchema()} is the whole story (H2: a local call; H2's temporary tables are caught by their DDL's text). */
    static final class JdbcSessionProbe extends SessionProbe {

        private final boolean h2;
        /** The embedded H2 session behind the connection, read without a statement; null until asked, or remote. */
        private H2LocalSession local;

        JdbcSessionProbe(boolean h2) {
            this.h2 = h2;
        }

        @Override
        Facts read(Connection connection, String defaultSchema, String[] guardedTables) throws SQLException {
            int isolation = connection.getTransactionIsolation();
            String schema;
            try {
                schema = connection.getSchema();
            } catch (SQLException | AbstractMethodError | UnsupportedOperationException e) {
                schema = null; // a driver that cannot tell: unqualified names are never trusted
            }
            return new Facts(isolation, defaultSchema.equals(schema)
                    && (!h2 || h2Admin(connection) && !namesResolveOtherwise(connection)));
        }

        /** Whether H2 may resolve names otherwise than at build (see {@link H2LocalSession#namesResolveOtherwise}); true if it cannot tell. */
        private boolean namesResolveOtherwise(Connection connection) {
            if (local == null) {
                local = H2LocalSession.of(connection);
            }
            return local == null || local.namesResolveOtherwise();
        }

        @Override
        boolean movedUnseen(Connection connection, int isolation, boolean resolvesAsBuilt, String defaultSchema) {
            if (!h2) {
                return false;
            }
            if (local == null) {
                local = H2LocalSession.of(connection);
            }
            return local != null && local.moved(isolation, resolvesAsBuilt, defaultSchema);
        }

        @Override
        Object transaction(Connection connection) {
            if (!h2) {
                return UNTRACKED;
            }
            if (local == null) {
                local = H2LocalSession.of(connection);
            }
            return local == null ? UNTRACKED : local.transaction();
        }

        /**
         * H2 refuses a statement on a table its user has no right on (90096, "Not enough rights"),
         * whatever the key: an answer from the filter would hide that error. An admin may read every
         * table; any other user's lookups pass through (its rights may come from roles and PUBLIC).
         * One query per session: the facts are cached with it.
         */
        private static boolean h2Admin(Connection connection) {
            try (java.sql.Statement s = connection.createStatement();
                    java.sql.ResultSet rs = s.executeQuery(
                            "SELECT IS_ADMIN FROM INFORMATION_SCHEMA.USERS WHERE USER_NAME = CURRENT_USER")) {
                return rs.next() && rs.getBoolean(1);
            } catch (SQLException e) {
                return false;
            }
        }
    }
}
