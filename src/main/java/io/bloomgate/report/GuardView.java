package io.bloomgate.report;

import io.bloomgate.stats.GuardStatsSource;
import io.bloomgate.stats.GuardStats;
import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.TreeMap;

/** A {@link GuardMXBean} reading one guard's figures from shared snapshots of a weakly held gate. */
final class GuardView implements GuardMXBean {

    private final WeakReference<GuardStatsSource> gate;
    private final GateSnapshots snapshots;
    private final int index;

    GuardView(WeakReference<GuardStatsSource> gate, GateSnapshots snapshots, int index) {
        this.gate = gate;
        this.snapshots = snapshots;
        this.index = index;
    }

    /** The guard's latest figures. */
    private GuardStats stats() {
        GuardStatsSource g = gate.get();
        if (g == null) {
            throw new IllegalStateException("The gate of this MBean was garbage-collected before its BloomGateJmx"
                    + " registration was closed");
        }
        return snapshots.read(g).get(index);
    }

    @Override
    public String getTable() {
        return stats().table();
    }

    @Override
    public String getColumn() {
        return stats().column();
    }

    @Override
    public String getState() {
        return stats().state().name();
    }

    @Override
    public long getLookups() {
        return stats().lookups();
    }

    @Override
    public long getAvoided() {
        return stats().avoided();
    }

    @Override
    public long getPassedThrough() {
        return stats().passedThrough();
    }

    @Override
    public long getTruePositives() {
        return stats().truePositives();
    }

    @Override
    public long getFalsePositives() {
        return stats().falsePositives();
    }

    @Override
    public long getBypassed() {
        return stats().bypassed();
    }

    @Override
    public Map<String, Long> getBypassedByReason() {
        Map<String, Long> byName = new TreeMap<>();
        stats().bypassedByReason().forEach((reason, count) -> byName.put(reason.name(), count));
        return byName;
    }

    @Override
    public long getKeysAdded() {
        return stats().keysAdded();
    }

    @Override
    public int getRebuilds() {
        return stats().rebuilds();
    }

    @Override
    public long getStaleKeys() {
        return stats().staleKeys();
    }

    @Override
    public String getLayout() {
        return stats().filter().layout().name();
    }

    @Override
    public long getFilterBits() {
        return stats().filter().bits();
    }

    @Override
    public int getHashes() {
        return stats().filter().hashes();
    }

    @Override
    public long getMemoryBytes() {
        return stats().filter().memoryBytes();
    }

    @Override
    public long getExpectedKeys() {
        return stats().filter().expectedKeys();
    }

    @Override
    public long getEstimatedKeys() {
        return stats().filter().estimatedKeys();
    }

    @Override
    public double getFillRatio() {
        return stats().filter().fillRatio();
    }

    @Override
    public double getTargetFpp() {
        return stats().filter().targetFpp();
    }

    @Override
    public double getEstimatedFpp() {
        return stats().filter().estimatedFpp();
    }

    @Override
    public double getObservedFalsePositiveRate() {
        return stats().observedFalsePositiveRate();
    }
}
