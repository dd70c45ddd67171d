package io.bloomgate.sync;

import io.bloomgate.stats.BypassReason;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * One guard's counters. Lock-free ({@link LongAdder}): they are bumped on every lookup, from every
 * application thread, and must cost next to nothing.
 *
 * <p>Internal: mutable, so applications never see it; they read the immutable {@link
 * io.bloomgate.stats.GuardStats} a guard snapshots from it ({@link Guard#stats()}). Public only for
 * the jdbc and postgres packages, which count lookups and read the counters.
 */
public final class GuardCounters {

    private final LongAdder avoided = new LongAdder();
    private final LongAdder passedThrough = new LongAdder();
    private final LongAdder truePositives = new LongAdder();
    private final LongAdder falsePositives = new LongAdder();
    private final LongAdder keysAdded = new LongAdder();
    private final LongAdder[] bypassed = new LongAdder[BypassReason.values().length];

    /** Creates zeroed counters. */
    public GuardCounters() {
        for (int i = 0; i < bypassed.length; i++) {
            bypassed[i] = new LongAdder();
        }
    }

    /** A lookup answered "absent" from the filter. */
    public void countAvoided() {
        avoided.increment();
    }

    /** A lookup the filter could not rule out. */
    public void countPassedThrough() {
        passedThrough.increment();
    }

    /** A passed-through lookup found a row. */
    public void countTruePositive() {
        truePositives.increment();
    }

    /** A passed-through lookup found nothing. */
    public void countFalsePositive() {
        falsePositives.increment();
    }

    /** A statement on the table was not asked about. */
    public void countBypass(BypassReason reason) {
        bypassed[reason.ordinal()].increment();
    }

    /** Keys were added to the filter. */
    public void countKeysAdded(long count) {
        keysAdded.add(count);
    }

    /** Lookups answered "absent" so far. */
    public long avoided() {
        return avoided.sum();
    }

    /** Lookups passed through so far. */
    public long passedThrough() {
        return passedThrough.sum();
    }

    /** Passed-through lookups that found a row so far. */
    public long truePositives() {
        return truePositives.sum();
    }

    /** Passed-through lookups that found nothing so far. */
    public long falsePositives() {
        return falsePositives.sum();
    }

    /** Keys added so far. */
    public long keysAdded() {
        return keysAdded.sum();
    }

    /** The non-zero bypass counts. */
    public Map<BypassReason, Long> bypassedByReason() {
        Map<BypassReason, Long> counts = new EnumMap<>(BypassReason.class);
        for (BypassReason reason : BypassReason.values()) {
            long n = bypassed[reason.ordinal()].sum();
            if (n > 0) {
                counts.put(reason, n);
            }
        }
        return counts;
    }
}
