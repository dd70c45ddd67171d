package io.bloomgate.jdbc;

import java.lang.reflect.Field;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PostgreSQL's session facts in one round trip: the transaction isolation, the schema unqualified
 * names resolve to first ({@code current_schema()}, which follows {@code search_path}, {@code
 * "$user"} after {@code SET ROLE} and anything else that moves it), and whether a temporary table
 * shadows a guarded name ({@code pg_temp} is searched before the path). A schema created (or
 * granted) later ahead of the build's schema in {@code search_path} — the default {@code "$user"}
 * — moves {@code current_schema()}; the facts are read again once a second old ({@code
 * SessionState.FACTS_TTL_NANOS}), so that is seen within a second, like other DDL around the gate.
 * Loaded only when pgjdbc is the driver.
 */
final class PostgresSessionProbe extends SessionProbe {

    private static final Logger LOG = LoggerFactory.getLogger(PostgresSessionProbe.class);

    private static final String QUERY = "SELECT pg_catalog.current_setting('transaction_isolation'),"
            + " pg_catalog.current_schema(),"
            // pg_catalog too: searched first unless the path names it later, and then a guarded table
            // named like a catalog relation (public.pg_tables) is not what its unqualified name reads.
            + " EXISTS (SELECT 1 FROM pg_catalog.pg_class c WHERE c.relnamespace IN (pg_catalog.pg_my_temp_schema(),"
            + " 'pg_catalog'::pg_catalog.regnamespace) AND c.relname = ANY (?)),"
            + " (SELECT pg_catalog.count(*) = pg_catalog.cardinality(?::text[])"
            + " AND pg_catalog.bool_and(pg_catalog.has_schema_privilege(n.oid, 'USAGE')"
            + " AND pg_catalog.has_table_privilege(c.oid, 'SELECT'))"
            + " FROM ROWS FROM (pg_catalog.unnest(?::text[]), pg_catalog.unnest(?::text[])) AS g(s, t)"
            + " JOIN pg_catalog.pg_namespace n ON n.nspname = g.s"
            + " JOIN pg_catalog.pg_class c ON c.relnamespace = n.oid AND c.relname = g.t)";

    /**
     * Whether the role may read each table a lookup joins, as PostgreSQL's parser and executor check
     * before any row is read (42501 otherwise, whatever the key), and what those tables are: an
     * unqualified name is the first relation of that name in the session's effective search path
     * ({@code current_schemas(true)}: pg_temp and pg_catalog included, only schemas the role may
     * use), a qualified one needs {@code USAGE} on its schema. Only plain and partitioned tables
     * without row-level security count: a view reads its base tables with other rights ({@code
     * security_invoker} ones with the role's), and a policy on a joined table may raise on rows
     * PostgreSQL reads when it joins in another order. The second column is the tables' definition
     * (oid, then each column's name, type, modifier and collation): an answer's copied metadata
     * describes the tables as they were when it was copied.
     */
    private static final String JOINED_QUERY = "SELECT pg_catalog.bool_and(r.ok IS TRUE),"
            + " pg_catalog.string_agg(COALESCE(r.def, '?'), ';' ORDER BY g.i)"
            + " FROM ROWS FROM (pg_catalog.unnest(?::text[]), pg_catalog.unnest(?::text[])) WITH ORDINALITY AS g(s, t, i)"
            + " LEFT JOIN LATERAL (SELECT c.relkind IN ('r', 'p') AND NOT c.relrowsecurity"
            + " AND pg_catalog.has_table_privilege(c.oid, 'SELECT') AS ok,"
            + " c.oid::text || ':' || COALESCE((SELECT pg_catalog.string_agg(a.attname || ' ' || a.atttypid || ' '"
            + " || a.atttypmod || ' ' || a.attcollation, ',' ORDER BY a.attnum) FROM pg_catalog.pg_attribute a"
            + " WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped), '') AS def"
            + " FROM pg_catalog.unnest(CASE WHEN g.s IS NULL THEN pg_catalog.current_schemas(true)"
            + " ELSE ARRAY[g.s::name] END) WITH ORDINALITY AS p(n, i)"
            + " JOIN pg_catalog.pg_namespace ns ON ns.nspname = p.n"
            + " JOIN pg_catalog.pg_class c ON c.relnamespace = ns.oid AND c.relname = g.t"
            + " WHERE pg_catalog.has_schema_privilege(ns.oid, 'USAGE') ORDER BY p.i LIMIT 1) r ON true";

