package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * On PostgreSQL what a key parameter means depends on its type as much as on its value: the type
 * pgjdbc sends with it, and the type a cast in the text gives it. Each case here is a wrong answer
 * {@link PostgresDifferentialTest} found, reduced to its smallest form.
 */
class PostgresParameterTypesTest {

    private PGSimpleDataSource pg;
    private CountingDataSource counting;
    private String schema;

    @BeforeEach
    void setUp() throws SQLException {
        pg = PostgresServer.dataSource();
        schema = "params_" + Long.toHexString(System.nanoTime());
        H2Databases.run(pg, "CREATE SCHEMA " + schema);
        pg.setCurrentSchema(schema);
        counting = new CountingDataSource(pg);
        H2Databases.run(pg, "CREATE TABLE t (id bigint PRIMARY KEY, name text UNIQUE, v int, amount numeric UNIQUE)",
                "INSERT INTO t SELECT g, 'user-' || g, g % 10, g / 4.0 FROM generate_series(1, 100) g");
    }

    @AfterEach
    void tearDown() throws SQLException {
        if (pg != null) {
            H2Databases.run(pg, "DROP SCHEMA " + schema + " CASCADE");
        }
    }

    /**
     * 'user-1  '::char(8) is 'user-1' padded; compared with a text column it becomes text without
     * the padding, so it finds 'user-1'. The bound string, with its spaces, is not the key.
     */
    @Test
    void aCharCastOfATextKeyDropsTrailingSpaces() throws SQLException {
        try (BloomGate gate = BloomGate.builder(pg).guard("t", "name").build();
                Connection c = gate.dataSource().getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT id FROM t WHERE name = ?::char(8)")) {
            ps.setString(1, "nobody");
            ps.executeQuery().close(); // the first run of a text is real
            ps.setString(1, "user-1  ");
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).as("found through the gate, as on the server").isTrue();
                assertThat(rs.getLong(1)).isEqualTo(1);
            }
        }
    }

    /**
     * pgjdbc sends {@code setNull(i, VARCHAR)} and {@code setString(i, null)} typed varchar, and
     * {@code bigint = varchar} is an error before any row is read: NULL or not, the server refuses
     * the statement, and so must the gate rather than answer "no rows".
     */
    @Test
    void aNullKeyOfAnotherTypeIsTheServersErrorNotAnEmptyAnswer() throws SQLException {
        try (BloomGate gate = BloomGate.builder(pg).guard("t", "id").build();
                Connection c = gate.dataSource().getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT name FROM t WHERE id = ?")) {
            ps.setLong(1, -1);
            ps.executeQuery().close();
            ps.setNull(1, Types.VARCHAR);
            assertThat(stateOf(ps)).isEqualTo("42883"); // operator does not exist: bigint = character varying
            ps.setString(1, null);
            assertThat(stateOf(ps)).isEqualTo("42883");
            ps.setNull(1, Types.BIGINT);
            assertThat(stateOf(ps)).as("a NULL of the key's type matches nothing").isEqualTo("no rows");
        }
    }

    @Test
    void aNullOfAnotherTypeInAnotherConjunctIsTheServersErrorToo() throws SQLException {
        try (BloomGate gate = BloomGate.builder(pg).guard("t", "id").build();
                Connection c = gate.dataSource().getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT name FROM t WHERE id = ? AND v >= ?")) {
            ps.setLong(1, -1);
            ps.setInt(2, 0);
            ps.executeQuery().close();
            ps.setLong(1, -2);
            ps.setNull(2, Types.VARCHAR);
            assertThat(stateOf(ps)).isEqualTo("42883"); // operator does not exist: integer >= character varying
        }
    }

    /**
     * An unconstrained numeric keeps each value as written and compares numerically: 0.25 and
     * 0.250 are one key. (pgjdbc reports the column as numeric(0, 0); read as scale 0, no key with a
     * fraction was ever answered, and every write of one rescanned the table.)
     */
    @Test
    void keysWithAFractionInAnUnconstrainedNumericAreAnsweredFromTheFilter() throws SQLException {
        try (BloomGate gate = BloomGate.builder(counting).guard("t", "amount").build();
                Connection c = gate.dataSource().getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT id FROM t WHERE amount = ?")) {
            ps.setBigDecimal(1, new BigDecimal("0.30"));
            ps.executeQuery().close();
            long before = counting.executions();
            ps.setBigDecimal(1, new BigDecimal("0.35"));
            assertThat(stateOf(ps)).isEqualTo("no rows");
            assertThat(counting.executions()).as("answered without the server").isEqualTo(before);
            ps.setBigDecimal(1, new BigDecimal("0.2500"));
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(1);
            }
        }
    }

    private static String stateOf(PreparedStatement ps) {
        try (ResultSet rs = ps.executeQuery()) {
            return rs.next() ? "a row" : "no rows";
        } catch (SQLException e) {
            return e.getSQLState();
        }
    }
}
