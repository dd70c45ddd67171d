package io.bloomgate.report;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * PostgreSQL's own counters of a key column's index use: the <em>measured</em> side of "disk
 * accesses saved" on PostgreSQL.
 *
 * <p>Read from {@code pg_stat_user_indexes.idx_scan} and
 * {@code pg_statio_user_indexes.idx_blks_read / idx_blks_hit}, summed over the indexes whose first
 * column is the key column (on every partition of a partitioned table), and
 * {@code pg_stat_user_tables.idx_scan} for all of the table's indexes. A block "read" was not in
 * PostgreSQL's shared buffers (the operating system may still have served it from its cache); a
 * "hit" was. The counters are cumulative since the last {@code pg_stat_reset()} and count every
 * client; backends report them when a transaction ends, at most about once a second, so a
 * reading lags the work by up to a second or so. Compare two readings with {@link #minus}.
 *
 * @param keyIndexes      how many indexes lead with the key column (over all partitions)
 * @param keyIndexScans   scans of those indexes ({@code pg_stat_user_indexes.idx_scan})
 * @param keyIndexBlocksRead index blocks read from outside shared buffers ({@code idx_blks_read})
 * @param keyIndexBlocksHit  index blocks found in shared buffers ({@code idx_blks_hit})
 * @param tableIndexScans scans of any of the table's indexes ({@code pg_stat_user_tables.idx_scan})
 */
public record PostgresIoCounters(int keyIndexes, long keyIndexScans, long keyIndexBlocksRead, long keyIndexBlocksHit,
        long tableIndexScans) {

    private static final String QUERY = "WITH r AS (SELECT to_regclass(?) AS oid),"
            // pg_partition_tree lists a partitioned table and its partitions; a plain table is not in it
            + " t AS (SELECT relid FROM r, pg_partition_tree(r.oid) UNION SELECT oid FROM r WHERE oid IS NOT NULL)"
            + " SELECT count(*), coalesce(sum(s.idx_scan), 0), coalesce(sum(io.idx_blks_read), 0),"
            + " coalesce(sum(io.idx_blks_hit), 0),"
            + " (SELECT coalesce(sum(u.idx_scan), 0) FROM pg_stat_user_tables u WHERE u.relid IN (SELECT relid FROM t))"
            + " FROM pg_index x"
            + " JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = x.indkey[0]"
            + " JOIN pg_stat_user_indexes s ON s.indexrelid = x.indexrelid"
            + " JOIN pg_statio_user_indexes io ON io.indexrelid = x.indexrelid"
            + " WHERE x.indrelid IN (SELECT relid FROM t) AND a.attname = ?";

    /**
     * Reads the counters of {@code schema.table}'s indexes on {@code column}; empty when the table
     * does not exist or no index leads with the column (every lookup is then a table scan, which
     * these counters do not describe).
     *
     * @throws SQLException if the query fails (e.g. not PostgreSQL)
     */
    public static Optional<PostgresIoCounters> read(Connection connection, String schema, String table, String column)
            throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(QUERY)) {
            ps.setString(1, quote(schema) + "." + quote(table));
            ps.setString(2, column);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                int indexes = rs.getInt(1);
                if (indexes == 0) {
                    return Optional.empty();
                }
                return Optional.of(new PostgresIoCounters(indexes, rs.getLong(2), rs.getLong(3), rs.getLong(4),
                        rs.getLong(5)));
            }
        }
    }

    /** The counters' change between {@code earlier} and this reading. */
    public PostgresIoCounters minus(PostgresIoCounters earlier) {
        return new PostgresIoCounters(keyIndexes, keyIndexScans - earlier.keyIndexScans,
                keyIndexBlocksRead - earlier.keyIndexBlocksRead, keyIndexBlocksHit - earlier.keyIndexBlocksHit,
                tableIndexScans - earlier.tableIndexScans);
    }

    /** Index blocks accessed (read or hit). */
    public long keyIndexBlocks() {
        return keyIndexBlocksRead + keyIndexBlocksHit;
    }

    /**
     * Index blocks accessed per scan of the key's indexes: what one lookup that reaches the
     * database costs, measured; NaN before any scan.
     */
    public double blocksPerScan() {
        return keyIndexScans == 0 ? Double.NaN : (double) keyIndexBlocks() / keyIndexScans;
    }

    /** True if a counter went down: statistics were reset between two readings. */
    public boolean reset() {
        return keyIndexScans < 0 || keyIndexBlocksRead < 0 || keyIndexBlocksHit < 0 || tableIndexScans < 0;
    }

    private static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }
}
