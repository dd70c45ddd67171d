package io.bloomgate.fuzz;

import io.bloomgate.BloomGate;
import io.bloomgate.PostgresServer;
import io.bloomgate.jdbc.PgjdbcStatements;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.postgresql.PGConnection;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;
import org.postgresql.ds.PGSimpleDataSource;
import org.postgresql.jdbc.AutoSave;

/**
 * PostgreSQL: every episode two schemas of its own, {@code fz_<n>} (guarded tables) and {@code
 * fz_<n>_alt}. The sessions log in as {@code bloomgate_fuzz_app} with search path {@code "$user",
 * fz_<n>}: {@code SET ROLE bloomgate_fuzz} then moves {@code "$user"} onto schema {@code
 * bloomgate_fuzz}, whose tables have the same names. The roles come from {@code .ci/postgres.sh} (or
 * are created here when the test user may); without them the fuzzer logs in as the owner and does
 * not switch roles.
 */
final class PostgresTarget extends Target {

    static final String ROLE = "bloomgate_fuzz";
    static final String LOGIN = "bloomgate_fuzz_app";

    private static PostgresTarget instance;

    private final PGSimpleDataSource owner;
    /** The roles exist, so sessions log in as {@link #LOGIN} and may SET ROLE. */
    private final boolean roles;

    private static final List<String> TEXT_CASTS = List.of("text", "varchar(6)", "char(12)", "bpchar", "char(3)",
            "varchar", "name");
    private static final List<KeyType> TYPES = List.of(
            new KeyType("integer", "t_int", false, "integer", Types.INTEGER, i -> (int) (i * 3 - 150),
                    List.of("integer", "bigint", "smallint", "numeric", "numeric(5,1)", "text")),
            new KeyType("bigint", "t_bigint", false, "bigint", Types.BIGINT, i -> i * 3_000_000_011L - 7,
                    List.of("bigint", "int8", "integer", "numeric", "text")),
            new KeyType("text", "t_text", false, "text", Types.VARCHAR, H2Target::text, TEXT_CASTS),
            new KeyType("varchar", "t_varchar", false, "varchar(40)", Types.VARCHAR, i -> "key-" + i * 3, TEXT_CASTS),
            new KeyType("char", "t_char", false, "char(12)", Types.CHAR, i -> "C" + i * 3,
                    List.of("char(12)", "character", "char(3)", "text", "varchar", "bpchar")),
            new KeyType("numeric(12,2)", "t_numeric_12_2", false, "numeric(12,2)", Types.NUMERIC,
                    i -> BigDecimal.valueOf(i * 3 - 150, 1),
                    List.of("numeric", "numeric(12,2)", "numeric(4,1)", "decimal(14,3)", "bigint", "text", "float8")),
            // Unconstrained: values keep the scale they were written with (0.3, 0.60, 0.900 ...).
            new KeyType("numeric", "t_numeric", false, "numeric", Types.NUMERIC,
                    i -> BigDecimal.valueOf(i * 3, 1).setScale(1 + (int) Math.floorMod(i, 3L)),
                    List.of("numeric", "numeric(12,2)", "bigint", "text")),
            new KeyType("uuid", "t_uuid", false, "uuid", Types.OTHER, i -> new UUID(0x1234_0000L + i % 3, i * 3),
                    List.of("uuid", "text")),
            new KeyType("bytea", "t_bytea", false, "bytea", Types.BINARY, H2Target::bytes, List.of("bytea", "text")),
            new KeyType("mixed", "Mixed_Keys", true, "varchar(40)", Types.VARCHAR, i -> "mixed-" + i * 3,
                    List.of("varchar(40)", "char(12)", "varchar(3)", "text")));

    static synchronized PostgresTarget instance() {
        if (instance == null) {
            try {
                instance = new PostgresTarget(PostgresServer.dataSource());
            } catch (SQLException e) {
                throw new IllegalStateException("setting up PostgreSQL for the fuzzer failed", e);
            }
        }
        return instance;
    }

