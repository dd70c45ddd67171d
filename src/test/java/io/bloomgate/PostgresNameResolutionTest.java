package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.stats.GuardStats;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Name resolution that changes after the gate read a session's facts, on PostgreSQL: a schema
 * earlier in {@code search_path} ({@code "$user"} or a named one) that did not exist, or was not
 * usable, when the session was read, and later holds a table named like the guarded one; and the
 * ways a temporary table ({@code pg_temp} is searched first) can appear. Each lookup must return
 * what PostgreSQL returns: the row of the table the name now resolves to.
 */
class PostgresNameResolutionTest {

    private final String suffix = "n" + Long.toHexString(System.nanoTime());
    private final String users = "users_" + suffix;
    private final String tenant = "tenant_" + suffix;
    private final String lookup = "SELECT id, email FROM " + users + " WHERE email = ?";
    private DataSource db;
    private BloomGate gate;

    @BeforeEach
    void setUp() throws SQLException {
        db = PostgresServer.dataSource();
        H2Databases.run(db, "DROP SCHEMA IF EXISTS bloomgate_fuzz CASCADE",
                "CREATE TABLE public." + users + " (id bigint PRIMARY KEY, email text NOT NULL)",
                "INSERT INTO public." + users + " VALUES (1, 'a@x')",
                // bloomgate_fuzz (a role of .ci/postgres.sh, bloomgate is a member) may read it after SET ROLE
                "GRANT SELECT ON public." + users + " TO bloomgate_fuzz");
        gate = BloomGate.builder(db).guard("public." + users, "email").build();
    }

    @AfterEach
    void tearDown() throws SQLException {
        if (gate != null) {
            gate.close();
        }
        if (db != null) {
            H2Databases.run(db, "DROP TABLE IF EXISTS public." + users, "DROP SCHEMA IF EXISTS " + tenant + " CASCADE",
                    "DROP SCHEMA IF EXISTS bloomgate_fuzz CASCADE", "DROP FUNCTION IF EXISTS public.mk_" + suffix + "()");
        }
    }

    private long avoided() {
        return gate.stats().stream().mapToLong(GuardStats::avoided).sum();
    }

