package io.bloomgate.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.GateReport;
import io.bloomgate.stats.GuardStats;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The HTML page, structurally: well-formed (it parses as XML), self-contained (nothing to fetch),
 * with the charts' SVG and the embedded data. tools/screenshot-report.sh checks that it renders.
 */
class HtmlReportTest {

    @TempDir
    Path dir;

    /** A history of {@code n} samples of growing counters. */
    private static GateHistory history(int n) {
        AtomicLong lookups = new AtomicLong();
        GateHistory h = GateHistory.manual(() -> GateReport.of(Samples.gate(lookups.addAndGet(1_000))).stats());
        for (int i = 1; i < n; i++) {
            h.sample();
        }
        return h;
    }

    private static Document parse(String html) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(html.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void pageWithHistoryIsWellFormedSelfContainedAndHasTheCharts() throws Exception {
        GateHistory history = history(20);
        GateReport report = GateReport.of(history.samples().get(19));
        String html = HtmlReport.of(report).title("Test <report> & co").history(history)
                .paragraph("A paragraph with <markup> & ampersands.")
                .comparison("Both ways", List.of(new Comparison("file reads", 1000, 250, "", "measured: test"),
                        new Comparison("wall time", 2.5, 1.25, "s", "measured")))
                .render();

        Document doc = parse(html);
        assertThat(doc.getElementsByTagName("title").item(0).getTextContent()).isEqualTo("Test <report> & co");
        NodeList svgs = doc.getElementsByTagName("svg");
        assertThat(svgs.getLength()).isEqualTo(5); // the bars, and two charts per guard
        for (int i = 0; i < svgs.getLength(); i++) {
            // Scales with the page: a fixed width of 1000 px was clipped in windows narrower than that.
            org.w3c.dom.Element svg = (org.w3c.dom.Element) svgs.item(i);
            assertThat(svg.getAttribute("width")).isEqualTo("100%");
            assertThat(svg.getAttribute("height")).isEmpty();
            assertThat(svg.getAttribute("viewBox")).matches("0 0 [0-9]+ [0-9]+");
        }
        NodeList lines = doc.getElementsByTagName("polyline");
        assertThat(lines.getLength()).isEqualTo(12); // 3 series per chart, 4 charts
        String points = ((Element) lines.item(0)).getAttribute("points");
        assertThat(points.split(" ")).hasSize(20);

        assertThat(html).doesNotContain("http://", "https://", "<link", "src=", "@import", "url(");
        assertThat(html).contains("avoided: 18k", "observed: ", "target: 1.00%", "passed through",
                "false positives", "-75%", "index depth (est.)", "PUBLIC.VISITED.URL");
        NodeList scripts = doc.getElementsByTagName("script");
        assertThat(scripts.getLength()).isEqualTo(1);
        String json = scripts.item(0).getTextContent();
        assertThat(json).startsWith("{\"report\":{\"guards\":[").contains("\"history\":[{\"elapsedSeconds\":");
        assertThat(((Element) scripts.item(0)).getAttribute("type")).isEqualTo("application/json");
        assertThat(((Element) scripts.item(0)).getAttribute("id")).isEqualTo("bloomgate-data");
    }

    @Test
    void pageWithoutHistorySaysSo() throws Exception {
        String html = GateReport.of(Samples.gate(10)).toHtml();
        Document doc = parse(html);
        assertThat(doc.getElementsByTagName("svg").getLength()).isZero();
        assertThat(html).contains("No history", "Disk accesses saved (estimated)");
    }

    @Test
    void toHtmlWithHistoryAndWriteTo() throws Exception {
        GateHistory history = history(3);
        String html = GateReport.of(Samples.gate(3_000)).toHtml(history);
        assertThat(parse(html).getElementsByTagName("svg").getLength()).isEqualTo(4);
        Path file = HtmlReport.of(GateReport.of(Samples.gate(1))).writeTo(dir.resolve("sub/report.html"));
        assertThat(Files.readString(file)).startsWith("<!DOCTYPE html>");
    }

    @Test
    void historyThinsToABoundedEvenSeries() {
        List<GuardStats> one = Samples.gate(1);
        GateHistory h = GateHistory.manual(GateReport.of(one));
        for (int i = 0; i < GateHistory.MAX_SAMPLES * 3; i++) {
            h.sample();
        }
        List<GateHistory.Sample> samples = h.samples();
        assertThat(samples.size()).isBetween(GateHistory.MAX_SAMPLES / 2, GateHistory.MAX_SAMPLES);
        List<Long> times = new ArrayList<>();
        samples.forEach(s -> times.add(s.elapsed().toNanos()));
        assertThat(times).isSorted();
    }
}
