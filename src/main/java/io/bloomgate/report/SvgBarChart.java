package io.bloomgate.report;

import java.util.List;
import java.util.Locale;

/**
 * Paired horizontal bars as inline SVG, one pair per {@link Comparison}: without the gate (grey)
 * above with the gate (green). Each pair has its own scale (the figures have different units), so
 * the bars compare within a row, not across rows.
 */
final class SvgBarChart {

    static final String WITHOUT_COLOR = "#8c959f";
    static final String WITH_COLOR = "#1a7f37";

    private static final int LABEL_WIDTH = 230;
    private static final int VALUE_WIDTH = 120;
    private static final int ROW_HEIGHT = 50;

    private SvgBarChart() {
    }

    static String render(String title, List<Comparison> rows, int width) {
        int height = 48 + rows.size() * ROW_HEIGHT;
        int barWidth = width - LABEL_WIDTH - VALUE_WIDTH;
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "<svg class=\"chart\" width=\"100%%\""
                + " viewBox=\"0 0 %d %d\" style=\"max-width:%dpx\" role=\"img\">", width, height, width));
        out.append("<title>").append(Html.escape(title)).append("</title>");
        out.append("<text x=\"0\" y=\"18\" class=\"chart-title\">").append(Html.escape(title)).append("</text>");
        legend(out, LABEL_WIDTH, 36, WITHOUT_COLOR, "without the gate");
        legend(out, LABEL_WIDTH + 160, 36, WITH_COLOR, "with the gate");
        int y = 48;
        for (Comparison c : rows) {
            double max = Math.max(Math.max(c.withoutGate(), c.withGate()), 1e-12);
            out.append(String.format(Locale.ROOT, "<text x=\"0\" y=\"%d\" class=\"legend\">%s</text>", y + 24,
                    Html.escape(c.measure())));
            bar(out, c, c.withoutGate(), max, y + 4, barWidth, WITHOUT_COLOR);
            bar(out, c, c.withGate(), max, y + 24, barWidth, WITH_COLOR);
            y += ROW_HEIGHT;
        }
        return out.append("</svg>").toString();
    }

    private static void bar(StringBuilder out, Comparison c, double value, double max, int y, int barWidth,
            String color) {
        double w = Math.max(1, barWidth * value / max);
        out.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"17\" fill=\"%s\"/>",
                LABEL_WIDTH, y, w, color));
        out.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" class=\"tick\">%s</text>",
                LABEL_WIDTH + w + 6, y + 13, Html.escape(c.format(value))));
    }

    private static void legend(StringBuilder out, int x, int y, String color, String text) {
        out.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"10\" fill=\"%s\"/>", x,
                y - 9, color));
        out.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" class=\"legend\">%s</text>", x + 20, y,
                Html.escape(text)));
    }
}
