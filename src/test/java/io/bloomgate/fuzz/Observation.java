package io.bloomgate.fuzz;

import io.bloomgate.DifferentialQuery;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Everything one session showed of one statement: the exception (SQLState, vendor code, class), or
 * the result's column labels and metadata, its rows (in order when the statement orders them
 * totally, else as a multiset; of a cut in an order left open, as {@link Runner} says), {@code
 * wasNull()} after each value, and how the result behaves at
 * and after its end and after close. Two observations of the same statement, through the gate and
 * directly, must be equal.
 */
final class Observation {

    /**
     * Differences not to report, by aspect name ({@code -Dfuzz.ignore="wasNull() after the end,rows"}):
     * to look for other bugs while a frequent one is being fixed. Empty by default.
     */
    static final Set<String> IGNORED = Set.of(System.getProperty("fuzz.ignore", "").split("\\s*,\\s*"));

    /** Probes whose answer is about the last value read (H2 and MariaDB Connector/J answer for it). */
    private static final Set<String> LAST_ROW_PROBES = Set.of("wasNull() after the end", "wasNull() after close");

    /** At most this many rows are read. */
    private static final int MAX_ROWS = 500;

    String error;
    Boolean executeReturned;
    Integer updateCount;
    List<String> labels = List.of();
    List<String> columns = List.of();
    List<String> rows = List.of();
    /** The last row whose values were read (what {@code wasNull()} then answers for), or null. */
    String lastRow;
    /** Probe name to what it returned or threw, in the order probed. */
    final Map<String, String> probes = new LinkedHashMap<>();

    static String error(SQLException e) {
        return e.getSQLState() + "/" + e.getErrorCode() + " " + e.getClass().getSimpleName();
    }

    /** Reads {@code rs} to the end and probes it; closes it. */
    void read(ResultSet rs, Statement statement, boolean ordered) throws SQLException {
        ResultSetMetaData m = rs.getMetaData();
        List<String> l = new ArrayList<>();
        for (int i = 1; i <= m.getColumnCount(); i++) {
            l.add(m.getColumnLabel(i));
        }
        labels = l;
        columns = DifferentialQuery.describe(m);
        probe("isBeforeFirst", rs::isBeforeFirst);
        List<String> r = new ArrayList<>();
        int n = m.getColumnCount();
        while (r.size() < MAX_ROWS && rs.next()) {
            lastRow = row(rs, n);
            r.add(lastRow);
        }
        if (!ordered && r.size() == MAX_ROWS && rs.next()) {
            // Which rows come first is the server's choice when the order is left open (ties,
            // NULLs, no ORDER BY), and may differ between two runs of the same text: past the rows
            // read, only their number can be compared (it still shows a row gained or lost).
            long count = MAX_ROWS + 1;
            while (rs.next()) {
                count++;
            }
            r = List.of(count + " rows, more than " + MAX_ROWS + " in an order the query leaves open");
        } else if (!ordered) {
            r.sort(Comparator.naturalOrder());
        }
        rows = r;
        // The end of the result: what an application may still call, and what it gets.
        probe("next() after the end", rs::next);
        probe("wasNull() after the end", rs::wasNull);
        probe("getRow() after the end", rs::getRow);
        probe("isAfterLast() after the end", rs::isAfterLast);
        probe("getObject(1) after the end", () -> cell(rs.getObject(1)));
        probe("getString(label) after the end", () -> rs.getString(labels.get(0)));
        probe("findColumn(label)", () -> rs.findColumn(labels.get(0)));
        probe("findColumn(no such label)", () -> rs.findColumn("no_such_column"));
        probe("getType()", rs::getType);
        probe("getConcurrency()", rs::getConcurrency);
        probe("getHoldability()", rs::getHoldability);
        probe("getFetchDirection()", rs::getFetchDirection);
        probe("getWarnings()", () -> {
            // Asked once: MariaDB Connector/J hands a statement's warnings out once (then null).
            java.sql.SQLWarning w = rs.getWarnings();
            return w == null ? "none" : error(w);
        });
        probe("getStatement() is the statement", () -> rs.getStatement() == statement);
        probe("getMetaData().getColumnCount()", () -> rs.getMetaData().getColumnCount());
        rs.close();
        probe("isClosed() after close", rs::isClosed);
        probe("next() after close", rs::next);
        probe("wasNull() after close", rs::wasNull);
    }