    /** {@link #mayRead}'s answers per joined-table list (a plan's own array), until the session is read again. */
    private final java.util.Map<String[][], JoinedRights> joinedRights = new java.util.IdentityHashMap<>();

    /** @param definition the joined tables' definition if the role may read them all, else null */
    private record JoinedRights(String definition, long readAt) {
    }

    /** The guarded tables' schemas and names, pairwise (catalog case): see {@link #read}. */
    private final String[] schemas;
    private final String[] tables;

    private BaseConnection pg;
    private boolean unwrapped;

    /** A probe that knows no guarded table: its {@link #read} never finds the session as built. */
    PostgresSessionProbe() {
        this(new String[0], new String[0]);
    }

    PostgresSessionProbe(String[] schemas, String[] tables) {
        this.schemas = schemas;
        this.tables = tables;
    }

    /**
     * Besides isolation and name resolution, whether the session's role may read every guarded
     * table: the same session check every lookup passes. A role without the {@code SELECT}
     * privilege on the table (or {@code USAGE} on its schema) gets 42501 from the server for any
     * lookup, absent key or not, so an answer from the filter would hide that error: after {@code
     * SET ROLE}, or for a connection of another user ({@code getConnection(user, password)}, the
     * {@code jdbc:bloomgate:} driver's per-connection properties). Table-level privilege only: a
     * role granted some columns passes through. A privilege revoked while the session lives is
     * not seen until the session is read again: at most a second later ({@code
     * SessionState.FACTS_TTL_NANOS}).
     */
    @Override
    Facts read(Connection connection, String defaultSchema, String[] guardedTables) throws SQLException {
        joinedRights.clear(); // the role or the search path may have moved: the joined tables' rights too
        try (PreparedStatement ps = connection.prepareStatement(QUERY)) {
            ps.setArray(1, connection.createArrayOf("text", guardedTables));
            Array tableArray = connection.createArrayOf("text", tables);
            ps.setArray(2, tableArray);
            ps.setArray(3, connection.createArrayOf("text", schemas));
            ps.setArray(4, tableArray);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                int isolation = isolation(rs.getString(1));
                boolean same = defaultSchema.equals(rs.getString(2)) && !rs.getBoolean(3)
                        && rs.getBoolean(4); // NULL (a table not found) reads false: pass through
                return new Facts(isolation, same);
            }
        }
    }

    /**
     * See {@link #JOINED_QUERY}. Read again once a second old, as the session's other facts
     * ({@code SessionState.FACTS_TTL_NANOS}), so that a {@code REVOKE} by another session is seen
     * within a second. A read inside a transaction (Hibernate's eager loads run in one) may begin it
     * and take its snapshot, as the lookup that asks would have at the same moment; at REPEATABLE
     * READ that lookup passes through anyway (its table was not read in the snapshot yet).
     */
    @Override
    String mayRead(Connection connection, String[][] tables) {
        transactionFailed(connection); // unwraps
        JoinedRights known = joinedRights.get(tables);
        if (known != null && System.nanoTime() - known.readAt() <= SessionState.FACTS_TTL_NANOS) {
            return known.definition();
        }
        if (pg == null || pg.getTransactionState() == TransactionState.FAILED) {
            return null;
        }
        String[] schemas = new String[tables.length];
        String[] names = new String[tables.length];
        for (int i = 0; i < tables.length; i++) {
            schemas[i] = tables[i][0];
            names[i] = tables[i][1];
        }
        String definition;
        try (PreparedStatement ps = connection.prepareStatement(JOINED_QUERY)) {
            ps.setArray(1, connection.createArrayOf("text", schemas));
            ps.setArray(2, connection.createArrayOf("text", names));
            try (ResultSet rs = ps.executeQuery()) {
                definition = rs.next() && rs.getBoolean(1) ? rs.getString(2) : null;
            }
        } catch (SQLException e) {
            LOG.debug("Could not read the rights on joined tables: the lookup passes through", e);
            return null;
        }
        joinedRights.put(tables, new JoinedRights(definition, System.nanoTime()));
        return definition;
    }

    private static int isolation(String level) {
        switch (level == null ? "" : level) {
            case "read committed":
                return Connection.TRANSACTION_READ_COMMITTED;
            case "read uncommitted":
                return Connection.TRANSACTION_READ_UNCOMMITTED;
            case "repeatable read":
                return Connection.TRANSACTION_REPEATABLE_READ;
            default:
                return Connection.TRANSACTION_SERIALIZABLE; // serializable, or unknown: answer nothing
        }
    }

    @Override
    void beginIfIdle(Connection connection, io.bloomgate.sql.GuardedTable answered) throws SQLException {
        transactionFailed(connection); // unwraps
        if (pg != null && pg.getTransactionState() == TransactionState.IDLE && !connection.getAutoCommit()) {
            try (java.sql.Statement s = connection.createStatement()) {
                s.execute("SELECT 1"); // pgjdbc sends BEGIN before it, as before the lookups it answered
            }
        }
    }

    @Override
    SQLException refusalMidTransaction(Connection connection, String what) {
        transactionFailed(connection); // unwraps
        if (pg != null && pg.getTransactionState() != TransactionState.IDLE) {
            return null; // the driver sees the transaction and refuses by itself
        }
        return new org.postgresql.util.PSQLException("Cannot change transaction " + what
                + " in the middle of a transaction.", org.postgresql.util.PSQLState.ACTIVE_SQL_TRANSACTION);
    }

    /**
     * pgjdbc server-prepares a SQL text on a connection once it has run it {@code prepareThreshold}
     * times there, and PostgreSQL refuses such a statement when another search path would give it
     * other result columns: pgjdbc re-prepares it in autocommit, but in a transaction the error
     * (0A000, "cached plan must not change result type") reaches the application. The gate's answers
     * never reach pgjdbc, so on the gate's connection a lookup's text is prepared later than the
     * application's executions would have prepared it, possibly under another search path than the
     * one a direct connection would have (re-)prepared it under: after {@code set_config('search_path',
     * ...)} or {@code SET ROLE} and back, the gate's connection could raise 0A000 where a direct one
     * returns rows. pgjdbc forgets its prepared statements by itself after {@code SET search_path}
     * (it bumps the executor's deallocation epoch); it cannot see the other ways the search path
     * moves, which the gate sees: the gate bumps the same epoch then. The field is private: a pgjdbc
     * without it keeps its statements (as before).
     */
    @Override
    void forgetPreparedStatements(Connection connection) {
        transactionFailed(connection); // unwraps
        if (pg == null || DEALLOCATE_EPOCH == null) {
            return;
        }
        Object executor = pg.getQueryExecutor();
        if (!DEALLOCATE_EPOCH.getDeclaringClass().isInstance(executor)) {
            return;
        }
        try {
            DEALLOCATE_EPOCH.setShort(executor, (short) (DEALLOCATE_EPOCH.getShort(executor) + 1));
        } catch (IllegalAccessException | RuntimeException e) {
            LOG.debug("Could not make pgjdbc forget its prepared statements", e);
        }
    }

    /** pgjdbc's executor's deallocation epoch (see {@link #forgetPreparedStatements}), or null if absent. */
    private static final Field DEALLOCATE_EPOCH = deallocateEpoch();

    private static Field deallocateEpoch() {
        try {
            Field f = Class.forName("org.postgresql.core.v3.QueryExecutorImpl").getDeclaredField("deallocateEpoch");
            if (f.getType() != short.class) {
                return null;
            }
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            LOG.debug("pgjdbc has no accessible deallocateEpoch: prepared statements are kept after a session move", e);
            return null;
        }
    }

    @Override
    boolean transactionFailed(Connection connection) {
        if (!unwrapped) {
            unwrapped = true;
            try {
                pg = connection.unwrap(BaseConnection.class);
            } catch (SQLException | RuntimeException e) {
                pg = null;
            }
        }
        // Unknown (a wrapper that hides pgjdbc): assume it could be aborted, so nothing is answered.
        return pg == null || pg.getTransactionState() == TransactionState.FAILED;
    }
}
