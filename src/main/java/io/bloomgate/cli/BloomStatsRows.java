package io.bloomgate.cli;

import io.bloomgate.filter.FilterFacts;
import io.bloomgate.filter.FilterLayout;
import io.bloomgate.h2.H2Functions;
import io.bloomgate.stats.BypassReason;
import io.bloomgate.stats.GuardState;
import io.bloomgate.stats.GuardStats;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The guards of an H2 database, read from {@code BLOOM_STATS()}: called in this JVM for an
 * embedded database (guards live in the memory of the JVM that opened it, so no SQL alias is
 * needed), through SQL on an H2 server (which needs bloomgate and {@code sql/h2/install.sql}).
 *
 * <p>The function's rows carry fewer facts than {@link GuardStats}: columns it lacks
 * ({@code BYPASSED_BY_REASON}, {@code STAGES}, {@code ADDED_KEYS}, {@code FILL_RATIO}) are read
 * when present and otherwise left unknown (1 stage, 0 added keys, a NaN fill ratio). Without the
 * breakdown by reason, bypassed statements cannot be attributed: {@link Rows#unattributed()}.
 */
final class BloomStatsRows {

    /** The guards, and per guard ({@code table.column}) bypasses the rows gave no reason for. */
    record Rows(List<GuardStats> guards, Map<String, Long> unattributed) {
    }

    private BloomStatsRows() {
    }

    static Rows read(Connection connection, boolean embedded) throws SQLException {
        if (embedded) {
            try (ResultSet rs = H2Functions.stats(connection)) {
                return map(rs);
            }
        }
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SELECT * FROM BLOOM_STATS()")) {
            return map(rs);
        } catch (SQLException e) {
            if (e.getErrorCode() == 90022) { // FUNCTION_NOT_FOUND_1
                throw new SQLException("BLOOM_STATS() is not installed on this H2 server: run RUNSCRIPT FROM"
                        + " 'sql/h2/install.sql' there (with bloomgate's jar on the server's classpath)", e);
            }
            throw e;
        }
    }

    private static Rows map(ResultSet rs) throws SQLException {
        Set<String> columns = labels(rs);
        List<GuardStats> guards = new ArrayList<>();
        Map<String, Long> unattributed = new java.util.LinkedHashMap<>();
        while (rs.next()) {
            guards.add(guard(rs, columns, unattributed));
        }
        return new Rows(guards, unattributed);
    }

    /**
     * The guard on the current row of a result with {@code BLOOM_STATS()}'s columns ({@code columns}:
     * their labels, upper case); bypasses without a reason are put in {@code unattributed}.
     */
    static GuardStats guard(ResultSet rs, Set<String> columns, Map<String, Long> unattributed) throws SQLException {
        String table = rs.getString("TABLE_NAME");
        String column = rs.getString("COLUMN_NAME");
        Map<BypassReason, Long> bypassed = new EnumMap<>(BypassReason.class);
        if (columns.contains("BYPASSED_BY_REASON")) {
            parseReasons(rs.getString("BYPASSED_BY_REASON"), bypassed);
        } else if (rs.getLong("BYPASSED") > 0) {
            unattributed.put(table + "." + column, rs.getLong("BYPASSED"));
        }
        FilterFacts facts = new FilterFacts(FilterLayout.valueOf(rs.getString("LAYOUT")), rs.getLong("BITS"),
                rs.getInt("HASH_FUNCTIONS"), columns.contains("STAGES") ? rs.getInt("STAGES") : 1,
                rs.getLong("EXPECTED_KEYS"), rs.getDouble("TARGET_FPP"),
                columns.contains("ADDED_KEYS") ? rs.getLong("ADDED_KEYS") : 0, rs.getLong("ESTIMATED_KEYS"),
                columns.contains("FILL_RATIO") ? rs.getDouble("FILL_RATIO") : Double.NaN,
                rs.getDouble("ESTIMATED_FPP"), rs.getLong("MEMORY_BYTES"));
        return new GuardStats(table, column, GuardState.valueOf(rs.getString("STATE")), rs.getLong("LOOKUPS"),
                rs.getLong("AVOIDED"), rs.getLong("PASSED_THROUGH"), rs.getLong("TRUE_POSITIVES"),
                rs.getLong("FALSE_POSITIVES"), bypassed, rs.getLong("KEYS_ADDED"), rs.getLong("STALE_KEYS"),
                rs.getInt("REBUILDS"), facts);
    }

    /** The labels of {@code rs}'s columns, upper case. */
    static Set<String> labels(ResultSet rs) throws SQLException {
        Set<String> columns = new HashSet<>();
        ResultSetMetaData meta = rs.getMetaData();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
            columns.add(meta.getColumnLabel(i).toUpperCase(Locale.ROOT));
        }
        return columns;
    }

    /** {@code NOT_ELIGIBLE=3,FIRST_EXECUTION=1}; unknown reasons (a newer bloomgate) are skipped. */
    private static void parseReasons(String text, Map<BypassReason, Long> into) {
        if (text == null || text.isBlank()) {
            return;
        }
        for (String part : text.split(",")) {
            String[] kv = part.trim().split("=", 2);
            if (kv.length == 2) {
                try {
                    into.merge(BypassReason.valueOf(kv[0].trim()), Long.parseLong(kv[1].trim()), Long::sum);
                } catch (IllegalArgumentException e) {
                    // a reason this version does not know
                }
            }
        }
    }
}
