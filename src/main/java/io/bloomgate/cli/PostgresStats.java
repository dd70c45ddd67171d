package io.bloomgate.cli;

import io.bloomgate.report.PostgresIoCounters;
import io.bloomgate.stats.BypassReason;
import io.bloomgate.stats.GuardState;
import io.bloomgate.stats.GuardStats;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The counters gate instances persist in {@code bloomgate.instance_stats} on a PostgreSQL
 * database, aggregated per guard over instances, with the key indexes' I/O measured since the
 * oldest of them started.
 *
 * <p>Aggregation: lookups, avoided, passed through, true and false positives and bypasses are
 * summed over every instance with a row (live ones, and ended or silent ones for seven days) on
 * tables that still exist;
 * the state, the filter's facts, keys added, stale keys and rebuilds are those of the live
 * instance that wrote last (each instance holds its own copy of the same filter), or of the last
 * writer if none is live, with the state then {@code CLOSED}.
 */
final class PostgresStats {

    /** One instance's row for one guard. */
    record InstanceRow(UUID instance, String description, Instant startedAt, Instant updatedAt, Instant endedAt,
            boolean live, int guardId, GuardStats stats, PostgresIoCounters ioAtStart) {
    }

    /**
     * One guard over every instance.
     *
     * @param stats     the aggregated counters
     * @param instances the instances with a row for the guard
     * @param live      those still running
     * @param since     when the oldest of them started: the window of the counters and of {@code io}
     * @param io        the key indexes' I/O since {@code since} (every client), or null when the key
     *                  column has no index of its own or no instance recorded a baseline
     * @param ioReset   statistics were reset since then, so {@code io} is unknown
     */
    record GuardTotal(GuardStats stats, int instances, int live, Instant since, PostgresIoCounters io,
            boolean ioReset) {
    }

    private static final String QUERY = "SELECT g.schema_name || '.' || g.table_name AS table_name,"
            + " g.schema_name AS bare_schema, g.table_name AS bare_table, g.column_name, s.*,"
            + " (s.ended_at IS NULL AND i.id IS NOT NULL) AS live"
            + " FROM bloomgate.instance_stats s JOIN bloomgate.guards g ON g.id = s.guard_id"
            + " LEFT JOIN bloomgate.instances i ON i.id = s.instance_id"
            // guards of tables dropped since (their rows stay until the retention ends) are left out
            + " WHERE to_regclass(format('%I.%I', g.schema_name, g.table_name)) IS NOT NULL"
            + " ORDER BY g.schema_name, g.table_name, g.column_name, s.started_at, s.instance_id";

    final List<InstanceRow> rows;
    final List<GuardTotal> guards;

    PostgresStats(List<InstanceRow> rows, List<GuardTotal> guards) {
        this.rows = rows;
        this.guards = guards;
    }

    /**
     * Reads the rows and the key indexes' counters now.
     *
     * @throws SQLException naming what to do when the database has no (recent enough) bloomgate schema
     */
    static PostgresStats read(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT to_regclass('bloomgate.instance_stats') IS NOT NULL,"
                        + " to_regclass('bloomgate.guards') IS NOT NULL, current_database()")) {
            rs.next();
            if (!rs.getBoolean(1)) {
                throw new SQLException(rs.getBoolean(2)
                        ? "the bloomgate schema of database " + rs.getString(3) + " predates persisted stats:"
                            + " start a gate of this version against it (it upgrades the schema)"
                        : "database " + rs.getString(3) + " has no bloomgate schema: no gate has run against it"
                            + " (check the URL)");
            }
        }
        List<InstanceRow> rows = new ArrayList<>();
        Map<Integer, String[]> names = new LinkedHashMap<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(QUERY)) {
            Set<String> columns = BloomStatsRows.labels(rs);
            while (rs.next()) {
                GuardStats stats = BloomStatsRows.guard(rs, columns, new HashMap<>());
                int guardId = rs.getInt("guard_id");
                names.putIfAbsent(guardId, new String[] {rs.getString("bare_schema"), rs.getString("bare_table"),
                    rs.getString("column_name")});
                PostgresIoCounters io = rs.getObject("key_indexes") == null ? null
                        : new PostgresIoCounters(rs.getInt("key_indexes"), rs.getLong("io_idx_scan_at_start"),
                                rs.getLong("io_blks_read_at_start"), rs.getLong("io_blks_hit_at_start"),
                                rs.getLong("io_table_scans_at_start"));
                rows.add(new InstanceRow(rs.getObject("instance_id", UUID.class), rs.getString("description"),
                        instant(rs, "started_at"), instant(rs, "updated_at"), instant(rs, "ended_at"),
                        rs.getBoolean("live"), guardId, stats, io));
            }
        }
        List<GuardTotal> guards = new ArrayList<>();
        for (Map.Entry<Integer, String[]> e : names.entrySet()) {
            String[] n = e.getValue();
            List<InstanceRow> of = rows.stream().filter(r -> r.guardId() == e.getKey()).toList();
            guards.add(total(of, PostgresIoCounters.read(c, n[0], n[1], n[2]).orElse(null)));
        }
        return new PostgresStats(List.copyOf(rows), List.copyOf(guards));
    }

    /** Aggregates one guard's rows (ordered by start); {@code ioNow}: its index counters now, or null. */
    static GuardTotal total(List<InstanceRow> rows, PostgresIoCounters ioNow) {
        long lookups = 0;
        long avoided = 0;
        long passed = 0;
        long truePositives = 0;
        long falsePositives = 0;
        Map<BypassReason, Long> bypassed = new EnumMap<>(BypassReason.class);
        InstanceRow latest = null;
        InstanceRow latestLive = null;
        int live = 0;
        for (InstanceRow r : rows) {
            GuardStats s = r.stats();
            lookups += s.lookups();
            avoided += s.avoided();
            passed += s.passedThrough();
            truePositives += s.truePositives();
            falsePositives += s.falsePositives();
            s.bypassedByReason().forEach((reason, n) -> bypassed.merge(reason, n, Long::sum));
            if (latest == null || r.updatedAt().isAfter(latest.updatedAt())) {
                latest = r;
            }
            if (r.live()) {
                live++;
                if (latestLive == null || r.updatedAt().isAfter(latestLive.updatedAt())) {
                    latestLive = r;
                }
            }
        }
        InstanceRow facts = latestLive != null ? latestLive : latest;
        GuardStats f = facts.stats();
        GuardState state = latestLive != null ? f.state() : GuardState.CLOSED;
        GuardStats sum = new GuardStats(f.table(), f.column(), state, lookups, avoided, passed, truePositives,
                falsePositives, bypassed, f.keysAdded(), f.staleKeys(), f.rebuilds(), f.filter());
        InstanceRow oldest = rows.get(0);
        PostgresIoCounters io = null;
        boolean reset = false;
        if (ioNow != null && oldest.ioAtStart() != null) {
            io = ioNow.minus(oldest.ioAtStart());
            if (io.reset()) {
                io = null;
                reset = true;
            }
        }
        return new GuardTotal(sum, rows.size(), live, oldest.startedAt(), io, reset);
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        java.sql.Timestamp t = rs.getTimestamp(column);
        return t == null ? null : t.toInstant();
    }
}
