package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bloomgate.stats.BypassReason;
import io.bloomgate.stats.GuardStats;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.h2.jdbc.JdbcConnection;
import org.h2.jdbc.JdbcPreparedStatement;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The read path on H2: what is answered from the filter, what reaches the database, and how it looks. */
class ReadPathTest {

    private JdbcDataSource h2;
    private CountingDataSource counting;
    private BloomGate gate;
    private DataSource ds;

    @BeforeEach
    void setUp() throws SQLException {
        h2 = H2Databases.memory();
        H2Databases.run(h2,
                "CREATE TABLE users (id BIGINT PRIMARY KEY, email VARCHAR(100) NOT NULL UNIQUE, name VARCHAR(50))",
                "INSERT INTO users SELECT X * 2, 'user' || X || '@example.org', 'name' || X FROM SYSTEM_RANGE(1, 1000)",
                "CREATE TABLE orders (id INT PRIMARY KEY, amount DECIMAL(10, 2))",
                "INSERT INTO orders SELECT X, X * 1.5 FROM SYSTEM_RANGE(1, 1000)");
        counting = new CountingDataSource(h2);
        gate = BloomGate.builder(counting).guard("users", "email").guard("ORDERS", "ID").build();
        ds = gate.dataSource();
    }

    @AfterEach
    void tearDown() throws SQLException {
        gate.close();
        H2Databases.run(h2, "SHUTDOWN");
    }

