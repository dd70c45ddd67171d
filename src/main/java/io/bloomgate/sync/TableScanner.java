package io.bloomgate.sync;

import io.bloomgate.stats.GuardState;
import io.bloomgate.filter.BloomFilter;
import io.bloomgate.key.KeyBuffer;
import io.bloomgate.sql.GuardedTable;
import java.sql.Connection;
import java.sql.JDBCType;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fills a guard's filter by reading every key of its column with a streaming cursor, logging
 * progress (rows and rows/s) for long scans.
 */
public final class TableScanner {

    private static final Logger LOG = LoggerFactory.getLogger(TableScanner.class);
    private static final int FETCH_SIZE = 10_000;
    private static final long PROGRESS_NANOS = 5_000_000_000L;

    private final DataSource dataSource;
    private final boolean postgres;

    /**
     * @param dataSource the application's data source (not the gate's)
     * @param postgres   pgjdbc streams only inside a transaction with a fetch size
     */
    public TableScanner(DataSource dataSource, boolean postgres) {
        this.dataSource = dataSource;
        this.postgres = postgres;
    }

    /** Scans the key column into the guard's filter and marks the guard {@link GuardState#READY}. */
    public long build(Guard guard) throws SQLException {
        long rows = scan(guard, guard.filter());
        guard.ready(rows);
        return rows;
    }

    /**
     * Adds every key currently committed in the table through the guard (to its current filter and
     * to one being rebuilt); returns the rows read.
     */
    public long scanInto(Guard guard) throws SQLException {
        return scan(guard, null);
    }

    /**
     * Adds every key currently committed in the table to {@code target}, or through the guard when
     * {@code target} is null; returns the rows read.
     */
    public long scan(Guard guard, BloomFilter target) throws SQLException {
        try (Connection connection = dataSource.getConnection()) {
            return scan(connection, guard, target, postgres);
        }
    }

    /** Scans on a connection the caller owns (an H2 function's own connection, for one). */
    public static long scan(Connection connection, Guard guard, BloomFilter target, boolean postgres)
            throws SQLException {
        return scan(connection, guard, target, postgres, null);
    }

    /**
     * Scans on a connection the caller owns, selecting {@code keyExpression} (SQL over the quoted key
     * column, which replaces {@code %s}; e.g. MySQL's {@code WEIGHT_STRING(%s COLLATE c)} for a
     * collated key whose filter holds the server's weight strings), or the column itself when null.
     */
    public static long scan(Connection connection, Guard guard, BloomFilter target, boolean postgres,
            String keyExpression) throws SQLException {
        GuardedTable t = guard.table();
        // The driver's quote: a backtick on MySQL/MariaDB, where '"' quotes strings by default.
        String q = connection.getMetaData().getIdentifierQuoteString();
        String column = quote(t.keyColumn(), q);
        String sql = "SELECT " + (keyExpression == null ? column : keyExpression.replace("%s", column)) + " FROM "
                + quote(t.schema(), q) + "." + quote(t.table(), q);
        long start = System.nanoTime();
        long rows;
        boolean autoCommit = connection.getAutoCommit();
        if (postgres && autoCommit) {
            connection.setAutoCommit(false); // pgjdbc uses a cursor only inside a transaction
        }
        try (Statement statement = connection.createStatement()) {
            statement.setFetchSize(FETCH_SIZE);
            try (ResultSet rs = statement.executeQuery(sql)) {
                rows = addAll(guard, target, rs, start);
            }
        } finally {
            if (postgres && autoCommit) {
                connection.rollback();
                connection.setAutoCommit(true);
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        LOG.info("Scanned {} rows of {}.{} in {} s ({} rows/s)", rows, t.schema(), t.table(),
                String.format("%.2f", seconds), String.format("%.0f", rows / Math.max(seconds, 1e-9)));
        return rows;
    }

    private static long addAll(Guard guard, BloomFilter target, ResultSet rs, long start) throws SQLException {
        long rows = 0;
        long nextReport = start + PROGRESS_NANOS;
        KeyBuffer key = new KeyBuffer();
        long added = 0;
        while (rs.next()) {
            rows++;
            if (KeyFunnel.addColumn(rs, 1, guard, target, key)) {
                added++;
            }
            if ((rows & 0xFFFF) == 0 && System.nanoTime() > nextReport) {
                double seconds = (System.nanoTime() - start) / 1e9;
                LOG.info("Scanning {}: {} rows ({} rows/s)", guard, rows, String.format("%.0f", rows / seconds));
                nextReport = System.nanoTime() + PROGRESS_NANOS;
            }
        }
        if (target != null) {
            guard.counters().countKeysAdded(added);
        }
        return rows;
    }

    /** Whether a key column of this type is read with {@code getLong}: {@link KeyFunnel#isInteger}. */
    public static boolean isInteger(JDBCType type) {
        return KeyFunnel.isInteger(type);
    }

    /** A delimited identifier: double quotes, embedded quotes doubled (SQL standard, H2 and PostgreSQL). */
    public static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

    /** A delimited identifier with the driver's quote string ({@code "} if it names none). */
    static String quote(String identifier, String quote) {
        String q = quote == null || quote.isBlank() ? "\"" : quote.trim();
        return q + identifier.replace(q, q + q) + q;
    }
}
