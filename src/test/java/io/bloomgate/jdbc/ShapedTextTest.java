package io.bloomgate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.BloomGate;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/**
 * String-built texts of a known shape take the session facts of their shape: a literal in a key
 * position is data, so a key that spells an isolation level or a session setting neither stops the
 * gate answering nor makes it verify the session again (read from the text, "serializable" in a
 * literal made the connection pass every later lookup through).
 */
class ShapedTextTest {

    @Test
    void aKeyThatSpellsASessionWordIsAnsweredAndLeavesTheConnectionAnswering() throws Exception {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:shaped_text;DB_CLOSE_DELAY=-1");
        h2.setUser("sa");
        try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE pages (url VARCHAR(200) PRIMARY KEY, hits INT)");
            s.execute("INSERT INTO pages VALUES ('https://a.example/', 1)");
        }
        try (BloomGate gate = BloomGate.builder(h2).guard("pages", "url", 1_000, 0.01).build();
                Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
            for (String key : new String[] {"https://warm.example/", "https://b.example/", "serializable",
                    "read uncommitted', 'set search_path", "https://c.example/", "https://a.example/"}) {
                try (ResultSet rs = s.executeQuery("SELECT hits FROM pages WHERE url = '" + key.replace("'", "''") + "'")) {
                    assertThat(rs.next()).as(key).isEqualTo(key.equals("https://a.example/"));
                }
            }
            // the first text ran on H2 (its shape's metadata is copied from it); the four absent keys after
            // it were answered, the two that spell session words included, and the present one ran on H2
            assertThat(gate.stats("pages", "url").avoided()).isEqualTo(4);
        }
    }

    /**
     * Texts of a known shape are matched by its template: answered as before, present keys and
     * quoted keys included, without a plan cached per text (each one-off text's cache insert had
     * cost more than the rest of its answer, issue 24).
     */
    @Test
    void stringBuiltTextsAreAnsweredWithoutAPlanCachedPerText() throws Exception {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:shaped_templates;DB_CLOSE_DELAY=-1");
        h2.setUser("sa");
        try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE pages (url VARCHAR(200) PRIMARY KEY, hits INT)");
            s.execute("INSERT INTO pages SELECT 'https://a.example/' || X, X FROM SYSTEM_RANGE(1, 100)");
            s.execute("INSERT INTO pages VALUES ('O''Brien', 7)");
        }
        try (BloomGate gate = BloomGate.builder(h2).guard("pages", "url", 1_000, 0.01).build();
                Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
            GateContext context = ((GateDataSource) gate.dataSource()).context();
            int present = 0;
            for (int i = 0; i < 2_000; i++) {
                String key = i % 10 == 0 ? "https://a.example/" + (i / 10 % 100 + 1) : "https://absent.example/" + i;
                try (ResultSet rs = s.executeQuery("SELECT hits FROM pages WHERE url = '" + key + "'")) {
                    boolean found = rs.next();
                    assertThat(found).as(key).isEqualTo(i % 10 == 0);
                    if (found) {
                        present++;
                        assertThat(rs.getInt(1)).isEqualTo(i / 10 % 100 + 1);
                    }
                }
            }
            try (ResultSet rs = s.executeQuery("SELECT hits FROM pages WHERE url = 'O''Brien'")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).isEqualTo(7);
            }
            try (ResultSet rs = s.executeQuery("SELECT hits FROM pages WHERE url = 'O''Neil'")) {
                assertThat(rs.next()).isFalse();
            }
            assertThat(present).isEqualTo(200);
            // the absent keys after the first text were answered (false positives aside, at most 1% here)
            assertThat(gate.stats("pages", "url").avoided()).isGreaterThan(1_750);
            assertThat(context.cachedPlans()).as("plans cached for 2,002 one-off texts").isLessThan(10);
        }
    }
}
