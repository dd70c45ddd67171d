/**
 * Observability on a gate's guards: Micrometer meters ({@link io.bloomgate.report.BloomGateMetrics}),
 * JMX beans ({@link io.bloomgate.report.BloomGateJmx}), a time series of snapshots ({@link
 * io.bloomgate.report.GateHistory}) and self-contained HTML pages ({@link
 * io.bloomgate.report.HtmlReport}), plus the estimated and measured disk accesses they show.
 *
 * <p>Everything here reads a {@link io.bloomgate.stats.GuardStatsSource} (a {@code BloomGate} is
 * one) and depends on {@code io.bloomgate.stats} only, so the entry package can build its reports
 * from these classes without an import cycle (docs/architecture.md section 7).
 */
package io.bloomgate.report;
