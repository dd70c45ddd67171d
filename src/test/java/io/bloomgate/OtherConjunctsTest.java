package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the gate answers beside the key predicate (docs/architecture.md §2, "safe other conjuncts"
 * and "constant aggregate row"), on H2 against the database itself: each unsafe shape found by the
 * differential fuzzer of issue 22 passes through (the database's error or row reaches the caller),
 * and a safe shape next to it is still answered, so the tests can tell the two apart.
 */
class OtherConjunctsTest {

    private JdbcDataSource h2;
    private BloomGate gate;

    @BeforeEach
    void setUp() throws SQLException {
        h2 = H2Databases.memory();
        H2Databases.run(h2,
                "CREATE TABLE fz_a (id BIGINT PRIMARY KEY, ik INT UNIQUE, vk VARCHAR(24), ck CHAR(8), uk UUID UNIQUE,"
                        + " dk DECIMAL(10, 2), bk BOOLEAN)",
                "INSERT INTO fz_a SELECT X, X * 3, 'v' || X, 'c' || X, RANDOM_UUID(), X / 2, X % 2 = 0"
                        + " FROM SYSTEM_RANGE(1, 200)");
        gate = BloomGate.builder(h2).guard("fz_a", "ik").guard("fz_a", "uk").build();
    }

    @AfterEach
    void tearDown() throws SQLException {
        gate.close();
        H2Databases.run(h2, "SHUTDOWN");
    }

    private long avoided() {
        return gate.stats("fz_a", "ik").avoided() + gate.stats("fz_a", "uk").avoided();
    }

    /** Each row's values as text, or the error's SQLSTATE. */
    private static List<String> outcome(Connection c, String sql, Object key, int type) {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            if (key == null) {
                ps.setNull(1, type);
            } else if (type == Types.OTHER) {
                ps.setObject(1, key, type);
            } else {
                ps.setObject(1, key);
            }
            try (ResultSet rs = ps.executeQuery()) {
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    StringBuilder row = new StringBuilder();
                    for (int i = 1; i <= n; i++) {
                        row.append(rs.getString(i)).append('|');
                    }
                    out.add(row.toString());
                }
            }
        } catch (SQLException e) {
            out.add("error " + e.getSQLState());
        }
        return out;
    }

    /**
     * Runs {@code sql} through the gate and directly with a present key (its first execution), then
     * with absent keys and NULL; every outcome must match; returns how many the gate answered.
     */
    private long answeredOf(String sql, int type, Object present, Object... absent) throws SQLException {
        try (Connection g = gate.dataSource().getConnection(); Connection d = h2.getConnection()) {
            assertThat(outcome(g, sql, present, type)).as(sql).isEqualTo(outcome(d, sql, present, type));
            long before = avoided();
            for (Object key : absent) {
                assertThat(outcome(g, sql, key, type)).as("%s with %s", sql, key).isEqualTo(outcome(d, sql, key, type));
            }
            assertThat(outcome(g, sql, null, type)).as("%s with NULL", sql).isEqualTo(outcome(d, sql, null, type));
            return avoided() - before;
        }
    }

    private long answeredOf(String sql) throws SQLException {
        return answeredOf(sql, Types.INTEGER, 3, 4, 5, 7, 8);
    }

    @Test
    void columnsOfTwoTypeFamiliesComparedPassThrough() throws SQLException {
        // H2 converts CHAR to UUID (VARCHAR to a number) per row, on rows the key does not select.
        assertThat(answeredOf("SELECT * FROM fz_a WHERE uk < ck AND ik = ?")).isZero();
        assertThat(answeredOf("SELECT * FROM fz_a WHERE vk < ik AND ik = ?")).isZero();
        assertThat(answeredOf("SELECT * FROM fz_a WHERE ik = ? AND dk BETWEEN vk AND dk")).isZero();
        assertThat(answeredOf("SELECT * FROM fz_a WHERE ik = ? AND ck IN (vk, uk)")).isZero();
        // a column of the same family converts nothing that could fail: answered
        assertThat(answeredOf("SELECT * FROM fz_a WHERE vk < ck AND ik = ?")).isEqualTo(5);
        assertThat(answeredOf("SELECT * FROM fz_a WHERE ik = ? AND dk <> id")).isEqualTo(5);
    }

    @Test
    void literalsAColumnCannotTakePassThrough() throws SQLException {
        assertThat(answeredOf("SELECT * FROM fz_a WHERE ik = ? AND vk = 5")).isZero();
        assertThat(answeredOf("SELECT * FROM fz_a WHERE ik = ? AND vk")).isZero();
        assertThat(answeredOf("SELECT * FROM fz_a WHERE ik = ? AND vk = 'v5'")).isEqualTo(5);
        assertThat(answeredOf("SELECT * FROM fz_a WHERE ik = ? AND bk")).isEqualTo(5);
    }

    @Test
    void bareColumnsBesideAggregatesPassThrough() throws SQLException {
        assertThat(answeredOf("SELECT * , COUNT(1) FROM \"FZ_A\" AS \"U\" WHERE ik = ? AND id > 0")).isZero();
        assertThat(answeredOf("SELECT MIN(a.ck), vk FROM fz_a a WHERE a.ik = ?")).isZero();
        assertThat(answeredOf("SELECT COUNT(*) FROM fz_a WHERE ik = ? ORDER BY vk")).isZero();
        // every item an aggregate, a literal, or an expression of those: answered
        // (the first absent key runs for real: it copies the row the database gives on empty input)
        assertThat(answeredOf("SELECT MIN(ck), 1 + COUNT(*) AS n, 'x' FROM fz_a WHERE ik = ? ORDER BY n")).isEqualTo(4);
    }

    @Test
    void likePatternsAreCheckedAsTheDatabaseWould() throws SQLException {
        assertThat(answeredOf("SELECT * FROM fz_a WHERE ik = ? AND vk LIKE ck")).isZero();
        assertThat(answeredOf("SELECT * FROM fz_a WHERE ik = ? AND vk LIKE 'v%'")).isEqualTo(5);
    }

    @Test
    void aUuidBoundAsTypesOtherIsAnswered() throws SQLException {
        // Spring's SqlParameterValue(Types.OTHER, uuid): H2 converts it as setObject(uuid) does.
        String sql = "SELECT id FROM fz_a WHERE uk = ?";
        UUID present;
        try (Connection c = h2.getConnection(); ResultSet rs = c.createStatement().executeQuery(
                "SELECT uk FROM fz_a WHERE id = 1")) {
            rs.next();
            present = rs.getObject(1, UUID.class);
        }
        long answered = answeredOf(sql, Types.OTHER, present, UUID.randomUUID(), UUID.randomUUID(),
                UUID.randomUUID().toString(), UUID.randomUUID().toString().toUpperCase());
        assertThat(answered).isEqualTo(5); // four absent keys and NULL
        try (Connection g = gate.dataSource().getConnection(); Connection d = h2.getConnection()) {
            assertThat(outcome(g, sql, present, Types.OTHER)).hasSize(1).isEqualTo(outcome(d, sql, present, Types.OTHER));
            assertThat(outcome(g, sql, present.toString(), Types.OTHER)).hasSize(1);
        }
    }
}
