package io.bloomgate.stats;

import java.util.List;

/**
 * Something that snapshots guards on demand: a gate (every {@code io.bloomgate.BloomGate} is one),
 * a report ({@code io.bloomgate.GateReport}), or any other source of figures (a replay, a test).
 * The reports, the Micrometer binder and the JMX beans read their figures through this interface,
 * so they depend on the statistics alone and not on the gate that produces them.
 */
@FunctionalInterface
public interface GuardStatsSource {

    /** Fresh snapshots of every guard, in a stable order (the order the guards were configured). */
    List<GuardStats> stats();
}
