package io.bloomgate.fuzz;

import io.bloomgate.BloomGate;
import io.bloomgate.MySqlServer;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.mariadb.jdbc.MariaDbDataSource;

/**
 * MySQL/MariaDB (the server of {@code BLOOMGATE_MYSQL_URL}): every episode two databases of its
 * own, {@code bloomgate_fz<n>} (guarded tables, the sessions' database) and {@code
 * bloomgate_fz<n>_alt}, both created with {@code utf8mb4_bin} as their default collation (the gate
 * refuses the server's case-insensitive default), so that {@code s} and the second key {@code u}
 * compare exactly. Schema switches are {@code USE} and {@code SET sql_mode} (which changes what
 * {@code "..."}, {@code ||} and backslashes mean).
 *
 * <p>Two users: {@code bloomgate} holds {@code PROCESS} (the change feed retires holes in strict
 * mode), {@code bloomgate_noproc} does not (grace-period mode); {@code .ci/mariadb.sh} creates both.
 * Writes from other connections reach the gate through its change feed only: the environment waits
 * for it ({@code awaitChangeFeed}) after each, as on PostgreSQL.
 */
final class MariaDbTarget extends Target {

    private static MariaDbTarget withProcess;
    private static MariaDbTarget withoutProcess;

    /** The user's name; null: the URL's own ({@code bloomgate}, with PROCESS). */
    private final String user;

    private static final BigInteger HIGH = BigInteger.ONE.shiftLeft(63);

    private static final List<String> TEXT_CASTS = List.of("CHAR", "CHAR(6)", "CHAR(12)", "CHAR(40)", "BINARY",
            "VARCHAR(40)", "CHAR CHARACTER SET latin1");
    private static final String NOPAD = "VARCHAR(40) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin";
    private static final List<KeyType> TYPES = List.of(
            new KeyType("int", "t_int", false, "INT", Types.INTEGER, i -> (int) (i * 3 - 150),
                    List.of("SIGNED", "UNSIGNED", "DECIMAL(5,1)", "CHAR", "INT")),
            new KeyType("bigint", "t_bigint", false, "BIGINT", Types.BIGINT, i -> i * 3_000_000_011L - 7,
                    List.of("SIGNED", "UNSIGNED", "DECIMAL(30,2)", "CHAR", "DOUBLE")),
            // Half of the keys above 2^63 - 1: what a signed 64-bit reading would make negative.
            new KeyType("bigint unsigned", "t_ubigint", false, "BIGINT UNSIGNED", Types.BIGINT,
                    i -> i % 2 == 0 ? BigInteger.valueOf(i * 3) : HIGH.add(BigInteger.valueOf(i * 3)),
                    List.of("UNSIGNED", "SIGNED", "DECIMAL(25,0)", "CHAR")),
            new KeyType("varchar bin", "t_varchar", false, "VARCHAR(40)", Types.VARCHAR, H2Target::text, TEXT_CASTS),
            new KeyType("varchar nopad", "t_nopad", false, NOPAD, Types.VARCHAR, H2Target::text, TEXT_CASTS),
            new KeyType("char bin", "t_char", false, "CHAR(12)", Types.CHAR, i -> "C" + i * 3,
                    List.of("CHAR(12)", "CHAR(3)", "CHAR", "BINARY(12)", "BINARY")),
            new KeyType("varbinary", "t_varbinary", false, "VARBINARY(16)", Types.VARBINARY, H2Target::bytes,
                    List.of("BINARY(4)", "BINARY", "CHAR", "VARBINARY(16)")),
            // Mixed case, unquoted: table names are exact on MySQL (lower_case_table_names = 0).
            new KeyType("mixed", "Mixed_Keys", false, "VARCHAR(40)", Types.VARCHAR, i -> "mixed-" + i * 3,
                    List.of("CHAR(12)", "CHAR(3)", "BINARY")));

    private MariaDbTarget(String user) {
        this.user = user;
    }

    /** {@code process}: as {@code bloomgate} (strict hole mode); else as {@code bloomgate_noproc}. */
    static synchronized MariaDbTarget instance(boolean process) {
        if (process) {
            if (withProcess == null) {
                withProcess = new MariaDbTarget(null);
            }
            return withProcess;
        }
        if (withoutProcess == null) {
            withoutProcess = new MariaDbTarget("bloomgate_noproc");
        }
        return withoutProcess;
    }

    @Override
    String name() {
        return user == null ? "MariaDB" : "MariaDB without PROCESS";
    }

    /** How a printed case names this target. */
    String java() {
        return user == null ? "mariadb()" : "mariadbWithoutProcess()";
    }

    @Override
    public boolean isPostgres() {
        return false;
    }

    @Override
    public boolean isMySql() {
        return true;
    }

    @Override
    public String fold(String identifier) {
        return identifier; // table names exact, column names case-insensitive: the catalog's spelling works
    }

    @Override
    public String quoteIdentifier(String name) {
        return "`" + name + "`";
    }

    @Override
    List<KeyType> keyTypes() {
        return TYPES;
    }

    private MariaDbDataSource dataSource(String database) throws SQLException {
        // A session waiting for the other's row lock (a shrunk case may hold one) fails after 3 s.
        MariaDbDataSource ds = MySqlServer.forDatabase(database,
                "sessionVariables=innodb_lock_wait_timeout=3,lock_wait_timeout=10");
        if (user != null) {
            ds.setUser(user);
            ds.setPassword(user);
        }
        return ds;
    }

