package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/**
 * {@code ALTER TABLE} on a connection around the gate that keeps H2's table object and the trigger
 * (renaming a column, widening a VARCHAR, making a column invisible): the guard stayed READY, and
 * {@code SELECT *} lookups were answered with the metadata copied before the change (the renamed
 * column under its old name, the old precision). The watch compares the table's columns with the
 * build's whenever H2's DDL counter moved, and unsyncs the guard: the statements then go to H2.
 * Not seen: {@code SET NOT NULL} / {@code SET NULL}, which H2 2.3.232 makes without moving that
 * counter (its own per-session query cache misses them too), so nullability can stay as copied.
 */
class H2RawColumnChangesTest {

    private static String describe(Statement s, String sql) {
        try (ResultSet rs = s.executeQuery(sql)) {
            ResultSetMetaData md = rs.getMetaData();
            StringBuilder b = new StringBuilder(rs.next() ? "a row:" : "no rows:");
            for (int i = 1; i <= md.getColumnCount(); i++) {
                b.append(' ').append(md.getColumnLabel(i)).append(' ').append(md.getColumnTypeName(i)).append('(')
                        .append(md.getPrecision(i)).append(") nullable=").append(md.isNullable(i));
            }
            return b.toString();
        } catch (SQLException e) {
            return e.getSQLState();
        }
    }

    @Test
    void selectStarAfterARawColumnChangeDescribesTheTableAsItIs() throws SQLException {
        for (String ddl : new String[] {"ALTER TABLE t ALTER COLUMN v RENAME TO w",
                "ALTER TABLE t ALTER COLUMN v SET DATA TYPE VARCHAR(50)", "ALTER TABLE t ALTER COLUMN v SET INVISIBLE"}) {
            JdbcDataSource db = H2Databases.memory();
            H2Databases.run(db, "CREATE TABLE t (id BIGINT PRIMARY KEY, k VARCHAR(20), v VARCHAR(10))",
                    "INSERT INTO t VALUES (1, 'k1', 'v1')");
            try (BloomGate gate = BloomGate.builder(db).guard("t", "k").build();
                    Connection g = gate.dataSource().getConnection(); Statement gs = g.createStatement();
                    Connection raw = db.getConnection(); Statement rs = raw.createStatement()) {
                describe(gs, "SELECT * FROM t WHERE k = 'warm'");
                long before = gate.stats().get(0).avoided();
                describe(gs, "SELECT * FROM t WHERE k = 'absent'");
                assertThat(gate.stats().get(0).avoided()).as("answered before the change").isEqualTo(before + 1);
                rs.execute(ddl);
                String sql = "SELECT * FROM t WHERE k = 'other'";
                assertThat(describe(gs, sql)).as(ddl).isEqualTo(describe(rs, sql));
                assertThat(gate.stats().get(0).state()).as(ddl).isEqualTo(io.bloomgate.stats.GuardState.UNSYNCED);
            } finally {
                H2Databases.run(db, "SHUTDOWN");
            }
        }
    }

    /** DDL that leaves the columns as they were (an index, a constraint, a comment) keeps the guard answering. */
    @Test
    void otherDdlKeepsAnswering() throws SQLException {
        JdbcDataSource db = H2Databases.memory();
        H2Databases.run(db, "CREATE TABLE t (id BIGINT PRIMARY KEY, k VARCHAR(20), v VARCHAR(10))");
        try (BloomGate gate = BloomGate.builder(db).guard("t", "k").build();
                Connection g = gate.dataSource().getConnection(); Statement gs = g.createStatement()) {
            describe(gs, "SELECT * FROM t WHERE k = 'warm'");
            H2Databases.run(db, "CREATE INDEX t_v ON t (v)", "COMMENT ON COLUMN t.v IS 'note'",
                    "ALTER TABLE t ADD CONSTRAINT v_check CHECK (v <> 'x')");
            long before = gate.stats().get(0).avoided();
            describe(gs, "SELECT * FROM t WHERE k = 'absent'");
            assertThat(gate.stats().get(0).avoided()).isEqualTo(before + 1);
        } finally {
            H2Databases.run(db, "SHUTDOWN");
        }
    }
}
