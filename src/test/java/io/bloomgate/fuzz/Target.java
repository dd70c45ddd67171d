package io.bloomgate.fuzz;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;

/** A database the fuzzer runs against: its key types, how it spells things, how to set up an episode. */
public abstract class Target implements SqlStyle {

    /** H2, in memory: a database per episode. */
    public static Target h2() {
        return H2Target.INSTANCE;
    }

    /** H2 in files (under the temporary directory): a database per episode, deleted after it. */
    public static Target h2File() {
        return H2Target.FILE;
    }

    /** PostgreSQL, the server the other PostgreSQL tests use: schemas per episode. */
    public static Target postgres() {
        return PostgresTarget.instance();
    }

    /** MariaDB (MySQL's dialect), the server of {@code BLOOMGATE_MYSQL_URL}, as a user with {@code PROCESS}. */
    public static Target mariadb() {
        return MariaDbTarget.instance(true);
    }

    /** {@link #mariadb()} as a user without {@code PROCESS}: the change feed in grace-period mode. */
    public static Target mariadbWithoutProcess() {
        return MariaDbTarget.instance(false);
    }

    abstract String name();

    /** The SQL that makes a session wait at most {@code millis} for a lock. */
    String lockTimeoutSql(int millis) {
        return isPostgres() ? "SET lock_timeout = '" + millis + "ms'" : "SET LOCK_TIMEOUT " + millis;
    }

    abstract List<KeyType> keyTypes();

    KeyType keyType(String name) {
        for (KeyType t : keyTypes()) {
            if (t.name().equals(name)) {
                return t;
            }
        }
        throw new IllegalArgumentException("no key type " + name + " on " + name());
    }

    /** Creates an episode's tables (of {@code types}) and gate, and opens its connections. */
    abstract Env open(List<KeyType> types) throws Exception;

    /** Statements and calls that change (or restore) the schema unqualified names resolve in. */
    abstract List<Step> schemaSwitches();

    /** SQL text that starts or ends transactions or sets isolation levels. */
    abstract List<String> transactionSql();

    /** Sets up a compared session (both are set up alike) once it is opened. */
    void configureSession(Connection c) throws SQLException {
    }

    /**
     * The direct session ran a step other than a query (SQL that may move the search path or role, a
     * commit or rollback that may undo such a move, setSchema): its driver forgets what it cached
     * under the old name resolution, as the gate makes its own connection's driver do.
     */
    void sessionMayHaveMoved(Connection direct) throws SQLException {
    }

    /**
     * Whether {@code c} may be inside a transaction, so that row locks it takes are held after the
     * statement. Here: autocommit is off (H2's BEGIN and SET AUTOCOMMIT FALSE switch it off too).
     */
    boolean mayBeInTransaction(Connection c) throws SQLException {
        return !c.getAutoCommit();
    }

    // ------------------------------------------------------------------ shared set-up

    /** Value of v in row {@code i}: small ints, NULL in some rows. */
    static Integer v(long i) {
        return i % 11 == 3 ? null : (int) (i % 9);
    }

    /** Value of s in row {@code i}. */
    static String s(long i) {
        return i % 13 == 4 ? null : "s" + (i % 6);
    }

    static String tableName(KeyType t) {
        return t.quoted() ? "\"" + t.table() + "\"" : t.table();
    }

    /**
     * Creates {@code schema.table} for {@code t} and fills it with rows {@code [from, to)}; other
     * schemas get a wider v and s so that their results' metadata differ from the main table's.
     */
    static void createTable(DataSource ds, String schema, KeyType t, boolean main, long from, long to)
            throws SQLException {
        try (Connection c = ds.getConnection()) {
            try (Statement s = c.createStatement()) {
                s.execute(createTableSql(schema, t, main));
            }
            fill(c, schema, t, main, from, to);
        }
    }

    static String createTableSql(String schema, KeyType t, boolean main) {
        // u last: the columns k, v, s keep the positions the cases of FuzzFoundTest were found with.
        return "CREATE TABLE " + schema + "." + tableName(t) + " (k " + t.ddl() + " PRIMARY KEY, v "
                + (main ? "INT" : "BIGINT") + ", s VARCHAR(" + (main ? 20 : 30) + "), u " + t.unique().ddl()
                + " UNIQUE)";
    }

