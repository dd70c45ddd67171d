package io.bloomgate.jdbc;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The database's own answer to a lookup on empty input, when that answer has a row: {@code COUNT(*)}
 * = 0, {@code MAX(x)} = NULL, {@code EXISTS(...)} = false, a {@code CASE} over them. It is read from
 * one real execution whose keys were absent (the gate never computes it), by calling each getter
 * the application may call on each column and keeping its outcome: the value and {@code wasNull()},
 * or the exception. A replay ({@link RowAnswer}) therefore converts exactly as that driver did.
 * Immutable once captured; shared by every statement of the plan.
 */
final class CapturedRow {

    /** The classes whose {@code getObject(int, Class)} conversions are kept. */
    static final List<Class<?>> OBJECT_CLASSES = List.of(Object.class, String.class, Integer.class, Long.class,
            Short.class, Byte.class, Boolean.class, BigDecimal.class, BigInteger.class, Double.class, Float.class,
            java.sql.Timestamp.class, java.sql.Date.class, java.sql.Time.class, java.time.LocalDateTime.class,
            java.time.LocalDate.class, java.time.OffsetDateTime.class, java.util.UUID.class, byte[].class);

    /** The answer has no row (HAVING without GROUP BY filtered it out). */
    static final CapturedRow NO_ROW = new CapturedRow(null);

    /** One getter's outcome on one column. */
    record Outcome(Object value, boolean wasNull, SQLException error) {
        Object get() throws SQLException {
            if (error != null) {
                throw error;
            }
            return value;
        }
    }

    /** A getter of the driver's result, by column index. */
    @FunctionalInterface
    interface Getter {
        Object get(ResultSet rs, int column) throws SQLException;
    }

    /** The getters kept, by name (the replay asks by the same names). */
    static final Map<String, Getter> GETTERS = Map.ofEntries(
            Map.entry("getObject", ResultSet::getObject),
            Map.entry("getString", ResultSet::getString),
            Map.entry("getNString", ResultSet::getNString),
            Map.entry("getBoolean", ResultSet::getBoolean),
            Map.entry("getByte", ResultSet::getByte),
            Map.entry("getShort", ResultSet::getShort),
            Map.entry("getInt", ResultSet::getInt),
            Map.entry("getLong", ResultSet::getLong),
            Map.entry("getFloat", ResultSet::getFloat),
            Map.entry("getDouble", ResultSet::getDouble),
            Map.entry("getBigDecimal", ResultSet::getBigDecimal),
            Map.entry("getBytes", ResultSet::getBytes),
            Map.entry("getDate", ResultSet::getDate),
            Map.entry("getTime", ResultSet::getTime),
            Map.entry("getTimestamp", ResultSet::getTimestamp));

    /** Per column (index - 1): getter name or class name → outcome. Null for {@link #NO_ROW}. */
    private final List<Map<String, Outcome>> columns;

    private CapturedRow(List<Map<String, Outcome>> columns) {
        this.columns = columns;
    }

    boolean hasRow() {
        return columns != null;
    }

    /** Reads every kept getter of every column of the row {@code rs} is on. */
    static CapturedRow of(ResultSet rs, int columnCount) throws SQLException {
        List<Map<String, Outcome>> columns = new java.util.ArrayList<>(columnCount);
        for (int c = 1; c <= columnCount; c++) {
            Map<String, Outcome> outcomes = new HashMap<>();
            for (Map.Entry<String, Getter> g : GETTERS.entrySet()) {
                outcomes.put(g.getKey(), outcome(rs, c, g.getValue()));
            }
            for (Class<?> type : OBJECT_CLASSES) {
                outcomes.put(type.getName(), outcome(rs, c, (r, i) -> r.getObject(i, type)));
            }
            columns.add(Map.copyOf(outcomes));
        }
        return new CapturedRow(List.copyOf(columns));
    }

    private static Outcome outcome(ResultSet rs, int column, Getter getter) throws SQLException {
        try {
            Object value = getter.get(rs, column);
            return new Outcome(copy(value), rs.wasNull(), null);
        } catch (SQLException e) {
            if (rs.isClosed()) {
                throw e; // not a conversion's outcome: the capture itself failed
            }
            return new Outcome(null, false, e);
        } catch (RuntimeException e) {
            return new Outcome(null, false, new SQLException("Conversion failed: " + e, "22018", e));
        }
    }

    /** Mutable values are copied, so an application that changes one cannot change the next replay. */
    private static Object copy(Object value) {
        if (value instanceof byte[] b) {
            return b.clone();
        }
        if (value instanceof java.util.Date d) {
            return d.clone();
        }
        return value;
    }

    /** The kept outcome of {@code getter} (a getter name, or a class name for getObject(int, Class)); null if not kept. */
    Outcome outcome(int column, String getter) {
        Outcome o = columns.get(column - 1).get(getter);
        if (o != null && (o.value instanceof byte[] || o.value instanceof java.util.Date)) {
            return new Outcome(copy(o.value), o.wasNull, o.error);
        }
        return o;
    }

    int columnCount() {
        return columns == null ? 0 : columns.size();
    }
}
