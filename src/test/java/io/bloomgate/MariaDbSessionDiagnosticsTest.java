package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a statement after an answered lookup reads of the session — {@code ROW_COUNT()}, {@code
 * FOUND_ROWS()}, warnings — is what it reads after the lookup's real run (measured on MariaDB 10.11:
 * after an empty read of a table ROW_COUNT() is -1, FOUND_ROWS() 0 and the warnings of the statement
 * before are gone). Each sequence runs on a direct connection and through the gate, the lookup in
 * the middle answered from the filter there.
 */
class MariaDbSessionDiagnosticsTest extends MariaDbGuardedTable {

    MariaDbSessionDiagnosticsTest() {
        super("sd_", "(id INT PRIMARY KEY, v INT)",
                "(1, 10), (2, 20)");
    }

    /** The rows of the last statement of {@code statements}, each row's columns joined by '|'. */
    private static List<String> last(Connection c, String... statements) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement s = c.createStatement()) {
            for (String sql : statements) {
                out.clear();
                if (s.execute(sql)) {
                    try (ResultSet rs = s.getResultSet()) {
                        int n = rs.getMetaData().getColumnCount();
                        while (rs.next()) {
                            StringBuilder row = new StringBuilder();
                            for (int i = 1; i <= n; i++) {
                                row.append(i > 1 ? "|" : "").append(rs.getString(i));
                            }
                            out.add(row.toString());
                        }
                    }
                }
            }
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "INSERT INTO %1$s VALUES (50, 1);SELECT v FROM %1$s WHERE id = 99;SELECT ROW_COUNT(), FOUND_ROWS()",
        "SELECT v FROM %1$s WHERE id IN (1, 2);SELECT v FROM %1$s WHERE id = 99;SELECT FOUND_ROWS()",
        "UPDATE %1$s SET v = v + 1;SELECT v FROM %1$s WHERE id = 99;SELECT ROW_COUNT()",
        "SELECT 1/0;SELECT v FROM %1$s WHERE id = 99;SHOW WARNINGS",
        "SELECT 1/0;SELECT v FROM %1$s WHERE id = 99;SELECT @@warning_count",
        "SELECT 1/0;SELECT v FROM %1$s WHERE id = 99;SHOW COUNT(*) WARNINGS",
    })
    void aStatementAfterAnAnsweredLookupReadsTheDatabasesDiagnostics(String pattern) throws SQLException {
        String[] statements = String.format(pattern, t).split(";");
        List<String> expected;
        try (Connection direct = db.getConnection()) {
            expected = last(direct, statements);
        }
        try (Connection c = gate.dataSource().getConnection()) {
            c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            last(c, statements[1]); // the lookup's first execution (its metadata)
            H2Databases.run(db, "UPDATE " + t + " SET v = 10 WHERE id = 1", "UPDATE " + t + " SET v = 20 WHERE id = 2",
                    "DELETE FROM " + t + " WHERE id = 50");
            long before = gate.stats(t, "id").avoided();
            List<String> actual = last(c, statements);
            assertThat(gate.stats(t, "id").avoided()).as("the lookup was answered: %s",
                    gate.stats(t, "id").bypassedByReason()).isEqualTo(before + 1);
            assertThat(actual).as(String.join("; ", statements)).isEqualTo(expected);
        }
    }
}
