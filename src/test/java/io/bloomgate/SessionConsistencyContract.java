package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bloomgate.stats.GuardStats;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Answers must be what the database would return in that transaction, on that session: the
 * snapshot of a REPEATABLE READ transaction, a CHAR cast's comparison, the schema the session
 * resolves names in, and the errors the database raises. Each case was once answered wrongly
 * (issue 12); each compares the gate with a direct connection of the same database.
 */
abstract class SessionConsistencyContract {

    /** The database, fresh for each test. */
    abstract DataSource database() throws SQLException;

    /** Drops what the test created, if the database outlives the test. */
    abstract void dropAll(DataSource db, String suffix) throws SQLException;

    /** Whether the database is PostgreSQL (SQL differs in a few places). */
    abstract boolean postgres();

    protected final String suffix = "s" + Long.toHexString(System.nanoTime());
    protected DataSource db;
    protected BloomGate gate;

    String users() {
        return "users_" + suffix;
    }

    /** The second schema of {@code aSchemaSwitchBySqlIsSeenBeforeTheNextAnswer}. */
    String tenant() {
        return "tenant_" + suffix;
    }

    /**
     * Options after the users table's column list: MySQL/MariaDB need a binary collation for the
     * guarded text columns (their default collations are case-insensitive, refused at build).
     */
    String tableOptions() {
        return "";
    }

    /**
     * Whether a REPEATABLE READ transaction is answered once it has read the guarded table (H2 and
     * PostgreSQL: the snapshot then predates the answer). MySQL/MariaDB answer nothing in such a
     * transaction: InnoDB creates the read view at the first consistent read of <em>any</em> table,
     * which the gate cannot observe (docs/architecture.md section 5).
     */
    boolean answersInRepeatableReadTransactions() {
        return true;
    }

    @BeforeEach
    void createTables() throws SQLException {
        db = database();
        H2Databases.run(db,
                "CREATE TABLE " + users() + " (id INT PRIMARY KEY, email VARCHAR(100) NOT NULL, code VARCHAR(10),"
                        + " name VARCHAR(20), uk UUID)" + tableOptions(),
                "INSERT INTO " + users() + " (id, email, code, name) VALUES (1, 'a@x', 'abc ', 'n1'), (2, 'b@x', 'def', 'n2')");
        gate = BloomGate.builder(db).guard(users(), "email").guard(users(), "code").build();
    }

    @AfterEach
    void drop() throws SQLException {
        if (gate != null) {
            gate.close();
        }
        if (db != null) {
            dropAll(db, suffix);
        }
    }

