/**
 * Guard statistics, for applications and internals alike: the immutable snapshot of a guard's
 * counters and filter facts ({@link io.bloomgate.stats.GuardStats}, what {@code BloomGate.stats()}
 * returns), the guard lifecycle ({@link io.bloomgate.stats.GuardState}), the one list of bypass
 * reasons ({@link io.bloomgate.stats.BypassReason}) and the source interface the reports read
 * ({@link io.bloomgate.stats.GuardStatsSource}).
 *
 * <p>A leaf: it depends on {@code io.bloomgate.filter} (a snapshot carries the filter's facts) and
 * nothing else of bloomgate, so every other package may use it (docs/architecture.md section 7),
 * and there is one type for each of these concepts. The mutable counters behind the snapshots are
 * internal ({@code io.bloomgate.sync.GuardCounters}), not part of this exported package.
 */
package io.bloomgate.stats;
