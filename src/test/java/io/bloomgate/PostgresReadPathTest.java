package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bloomgate.stats.BypassReason;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/** The read path on a real PostgreSQL server: folding, key types, metadata and pgjdbc's errors. */
class PostgresReadPathTest {

    private PGSimpleDataSource pg;
    private CountingDataSource counting;
    private final String suffix = Long.toHexString(System.nanoTime());

    @BeforeEach
    void setUp() throws SQLException {
        pg = PostgresServer.dataSource();
        counting = new CountingDataSource(pg);
        H2Databases.run(pg,
                "CREATE TABLE users_" + suffix + " (id bigint PRIMARY KEY, email text NOT NULL, code char(8),"
                        + " token uuid, amount numeric(10,2))",
                "INSERT INTO users_" + suffix + " SELECT g * 2, 'user' || g || '@example.org', 'c' || g,"
                        + " md5(g::text)::uuid, g * 1.5 FROM generate_series(1, 2000) g");
    }

    @AfterEach
    void tearDown() throws SQLException {
        if (pg == null) {
            return; // skipped: no server
        }
        H2Databases.run(pg, "DROP TABLE IF EXISTS users_" + suffix);
    }

    private String table() {
        return "users_" + suffix;
    }

    @Test
    void absentKeysOfEveryExactTypeAreAnsweredWithoutTheServer() throws SQLException {
        Object[][] cases = {
            {"id", 3L, 4L},
            {"email", "nobody@example.org", "user7@example.org"},
            {"token", UUID.randomUUID(), null},
            {"amount", new BigDecimal("0.75"), new BigDecimal("1.50")},
        };
        for (Object[] c : cases) {
            String column = (String) c[0];
            try (BloomGate gate = BloomGate.builder(counting).guard(table().toUpperCase(), column.toUpperCase()).build();
                    Connection conn = gate.dataSource().getConnection();
                    PreparedStatement ps = conn.prepareStatement(
                            "SELECT id, email FROM " + table() + " WHERE " + column + " = ?")) {
                ps.setObject(1, c[1]);
                ps.executeQuery().close(); // the first run of this text is real
                long before = counting.executions();
                ps.setObject(1, c[1]);
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).as("absent %s", column).isFalse();
                }
                assertThat(counting.executions()).as("server round trips for an absent %s", column).isEqualTo(before);
                if (c[2] != null) {
                    ps.setObject(1, c[2]);
                    try (ResultSet rs = ps.executeQuery()) {
                        assertThat(rs.next()).as("present %s", column).isTrue();
                    }
                }
            }
        }
    }

    @Test
    void theEmptyAnswerMatchesPgjdbcsOwnMetadataAndErrors() throws SQLException {
        String sql = "SELECT id AS user_id, email, amount FROM " + table() + " WHERE email = ?";
        List<String> real;
        String realState;
        try (Connection c = pg.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, "absent@example.org");
            try (ResultSet rs = ps.executeQuery()) {
                real = ReadPathTest.describe(rs.getMetaData());
                rs.next();
                realState = stateOf(() -> rs.getString(1));
            }
        }
        try (BloomGate gate = BloomGate.builder(pg).guard(table(), "email").build();
                Connection c = gate.dataSource().getConnection();
                PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, "absent-1@example.org");
            ps.executeQuery().close();
            ps.setString(1, "absent-2@example.org");
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(gate.stats(table(), "email").avoided()).isEqualTo(1);
                assertThat(ReadPathTest.describe(rs.getMetaData())).isEqualTo(real);
                assertThat(rs.next()).isFalse();
                assertThat(stateOf(() -> rs.getString(1))).isEqualTo(realState);
            }
        }
    }

    @Test
    void aStringBoundToANonTextKeyReachesTheServerWhichRefusesIt() throws SQLException {
        try (BloomGate gate = BloomGate.builder(pg).guard(table(), "id").build();
                Connection c = gate.dataSource().getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT email FROM " + table() + " WHERE id = ?")) {
            ps.setLong(1, 1);
            ps.executeQuery().close();
            // pgjdbc types setString as varchar: "operator does not exist: bigint = character varying".
            ps.setString(1, "3");
            assertThatThrownBy(ps::executeQuery).isInstanceOf(SQLException.class);
            assertThat(gate.stats(table(), "id").bypassed(BypassReason.PARAMETER)).isEqualTo(1);
        }
    }

    @Test
    void inexactTextColumnsAreRefusedAtBuild() throws SQLException {
        H2Databases.run(pg, "CREATE COLLATION IF NOT EXISTS ci_" + suffix
                + " (provider = icu, locale = 'und-u-ks-level2', deterministic = false)",
                "CREATE TABLE tags_" + suffix + " (t text COLLATE ci_" + suffix + " PRIMARY KEY)");
        try {
            assertThatThrownBy(() -> BloomGate.builder(pg).guard("tags_" + suffix, "t").build())
                    .hasMessageContaining("tags_" + suffix).hasMessageContaining("nondeterministic");
        } finally {
            H2Databases.run(pg, "DROP TABLE tags_" + suffix, "DROP COLLATION ci_" + suffix);
        }
    }

    private interface Call {
        void run() throws SQLException;
    }

    private static String stateOf(Call call) {
        try {
            call.run();
            return "no error";
        } catch (SQLException e) {
            return e.getSQLState();
        }
    }
}
