package io.bloomgate;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A report on a gate's guards, as an aligned text table, JSON or a self-contained HTML page.
 *
 * <p>JSON fields (stable): {@code guards[]} with {@code table}, {@code column}, {@code state},
 * {@code lookups}, {@code avoided}, {@code passedThrough}, {@code truePositives},
 * {@code falsePositives}, {@code bypassed} (an object by reason), {@code keysAdded},
 * {@code observedFalsePositiveRate}, and {@code filter} with {@code layout}, {@code bits},
 * {@code hashes}, {@code estimatedKeys}, {@code targetFpp}, {@code estimatedFpp},
 * {@code bitsPerKey}, {@code memoryBytes}.
 */
public final class GateReport {

    private final List<GuardStats> guards;

    GateReport(List<GuardStats> guards) {
        this.guards = List.copyOf(guards);
    }

    /** The snapshots this report shows. */
    public List<GuardStats> guards() {
        return guards;
    }

    /** An aligned text table, one row per guard. */
    public String toText() {
        String[] header = {"guard", "state", "lookups", "avoided", "passed", "true+", "false+", "bypassed",
            "fp rate", "target", "keys", "MiB"};
        String[][] rows = new String[guards.size()][];
        for (int i = 0; i < rows.length; i++) {
            GuardStats g = guards.get(i);
            rows[i] = new String[] {g.table() + "." + g.column(), g.state().name(), num(g.lookups()),
                num(g.avoided()), num(g.passedThrough()), num(g.truePositives()), num(g.falsePositives()),
                num(g.bypassed()), pct(g.observedFalsePositiveRate()), pct(g.filter().targetFpp()),
                num(g.filter().estimatedKeys()), String.format(Locale.ROOT, "%.1f", g.filter().memoryBytes() / 1048576.0)};
        }
        int[] widths = new int[header.length];
        for (int c = 0; c < header.length; c++) {
            widths[c] = header[c].length();
            for (String[] row : rows) {
                widths[c] = Math.max(widths[c], row[c].length());
            }
        }
        StringBuilder out = new StringBuilder();
        appendRow(out, header, widths);
        for (String[] row : rows) {
            appendRow(out, row, widths);
        }
        return out.toString();
    }

    private static void appendRow(StringBuilder out, String[] cells, int[] widths) {
        for (int c = 0; c < cells.length; c++) {
            String cell = cells[c];
            if (c == 0 || c == 1) {
                out.append(cell).append(" ".repeat(widths[c] - cell.length()));
            } else {
                out.append(" ".repeat(widths[c] - cell.length())).append(cell);
            }
            out.append(c == cells.length - 1 ? "\n" : "  ");
        }
    }

    private static String num(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    private static String pct(double rate) {
        return String.format(Locale.ROOT, "%.3f%%", rate * 100);
    }

    /** The report as JSON (field names documented on this class). */
    public String toJson() {
        StringBuilder out = new StringBuilder("{\"guards\":[");
        for (int i = 0; i < guards.size(); i++) {
            GuardStats g = guards.get(i);
            if (i > 0) {
                out.append(',');
            }
            out.append("{\"table\":").append(quote(g.table()))
                    .append(",\"column\":").append(quote(g.column()))
                    .append(",\"state\":").append(quote(g.state().name()))
                    .append(",\"lookups\":").append(g.lookups())
                    .append(",\"avoided\":").append(g.avoided())
                    .append(",\"passedThrough\":").append(g.passedThrough())
                    .append(",\"truePositives\":").append(g.truePositives())
                    .append(",\"falsePositives\":").append(g.falsePositives())
                    .append(",\"bypassed\":{");
            boolean first = true;
            for (Map.Entry<BypassReason, Long> e : g.bypassedByReason().entrySet()) {
                out.append(first ? "" : ",").append(quote(e.getKey().name())).append(':').append(e.getValue());
                first = false;
            }
            out.append("},\"keysAdded\":").append(g.keysAdded())
                    .append(",\"observedFalsePositiveRate\":").append(g.observedFalsePositiveRate())
                    .append(",\"filter\":{\"layout\":").append(quote(g.filter().layout().name()))
                    .append(",\"bits\":").append(g.filter().bits())
                    .append(",\"hashes\":").append(g.filter().hashes())
                    .append(",\"estimatedKeys\":").append(g.filter().estimatedKeys())
                    .append(",\"targetFpp\":").append(g.filter().targetFpp())
                    .append(",\"estimatedFpp\":").append(g.filter().estimatedFpp())
                    .append(",\"bitsPerKey\":").append(g.filter().bitsPerKey())
                    .append(",\"memoryBytes\":").append(g.filter().memoryBytes())
                    .append("}}");
        }
        return out.append("]}").toString();
    }

    /** A self-contained HTML page (no external resources) with the text table's figures. */
    public String toHtml() {
        StringBuilder out = new StringBuilder("<!DOCTYPE html><html><head><meta charset=\"utf-8\">"
                + "<title>bloomgate report</title><style>body{font-family:sans-serif;margin:2em}"
                + "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;text-align:right}"
                + "td:first-child,th:first-child{text-align:left}</style></head><body><h1>bloomgate report</h1>"
                + "<table><tr><th>guard</th><th>state</th><th>lookups</th><th>avoided</th><th>passed through</th>"
                + "<th>true positives</th><th>false positives</th><th>bypassed</th><th>observed FP rate</th>"
                + "<th>target</th></tr>");
        for (GuardStats g : guards) {
            out.append("<tr><td>").append(html(g.table() + "." + g.column())).append("</td><td>")
                    .append(g.state()).append("</td><td>").append(num(g.lookups())).append("</td><td>")
                    .append(num(g.avoided())).append("</td><td>").append(num(g.passedThrough())).append("</td><td>")
                    .append(num(g.truePositives())).append("</td><td>").append(num(g.falsePositives()))
                    .append("</td><td>").append(num(g.bypassed())).append("</td><td>")
                    .append(pct(g.observedFalsePositiveRate())).append("</td><td>")
                    .append(pct(g.filter().targetFpp())).append("</td></tr>");
        }
        return out.append("</table></body></html>").toString();
    }

    private static String quote(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    private static String html(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
