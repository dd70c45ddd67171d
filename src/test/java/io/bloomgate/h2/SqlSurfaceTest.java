package io.bloomgate.h2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bloomgate.BloomGate;
import java.io.FileReader;
import java.io.IOException;
import java.io.Reader;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.h2.jdbcx.JdbcDataSource;
import org.h2.tools.RunScript;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The SQL surface on H2, used the way a SQL-only user would: {@code sql/h2/install.sql} run with
 * {@code RunScript}, then {@code BLOOM_GUARD}, {@code BLOOM_MAY_CONTAIN}, {@code BLOOM_STATS},
 * {@code BLOOM_UNGUARD} and {@code sql/h2/uninstall.sql}, against a real H2 database.
 */
class SqlSurfaceTest {

    private static final AtomicInteger COUNTER = new AtomicInteger();

    private JdbcDataSource h2;
    private Connection sql;

    @BeforeEach
    void setUp() throws SQLException, IOException {
        h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:sqlsurface" + COUNTER.incrementAndGet() + ";DB_CLOSE_DELAY=-1");
        h2.setUser("sa");
        sql = h2.getConnection();
        run("CREATE TABLE users (id BIGINT PRIMARY KEY, email VARCHAR(100), score DOUBLE)",
                "INSERT INTO users SELECT X, 'u' || X || '@example.com', X FROM SYSTEM_RANGE(1, 1000)");
        script("sql/h2/install.sql");
    }

    @AfterEach
    void tearDown() throws SQLException {
        try {
            script("sql/h2/uninstall.sql");
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        run("SHUTDOWN");
        sql.close();
    }

    private void script(String path) throws SQLException, IOException {
        try (Reader reader = new FileReader(path)) {
            RunScript.execute(sql, reader);
        }
    }

    private void run(String... statements) throws SQLException {
        try (Statement s = sql.createStatement()) {
            for (String statement : statements) {
                s.execute(statement);
            }
        }
    }

    private Object one(String query) throws SQLException {
        try (Statement s = sql.createStatement(); ResultSet rs = s.executeQuery(query)) {
            assertThat(rs.next()).as("a row from %s", query).isTrue();
            return rs.getObject(1);
        }
    }

    @Test
    void aGuardCreatedFromSqlAnswersMayContain() throws SQLException {
        assertThat((String) one("CALL BLOOM_GUARD('users', 'email')")).startsWith("guarded PUBLIC.USERS.EMAIL: READY");
        assertThat(one("SELECT BLOOM_MAY_CONTAIN('USERS', 'EMAIL', 'u42@example.com')")).isEqualTo(true);
        // Absent keys: each is FALSE unless it is a false positive (p = 1%); of 200, at most a handful
        // may say TRUE (binomial(200, 0.01): mean 2, P(X > 10) < 1e-5).
        int maybes = 0;
        for (int i = 0; i < 200; i++) {
            if ((Boolean) one("SELECT BLOOM_MAY_CONTAIN('users', 'email', 'nobody" + i + "@example.com')")) {
                maybes++;
            }
        }
        assertThat(maybes).isLessThanOrEqualTo(10);
        assertThat(one("SELECT BLOOM_MAY_CONTAIN('users', 'email', NULL)")).isEqualTo(false);
    }

    @Test
    void mayContainIsNotFoldedIntoAConstantWhenPrepared() throws SQLException {
        one("CALL BLOOM_GUARD('USERS', 'ID', 100000, 0.0001)");
        try (PreparedStatement ps = sql.prepareStatement("SELECT BLOOM_MAY_CONTAIN('USERS', 'ID', 5000000)")) {
            assertThat(answer(ps)).isFalse(); // p = 0.01%: a false positive here would be a 1-in-10,000 event
            run("INSERT INTO users VALUES (5000000, 'new@example.com', 0)");
            assertThat(answer(ps)).as("the same prepared query after the insert").isTrue();
        }
        assertThat(one("SELECT IS_DETERMINISTIC FROM INFORMATION_SCHEMA.ROUTINES WHERE ROUTINE_NAME = 'BLOOM_MAY_CONTAIN'"))
                .isEqualTo("NO");
    }

    private static boolean answer(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getBoolean(1);
        }
    }

    @Test
    void keysWrittenBySqlEnterTheFilterThroughTheTrigger() throws SQLException {
        one("CALL BLOOM_GUARD('USERS', 'ID', 100000, 0.0001)");
        run("INSERT INTO users SELECT X, 'v' || X, 0 FROM SYSTEM_RANGE(2000000, 2000999)",
                "MERGE INTO users KEY (id) VALUES (3000000, 'm', 0)",
                "UPDATE users SET id = 4000000 WHERE id = 7");
        for (long id : new long[] {2000000, 2000500, 2000999, 3000000, 4000000}) {
            assertThat(one("SELECT BLOOM_MAY_CONTAIN('USERS', 'ID', " + id + ")")).as("id %d", id).isEqualTo(true);
        }
        assertThat(((Number) one("SELECT STALE_KEYS FROM BLOOM_STATS() WHERE COLUMN_NAME = 'ID'")).longValue())
                .isEqualTo(1);
    }

