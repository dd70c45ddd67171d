package io.bloomgate.report;

import io.bloomgate.stats.GuardStats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The two charts of each guard's history: its lookups (avoided, passed through, false positives;
 * cumulative) and its false-positive rate (observed, against the target and the rate its fill
 * predicts).
 */
final class HistoryCharts {

    static final String AVOIDED = "#1a7f37";
    static final String PASSED = "#0969da";
    static final String FALSE_POSITIVE = "#cf222e";
    static final String TARGET = "#57606a";
    static final String ESTIMATED = "#bf8700";

    private HistoryCharts() {
    }

    /** Per guard ({@code table.column}, in order of first appearance), its two charts as SVG. */
    static Map<String, List<String>> render(List<GateHistory.Sample> samples, int width, int height) {
        Map<String, List<Point>> byGuard = new LinkedHashMap<>();
        for (GateHistory.Sample s : samples) {
            double seconds = s.elapsed().toNanos() / 1e9;
            for (GuardStats g : s.guards()) {
                byGuard.computeIfAbsent(g.table() + "." + g.column(), k -> new ArrayList<>()).add(new Point(seconds, g));
            }
        }
        Map<String, List<String>> charts = new LinkedHashMap<>();
        byGuard.forEach((name, points) -> charts.put(name, List.of(lookups(name, points, width, height),
                falsePositiveRate(name, points, width, height))));
        return charts;
    }

    private record Point(double seconds, GuardStats stats) {
    }

    private static String lookups(String name, List<Point> points, int width, int height) {
        return new SvgLineChart("Lookups over time: " + name + " (cumulative)", "time since sampling began",
                Html::shortCount)
                .add(series("avoided", AVOIDED, false, points, GuardStats::avoided))
                .add(series("passed through", PASSED, false, points, GuardStats::passedThrough))
                .add(series("false positives", FALSE_POSITIVE, false, points, GuardStats::falsePositives))
                .render(width, height);
    }

    private static String falsePositiveRate(String name, List<Point> points, int width, int height) {
        return new SvgLineChart("False-positive rate: " + name + " (observed vs target)", "time since sampling began",
                Html::percent)
                .add(series("observed", FALSE_POSITIVE, false, points, GuardStats::observedFalsePositiveRate))
                .add(series("target", TARGET, true, points, g -> g.filter().targetFpp()))
                .add(series("expected from fill", ESTIMATED, true, points, g -> g.filter().estimatedFpp()))
                .render(width, height);
    }

    private static SvgLineChart.Series series(String name, String color, boolean dashed, List<Point> points,
            ToDoubleFunction<GuardStats> value) {
        double[] x = new double[points.size()];
        double[] y = new double[points.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = points.get(i).seconds();
            y[i] = value.applyAsDouble(points.get(i).stats());
        }
        return new SvgLineChart.Series(name, color, dashed, x, y);
    }
}