    /** Inserts rows {@code [from, to)} into {@code schema.table} on {@code c}, their keys bound as parameters. */
    static void fill(Connection c, String schema, KeyType t, boolean main, long from, long to) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + schema + "." + tableName(t)
                + " VALUES (?, ?, ?, ?)")) {
            for (long i = from; i < to; i++) {
                Binding.natural(t.keyOf(i)).apply(ps, 1);
                Integer v = main ? v(i) : Integer.valueOf(100 + (int) (i % 9));
                if (v == null) {
                    ps.setNull(2, Types.INTEGER);
                } else {
                    ps.setInt(2, v);
                }
                ps.setString(3, main ? s(i) : "other-" + (i % 6));
                bindUnique(ps, 4, t, i);
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    /** Binds u of row {@code index} (NULL in some rows), as the application would. */
    static void bindUnique(PreparedStatement ps, int at, KeyType t, long index) throws SQLException {
        KeyType u = t.unique();
        Object value = u.keyOf(index);
        if (value == null) {
            ps.setNull(at, u.jdbcType());
        } else {
            Binding.natural(value).apply(ps, at);
        }
    }

    /** The guarded columns of every fuzz table: the primary key k and the nullable UNIQUE u. */
    static final List<String> GUARDED = List.of("k", "u");

    // ------------------------------------------------------------------ DDL on guarded tables

    /**
     * A connection through the gate that may run DDL on the guarded tables (their owner's), in
     * autocommit, failing rather than waiting long for a compared session's lock.
     */
    Connection ddlConnection(Env env) throws SQLException {
        Connection c = env.gate.dataSource().getConnection();
        try (Statement s = c.createStatement()) {
            s.execute(lockTimeoutSql(1000));
        }
        return c;
    }

    /** The key column's types an ALTER_KEY step may choose: its own and the ones lookups cast to. */
    List<String> alterTypes(KeyType t) {
        List<String> types = new java.util.ArrayList<>();
        types.add(t.ddl());
        types.addAll(t.casts());
        return types;
    }

    /** The name a RENAME_AWAY step gives the table of {@code t}. */
    static String awayName(KeyType t) {
        return t.quoted() ? "\"" + t.table() + "_away\"" : t.table() + "_away";
    }

    /**
     * The statements of a DDL step before its fill (RECREATE fills the table through the gate
     * afterwards), with the placeholders {@code {main}} and {@code {alt}}.
     */
    List<String> ddl(Step.Ddl d, KeyType t) {
        String table = "{main}." + tableName(t);
        return switch (d.kind()) {
            case RECREATE, RECREATE_BARE -> List.of("DROP TABLE " + table, createTableSql("{main}", t, true));
            case RECREATE_FROM_ALT -> List.of("DROP TABLE " + table, createTableSql("{main}", t, true),
                    "INSERT INTO " + table + " (k, v, s, u) SELECT k, v, s, u FROM {alt}." + tableName(t));
            case RENAME_AWAY -> List.of("ALTER TABLE " + table + " RENAME TO " + awayName(t));
            case RENAME_BACK -> List.of("ALTER TABLE {main}." + awayName(t) + " RENAME TO " + tableName(t));
            case TRUNCATE -> List.of("TRUNCATE TABLE " + table);
            case ALTER_KEY -> List.of(alterKey(table, d.arg()));
        };
    }

    /** ALTER TABLE {@code table} changing the key column k to {@code type}. */
    abstract String alterKey(String table, String type);

    static void run(DataSource ds, String... statements) throws SQLException {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }

    @Override
    public String literal(Object value) {
        if (value == null) {
            return "NULL";
        }
        if (value instanceof BigDecimal d) {
            return d.toPlainString();
        }
        if (value instanceof Number) {
            return value.toString();
        }
        if (value instanceof byte[] b) {
            return isPostgres() ? "'\\x" + HexFormat.of().formatHex(b) + "'" : "X'" + HexFormat.of().formatHex(b) + "'";
        }
        if (value instanceof UUID u) {
            return SqlStyle.quote(u.toString());
        }
        if (value instanceof Boolean b) {
            return b ? "TRUE" : "FALSE";
        }
        return SqlStyle.quote(value.toString());
    }

    @Override
    public String toString() {
        return name();
    }
}
