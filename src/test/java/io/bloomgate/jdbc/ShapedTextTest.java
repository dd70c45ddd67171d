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
}