    private PostgresTarget(PGSimpleDataSource owner) throws SQLException {
        this.owner = owner;
        this.roles = ensureRoles();
        ensureGateSchema();
        if (roles) {
            run(owner, "GRANT USAGE ON SCHEMA bloomgate TO " + ROLE,
                    "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA bloomgate TO " + ROLE,
                    "GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA bloomgate TO " + ROLE,
                    "CREATE SCHEMA IF NOT EXISTS " + ROLE + " AUTHORIZATION " + ROLE);
            // The role's own schema: tables named like the guarded ones, holding keys they lack.
            for (KeyType t : TYPES) {
                run(owner, "DROP TABLE IF EXISTS " + ROLE + "." + tableName(t));
                createTable(owner, ROLE, t, false, KeyType.ALT, KeyType.ALT_END);
                run(owner, "GRANT SELECT, UPDATE ON " + ROLE + "." + tableName(t) + " TO " + ROLE);
            }
        } else {
            System.err.println("WARNING: roles " + ROLE + " and " + LOGIN + " are missing (see .ci/postgres.sh):"
                    + " the PostgreSQL fuzzer runs without SET ROLE switches");
        }
    }

    /** Whether the roles exist (creating them if this user may) and can be used. */
    private boolean ensureRoles() throws SQLException {
        try (Connection c = owner.getConnection(); Statement s = c.createStatement()) {
            boolean exist;
            boolean mayCreate;
            try (ResultSet rs = s.executeQuery("SELECT to_regrole('" + ROLE + "') IS NOT NULL AND to_regrole('"
                    + LOGIN + "') IS NOT NULL, (SELECT rolsuper OR rolcreaterole FROM pg_roles WHERE rolname ="
                    + " current_user)")) {
                rs.next();
                exist = rs.getBoolean(1);
                mayCreate = rs.getBoolean(2);
            }
            if (!exist && mayCreate) {
                s.execute("DO $$ BEGIN"
                        + " IF to_regrole('" + LOGIN + "') IS NULL THEN CREATE ROLE " + LOGIN + " LOGIN PASSWORD '"
                        + LOGIN + "'; END IF;"
                        + " IF to_regrole('" + ROLE + "') IS NULL THEN CREATE ROLE " + ROLE + " NOLOGIN; END IF;"
                        + " END $$");
                s.execute("GRANT " + ROLE + " TO " + LOGIN + ", current_user");
                exist = true;
            }
            if (!exist) {
                return false;
            }
            try (ResultSet rs = s.executeQuery("SELECT pg_has_role(current_user, '" + ROLE + "', 'MEMBER')"
                    + " AND pg_has_role('" + LOGIN + "', '" + ROLE + "', 'MEMBER')")) {
                rs.next();
                if (!rs.getBoolean(1)) {
                    return false;
                }
            }
        }
        try (Connection c = login().getConnection()) {
            return true;
        } catch (SQLException e) {
            return false; // e.g. pg_hba refuses the role
        }
    }

    private PGSimpleDataSource login() {
        PGSimpleDataSource app = new PGSimpleDataSource();
        app.setURL(owner.getURL());
        app.setUser(LOGIN);
        app.setPassword(LOGIN);
        return app;
    }

    /**
     * bloomgate's own schema exists at this jar's version: a gate built by the owner installs or
     * upgrades it (the fuzzer's login may not).
     */
    private void ensureGateSchema() throws SQLException {
        String table = "public.fuzz_install_" + Long.toHexString(System.nanoTime());
        run(owner, "CREATE TABLE " + table + " (k integer PRIMARY KEY)");
        try {
            BloomGate.builder(owner).guard(table, "k").build().close();
        } finally {
            run(owner, "DROP TABLE " + table);
        }
    }

    @Override
    String name() {
        return "PostgreSQL";
    }

    @Override
    public boolean isPostgres() {
        return true;
    }

    @Override
    public String fold(String identifier) {
        return identifier.toLowerCase(Locale.ROOT);
    }

    @Override
    List<KeyType> keyTypes() {
        return TYPES;
    }

