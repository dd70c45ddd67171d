package io.bloomgate.cli;

import io.bloomgate.report.MySqlIoCounters;
import io.bloomgate.stats.GuardStats;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The counters gate instances persist in {@code bloomgate.instance_stats} on a MySQL/MariaDB server,
 * aggregated per guard over instances as {@link PostgresStats} does (the same rules), with the
 * server's read counters since the oldest of them started.
 *
 * <p>The guards are those of the URL's database, or of every database when the URL names none
 * (the {@code bloomgate} database serves the whole server), on tables that still exist.
 */
final class MySqlStats {

    /**
     * One guard over every instance, and the server's reads over its window.
     *
     * @param total   the counters, summed as {@link PostgresStats#total} sums them (no PostgreSQL I/O)
     * @param io      the server's reads since the oldest instance started (every table, every client),
     *                or null when unknown: no baseline, or {@code ioReset}
     * @param ioReset the server restarted since then (its counters started again)
     */
    record GuardTotal(PostgresStats.GuardTotal total, MySqlIoCounters io, boolean ioReset) {
    }

    private static final String QUERY = "SELECT CONCAT(g.database_name, '.', g.table_name) AS table_name,"
            + " g.column_name, s.*, (s.ended_at IS NULL AND i.id IS NOT NULL) AS live"
            + " FROM bloomgate.instance_stats s JOIN bloomgate.guards g ON g.id = s.guard_id"
            + " LEFT JOIN bloomgate.instances i ON i.id = s.instance_id"
            + " WHERE (? IS NULL OR g.database_name = ?)"
            // guards of tables dropped since (their rows stay until the retention ends) are left out
            + " AND EXISTS (SELECT 1 FROM information_schema.TABLES t WHERE t.TABLE_SCHEMA = g.database_name"
            + " AND t.TABLE_NAME = g.table_name)"
            + " ORDER BY g.database_name, g.table_name, g.column_name, s.started_at, s.instance_id";

    final String database;
    final List<PostgresStats.InstanceRow> rows;
    final List<GuardTotal> guards;

    private MySqlStats(String database, List<PostgresStats.InstanceRow> rows, List<GuardTotal> guards) {
        this.database = database;
        this.rows = rows;
        this.guards = guards;
    }

    /**
     * Reads the rows and the server's counters now.
     *
     * @throws SQLException naming what to do when the server has no (recent enough) bloomgate database
     */
    static MySqlStats read(Connection c) throws SQLException {
        String database;
        boolean hasLog;
        boolean hasStats;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT DATABASE(),"
                + " EXISTS (SELECT 1 FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'bloomgate'"
                + " AND TABLE_NAME = 'change_log'),"
                + " EXISTS (SELECT 1 FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'bloomgate'"
                + " AND TABLE_NAME = 'instance_stats')")) {
            rs.next();
            database = rs.getString(1);
            hasLog = rs.getBoolean(2);
            hasStats = rs.getBoolean(3);
        }
        if (!hasStats) {
            throw new SQLException(hasLog
                    ? "database bloomgate on this server has no instance_stats table: the gates that ran against it"
                        + " predate persisted stats, or their user may not create it; start a gate of this version"
                        + " (or run sql/mysql/install.sql as an administrator)"
                    : "this server has no bloomgate database (or this user may not read it): no gate has run against"
                        + " it (check the URL, and GRANT SELECT ON bloomgate.* to this user)");
        }
        List<PostgresStats.InstanceRow> rows = new ArrayList<>();
        Map<Integer, MySqlIoCounters> oldestBaseline = new HashMap<>();
        Map<Integer, List<PostgresStats.InstanceRow>> byGuard = new LinkedHashMap<>();
        try (PreparedStatement ps = c.prepareStatement(QUERY)) {
            ps.setString(1, database);
            ps.setString(2, database);
            try (ResultSet rs = ps.executeQuery()) {
                java.util.Set<String> columns = BloomStatsRows.labels(rs);
                while (rs.next()) {
                    GuardStats stats = BloomStatsRows.guard(rs, columns, new HashMap<>());
                    int guardId = rs.getInt("guard_id");
                    PostgresStats.InstanceRow row = new PostgresStats.InstanceRow(
                            UUID.fromString(rs.getString("instance_id")), rs.getString("description"),
                            instant(rs, "started_at"), instant(rs, "updated_at"), instant(rs, "ended_at"),
                            rs.getBoolean("live"), guardId, stats, null);
                    rows.add(row);
                    if (!byGuard.containsKey(guardId)) { // ordered by start: the first row is the oldest
                        long epoch = rs.getLong("io_server_started_epoch");
                        if (!rs.wasNull()) {
                            oldestBaseline.put(guardId, new MySqlIoCounters(Instant.ofEpochSecond(epoch),
                                    rs.getLong("io_index_reads_at_start"), rs.getLong("io_page_requests_at_start"),
                                    rs.getLong("io_disk_reads_at_start")));
                        }
                    }
                    byGuard.computeIfAbsent(guardId, id -> new ArrayList<>()).add(row);
                }
            }
        }
        Optional<MySqlIoCounters> now = rows.isEmpty() ? Optional.empty() : MySqlIoCounters.read(c);
        List<GuardTotal> guards = new ArrayList<>();
        for (Map.Entry<Integer, List<PostgresStats.InstanceRow>> e : byGuard.entrySet()) {
            PostgresStats.GuardTotal total = PostgresStats.total(e.getValue(), null);
            MySqlIoCounters baseline = oldestBaseline.get(e.getKey());
            MySqlIoCounters io = null;
            boolean reset = false;
            if (baseline != null && now.isPresent()) {
                io = now.get().since(baseline).orElse(null);
                reset = io == null;
            }
            guards.add(new GuardTotal(total, io, reset));
        }
        return new MySqlStats(database, List.copyOf(rows), List.copyOf(guards));
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        java.sql.Timestamp t = rs.getTimestamp(column);
        return t == null ? null : t.toInstant();
    }
}
