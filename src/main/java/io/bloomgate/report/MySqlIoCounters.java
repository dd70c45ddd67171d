package io.bloomgate.report;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A MySQL/MariaDB server's read counters ({@code SHOW GLOBAL STATUS}): what a lookup that reaches
 * InnoDB costs, measured by the server. They are server-wide — every table, every client — since the
 * server started: MariaDB keeps per-index counters only with {@code userstat} or the performance
 * schema, both off by default, so this is what every server can say. {@code Handler_read_key}
 * counts index lookups (one per key lookup, among others); {@code Innodb_buffer_pool_read_requests}
 * counts page reads from the buffer pool; {@code Innodb_buffer_pool_reads} those that had to go to
 * disk. Their ratio over a window is the average pages (and disk reads) per index lookup of the whole
 * workload in it, the measured figure {@code bloomgate report} multiplies the avoided lookups by.
 *
 * @param serverStartedAt when the server started (now minus {@code Uptime}): a later start means
 *                        the counters were reset
 * @param indexReads      {@code Handler_read_key}
 * @param pageRequests    {@code Innodb_buffer_pool_read_requests}
 * @param diskReads       {@code Innodb_buffer_pool_reads}
 */
public record MySqlIoCounters(Instant serverStartedAt, long indexReads, long pageRequests, long diskReads) {

    /**
     * The server's counters now.
     *
     * @return empty if the server does not report one of them
     */
    public static Optional<MySqlIoCounters> read(Connection connection) throws SQLException {
        Map<String, Long> values = new HashMap<>();
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS WHERE Variable_name IN ('Handler_read_key',"
                        + " 'Innodb_buffer_pool_read_requests', 'Innodb_buffer_pool_reads', 'Uptime')")) {
            while (rs.next()) {
                values.put(rs.getString(1).toLowerCase(java.util.Locale.ROOT), Long.parseLong(rs.getString(2).trim()));
            }
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        Long uptime = values.get("uptime");
        Long reads = values.get("handler_read_key");
        Long requests = values.get("innodb_buffer_pool_read_requests");
        Long disk = values.get("innodb_buffer_pool_reads");
        if (uptime == null || reads == null || requests == null || disk == null) {
            return Optional.empty();
        }
        Instant now;
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SELECT UNIX_TIMESTAMP(NOW(6))")) {
            rs.next();
            now = Instant.ofEpochMilli(Math.round(rs.getDouble(1) * 1000));
        }
        return Optional.of(new MySqlIoCounters(now.minusSeconds(uptime), reads, requests, disk));
    }

    /**
     * The counts from {@code earlier} to this reading, or empty when the server restarted in
     * between (its counters started again from zero: a start more than a few seconds apart, since
     * {@code Uptime} has whole seconds) or a counter went down.
     */
    public Optional<MySqlIoCounters> since(MySqlIoCounters earlier) {
        boolean restarted = Math.abs(serverStartedAt.getEpochSecond() - earlier.serverStartedAt.getEpochSecond()) > 5;
        if (restarted || indexReads < earlier.indexReads || pageRequests < earlier.pageRequests
                || diskReads < earlier.diskReads) {
            return Optional.empty();
        }
        return Optional.of(new MySqlIoCounters(earlier.serverStartedAt, indexReads - earlier.indexReads,
                pageRequests - earlier.pageRequests, diskReads - earlier.diskReads));
    }

    /** Buffer-pool page reads per index lookup (NaN before any lookup). */
    public double pagesPerIndexRead() {
        return indexReads == 0 ? Double.NaN : (double) pageRequests / indexReads;
    }

    /** Disk reads per index lookup (NaN before any lookup). */
    public double diskReadsPerIndexRead() {
        return indexReads == 0 ? Double.NaN : (double) diskReads / indexReads;
    }
}