    @Override
    Env open(List<KeyType> types) throws Exception {
        String main = "fz_" + Long.toHexString(System.nanoTime());
        String alt = main + "_alt";
        run(owner, "CREATE SCHEMA " + main, "CREATE SCHEMA " + alt);
        Env.Cleanup cleanup = () -> {
            for (KeyType t : types) {
                for (String column : GUARDED) {
                    try {
                        run(owner, "SELECT bloomgate.uninstall_guard('" + main + "." + tableName(t) + "', '" + column
                                + "')");
                    } catch (SQLException e) {
                        // not installed
                    }
                }
            }
            run(owner, "DROP SCHEMA " + main + " CASCADE", "DROP SCHEMA " + alt + " CASCADE");
        };
        try {
            for (KeyType t : types) {
                createTable(owner, main, t, true, 0, KeyType.PRESENT);
                createTable(owner, alt, t, false, KeyType.ALT, KeyType.ALT_END);
            }
            PGSimpleDataSource app;
            if (roles) {
                run(owner, "GRANT USAGE ON SCHEMA " + main + ", " + alt + " TO " + ROLE,
                        "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA " + main + " TO " + ROLE,
                        // UPDATE too: SELECT ... FOR UPDATE on them must fail no differently than on the main ones.
                        "GRANT SELECT, UPDATE ON ALL TABLES IN SCHEMA " + alt + " TO " + ROLE);
                for (KeyType t : types) {
                    // The application role does not own the tables: the owner installs the triggers.
                    for (String column : GUARDED) {
                        run(owner, "SELECT bloomgate.install_guard('" + main + "." + tableName(t) + "', '" + column
                                + "')");
                    }
                }
                app = login();
                app.setCurrentSchema("\"$user\"," + main);
            } else {
                app = new PGSimpleDataSource();
                app.setURL(owner.getURL());
                if (owner.getUser() != null) {
                    app.setUser(owner.getUser());
                    app.setPassword(owner.getPassword());
                }
                app.setCurrentSchema(main);
            }
            // A session that waits for the other's row lock (a shrunk case may hold one in a transaction)
            // fails after 3 s instead of hanging the run; as a startup option it survives RESET ALL.
            app.setOptions("-c lock_timeout=3000 -c statement_timeout=60000");
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

    @Override
    String alterKey(String table, String type) {
        return "ALTER TABLE " + table + " ALTER COLUMN k TYPE " + type + " USING k::" + type;
    }

    /** As the tables' owner (the sessions' role may not run DDL on them), through the gate. */
    @Override
    Connection ddlConnection(Env env) throws SQLException {
        Connection c = roles ? env.gate.dataSource().getConnection(owner.getUser(), owner.getPassword())
                : env.gate.dataSource().getConnection();
        try (Statement s = c.createStatement()) {
            s.execute("SET lock_timeout = '1s'");
        }
        return c;
    }

    /**
     * A recreated table is the owner's, like the first: the sessions' role gets its privileges
     * again, and (but for RECREATE_BARE) the owner installs its triggers, as an application's
     * migration would; before the fill, so that writes around the gate are logged from then on.
     */
    @Override
    List<String> ddl(Step.Ddl d, KeyType t) {
        List<String> sql = new ArrayList<>(super.ddl(d, t));
        if (d.kind() == Step.DdlKind.RECREATE || d.kind() == Step.DdlKind.RECREATE_FROM_ALT
                || d.kind() == Step.DdlKind.RECREATE_BARE) {
            String table = "{main}." + tableName(t);
            int at = 2; // after DROP and CREATE
            if (roles) {
                sql.add(at++, "GRANT SELECT, INSERT, UPDATE, DELETE ON " + table + " TO " + ROLE);
            }
            if (d.kind() != Step.DdlKind.RECREATE_BARE) {
                for (String column : GUARDED) {
                    sql.add(at++, "SELECT bloomgate.install_guard('" + table + "', '" + column + "')");
                }
            }
        }
        return sql;
    }

    /**
     * pgjdbc server-prepares a SQL text on a connection after {@code prepareThreshold} executions
     * of it there. After the search path or the role moves, the prepared statement may read a
     * same-named table with other column types: in a transaction PostgreSQL then raises 0A000
     * ("cached plan must not change result type"), which pgjdbc cannot heal by re-preparing as it
     * does in autocommit. The gated session's connection executes a text fewer times than the direct
     * one (the gate answers some executions itself), so the two connections' prepared statements
     * differ, and one may raise 0A000 where the other does not: a difference of pgjdbc's cache, not
     * of the gate's answers, which no gate could avoid short of sending every execution. With
     * autosave=conservative pgjdbc heals it inside transactions too (a savepoint before each query,
     * rolled back to only for this error), so both sessions show what the database returns in
     * their session state, and an answer against the wrong table still shows as different rows.
     */
    @Override
    void configureSession(Connection c) throws SQLException {
        c.unwrap(PGConnection.class).setAutosave(AutoSave.CONSERVATIVE);
    }

    /**
     * pgjdbc forgets its server-prepared statements after {@code SET search_path} (it bumps its
     * executor's deallocation epoch), but not after the other moves of the search path or role
     * ({@code RESET search_path}, {@code set_config}, {@code SET ROLE}, a rollback undoing a SET). A
     * statement prepared before such a move is then refused (0A000); autosave heals that only when
     * pgjdbc set a savepoint, which it does not for a statement whose first server-side execution
     * failed at Bind (a NUL in a text parameter): the transaction is aborted, and every later query
     * in it raises 25P02 on the direct session alone (seed 84 found it). The gate bumps the epoch
     * after every such move on its own connection ({@code PostgresSessionProbe}); the direct session
     * does the same here, by the same means, so both show what the database returns, not what
     * pgjdbc's cache made of it.
     */
    @Override
    void sessionMayHaveMoved(Connection direct) {
        PgjdbcStatements.forget(direct);
    }

    /** Also a transaction block begun by SQL text under autocommit (BEGIN; pgjdbc then refuses commit()). */
    @Override
    boolean mayBeInTransaction(Connection c) throws SQLException {
        return !c.getAutoCommit() || c.unwrap(BaseConnection.class).getTransactionState() != TransactionState.IDLE;
    }

    @Override
    List<Step> schemaSwitches() {
        List<String> sql = new ArrayList<>(List.of("SET search_path = {alt}", "SET search_path TO {alt}, {main}",
                "SET search_path = \"$user\", {main}", "SELECT set_config('search_path', '{alt}', false)",
                "SELECT set_config('search_path', '\"$user\",{main}', false)",
                "SELECT set_config('search_path', '{alt}', true)", "SET LOCAL search_path = {alt}",
                "SET SESSION search_path TO DEFAULT", "RESET search_path", "RESET ALL", "DISCARD ALL"));
        if (roles) {
            sql.addAll(List.of("SET ROLE " + ROLE, "RESET ROLE", "SET ROLE NONE", "SET LOCAL ROLE " + ROLE,
                    "SELECT set_config('role', '" + ROLE + "', false)", "SET SESSION AUTHORIZATION DEFAULT"));
        }
        List<Step> steps = new ArrayList<>();
        for (String s : sql) {
            steps.add(new Step.Session(s));
        }
        steps.add(new Step.SetSchema("{alt}"));
        steps.add(new Step.SetSchema("{main}"));
        return steps;
    }

    @Override
    List<String> transactionSql() {
        return List.of("BEGIN", "BEGIN ISOLATION LEVEL REPEATABLE READ", "START TRANSACTION ISOLATION LEVEL SERIALIZABLE",
                "BEGIN ISOLATION LEVEL READ COMMITTED", "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ",
                "SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL REPEATABLE READ",
                "SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL READ COMMITTED",
                "SET default_transaction_isolation = 'repeatable read'", "COMMIT", "ROLLBACK", "SAVEPOINT sp",
                "ROLLBACK TO SAVEPOINT sp", "END");
    }
}