    /** The current row of {@code rs} (of {@code n} columns) as compared: each value and its {@code wasNull()}. */
    static String row(ResultSet rs, int n) throws SQLException {
        StringBuilder row = new StringBuilder("[");
        for (int i = 1; i <= n; i++) {
            Object o = rs.getObject(i);
            row.append(i == 1 ? "" : ", ").append(cell(o)).append(rs.wasNull() ? "(wasNull)" : "");
        }
        return row.append(']').toString();
    }

    /** How a statement behaves after its result was read ({@code execute()} only). */
    void readStatementAfter(Statement st) {
        probe("getMoreResults()", st::getMoreResults);
        probe("getUpdateCount() after getMoreResults()", st::getUpdateCount);
        probe("getResultSet() after getMoreResults()", () -> st.getResultSet() == null ? "null" : "a result");
    }

    interface Probe {
        Object call() throws SQLException;
    }

    void probe(String name, Probe p) {
        String value;
        try {
            value = String.valueOf(p.call());
        } catch (SQLException e) {
            value = "threw " + error(e);
        } catch (RuntimeException e) {
            value = "threw " + e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        probes.put(name, value);
    }

    static String cell(Object o) {
        if (o == null) {
            return "NULL";
        }
        if (o instanceof byte[] b) {
            return "bytes:" + HexFormat.of().formatHex(b);
        }
        return o.getClass().getSimpleName() + ":" + o;
    }

    /**
     * The first difference from {@code gate}, seen from the database's side: an aspect name, or null
     * when the two are equal.
     */
    String differenceFrom(Observation gate) {
        return differenceFrom(gate, false);
    }

    /**
     * As {@link #differenceFrom(Observation)}; {@code rowsAgree}: the rows were compared otherwise
     * and agree (a cut in an order the statement leaves open, see {@link Runner}), only the rest is.
     */
    String differenceFrom(Observation gate, boolean rowsAgree) {
        String aspect = firstDifferenceFrom(gate, rowsAgree);
        return aspect == null || !IGNORED.contains(aspect) ? aspect : null;
    }

    private String firstDifferenceFrom(Observation gate, boolean rowsAgree) {
        if (!Objects.equals(error, gate.error)) {
            if (error != null && gate.error == null) {
                return "the gate answered where the database raised an error";
            }
            if (error == null) {
                return "the gate raised an error where the database answered";
            }
            return "different errors";
        }
        if (!Objects.equals(executeReturned, gate.executeReturned) || !Objects.equals(updateCount, gate.updateCount)) {
            return "execute() result";
        }
        if (!labels.equals(gate.labels)) {
            return "column labels";
        }
        if (!columns.equals(gate.columns)) {
            return "result metadata";
        }
        if (!rowsAgree && !rows.equals(gate.rows)) {
            return "rows";
        }
        // Every probe that differs, so that one difference does not hide another. Rows that agree
        // otherwise may have been read in another order, or be other rows tied in a cut: then what
        // wasNull() says of the last value read is compared only if both read the same last row.
        boolean sameLastRow = !rowsAgree || Objects.equals(lastRow, gate.lastRow);
        List<String> differing = new ArrayList<>();
        for (Map.Entry<String, String> e : probes.entrySet()) {
            if (!sameLastRow && LAST_ROW_PROBES.contains(e.getKey())) {
                continue;
            }
            if (!IGNORED.contains(e.getKey()) && !Objects.equals(e.getValue(), gate.probes.get(e.getKey()))) {
                differing.add(e.getKey());
            }
        }
        if (!differing.isEmpty()) {
            return String.join("; ", differing);
        }
        if (!probes.keySet().equals(gate.probes.keySet())) {
            return "probes";
        }
        return null;
    }

    /** What {@code aspect} looked like here, for messages. */
    String show(String aspect) {
        if (error != null) {
            return "error " + error;
        }
        if (isProbes(aspect)) {
            List<String> shown = new ArrayList<>();
            for (String probe : aspect.split("; ")) {
                shown.add(probes.get(probe));
            }
            return String.join("; ", shown);
        }
        return switch (aspect) {
            case "column labels" -> labels.toString();
            case "result metadata" -> columns.toString();
            case "execute() result" -> "execute() " + executeReturned + ", update count " + updateCount;
            default -> (rows.isEmpty() ? "no rows" : rows.size() + " rows " + abbreviate(rows.toString()))
                    + (labels.isEmpty() ? "" : " " + labels);
        };
    }

    /** Whether {@code aspect} names probes (differences after the rows, which leave the sessions alike). */
    boolean isProbes(String aspect) {
        return probes.containsKey(aspect.split("; ")[0]);
    }

    static String abbreviate(String s) {
        return s.length() <= 300 ? s : s.substring(0, 300) + "...";
    }

    @Override
    public String toString() {
        return show("rows");
    }
}
