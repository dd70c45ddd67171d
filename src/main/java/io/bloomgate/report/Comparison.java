package io.bloomgate.report;

import java.util.Locale;

/**
 * One figure of a workload run twice, without and with the gate, for {@link HtmlReport#comparison}.
 *
 * @param measure     what was measured ("H2 file reads")
 * @param withoutGate the figure without the gate
 * @param withGate    the figure with the gate
 * @param unit        {@code "s"} (seconds), {@code "/s"} (a rate), {@code "MiB"}, or {@code ""} (a count)
 * @param source      where the figure comes from, e.g. {@code "measured: H2 info.FILE_READ"}: say
 *                    whether it is measured or estimated
 */
public record Comparison(String measure, double withoutGate, double withGate, String unit, String source) {

    /** A figure formatted for its unit. */
    public String format(double value) {
        return switch (unit) {
            case "s" -> String.format(Locale.ROOT, "%,.2f s", value);
            case "/s" -> String.format(Locale.ROOT, "%,.0f /s", value);
            case "MiB" -> String.format(Locale.ROOT, "%,.1f MiB", value);
            default -> String.format(Locale.ROOT, "%,.0f", value) + (unit.isEmpty() ? "" : " " + unit);
        };
    }

    /** The change from without to with the gate: {@code -46%}, {@code +3%}, or {@code –} from zero. */
    public String change() {
        if (withoutGate == 0) {
            return "–";
        }
        return String.format(Locale.ROOT, "%+.0f%%", 100 * (withGate - withoutGate) / withoutGate);
    }
}
