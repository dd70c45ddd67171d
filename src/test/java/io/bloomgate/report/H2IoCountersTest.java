package io.bloomgate.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** H2 2.3 counts file reads for file databases only, and from zero at each open. */
class H2IoCountersTest {

    @TempDir
    Path dir;

    @Test
    void fileDatabaseCountsReadsAfterReopening() throws Exception {
        String url = "jdbc:h2:file:" + dir.resolve("io").toAbsolutePath() + ";CACHE_SIZE=256";
        try (Connection c = DriverManager.getConnection(url, "sa", ""); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t (k VARCHAR PRIMARY KEY) AS SELECT 'key-' || X FROM SYSTEM_RANGE(1, 20000)");
            s.execute("SHUTDOWN");
        }
        try (Connection c = DriverManager.getConnection(url, "sa", ""); Statement s = c.createStatement()) {
            H2IoCounters before = H2IoCounters.read(c).orElseThrow();
            s.executeQuery("SELECT COUNT(*) FROM t WHERE k LIKE '%7'").close(); // reads the whole table
            H2IoCounters delta = H2IoCounters.read(c).orElseThrow().minus(before);
            assertThat(delta.fileReads()).isPositive();
            assertThat(delta.fileReadBytes()).isGreaterThan(delta.fileReads());
        }
    }

    @Test
    void inMemoryDatabaseHasNoCounters() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:h2:mem:io-counters", "sa", "")) {
            assertThat(H2IoCounters.read(c)).isEmpty();
        }
    }
}
