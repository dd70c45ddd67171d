/**
 * Guard statistics: the lock-free counters a guard keeps ({@link io.bloomgate.stats.GuardCounters}),
 * the snapshots read from them ({@link io.bloomgate.stats.GuardStats}), the guard lifecycle ({@link
 * io.bloomgate.stats.GuardState}), the one list of bypass reasons ({@link
 * io.bloomgate.stats.BypassReason}) and the source interface the reports read ({@link
 * io.bloomgate.stats.GuardStatsSource}).
 *
 * <p>A leaf: it depends on {@code io.bloomgate.filter} (a snapshot carries the filter's facts) and
 * nothing else of bloomgate, so every other package may use it (docs/architecture.md section 7).
 * The entry package {@code io.bloomgate} re-exposes the enums and the snapshot under their
 * long-standing names, mapped by constant name.
 */
package io.bloomgate.stats;