    @Override
    Env open(List<KeyType> types) throws Exception {
        String main = "bloomgate_fz" + Long.toHexString(System.nanoTime());
        String alt = main + "_alt";
        MariaDbDataSource server = MySqlServer.dataSource();
        run(server, "CREATE DATABASE " + main + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin",
                "CREATE DATABASE " + alt + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
        Env.Cleanup cleanup = () -> run(server, "DROP DATABASE IF EXISTS " + main, "DROP DATABASE IF EXISTS " + alt);
        try {
            MariaDbDataSource app = dataSource(main);
            for (KeyType t : types) {
                createTable(app, main, t, true, 0, KeyType.PRESENT);
                createTable(app, alt, t, false, KeyType.ALT, KeyType.ALT_END);
            }
            BloomGate.Builder builder = BloomGate.builder(app);
            for (KeyType t : types) {
                for (String column : GUARDED) {
                    builder.guard(Env.guardName(t), column);
                }
            }
            BloomGate gate = builder.build();
            return new Env(this, types, gate, app, Map.of("{main}", main, "{alt}", alt), cleanup);
        } catch (Exception e) {
            cleanup.run();
            throw e;
        }
    }

    /**
     * READ COMMITTED, as the README asks of transactional clients (the server's default, REPEATABLE
     * READ, makes the gate pass every lookup in a transaction through); the steps switch to other
     * levels too.
     */
    @Override
    void configureSession(Connection c) throws SQLException {
        c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
    }

    @Override
    String lockTimeoutSql(int millis) {
        return "SET innodb_lock_wait_timeout = " + Math.max(1, millis / 1000) + ", lock_wait_timeout = "
                + Math.max(1, millis / 1000);
    }

    /** The retypes: within the key's family, and text to a case-insensitive collation (the guard must stop). */
    @Override
    List<String> alterTypes(KeyType t) {
        return switch (t.name()) {
            case "int" -> List.of("INT", "BIGINT", "DECIMAL(12,0)", "INT UNSIGNED");
            case "bigint" -> List.of("BIGINT", "DECIMAL(25,0)");
            case "bigint unsigned" -> List.of("BIGINT UNSIGNED", "DECIMAL(25,0)");
            case "varbinary" -> List.of("VARBINARY(16)", "VARBINARY(20)");
            case "char bin" -> List.of("CHAR(12)", "VARCHAR(12)", "CHAR(12) COLLATE utf8mb4_general_ci");
            default -> List.of("VARCHAR(40)", "VARCHAR(50)", NOPAD, "CHAR(40)",
                    "VARCHAR(40) COLLATE utf8mb4_general_ci");
        };
    }

    @Override
    String alterKey(String table, String type) {
        return "ALTER TABLE " + table + " MODIFY k " + type;
    }

    /** Also a transaction SQL text began (START TRANSACTION, BEGIN, SET autocommit = 0): the server says. */
    @Override
    boolean mayBeInTransaction(Connection c) throws SQLException {
        return !c.getAutoCommit()
                || (c.unwrap(org.mariadb.jdbc.Connection.class).getContext().getServerStatus() & 1) != 0;
    }

    @Override
    List<Step> schemaSwitches() {
        List<Step> steps = new ArrayList<>();
        for (String sql : List.of("USE {alt}", "USE {main}", "USE `{alt}`", "USE {main}",
                "SET sql_mode = 'ANSI_QUOTES'", "SET sql_mode = CONCAT(@@sql_mode, ',PIPES_AS_CONCAT')",
                "SET SESSION sql_mode = 'NO_BACKSLASH_ESCAPES'", "SET @@sql_mode = 'ANSI'", "SET sql_mode = DEFAULT",
                "SET sql_mode = 'STRICT_TRANS_TABLES'", "SET collation_connection = utf8mb4_general_ci",
                "SET collation_connection = DEFAULT")) {
            steps.add(new Step.Session(sql));
        }
        steps.add(new Step.SetSchema("{alt}"));
        steps.add(new Step.SetSchema("{main}"));
        return steps;
    }

    @Override
    List<String> transactionSql() {
        return List.of("START TRANSACTION", "BEGIN", "BEGIN WORK", "START TRANSACTION WITH CONSISTENT SNAPSHOT",
                "START TRANSACTION READ ONLY", "COMMIT", "ROLLBACK", "COMMIT WORK",
                "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ", "SET TRANSACTION ISOLATION LEVEL READ COMMITTED",
                "SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ",
                "SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED",
                "SET SESSION TRANSACTION ISOLATION LEVEL SERIALIZABLE", "SET tx_isolation = 'READ-COMMITTED'",
                "SET autocommit = 0", "SET autocommit = 1", "SAVEPOINT sp", "ROLLBACK TO SAVEPOINT sp");
    }

    /** MySQL's spellings: {@code CONVERT(x, type)} as the alternative. */
    @Override
    public String cast(String expression, String type, boolean alternative) {
        return alternative ? "CONVERT(" + expression + ", " + type + ")" : "CAST(" + expression + " AS " + type + ")";
    }

    /**
     * Strings with their backslashes escaped (MySQL reads them as escapes), some in double quotes
     * (a string, not a name, unless ANSI_QUOTES); bytes as {@code X'..'}.
     */
    @Override
    public String literal(Object value) {
        if (value instanceof String s) {
            String escaped = s.replace("\\", "\\\\");
            if ((s.hashCode() & 3) == 1) {
                return "\"" + escaped.replace("\"", "\"\"") + "\"";
            }
            return "'" + escaped.replace("'", "\\'") + "'";
        }
        if (value instanceof byte[] b) {
            return "X'" + HexFormat.of().formatHex(b) + "'";
        }
        return super.literal(value);
    }

    @Override
    Connection ddlConnection(Env env) throws SQLException {
        Connection c = env.gate.dataSource().getConnection();
        try (Statement s = c.createStatement()) {
            s.execute(lockTimeoutSql(2000));
        }
        return c;
    }
}