    private static List<String> query(Connection c, String sql, String key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, key);
            List<String> rows = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows.add(rs.getLong(1) + "|" + rs.getString(2));
                }
            }
            return rows;
        }
    }

    /** Another session creates {@code schema} holding a table named like the guarded one, with the row 7|b@x. */
    private void createShadow(String schema, String authorization) throws SQLException {
        H2Databases.run(db, "CREATE SCHEMA " + schema + (authorization == null ? "" : " AUTHORIZATION " + authorization),
                "CREATE TABLE " + schema + "." + users + " (id bigint PRIMARY KEY, email text NOT NULL)",
                "INSERT INTO " + schema + "." + users + " VALUES (7, 'b@x')",
                "GRANT USAGE ON SCHEMA " + schema + " TO PUBLIC", "GRANT SELECT ON " + schema + "." + users + " TO PUBLIC");
    }

    /** The control: a search path whose first entry is the guarded table's schema is answered. */
    @Test
    void aSearchPathStartingWithTheGuardedSchemaIsAnswered() throws SQLException {
        try (Connection c = gate.dataSource().getConnection()) {
            H2Databases.run(c, "SET search_path = public, " + tenant);
            query(c, lookup, "warm@x");
            long before = avoided();
            assertThat(query(c, lookup, "b@x")).isEmpty();
            assertThat(avoided()).as("answered").isEqualTo(before + 1);
        }
    }

    /**
     * {@code SET search_path = tenant, public} while {@code tenant} does not exist: names resolve to
     * public. Another session then creates {@code tenant.users}: the same session now reads it.
     */
    @Test
    void aSchemaCreatedLaterAheadInTheSearchPathIsRead() throws SQLException {
        try (Connection c = gate.dataSource().getConnection()) {
            H2Databases.run(c, "SET search_path = " + tenant + ", public");
            query(c, lookup, "warm@x");
            assertThat(query(c, lookup, "b@x")).isEmpty();
            createShadow(tenant, null);
            sleep(1_100); // the session's facts are read again once a second old
            assertThat(query(c, lookup, "b@x")).as("the session now resolves to " + tenant).containsExactly("7|b@x");
        }
    }

    /**
     * The default {@code "$user", public}: the role's own schema, created later, comes first. Seen
     * within a second (the session's facts are read again once a second old), like other DDL around
     * the gate; sessions on the default path are answered meanwhile.
     */
    @Test
    void aUserSchemaCreatedLaterIsRead() throws SQLException {
        try (Connection c = gate.dataSource().getConnection()) {
            H2Databases.run(c, "SET ROLE bloomgate_fuzz", "SET search_path = \"$user\", public");
            query(c, lookup, "warm@x");
            long before = avoided();
            assertThat(query(c, lookup, "b@x")).isEmpty();
            assertThat(avoided()).as("answered on the default path while \"$user\" does not exist").isEqualTo(before + 1);
            createShadow("bloomgate_fuzz", "bloomgate_fuzz");
            sleep(1_100);
            assertThat(query(c, lookup, "b@x")).as("\"$user\" now exists").containsExactly("7|b@x");
            H2Databases.run(c, "RESET ROLE");
        }
    }

    /** A schema that exists but the role may not use is skipped by the search path, until a GRANT. */
    @Test
    void aSchemaGrantedLaterAheadInTheSearchPathIsRead() throws SQLException {
        createShadow(tenant, null);
        H2Databases.run(db, "REVOKE USAGE ON SCHEMA " + tenant + " FROM PUBLIC");
        try (Connection c = gate.dataSource().getConnection()) {
            H2Databases.run(c, "SET ROLE bloomgate_fuzz", "SET search_path = " + tenant + ", public");
            query(c, lookup, "warm@x");
            assertThat(query(c, lookup, "b@x")).isEmpty();
            H2Databases.run(db, "GRANT USAGE ON SCHEMA " + tenant + " TO bloomgate_fuzz");
            sleep(1_100);
            assertThat(query(c, lookup, "b@x")).as(tenant + " is usable now").containsExactly("7|b@x");
            H2Databases.run(c, "RESET ROLE");
        }
    }

    /**
     * HikariCP under the gate, its sessions started with a search path naming a schema that does not
     * exist yet: what a checkout read of the session is reused by the next one, which must not
     * answer once the schema exists.
     */
    @Test
    void aPooledSessionReadBeforeASchemaWasCreatedReadsIt() throws SQLException {
        com.zaxxer.hikari.HikariConfig config = new com.zaxxer.hikari.HikariConfig();
        config.setDataSource(db);
        config.setMaximumPoolSize(4);
        config.setConnectionInitSql("SET search_path = " + tenant + ", public");
        try (com.zaxxer.hikari.HikariDataSource hikari = new com.zaxxer.hikari.HikariDataSource(config);
                BloomGate pooled = BloomGate.builder(hikari).guard("public." + users, "email").build()) {
            try (Connection c = pooled.dataSource().getConnection()) {
                query(c, lookup, "warm@x");
                assertThat(query(c, lookup, "b@x")).isEmpty();
            }
            createShadow(tenant, null);
            sleep(1_100);
            try (Connection c = pooled.dataSource().getConnection()) {
                assertThat(query(c, lookup, "b@x")).as("the pooled session now resolves to " + tenant)
                        .containsExactly("7|b@x");
            }
        }
    }

    /** Every way a session can make a temporary relation named like the guarded table: {@code pg_temp} is searched first. */
    @ParameterizedTest
    @ValueSource(strings = {
        "CREATE TEMP TABLE %1$s AS SELECT 7::bigint AS id, 'b@x'::text AS email",
        "CREATE TABLE pg_temp.%1$s AS SELECT 7::bigint AS id, 'b@x'::text AS email",
        "CREATE TEMP VIEW %1$s AS SELECT 7::bigint AS id, 'b@x'::text AS email",
        "SELECT 7::bigint AS id, 'b@x'::text AS email INTO TEMP %1$s",
        "SELECT 7::bigint AS id, 'b@x'::text AS email INTO pg_temp.%1$s",
        "DO $$ BEGIN CREATE TEMP TABLE %1$s AS SELECT 7::bigint AS id, 'b@x'::text AS email; END $$",
        "SELECT public.mk_%2$s()",
    })
    void aTemporaryTableCreatedLaterIsRead(String create) throws SQLException {
        H2Databases.run(db, "CREATE FUNCTION public.mk_" + suffix + "() RETURNS int LANGUAGE plpgsql AS $$ BEGIN"
                + " CREATE TEMP TABLE " + users + " AS SELECT 7::bigint AS id, 'b@x'::text AS email; RETURN 1; END $$");
        try (Connection c = gate.dataSource().getConnection()) {
            query(c, lookup, "warm@x");
            assertThat(query(c, lookup, "b@x")).isEmpty();
            H2Databases.run(c, String.format(create, users, suffix));
            assertThat(query(c, lookup, "b@x")).as("after " + create).containsExactly("7|b@x");
        }
    }

    /** A temporary table renamed to the guarded name. */
    @Test
    void aTemporaryTableRenamedToTheGuardedNameIsRead() throws SQLException {
        try (Connection c = gate.dataSource().getConnection()) {
            H2Databases.run(c, "CREATE TEMP TABLE other_" + suffix + " AS SELECT 7::bigint AS id, 'b@x'::text AS email");
            query(c, lookup, "warm@x");
            assertThat(query(c, lookup, "b@x")).isEmpty();
            H2Databases.run(c, "ALTER TABLE other_" + suffix + " RENAME TO " + users);
            assertThat(query(c, lookup, "b@x")).containsExactly("7|b@x");
        }
    }

    /** {@code SELECT ... INTO} a lookup's rows creates a table: never answered, whatever the key. */
    @ParameterizedTest
    @ValueSource(strings = {"TEMP copy_%s", "public.copy_%s"})
    void aLookupIntoATableCreatesIt(String into) throws SQLException {
        String target = String.format(into, suffix);
        String table = target.replace("TEMP ", "");
        String sql = "SELECT id, email INTO " + target + " FROM " + users + " WHERE email = ?";
        try (Connection c = gate.dataSource().getConnection()) {
            for (String key : List.of("warm@x", "absent1@x", "absent2@x")) {
                try (PreparedStatement ps = c.prepareStatement(sql)) {
                    ps.setString(1, key);
                    ps.execute();
                }
                assertThat(query(c, "SELECT count(*), ?::text FROM " + table, key)).as("the table " + key + " made")
                        .containsExactly("0|" + key);
                H2Databases.run(c, "DROP TABLE " + table);
            }
        }
    }

    /**
     * pg_catalog is searched before the path unless the path names it: a guarded table named like a
     * catalog relation is not what its unqualified name reads (here the catalog's view, without the
     * column: 42703).
     */
    @Test
    void aGuardedTableNamedLikeACatalogRelationIsNotReadByItsUnqualifiedName() throws SQLException {
        H2Databases.run(db, "CREATE TABLE public.pg_tables (id bigint PRIMARY KEY, email text NOT NULL)",
                "INSERT INTO public.pg_tables VALUES (1, 'a@x')");
        try (BloomGate catalogNamed = BloomGate.builder(db).guard("public.pg_tables", "email").build();
                Connection first = catalogNamed.dataSource().getConnection();
                Connection c = catalogNamed.dataSource().getConnection()) {
            String sql = "SELECT id, email FROM pg_tables WHERE email = ?";
            H2Databases.run(first, "SET search_path = public, pg_catalog"); // here the name is the guarded table
            assertThat(query(first, sql, "a@x")).containsExactly("1|a@x");
            assertThat(query(first, sql, "b@x")).isEmpty();
            H2Databases.run(c, "SET search_path = public");
            List<String> outcomes = new ArrayList<>();
            for (String key : List.of("a@x", "b@x", "c@x", "d@x")) {
                try {
                    outcomes.add(query(c, sql, key).toString());
                } catch (SQLException e) {
                    outcomes.add(e.getSQLState());
                }
            }
            assertThat(outcomes).containsOnly("42703");
        } finally {
            H2Databases.run(db, "SELECT bloomgate.uninstall_guard('public.pg_tables', 'email')", "DROP TABLE public.pg_tables");
        }
    }

    /**
     * A joined table altered after an answer's metadata was copied (through the gate, or by another
     * session): the answer must describe the table as it is now, as the database's empty result does
     * (within a second, when another session altered it).
     */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void anAnswerDescribesAJoinedTableAsItIsNow(boolean throughTheGate) throws SQLException {
        H2Databases.run(db, "CREATE TABLE public.team_" + suffix + " (id bigint PRIMARY KEY, name text)");
        String sql = "SELECT * FROM public." + users + " u LEFT JOIN public.team_" + suffix + " t ON t.id = u.id"
                + " WHERE u.email = ?";
        try (Connection c = gate.dataSource().getConnection(); Connection direct = db.getConnection()) {
            for (String key : List.of("warm@x", "b@x", "c@x")) {
                query(c, sql, key);
            }
            String alter = "ALTER TABLE public.team_" + suffix + " ADD COLUMN extra int";
            if (throughTheGate) {
                H2Databases.run(c, alter);
            } else {
                H2Databases.run(db, alter);
                sleep(1_100); // what the session read of the joined tables is read again once a second old
            }
            for (String key : List.of("d@x", "e@x")) {
                assertThat(columns(c, sql, key)).as("the gate's answer").isEqualTo(columns(direct, sql, key));
            }
        } finally {
            H2Databases.run(db, "DROP TABLE public.team_" + suffix);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static List<String> columns(Connection c, String sql, String key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                List<String> names = new ArrayList<>();
                for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                    names.add(rs.getMetaData().getColumnLabel(i));
                }
                return names;
            }
        }
    }
}