    @Test
    void anAbsentKeyIsAnsweredWithoutTheDatabaseOnceItsSqlHasRunOnce() throws SQLException {
        try (Connection c = ds.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT id, email, name FROM users WHERE email = ?")) {
            ps.setString(1, "nobody@example.org");
            try (ResultSet rs = ps.executeQuery()) { // first execution of this text: runs for real
                assertThat(rs.next()).isFalse();
            }
            long before = counting.executions();
            for (int i = 0; i < 100; i++) {
                ps.setString(1, "nobody" + i + "@example.org");
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).isFalse();
                }
            }
            assertThat(counting.executions() - before).as("lookups that reached the database").isLessThan(5);
        }
        GuardStats stats = gate.stats("users", "email");
        assertThat(stats.avoided()).isGreaterThan(95);
        assertThat(stats.bypassed(BypassReason.FIRST_EXECUTION)).isEqualTo(1);
        assertThat(stats.lookups()).isEqualTo(stats.avoided() + stats.passedThrough());
    }

    @Test
    void aPresentKeyIsFoundAndCountedAsATruePositive() throws SQLException {
        try (Connection c = ds.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT name FROM users WHERE email = ?")) {
            for (int i = 1; i <= 50; i++) {
                ps.setString(1, "user" + i + "@example.org");
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString(1)).isEqualTo("name" + i);
                }
            }
        }
        GuardStats stats = gate.stats("USERS", "EMAIL");
        assertThat(stats.passedThrough()).isEqualTo(50);
        assertThat(stats.truePositives()).isEqualTo(50);
        assertThat(stats.falsePositives()).isZero();
    }

    @Test
    void theEmptyAnswerLooksExactlyLikeTheDatabasesOwn() throws SQLException {
        String sql = "SELECT id AS user_id, email, name, 1 + id AS next FROM users WHERE email = ? ORDER BY id";
        List<String> real;
        try (Connection c = h2.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, "absent@example.org");
            try (ResultSet rs = ps.executeQuery()) {
                real = describe(rs.getMetaData());
            }
        }
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, "absent-1@example.org");
            ps.executeQuery().close(); // learns the metadata
            ps.setString(1, "absent-2@example.org");
            long before = counting.executions();
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(counting.executions()).isEqualTo(before);
                assertThat(rs.getStatement()).isSameAs(ps);
                assertThat(rs.getType()).isEqualTo(ResultSet.TYPE_FORWARD_ONLY);
                assertThat(rs.findColumn("USER_ID")).isEqualTo(1);
                assertThat(describe(rs.getMetaData())).isEqualTo(real);
                assertThat(rs.next()).isFalse();
                assertThat(rs.next()).isFalse();
                // After the last row, a getter fails with H2's own error.
                assertThatThrownBy(() -> rs.getString(1)).isInstanceOf(SQLException.class)
                        .extracting(e -> ((SQLException) e).getSQLState()).isEqualTo("02000");
            }
        }
    }

    /** Every column's metadata as text, to compare two results' metadata by value. */
    static List<String> describe(ResultSetMetaData m) throws SQLException {
        List<String> columns = new ArrayList<>();
        for (int i = 1; i <= m.getColumnCount(); i++) {
            columns.add(m.getColumnLabel(i) + "|" + m.getColumnName(i) + "|" + m.getColumnType(i) + "|"
                    + m.getColumnTypeName(i) + "|" + m.getPrecision(i) + "|" + m.getScale(i) + "|"
                    + m.isNullable(i) + "|" + m.getTableName(i) + "|" + m.getSchemaName(i) + "|"
                    + m.getColumnClassName(i) + "|" + m.getColumnDisplaySize(i) + "|" + m.isSigned(i));
        }
        return columns;
    }

    @Test
    void integerKeysMatchWhateverSetterBoundThem() throws SQLException {
        try (Connection c = ds.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT amount FROM orders WHERE id = ?")) {
            ps.setInt(1, 5000);
            ps.executeQuery().close();
            Object[] present = {42, 42L, "042", new BigDecimal("42.00"), (short) 42};
            for (Object value : present) {
                ps.setObject(1, value);
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).as("order 42 bound as %s %s", value.getClass().getSimpleName(), value)
                            .isTrue();
                }
            }
            // A string the database would refuse is passed through, so the database's error surfaces.
            ps.setString(1, "forty-two");
            assertThatThrownBy(ps::executeQuery).isInstanceOf(SQLException.class);
        }
        assertThat(gate.stats("orders", "id").bypassed(BypassReason.PARAMETER)).isEqualTo(1);
    }

    @Test
    void nullKeysMatchNothing() throws SQLException {
        try (Connection c = ds.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT * FROM orders WHERE id = ?")) {
            ps.setNull(1, Types.INTEGER);
            assertThat(ps.executeQuery().next()).isFalse();
            ps.setNull(1, Types.INTEGER);
            long before = counting.executions();
            assertThat(ps.executeQuery().next()).isFalse();
            assertThat(counting.executions()).isEqualTo(before);
        }
    }

    @Test
    void plainStatementsWithLiteralsAndInListsAreAnsweredToo() throws SQLException {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            assertThat(s.executeQuery("SELECT * FROM orders WHERE id IN (5001, 5002)").next()).isFalse();
            long before = counting.executions();
            assertThat(s.executeQuery("SELECT * FROM orders WHERE id IN (5001, 5002)").next()).isFalse();
            assertThat(counting.executions()).isEqualTo(before);
            // One present key in the list: the database answers.
            try (ResultSet rs = s.executeQuery("SELECT id FROM orders WHERE id IN (5001, 7) ORDER BY id")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).isEqualTo(7);
            }
        }
    }

    @Test
    void executeThenGetResultSetBehavesAsTheDriversStatementDoes() throws SQLException {
        try (Connection c = ds.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT * FROM orders WHERE id = ?")) {
            ps.setInt(1, -1);
            assertThat(ps.execute()).isTrue();
            ps.getResultSet().close();
            ps.setInt(1, -2);
            long before = counting.executions();
            assertThat(ps.execute()).isTrue();
            assertThat(counting.executions()).isEqualTo(before);
            ResultSet rs = ps.getResultSet();
            assertThat(rs.next()).isFalse();
            assertThat(ps.getUpdateCount()).isEqualTo(-1);
            assertThat(ps.getMoreResults()).isFalse();
            assertThat(rs.isClosed()).isTrue();
            assertThat(ps.getResultSet()).isNull();
            assertThat(ps.getUpdateCount()).isEqualTo(-1);
        }
    }

    @Test
    void ineligibleShapesRunOnTheDatabaseAndAggregatesReplayTheirRowOnEmptyInput() throws SQLException {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            for (int i = 0; i < 2; i++) {
                try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM orders WHERE id = 99999")) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getLong(1)).isZero();
                }
                try (ResultSet rs = s.executeQuery("SELECT * FROM orders WHERE id = 99999 OR id = 3")) {
                    assertThat(rs.next()).isTrue();
                }
                try (ResultSet rs = s.executeQuery("SELECT * FROM orders WHERE ABS(id) = 4")) {
                    assertThat(rs.next()).isTrue();
                }
            }
        }
        GuardStats stats = gate.stats("orders", "id");
        // The count runs once for real (its row on empty input is copied), then is answered with it.
        assertThat(stats.bypassed(BypassReason.FIRST_EXECUTION)).isEqualTo(1);
        assertThat(stats.avoided()).isEqualTo(1);
        assertThat(stats.bypassed(BypassReason.NOT_ELIGIBLE)).isEqualTo(4);
    }

    @Test
    void writesThroughTheGateAreVisibleToTheVeryNextLookup() throws SQLException {
        try (Connection c = ds.getConnection();
                PreparedStatement insert = c.prepareStatement("INSERT INTO users (id, email) VALUES (?, ?)");
                PreparedStatement find = c.prepareStatement("SELECT id FROM users WHERE email = ?")) {
            find.setString(1, "warmup@example.org");
            find.executeQuery().close();
            for (int i = 0; i < 500; i++) {
                insert.setLong(1, 100_000 + i);
                insert.setString(2, "new" + i + "@example.org");
                insert.executeUpdate();
                find.setString(1, "new" + i + "@example.org");
                try (ResultSet rs = find.executeQuery()) {
                    assertThat(rs.next()).as("new key %d", i).isTrue();
                }
            }
        }
    }

    @Test
    void aSerializableTransactionIsNeverShortCircuited() throws SQLException {
        try (Connection c = ds.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT * FROM orders WHERE id = ?")) {
            ps.setInt(1, -1);
            ps.executeQuery().close();
            c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
            ps.setInt(1, -2);
            long before = counting.executions();
            assertThat(ps.executeQuery().next()).isFalse();
            assertThat(counting.executions()).isEqualTo(before + 1);
        }
        assertThat(gate.stats("orders", "id").bypassed(BypassReason.ISOLATION)).isEqualTo(1);
    }

    @Test
    void wrappersUnwrapToTheDriverAndReportThemselvesAsParents() throws SQLException {
        try (Connection c = ds.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT * FROM orders WHERE id = ?")) {
            assertThat(c.isWrapperFor(JdbcConnection.class)).isTrue();
            assertThat(c.unwrap(JdbcConnection.class)).isInstanceOf(JdbcConnection.class);
            assertThat(ps.unwrap(JdbcPreparedStatement.class)).isInstanceOf(JdbcPreparedStatement.class);
            assertThat(ps.getConnection()).isSameAs(c);
            assertThat(c.getMetaData().getConnection()).isSameAs(c);
            ps.setInt(1, 3);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.getStatement()).isSameAs(ps);
            }
        }
    }

    @Test
    void sqlTextPassedToAPreparedStatementIsLeftToTheDriverWhichRefusesIt() throws SQLException {
        String literal = "SELECT * FROM orders WHERE id = 99999";
        try (Connection c = ds.getConnection();
                Statement s = c.createStatement();
                PreparedStatement ps = c.prepareStatement("SELECT * FROM orders WHERE id = ?")) {
            s.executeQuery(literal).close(); // the text has run once: the gate could now answer it
            assertThat(s.executeQuery(literal).next()).isFalse();
            long avoided = gate.stats("orders", "id").avoided();
            assertThat(avoided).isEqualTo(1);
            // ... but JDBC forbids SQL text on a PreparedStatement: the driver's refusal must surface.
            assertThatThrownBy(() -> ps.executeQuery(literal)).isInstanceOf(SQLException.class);
            assertThat(gate.stats("orders", "id").avoided()).isEqualTo(avoided);
        }
    }

    @Test
    void statsAndBuildErrorsNameWhatWasWrong() {
        assertThatThrownBy(() -> gate.stats("users", "name")).hasMessageContaining("No guard on users.name")
                .hasMessageContaining("PUBLIC.USERS.EMAIL");
        assertThatThrownBy(() -> BloomGate.builder(h2).guard("userz", "email").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no table PUBLIC.USERZ")
                .hasMessageContaining("USERS");
        assertThatThrownBy(() -> BloomGate.builder(h2).guard("users", "mail").build())
                .hasMessageContaining("has no column MAIL").hasMessageContaining("EMAIL");
        assertThatThrownBy(() -> BloomGate.builder(h2).guard("users", "email").guard("USERS", "\"EMAIL\"").build())
                .hasMessageContaining("PUBLIC.USERS.EMAIL is already guarded");
        assertThatThrownBy(() -> BloomGate.builder(h2).build()).hasMessageContaining("no guards configured");
        assertThatThrownBy(() -> BloomGate.builder(h2).guard("users", "email", 100, 1.5))
                .hasMessageContaining("above 0 and below 0.5");
    }

    @Test
    void columnsWhoseEqualityCannotBeReproducedAreRefusedByName() throws SQLException {
        H2Databases.run(h2, "CREATE TABLE prices (p DOUBLE PRIMARY KEY)",
                "CREATE TABLE tags (t VARCHAR_IGNORECASE(20) PRIMARY KEY)");
        assertThatThrownBy(() -> BloomGate.builder(h2).guard("prices", "p").build())
                .hasMessageContaining("PUBLIC.PRICES").hasMessageContaining("P").hasMessageContaining("DOUBLE");
        assertThatThrownBy(() -> BloomGate.builder(h2).guard("tags", "t").build())
                .hasMessageContaining("PUBLIC.TAGS").hasMessageContaining("IGNORECASE");
    }
}
