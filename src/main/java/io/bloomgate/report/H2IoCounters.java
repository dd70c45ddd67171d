package io.bloomgate.report;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * H2's own counters of its file I/O, read from {@code INFORMATION_SCHEMA.SETTINGS}: the
 * <em>measured</em> side of "disk accesses saved".
 *
 * <p>H2 2.3 keeps them per open database (they restart at zero when the database is opened) and
 * only for file databases: {@code info.FILE_READ} (page reads from the file: one per page not in
 * H2's cache), {@code info.FILE_READ_BYTES}, {@code info.FILE_WRITE} and
 * {@code info.FILE_WRITE_BYTES}. A read H2 counts goes to the operating system, which may still
 * serve it from its page cache. Compare two readings with {@link #minus}.
 *
 * @param fileReads      {@code info.FILE_READ}
 * @param fileReadBytes  {@code info.FILE_READ_BYTES}
 * @param fileWrites     {@code info.FILE_WRITE}
 * @param fileWriteBytes {@code info.FILE_WRITE_BYTES}
 */
public record H2IoCounters(long fileReads, long fileReadBytes, long fileWrites, long fileWriteBytes) {

    /** The counters of zero I/O. */
    public static final H2IoCounters ZERO = new H2IoCounters(0, 0, 0, 0);

    private static final String QUERY = "SELECT SETTING_NAME, SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS"
            + " WHERE SETTING_NAME IN ('info.FILE_READ', 'info.FILE_READ_BYTES', 'info.FILE_WRITE',"
            + " 'info.FILE_WRITE_BYTES')";

    /**
     * Reads the counters of the H2 database behind {@code connection}; empty when it has none (an
     * in-memory database, or not H2).
     *
     * @throws SQLException if the query fails
     */
    public static Optional<H2IoCounters> read(Connection connection) throws SQLException {
        Map<String, Long> values = new HashMap<>();
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(QUERY)) {
            while (rs.next()) {
                values.put(rs.getString(1), Long.parseLong(rs.getString(2).trim()));
            }
        }
        if (!values.containsKey("info.FILE_READ")) {
            return Optional.empty();
        }
        return Optional.of(new H2IoCounters(values.get("info.FILE_READ"),
                values.getOrDefault("info.FILE_READ_BYTES", 0L), values.getOrDefault("info.FILE_WRITE", 0L),
                values.getOrDefault("info.FILE_WRITE_BYTES", 0L)));
    }

    /** The I/O between {@code earlier} and this reading. */
    public H2IoCounters minus(H2IoCounters earlier) {
        return new H2IoCounters(fileReads - earlier.fileReads, fileReadBytes - earlier.fileReadBytes,
                fileWrites - earlier.fileWrites, fileWriteBytes - earlier.fileWriteBytes);
    }

    /** The sum of two deltas. */
    public H2IoCounters plus(H2IoCounters other) {
        return new H2IoCounters(fileReads + other.fileReads, fileReadBytes + other.fileReadBytes,
                fileWrites + other.fileWrites, fileWriteBytes + other.fileWriteBytes);
    }
}
