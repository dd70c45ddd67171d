package io.bloomgate.report;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** Escaping and number formats shared by the HTML report and its SVG charts. */
final class Html {

    private Html() {
    }

    /** Text or attribute content: the page is also well-formed XML, so every markup character is escaped. */
    static String escape(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** A figure, possibly with a short unit: right-aligned in tables, as numbers are. */
    private static final Pattern FIGURE = Pattern.compile("[-+–]?\\d[\\d,.]*( ?(%|s|/s|MiB|x))?|[-–]");

    /** A table; figures right-aligned, text (and the first column) left-aligned. */
    static void table(StringBuilder out, List<String> header, List<List<String>> rows) {
        out.append("<table><thead><tr>");
        for (String h : header) {
            out.append("<th>").append(escape(h)).append("</th>");
        }
        out.append("</tr></thead><tbody>");
        for (List<String> row : rows) {
            out.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                String cell = row.get(i);
                boolean text = i == 0 || !FIGURE.matcher(cell).matches();
                out.append(text ? "<td class=\"text\">" : "<td>").append(escape(cell)).append("</td>");
            }
            out.append("</tr>");
        }
        out.append("</tbody></table>");
    }

    /** {@code 1,234,567}. */
    static String count(double n) {
        return String.format(Locale.ROOT, "%,.0f", n);
    }

    /** A short count for axis labels: {@code 950}, {@code 12k}, {@code 1.5M}. */
    static String shortCount(double n) {
        double a = Math.abs(n);
        if (a >= 1e9) {
            return trim(n / 1e9) + "G";
        } else if (a >= 1e6) {
            return trim(n / 1e6) + "M";
        } else if (a >= 1e3) {
            return trim(n / 1e3) + "k";
        }
        return trim(n);
    }

    /** A rate as a percentage: {@code 0.0123} gives {@code 1.23%}. */
    static String percent(double rate) {
        if (!Double.isFinite(rate)) {
            return "–";
        }
        double p = rate * 100;
        return String.format(Locale.ROOT, p != 0 && Math.abs(p) < 0.1 ? "%.3f%%" : "%.2f%%", p);
    }

    /** Seconds with a precision that suits axis ticks. */
    static String seconds(double s) {
        return trim(s) + " s";
    }

    private static String trim(double v) {
        String s = String.format(Locale.ROOT, "%.2f", v);
        s = s.contains(".") ? s.replaceAll("0+$", "") : s;
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }
}