    @Test
    void statsHaveOneRowPerGuardWithCountersAndFacts() throws SQLException {
        one("CALL BLOOM_GUARD('USERS', 'ID', 50000, 0.001)");
        one("CALL BLOOM_GUARD('USERS', 'EMAIL')");
        one("SELECT BLOOM_MAY_CONTAIN('USERS', 'ID', 1)");
        List<String> rows = new ArrayList<>();
        try (Statement s = sql.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT TABLE_NAME, COLUMN_NAME, STATE, LOOKUPS, PASSED_THROUGH, EXPECTED_KEYS, TARGET_FPP, KEYS_ADDED,"
                        + " SQL_GUARD FROM BLOOM_STATS() ORDER BY COLUMN_NAME")) {
            while (rs.next()) {
                rows.add(rs.getString(1) + " " + rs.getString(2) + " " + rs.getString(3) + " " + rs.getLong(4) + " "
                        + rs.getLong(5) + " " + rs.getLong(6) + " " + rs.getDouble(7) + " " + rs.getLong(8) + " "
                        + rs.getBoolean(9));
            }
        }
        assertThat(rows).containsExactly("PUBLIC.USERS EMAIL READY 0 0 10000 0.01 1000 true",
                "PUBLIC.USERS ID READY 1 1 50000 0.001 1000 true");
    }

    @Test
    void aGuardFromSqlIsTheGuardTheJavaApiSees() throws SQLException {
        one("CALL BLOOM_GUARD('USERS', 'ID')");
        try (BloomGate gate = BloomGate.builder(h2).guard("users", "id").build()) {
            run("INSERT INTO users VALUES (9000000, 'x', 0)");
            long javaKeys = gate.stats("users", "id").keysAdded();
            assertThat(((Number) one("SELECT KEYS_ADDED FROM BLOOM_STATS()")).longValue()).isEqualTo(javaKeys);
            assertThat(javaKeys).isEqualTo(1001);
        }
        // The gate closed; the SQL guard still holds the column (and its trigger).
        assertThat(one("SELECT STATE FROM BLOOM_STATS()")).isEqualTo("READY");
        run("INSERT INTO users VALUES (9000001, 'y', 0)");
        assertThat(one("SELECT BLOOM_MAY_CONTAIN('USERS', 'ID', 9000001)")).isEqualTo(true);
    }

    @Test
    void aGateRegistersMayContainByItself() throws SQLException, IOException {
        script("sql/h2/uninstall.sql");
        try (BloomGate gate = BloomGate.builder(h2).guard("users", "email").build()) {
            assertThat(one("SELECT BLOOM_MAY_CONTAIN('USERS', 'EMAIL', 'u1@example.com')")).isEqualTo(true);
        }
        script("sql/h2/install.sql");
    }

    @Test
    void badArgumentsGetClearErrors() throws SQLException {
        assertError("CALL BLOOM_GUARD('userz', 'id')", "no table PUBLIC.USERZ");
        assertError("CALL BLOOM_GUARD('users', 'idd')", "has no column IDD");
        assertError("CALL BLOOM_GUARD('users', 'score')", "SCORE");
        assertError("CALL BLOOM_GUARD(NULL, 'id')", "table must be a non-empty name");
        assertError("CALL BLOOM_GUARD('users', 'id', -5, 0.01)", "expected_keys must be at least 1");
        assertError("CALL BLOOM_GUARD('users', 'id', 1000, 1.5)", "fpp must be above 0 and below 0.5");
        assertError("CALL BLOOM_GUARD('users', 'id', 1000, 0)", "fpp must be above 0 and below 0.5");
        assertError("SELECT BLOOM_MAY_CONTAIN('users', 'id', 1)", "no guard on that column");
        assertError("CALL BLOOM_UNGUARD('users', 'id')", "no guard on that column");
        assertThat(one("SELECT COUNT(*) FROM BLOOM_STATS()")).isEqualTo(0L); // nothing half-created
    }

    private void assertError(String statement, String message) {
        assertThatThrownBy(() -> one(statement)).as(statement).isInstanceOf(SQLException.class)
                .hasMessageContaining(message);
    }

    @Test
    void installIsIdempotentAndUninstallRemovesEverything() throws SQLException, IOException {
        script("sql/h2/install.sql");
        one("CALL BLOOM_GUARD('USERS', 'ID')");
        script("sql/h2/uninstall.sql");
        assertThat(one("SELECT COUNT(*) FROM INFORMATION_SCHEMA.ROUTINES WHERE ROUTINE_NAME LIKE 'BLOOM%'")).isEqualTo(0L);
        assertThat(one("SELECT COUNT(*) FROM INFORMATION_SCHEMA.TRIGGERS WHERE JAVA_CLASS LIKE 'io.bloomgate%'"))
                .isEqualTo(0L);
        run("INSERT INTO users VALUES (123456789, 'after', 0)"); // writes still work
        script("sql/h2/install.sql");
        assertThat(one("SELECT COUNT(*) FROM BLOOM_STATS()")).isEqualTo(0L);
    }

    @Test
    void unguardDropsTheTriggerOnceNoGuardUsesTheTable() throws SQLException {
        one("CALL BLOOM_GUARD('USERS', 'ID')");
        assertThat(one("SELECT COUNT(DISTINCT TRIGGER_NAME) FROM INFORMATION_SCHEMA.TRIGGERS")).isEqualTo(1L);
        assertThat((String) one("CALL BLOOM_UNGUARD('users', 'id')")).isEqualTo("unguarded PUBLIC.USERS.ID");
        assertThat(one("SELECT COUNT(*) FROM INFORMATION_SCHEMA.TRIGGERS")).isEqualTo(0L);
    }
}
