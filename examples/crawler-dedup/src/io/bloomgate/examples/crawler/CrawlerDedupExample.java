package io.bloomgate.examples.crawler;

import io.bloomgate.BloomGate;
import io.bloomgate.stats.GuardStats;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Random;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;

/**
 * A crawler's URL dedup: for every link it discovers, "visited already?" then "visit and record it".
 * Most links are new, so most checks are answered by the filter without a query. (The full demo with
 * timings and H2's I/O counters is {@code mvn -q -B compile exec:java}.)
 */
public final class CrawlerDedupExample {

    /** Links discovered, pages visited (new URLs), links skipped (visited already), and the guard's counters. */
    public record Result(int discovered, int visited, int skipped, GuardStats stats) {
    }

    public static void main(String[] args) throws SQLException {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:crawler;DB_CLOSE_DELAY=-1");
        h2.setUser("sa");
        Result r = run(h2, 20_000);
        System.out.printf("%d links: %d pages visited, %d skipped; %d 'visited already?' checks answered without"
                + " a query%n", r.discovered(), r.visited(), r.skipped(), r.stats().avoided());
    }

    /** Creates {@code ex_visited} (5,000 URLs from an earlier crawl) and crawls {@code links} discovered links. */
    public static Result run(DataSource database, int links) throws SQLException {
        try (Connection c = database.getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE ex_visited (url VARCHAR(2048) PRIMARY KEY, visited_at TIMESTAMP NOT NULL)");
            s.execute("INSERT INTO ex_visited SELECT 'https://example.org/page/' || X, CURRENT_TIMESTAMP"
                    + " FROM SYSTEM_RANGE(0, 4999)");
        }
        int visited = 0;
        int skipped = 0;
        Random discovered = new Random(42); // stands in for parsing pages: links to 100,000 possible pages
        try (BloomGate gate = BloomGate.builder(database)
                        .guard("ex_visited", "url", 100_000, 0.01)  // sized for the crawl, not today's 5,000 rows
                        .build();
                Connection c = gate.dataSource().getConnection();
                PreparedStatement seen = c.prepareStatement("SELECT 1 FROM ex_visited WHERE url = ?");
                PreparedStatement visit = c.prepareStatement(
                        "INSERT INTO ex_visited (url, visited_at) VALUES (?, CURRENT_TIMESTAMP)")) {
            for (int i = 0; i < links; i++) {
                String url = "https://example.org/page/" + discovered.nextInt(100_000);
                seen.setString(1, url);
                try (ResultSet rs = seen.executeQuery()) { // new URL: usually answered by the filter
                    if (rs.next()) {
                        skipped++;
                        continue;
                    }
                }
                // ... fetch the page and queue its links ...
                visit.setString(1, url);                   // the key enters the filter before the insert runs
                visit.executeUpdate();
                visited++;
            }
            System.out.print(gate.report().toText());
            return new Result(links, visited, skipped, gate.stats("ex_visited", "url"));
        }
    }

    private CrawlerDedupExample() {
    }
}
