package io.bloomgate.bench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.mariadb.jdbc.MariaDbDataSource;

/**
 * The MySQL/MariaDB server the MariaDB benchmarks use: {@code BLOOMGATE_MYSQL_URL} (a MariaDB
 * Connector/J URL; {@code bench/mariadb-server.sh start} prints one for a private server), with the
 * database replaced by {@code bloomgate_bench}, which is created if missing.
 */
final class MariaDbBench {

    static final String DATABASE = "bloomgate_bench";

    private MariaDbBench() {
    }

    static MariaDbDataSource dataSource() throws SQLException {
        return dataSource("");
    }

    /** The benchmark database, with Connector/J {@code options} ({@code a=b&c=d}) added to the URL. */
    static MariaDbDataSource dataSource(String options) throws SQLException {
        String url = System.getenv("BLOOMGATE_MYSQL_URL");
        if (url == null || url.isBlank()) {
            throw new IllegalStateException("set BLOOMGATE_MYSQL_URL to a MariaDB server"
                    + " (bench/mariadb-server.sh start prints one for a private server; .ci/mariadb.sh the shared one)");
        }
        try (Connection c = new MariaDbDataSource(url).getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE IF NOT EXISTS " + DATABASE);
        }
        // The URL's own string (getUrl() leaves the password out), pointed at the benchmark database.
        String bench = url.replaceFirst("^(jdbc:[a-z]+://[^/]+/)[^?]*", "$1" + DATABASE);
        if (!options.isEmpty()) {
            bench += (bench.contains("?") ? "&" : "?") + options;
        }
        return new MariaDbDataSource(bench);
    }

    /**
     * Creates {@code table (id BIGINT PRIMARY KEY, payload VARCHAR(40))} with ids 0, 2, ..., 2(rows-1)
     * (textKeys false), or {@code table (k VARCHAR(64) COLLATE utf8mb4_bin PRIMARY KEY, payload
     * VARCHAR(40))} with the keys {@link #textKey} of those ids (textKeys true), unless it has them.
     */
    static void evenKeys(MariaDbDataSource ds, String table, long rows, boolean textKeys) throws SQLException {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()"
                    + " AND TABLE_NAME = '" + table + "'")) {
                rs.next();
                if (rs.getInt(1) == 1) {
                    try (ResultSet n = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
                        n.next();
                        if (n.getLong(1) == rows) {
                            return;
                        }
                    }
                }
            }
            s.execute("DROP TABLE IF EXISTS " + table);
            String key = textKeys ? "k VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin" : "id BIGINT";
            s.execute("CREATE TABLE " + table + " (" + key + " PRIMARY KEY, payload VARCHAR(40)) ENGINE=InnoDB");
            // MariaDB's SEQUENCE engine: seq_0_to_N is a virtual table of the integers 0..N.
            String value = textKeys ? "CONCAT('user', seq * 2, '@example.com')" : "seq * 2";
            s.execute("INSERT INTO " + table + " SELECT " + value + ", CONCAT('payload ', seq) FROM seq_0_to_" + (rows - 1));
            s.execute("ANALYZE TABLE " + table);
        }
    }

    /** The text key of {@code id}: {@code user<id>@example.com}. */
    static String textKey(long id) {
        return "user" + id + "@example.com";
    }
}