    static List<String> rows(ResultSet rs) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (rs) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= n; i++) {
                    row.append(rs.getString(i)).append('|');
                }
                rows.add(row.toString());
            }
        }
        return rows;
    }

    static List<String> query(Connection c, String sql, Object... params) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            return rows(ps.executeQuery());
        }
    }

    long avoided() {
        return gate.stats().stream().mapToLong(GuardStats::avoided).sum();
    }

    @Test
    void aRepeatableReadTransactionSeesItsSnapshotNotALaterInsert() throws SQLException {
        String sql = "SELECT id FROM " + users() + " WHERE email = ?";
        try (Connection warm = gate.dataSource().getConnection()) {
            query(warm, sql, "warm@x"); // the text has run once: from now on it can be answered
        }
        try (Connection reader = gate.dataSource().getConnection();
                Connection writer = gate.dataSource().getConnection()) {
            reader.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            reader.setAutoCommit(false);
            // The transaction's first read: absent, and the database must take the snapshot now.
            assertThat(query(reader, sql, "late@x")).isEmpty();
            writer.createStatement().executeUpdate("INSERT INTO " + users() + " (id, email) VALUES (3, 'late@x')");
            // The database answers from the snapshot: still nothing. A snapshot taken only now would show the row.
            assertThat(query(reader, sql, "late@x")).isEmpty();
            reader.commit();
            assertThat(query(reader, sql, "late@x")).hasSize(1);
        }
    }

    @Test
    void aRepeatableReadTransactionIsAnsweredOnceItHasReadTheTable() throws SQLException {
        String sql = "SELECT id FROM " + users() + " WHERE email = ?";
        try (Connection c = gate.dataSource().getConnection()) {
            query(c, sql, "warm@x");
            c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            c.setAutoCommit(false);
            query(c, sql, "first@x"); // takes the snapshot of the table
            long before = avoided();
            assertThat(query(c, sql, "second@x")).isEmpty();
            assertThat(avoided()).as("answered within the snapshot")
                    .isEqualTo(before + (answersInRepeatableReadTransactions() ? 1 : 0));
            c.rollback();
        }
    }

    @Test
    void aCharCastOnAVarcharKeyComparesWithCharSemantics() throws SQLException {
        String sql = "SELECT id FROM " + users() + " WHERE code = CAST(? AS CHAR(3))";
        try (Connection direct = db.getConnection(); Connection c = gate.dataSource().getConnection()) {
            assertThat(query(c, sql, "def")).isEqualTo(query(direct, sql, "def"));
            List<String> expected = query(direct, sql, "abc");
            assertThat(expected).as("the database ignores the stored trailing space").hasSize(1);
            assertThat(query(c, sql, "abc")).isEqualTo(expected);
        }
    }

    @Test
    void getMoreResultsClosesAnAnswerOfExecuteQuery() throws SQLException {
        try (Connection c = gate.dataSource().getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT id FROM " + users() + " WHERE email = ?")) {
            ps.setString(1, "nobody@x");
            ps.executeQuery().close();
            long before = avoided();
            ResultSet rs = ps.executeQuery();
            assertThat(avoided()).isEqualTo(before + 1);
            assertThat(ps.getResultSet()).isSameAs(rs);
            assertThat(ps.getUpdateCount()).isEqualTo(-1);
            assertThat(ps.getMoreResults()).isFalse();
            assertThat(rs.isClosed()).isTrue();
            assertThat(ps.getResultSet()).isNull();
        }
    }

    /** Runs {@code sql} on a gate connection and a direct one; both must fail alike or return alike. */
    void sameOutcome(String sql, Binder binder) throws SQLException {
        try (Connection c = gate.dataSource().getConnection(); Connection direct = db.getConnection()) {
            // Warm the text with harmless values so the gate could answer it.
            SQLException expected = null;
            List<String> expectedRows = null;
            try (PreparedStatement ps = direct.prepareStatement(sql)) {
                binder.bind(ps);
                expectedRows = rows(ps.executeQuery());
            } catch (SQLException e) {
                expected = e;
            }
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                binder.bind(ps);
                if (expected != null) {
                    String state = expected.getSQLState();
                    assertThatThrownBy(() -> rows(ps.executeQuery())).as("the database raised %s", state)
                            .isInstanceOf(SQLException.class)
                            .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo(state));
                } else {
                    assertThat(rows(ps.executeQuery())).isEqualTo(expectedRows);
                }
            }
        }
    }

    @FunctionalInterface
    interface Binder {
        void bind(PreparedStatement ps) throws SQLException;
    }

    /** Runs a text once with harmless values through the gate, so that later runs can be answered. */
    void warm(String sql, Binder harmless) throws SQLException {
        try (Connection c = gate.dataSource().getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            harmless.bind(ps);
            rows(ps.executeQuery());
        }
    }

    @Test
    void aValueTheDatabaseRefusesInAnotherConjunctIsNotHidden() throws SQLException {
        String sql = "SELECT id FROM " + users() + " WHERE email = ? AND id IN (?, 5)";
        warm(sql, ps -> {
            ps.setString(1, "nobody@x");
            ps.setInt(2, 1);
        });
        sameOutcome(sql, ps -> {
            ps.setString(1, "nobody@x");
            ps.setBigDecimal(2, new java.math.BigDecimal("1E+30"));
        });
        String uuid = "SELECT id FROM " + users() + " WHERE email = ? AND uk = ?";
        warm(uuid, ps -> {
            ps.setString(1, "nobody@x");
            ps.setObject(2, java.util.UUID.randomUUID());
        });
        sameOutcome(uuid, ps -> {
            ps.setString(1, "nobody@x");
            ps.setBytes(2, new byte[3]);
        });
        String text = "SELECT id FROM " + users() + " WHERE email = ? AND name <> ?";
        warm(text, ps -> {
            ps.setString(1, "nobody@x");
            ps.setString(2, "n");
        });
        sameOutcome(text, ps -> {
            ps.setString(1, "nobody@x");
            ps.setString(2, "x\u0000y");
        });
        String key = "SELECT id FROM " + users() + " WHERE code IN (?, ?)";
        warm(key, ps -> {
            ps.setString(1, "zz");
            ps.setString(2, "yy");
        });
        sameOutcome(key, ps -> {
            ps.setString(1, "zz");
            ps.setString(2, "much longer than ten characters");
        });
    }

    @Test
    void aSchemaSwitchBySqlIsSeenBeforeTheNextAnswer() throws SQLException {
        String other = tenant();
        H2Databases.run(db, "CREATE SCHEMA " + other,
                "CREATE TABLE " + other + "." + users() + " (id INT PRIMARY KEY, email VARCHAR(100), code VARCHAR(10))"
                        + tableOptions(),
                "INSERT INTO " + other + "." + users() + " VALUES (7, 'tenant@x', 'tc')");
        String sql = "SELECT id FROM " + users() + " WHERE email = ?";
        for (String switchTo : switches(other)) {
            try (Connection c = gate.dataSource().getConnection(); Connection direct = db.getConnection()) {
                assertThat(query(c, sql, "tenant@x")).as("in the default schema").isEmpty();
                try (Statement s = c.createStatement(); Statement d = direct.createStatement()) {
                    s.execute(switchTo);
                    d.execute(switchTo);
                }
                List<String> expected = query(direct, sql, "tenant@x");
                assertThat(expected).as("after %s the database reads %s", switchTo, other).hasSize(1);
                assertThat(query(c, sql, "tenant@x")).as("after %s", switchTo).isEqualTo(expected);
            }
        }
    }

    /** Statements that make unqualified names resolve in {@code schema}. */
    abstract List<String> switches(String schema) throws SQLException;
}
