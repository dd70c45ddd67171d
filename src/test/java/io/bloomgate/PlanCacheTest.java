package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/**
 * The plan cache is bounded, and stays useful past its bound: an application that builds a new SQL
 * text per call (keys inlined as literals) must not freeze the cache so that no later text is ever
 * answered.
 */
class PlanCacheTest {

    /** More distinct texts than the cache holds (GateContext.MAX_CACHED_PLANS = 10,000). */
    private static final int TEXTS = 10_500;

    @Test
    void textsSeenAfterTheCacheFilledAreStillAnsweredFromTheirSecondRun() throws SQLException {
        JdbcDataSource h2 = H2Databases.memory();
        H2Databases.run(h2, "CREATE TABLE urls (id INT PRIMARY KEY, url VARCHAR(200))",
                "INSERT INTO urls SELECT X, 'https://x/' || X FROM SYSTEM_RANGE(1, 100)");
        try (BloomGate gate = BloomGate.builder(h2).guard("urls", "url").build();
                Connection c = gate.dataSource().getConnection();
                Statement s = c.createStatement()) {
            // Distinct shapes, not just distinct keys (texts that differ only in a key literal share one plan).
            for (int i = 0; i < TEXTS; i++) {
                s.executeQuery("SELECT id, " + i + " AS n FROM urls WHERE url = 'https://absent/'").close();
            }
            String fresh = "SELECT id, -1 AS n FROM urls WHERE url = 'https://fresh/'";
            s.executeQuery(fresh).close(); // its first run is real
            long before = gate.stats("urls", "url").avoided();
            try (ResultSet rs = s.executeQuery(fresh)) {
                assertThat(rs.next()).isFalse();
            }
            assertThat(gate.stats("urls", "url").avoided()).as("answered from the filter").isEqualTo(before + 1);
        } finally {
            H2Databases.run(h2, "SHUTDOWN");
        }
    }
}
