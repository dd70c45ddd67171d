package io.bloomgate.report;

import io.bloomgate.stats.GuardStats;
import io.bloomgate.stats.GuardStatsSource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A self-contained HTML page on a gate's guards ({@code gate.report()}, the gate itself, or any
 * other {@link GuardStatsSource}): it opens offline (charts are inline SVG, no
 * script runs, nothing is fetched) and is also well-formed XML.
 *
 * <pre>{@code
 * HtmlReport.of(gate.report())
 *         .title("Sign-up checks")
 *         .history(history)                                  // a GateHistory: adds the charts over time
 *         .comparison("With and without the gate", rows)     // optional: a workload measured both ways
 *         .writeTo(Path.of("report.html"));
 * }</pre>
 *
 * <p>The page shows, in order: the title, the sections added ({@link #paragraph}, {@link #table},
 * {@link #comparison}) in the order added, the charts over time (per guard: avoided, passed-through
 * and false-positive lookups, cumulative; observed against target false-positive rate), the guards'
 * table, and the <em>estimated</em> disk accesses saved ({@link DiskAccessEstimate}). The report's
 * JSON ({@code GateReport.toJson()}, {@link ReportFormats#json}) and the history's samples are embedded in
 * {@code <script type="application/json" id="bloomgate-data">} as
 * {@code {"report": ..., "history": [{"elapsedSeconds", "guards": [{"table", "column", "lookups",
 * "avoided", "passedThrough", "falsePositives", "observedFalsePositiveRate", "targetFpp",
 * "estimatedFpp"}]}]}}.
 */
public final class HtmlReport {

    private static final int CHART_WIDTH = 1000;
    private static final int CHART_HEIGHT = 300;
    private static final String STYLE = "body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:24px 32px;"
            + "color:#1f2328;max-width:1040px}h1{font-size:24px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px;"
            + "border-bottom:1px solid #d0d7de;padding-bottom:4px}p{margin:6px 0;line-height:1.45}"
            + ".meta{color:#57606a;font-size:13px}table{border-collapse:collapse;margin:8px 0;font-size:14px}"
            + "td,th{border:1px solid #d0d7de;padding:4px 10px;text-align:right}"
            + "td.text{text-align:left}th{background:#f6f8fa;text-align:center}"
            + ".chart{display:block;margin:10px 0;font-size:12px}.chart-title{font-size:14px;font-weight:600}"
            + ".grid{stroke:#eaeef2}.axis{stroke:#8c959f}.tick{fill:#57606a}.legend{fill:#1f2328}"
            + ".end-label{font-size:12px;font-weight:600}";

    private final List<GuardStats> guards;
    private final List<Consumer<StringBuilder>> sections = new ArrayList<>();
    private String title = "bloomgate report";
    private GateHistory history;
    private List<GateHistory.Sample> samples = List.of();

    private HtmlReport(List<GuardStats> guards) {
        this.guards = List.copyOf(guards);
    }

    /**
     * A page on {@code report}'s guards: a {@code GateReport}, a {@code BloomGate} or any other source
     * of snapshots, read once, now.
     */
    public static HtmlReport of(GuardStatsSource report) {
        return new HtmlReport(Objects.requireNonNull(report, "report").stats());
    }

    /** The page's title and heading (default "bloomgate report"). */
    public HtmlReport title(String title) {
        this.title = Objects.requireNonNull(title, "title");
        return this;
    }

    /** Charts over time from {@code history}'s samples (read when the page is rendered). */
    public HtmlReport history(GateHistory history) {
        this.history = history;
        return this;
    }

    /** Charts over time from these samples. */
    public HtmlReport history(List<GateHistory.Sample> samples) {
        this.history = null;
        this.samples = List.copyOf(samples);
        return this;
    }

    /** A paragraph of plain text (escaped). */
    public HtmlReport paragraph(String text) {
        sections.add(out -> out.append("<p>").append(Html.escape(text)).append("</p>"));
        return this;
    }

    /** A table of plain text cells under a heading; the first column is left-aligned. */
    public HtmlReport table(String heading, List<String> header, List<List<String>> rows) {
        sections.add(out -> {
            heading(out, heading);
            Html.table(out, header, rows);
        });
        return this;
    }

    /**
     * A workload measured without and with the gate: a table (figure, without, with, change, and
     * where each figure comes from) and paired bars.
     */
    public HtmlReport comparison(String heading, List<Comparison> rows) {
        List<Comparison> copy = List.copyOf(rows);
        sections.add(out -> {
            heading(out, heading);
            List<List<String>> cells = new ArrayList<>();
            for (Comparison c : copy) {
                cells.add(List.of(c.measure(), c.format(c.withoutGate()), c.format(c.withGate()), c.change(),
                        c.source()));
            }
            Html.table(out, List.of("figure", "without the gate", "with the gate", "change", "source"), cells);
            out.append(SvgBarChart.render(heading + ": each pair of bars on its own scale", copy, CHART_WIDTH));
        });
        return this;
    }

    /** The page. */
    public String render() {
        List<GateHistory.Sample> series = history != null ? history.samples() : samples;
        StringBuilder out = new StringBuilder(16_384);
        out.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/><title>")
                .append(Html.escape(title)).append("</title><style>").append(STYLE).append("</style></head><body>\n");
        out.append("<h1>").append(Html.escape(title)).append("</h1><p class=\"meta\">bloomgate report, generated ")
                .append(Instant.now().truncatedTo(ChronoUnit.SECONDS)).append("</p>\n");
        for (Consumer<StringBuilder> section : sections) {
            section.accept(out);
            out.append('\n');
        }
        charts(out, series);
        guards(out);
        out.append("<script type=\"application/json\" id=\"bloomgate-data\">{\"report\":").append(ReportFormats.json(guards))
                .append(",\"history\":").append(historyJson(series)).append("}</script>\n</body></html>\n");
        return out.toString();
    }

    /** Writes the page (UTF-8) to {@code file} and returns it. */
    public Path writeTo(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        return Files.writeString(file, render(), StandardCharsets.UTF_8);
    }

    private static void heading(StringBuilder out, String heading) {
        out.append("<h2>").append(Html.escape(heading)).append("</h2>");
    }

    private static void charts(StringBuilder out, List<GateHistory.Sample> series) {
        heading(out, "Over time");
        if (series.size() < 2) {
            out.append("<p>No history: sample the gate with a GateHistory to chart its lookups over time.</p>\n");
            return;
        }
        for (Map.Entry<String, List<String>> e : HistoryCharts.render(series, CHART_WIDTH, CHART_HEIGHT).entrySet()) {
            for (String svg : e.getValue()) {
                out.append(svg).append('\n');
            }
        }
        out.append("<p class=\"meta\">").append(series.size()).append(" samples. Observed false-positive rate: false"
                + " positives among lookups for absent keys (false positives ÷ (avoided + false positives)); target: the"
                + " rate the filter was sized for; expected from fill: the rate its current bit fill predicts.</p>\n");
    }

    private void guards(StringBuilder out) {
        heading(out, "Guards");
        List<List<String>> rows = new ArrayList<>();
        for (GuardStats g : guards) {
            rows.add(List.of(g.table() + "." + g.column(), g.state().name(), Html.count(g.lookups()),
                    Html.count(g.avoided()), Html.count(g.passedThrough()), Html.count(g.truePositives()),
                    Html.count(g.falsePositives()), Html.count(g.bypassed()), Html.percent(g.observedFalsePositiveRate()),
                    Html.percent(g.filter().targetFpp()), Html.count(g.filter().estimatedKeys()),
                    String.format(java.util.Locale.ROOT, "%.1f", g.filter().memoryBytes() / 1048576.0)));
        }
        Html.table(out, List.of("guard", "state", "lookups", "avoided", "passed through", "true positives",
                "false positives", "bypassed", "observed FP rate", "target FP rate", "keys (est.)", "MiB"), rows);
        heading(out, "Disk accesses saved (estimated)");
        List<List<String>> estimates = new ArrayList<>();
        for (GuardStats g : guards) {
            DiskAccessEstimate e = DiskAccessEstimate.of(g);
            estimates.add(List.of(g.table() + "." + g.column(), Html.count(e.saved()), Html.count(e.avoided()),
                    String.valueOf(e.depth()), e.basis()));
        }
        Html.table(out, List.of("guard", "index pages not read (est.)", "avoided", "index depth (est.)", "basis"),
                estimates);
        out.append("<p class=\"meta\">Estimated figures assume every avoided lookup would have read one page per index"
                + " level; databases cache the upper levels, so the disk reads actually saved are fewer. Measured"
                + " figures, where shown above, come from the database's own counters.</p>\n");
    }

    private static String historyJson(List<GateHistory.Sample> series) {
        JsonWriter json = new JsonWriter().beginArray();
        for (GateHistory.Sample s : series) {
            json.beginObject().field("elapsedSeconds", s.elapsed().toNanos() / 1e9).name("guards").beginArray();
            for (GuardStats g : s.guards()) {
                json.beginObject().field("table", g.table()).field("column", g.column()).field("lookups", g.lookups())
                        .field("avoided", g.avoided()).field("passedThrough", g.passedThrough())
                        .field("falsePositives", g.falsePositives())
                        .field("observedFalsePositiveRate", g.observedFalsePositiveRate())
                        .field("targetFpp", g.filter().targetFpp()).field("estimatedFpp", g.filter().estimatedFpp())
                        .endObject();
            }
            json.endArray().endObject();
        }
        return json.endArray().toString();
    }
}
