package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Texts that jOOQ's parser reads otherwise than MySQL/MariaDB does (measured: /*! ... *&#47; runs,
 * {@code 1--1} is 2, {@code "x"} is a string, {@code ||} is OR, backslashes escape) must reach the
 * database and get its answer. Each text below looks up an absent key ('nope' or 99) by jOOQ's
 * reading, but the database returns rows: an answer from the filter would be wrong. A text that
 * jOOQ reads like the database, as a control, is answered.
 */
class MariaDbLexicalGuardTest extends MariaDbGuardedTable {

    MariaDbLexicalGuardTest() {
        super("lx_", "(id INT PRIMARY KEY, k VARCHAR(64) COLLATE utf8mb4_bin, v INT)",
                "(2, 'a\\\\b', 1), (3, 'k', 2), (4, 'nope1', 3), (5, 'ab', 4)");
    }

    private static List<String> rows(DataSource ds, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(sql);
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "SELECT v FROM %s WHERE id = 99 /*! OR 1=1 */",
        "SELECT v FROM %s WHERE id = 99 /*M! OR 1=1 */",
        "SELECT v FROM %s WHERE id = 1--1",
        "SELECT v FROM %s WHERE id = 99 || 1",
        "SELECT v FROM %s WHERE id = 99 OR \"id\" = \"id\"",
        "SELECT v FROM %s WHERE \"x\" = \"x\" OR id = 99",
        "SELECT v FROM %s WHERE id = 99 # comment\n OR id = 3",
        "SELECT v FROM %s WHERE id = 99 OR k = 'a\\\\b'",
        "SELECT v FROM %s WHERE id = 99 OR k = _utf8mb4'k'",
    })
    void textsReadOtherwiseByTheParserGetTheDatabasesAnswer(String pattern) throws SQLException {
        String sql = String.format(pattern, t);
        List<String> expected = rows(db, sql);
        assertThat(expected).as("the database finds rows for %s", sql).isNotEmpty();
        for (int i = 0; i < 3; i++) {
            assertThat(rows(gate.dataSource(), sql)).as(sql).isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"SELECT v FROM %s WHERE id = 99", "SELECT `v` FROM `%s` WHERE `ID` = 99 -- a comment"})
    void plainTextsAreAnswered(String pattern) throws SQLException {
        String sql = String.format(pattern, t);
        for (int i = 0; i < 3; i++) {
            assertThat(rows(gate.dataSource(), sql)).isEqualTo(rows(db, sql)).isEmpty();
        }
        assertThat(gate.stats(t, "id").avoided()).as("answered from the filter: %s",
                gate.stats(t, "id").bypassedByReason()).isPositive();
    }
}
