package io.bloomgate.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;

/**
 * A line chart as inline SVG (no script, no external resource): lines over a common x axis, a
 * legend, grid lines at round values, and each line's last value written at its end.
 */
final class SvgLineChart {

    /** One line: its points, color, and whether it is drawn dashed (a reference, such as a target). */
    record Series(String name, String color, boolean dashed, double[] x, double[] y) {
        Series {
            if (x.length != y.length) {
                throw new IllegalArgumentException("x and y differ in length: " + x.length + " vs " + y.length);
            }
        }
    }

    private static final int LEFT = 64;
    private static final int RIGHT = 210;
    private static final int TOP = 52;
    private static final int BOTTOM = 44;

    private final String title;
    private final String xLabel;
    private final DoubleFunction<String> yFormat;
    private final List<Series> series = new ArrayList<>();

    SvgLineChart(String title, String xLabel, DoubleFunction<String> yFormat) {
        this.title = title;
        this.xLabel = xLabel;
        this.yFormat = yFormat;
    }

    SvgLineChart add(Series s) {
        series.add(s);
        return this;
    }

    String render(int width, int height) {
        double xMax = 0;
        double yMax = 0;
        for (Series s : series) {
            for (int i = 0; i < s.x().length; i++) {
                xMax = Math.max(xMax, s.x()[i]);
                yMax = Math.max(yMax, finite(s.y()[i]));
            }
        }
        double xStep = niceStep(xMax > 0 ? xMax : 1);
        double yStep = niceStep(yMax > 0 ? yMax : 1);
        xMax = xMax > 0 ? xMax : xStep; // the lines end at the right edge; ticks stop at the last round value
        yMax = Math.max(yStep, Math.ceil(yMax * 1.05 / yStep) * yStep);
        Frame f = new Frame(LEFT, TOP, width - LEFT - RIGHT, height - TOP - BOTTOM, xMax, yMax);

        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "<svg class=\"chart\" width=\"100%%\" viewBox=\"0 0 %d %d\""
                + " style=\"max-width:%dpx\" role=\"img\">", width, height, width));
        out.append("<title>").append(Html.escape(title)).append("</title>");
        out.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"18\" class=\"chart-title\">%s</text>", LEFT,
                Html.escape(title)));
        legend(out);
        axes(out, f, xStep, yStep);
        for (Series s : series) {
            line(out, f, s);
        }
        endLabels(out, f);
        return out.append("</svg>").toString();
    }

    /** The plot area and the data range it shows. */
    private record Frame(int left, int top, int width, int height, double xMax, double yMax) {
        double px(double x) {
            return left + width * x / xMax;
        }

        double py(double y) {
            return top + height - height * finite(y) / yMax;
        }
    }

    private void legend(StringBuilder out) {
        int x = LEFT;
        for (Series s : series) {
            out.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"36\" x2=\"%d\" y2=\"36\" stroke=\"%s\""
                    + " stroke-width=\"3\"%s/>", x, x + 22, s.color(), s.dashed() ? " stroke-dasharray=\"6 4\"" : ""));
            out.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"40\" class=\"legend\">%s</text>", x + 28,
                    Html.escape(s.name())));
            x += 40 + 7 * s.name().length();
        }
    }

    private void axes(StringBuilder out, Frame f, double xStep, double yStep) {
        for (double y = 0; y <= f.yMax() + yStep / 2; y += yStep) {
            double py = f.py(y);
            out.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" class=\"grid\"/>",
                    f.left(), py, f.left() + f.width(), py));
            out.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" class=\"tick\" text-anchor=\"end\">%s"
                    + "</text>", f.left() - 6, py + 4, Html.escape(yFormat.apply(y))));
        }
        for (double x = 0; x <= f.xMax() * 1.0001; x += xStep) {
            double px = f.px(x);
            out.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" class=\"axis\"/>",
                    px, f.top() + f.height(), px, f.top() + f.height() + 4));
            out.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" class=\"tick\" text-anchor=\"middle\">%s"
                    + "</text>", px, f.top() + f.height() + 17, Html.escape(Html.seconds(x))));
        }
        out.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" class=\"axis\"/>",
                f.left(), f.top() + f.height(), f.left() + f.width(), f.top() + f.height()));
        out.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" class=\"tick\" text-anchor=\"middle\">%s"
                + "</text>", f.left() + f.width() / 2, f.top() + f.height() + 36, Html.escape(xLabel)));
    }

    private static void line(StringBuilder out, Frame f, Series s) {
        int n = s.x().length;
        if (n == 0) {
            return;
        }
        if (n == 1) {
            out.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>",
                    f.px(s.x()[0]), f.py(s.y()[0]), s.color()));
            return;
        }
        out.append("<polyline fill=\"none\" stroke=\"").append(s.color()).append("\" stroke-width=\"2.5\"")
                .append(s.dashed() ? " stroke-dasharray=\"6 4\"" : "").append(" stroke-linejoin=\"round\" points=\"");
        for (int i = 0; i < n; i++) {
            out.append(String.format(Locale.ROOT, "%s%.1f,%.1f", i == 0 ? "" : " ", f.px(s.x()[i]), f.py(s.y()[i])));
        }
        out.append("\"/>");
    }

    /** Each line's last value at its right end, moved apart vertically so labels never overlap. */
    private void endLabels(StringBuilder out, Frame f) {
        record Label(String text, String color, double y) {
        }
        List<Label> labels = new ArrayList<>();
        for (Series s : series) {
            int n = s.y().length;
            if (n > 0) {
                labels.add(new Label(s.name() + ": " + yFormat.apply(s.y()[n - 1]), s.color(), f.py(s.y()[n - 1])));
            }
        }
        labels.sort(Comparator.comparingDouble(Label::y));
        double previous = Double.NEGATIVE_INFINITY;
        for (Label l : labels) {
            double y = Math.max(l.y() + 4, previous + 14);
            previous = y;
            out.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" class=\"end-label\" fill=\"%s\">%s</text>",
                    f.left() + f.width() + 6, y, l.color(), Html.escape(l.text())));
        }
    }

    /** A round step (1, 2, 2.5 or 5 × 10^k) giving about six intervals over {@code range}: little empty space. */
    static double niceStep(double range) {
        double raw = range / 6;
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        double normalized = raw / magnitude;
        double nice = normalized <= 1 ? 1 : normalized <= 2 ? 2 : normalized <= 2.5 ? 2.5 : normalized <= 5 ? 5 : 10;
        return nice * magnitude;
    }

    private static double finite(double v) {
        return Double.isFinite(v) ? v : 0;
    }
}
