package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * LIKE patterns beside the key predicate on PostgreSQL (issue 22): a bound pattern ending in its
 * escape character raises 22025 on the first row the server compares, and which rows it compares
 * is its plan's choice, so such a pattern passes through with the server's error; a valid pattern
 * is still answered.
 */
class PostgresOtherConjunctsTest {

    private PGSimpleDataSource pg;
    private final String table = "fz_like_" + Long.toHexString(System.nanoTime());

    @BeforeEach
    void setUp() throws SQLException {
        pg = PostgresServer.dataSource();
        H2Databases.run(pg,
                "CREATE TABLE " + table + " (id bigint PRIMARY KEY, ck char(8) UNIQUE, vk varchar(24))",
                "INSERT INTO " + table + " SELECT g, 'c' || g, 'v' || g FROM generate_series(1, 50) g");
    }

    @AfterEach
    void tearDown() throws SQLException {
        if (pg != null) {
            H2Databases.run(pg, "DROP TABLE IF EXISTS " + table);
        }
    }

    private static List<String> outcome(Connection c, String sql, String key, String pattern) {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            boolean patternFirst = sql.indexOf("LIKE") < sql.indexOf("ck =");
            ps.setString(patternFirst ? 2 : 1, key);
            ps.setString(patternFirst ? 1 : 2, pattern);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        } catch (SQLException e) {
            out.add("error " + e.getSQLState());
            try {
                if (!c.getAutoCommit()) {
                    c.rollback();
                }
            } catch (SQLException ignored) {
                // the outcome is what matters
            }
        }
        return out;
    }

    @Test
    void aPatternEndingInItsEscapeCharacterPassesThroughWithTheServersError() throws SQLException {
        String[] texts = {
            "SELECT * FROM public.\"" + table + "\" \"a\" WHERE a.ck = ? AND a.\"vk\" ILIKE ?",
            "SELECT id FROM " + table + " WHERE ck = ? AND vk LIKE ?",
            "SELECT id FROM " + table + " WHERE ck = ? AND vk NOT LIKE ? ESCAPE '#'",
            // the pattern first: the server compares it before the key on every row it scans
            "SELECT id FROM " + table + " WHERE vk LIKE ? AND ck = ?",
        };
        try (BloomGate gate = BloomGate.builder(pg).guard(table, "ck").build();
                Connection g = gate.dataSource().getConnection(); Connection d = pg.getConnection()) {
            for (Connection c : List.of(g, d)) {
                // a sequential scan, as the server may choose for a small or unanalysed table: it
                // compares the pattern on every row, the key's included or not
                try (var s = c.createStatement()) {
                    s.execute("SET enable_indexscan = off");
                    s.execute("SET enable_bitmapscan = off");
                }
            }
            for (String sql : texts) {
                String bad = sql.contains("'#'") ? "%#" : "%\\"; // the server reaches the escape on any value
                String good = sql.contains("'#'") ? "a#%b%" : "a\\%b%";
                assertThat(outcome(g, sql, "c1", "v%")).isEqualTo(outcome(d, sql, "c1", "v%")); // first run: real
                long before = gate.stats(table, "ck").avoided();
                assertThat(outcome(g, sql, "c9999999", good)).as(sql).isEmpty();
                assertThat(gate.stats(table, "ck").avoided() - before).as("a valid pattern is answered").isEqualTo(1);
                List<String> direct = outcome(d, sql, "c9999999", bad);
                if (sql.indexOf("LIKE") < sql.indexOf("ck =")) {
                    assertThat(direct).as(sql).containsExactly("error 22025");
                }
                assertThat(outcome(g, sql, "c9999999", bad)).as(sql).isEqualTo(direct);
                assertThat(gate.stats(table, "ck").avoided() - before).as("the bad pattern is not answered").isEqualTo(1);
            }
        }
    }
}
