package io.bloomgate.sync;

import io.bloomgate.stats.GuardState;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A guard's state and lifecycle: BUILDING until the first build, READY while its hook keeps the
 * filter a superset of the table, UNSYNCED when the hook is gone (until a rebuild or a change feed
 * catches up), CLOSED with the gate; writes with unknown keys in flight; and the staleness bound
 * of guards that learn other writers' keys late. Whether a lookup may be answered is read here,
 * per lookup and lock-free.
 *
 * <p>Transitions run under the {@link Guard}'s lock (callers in other packages synchronize on the
 * guard too, to pair a transition with their own state): this class has no lock of its own.
 */
final class GuardLifecycle {

    private volatile GuardState state = GuardState.BUILDING;
    private volatile String unsyncedReason;
    /** Bumped by every {@link #unsync}: a rebuild that saw it move must not declare the guard READY. */
    private volatile int unsyncs;
    /** Opaque state of the {@link SyncWatch} that verifies this guard's hook. */
    private volatile Object syncCheck;
    private volatile boolean syncedByTrigger;
    /**
     * Guards that learn other writers' keys late (a PostgreSQL change feed) answer only while
     * {@link System#nanoTime()} is before this; {@link #freshUntil} sets it (and the flag) after
     * each read. Checked per lookup: one volatile read and a clock read, no lock.
     */
    private volatile long freshUntil;
    private volatile boolean freshnessBounded;
    private final AtomicInteger unsettled = new AtomicInteger();

    GuardState state() {
        return state;
    }

    /** READY and, if its freshness is bounded, still fresh. */
    boolean answerable() {
        return state == GuardState.READY && fresh();
    }

    /** The first build finished: READY if still BUILDING. Returns whether it was. */
    boolean built() {
        if (state == GuardState.BUILDING) {
            state = GuardState.READY;
            return true;
        }
        return false;
    }

    boolean building() {
        return state == GuardState.BUILDING;
    }

    boolean closed() {
        return state == GuardState.CLOSED;
    }

    /**
     * The hook is gone: UNSYNCED (unless CLOSED). Returns whether the guard was not UNSYNCED before
     * (so the caller says so once).
     */
    boolean unsync(String reason) {
        if (state == GuardState.CLOSED) {
            return false;
        }
        unsyncs++;
        syncCheck = null;
        boolean news = state != GuardState.UNSYNCED;
        unsyncedReason = reason;
        state = GuardState.UNSYNCED;
        return news;
    }

    /** READY again if UNSYNCED and not unsynced since {@code expectedUnsyncs}. Returns whether it resumed. */
    boolean resume(int expectedUnsyncs) {
        if (state == GuardState.UNSYNCED && unsyncs == expectedUnsyncs) {
            unsyncedReason = null;
            state = GuardState.READY;
            return true;
        }
        return false;
    }

    /** A rebuild finished: READY, unless the hook went away while it ran (unsynced since {@code unsyncCountBefore}). */
    void rebuilt(int unsyncCountBefore) {
        if (unsyncs == unsyncCountBefore) {
            unsyncedReason = null;
            state = GuardState.READY;
        } // else stay UNSYNCED: the new filter may miss writes
    }

    void close() {
        state = GuardState.CLOSED;
    }

    int unsyncCount() {
        return unsyncs;
    }

    String unsyncedReason() {
        return state == GuardState.UNSYNCED ? unsyncedReason : null;
    }

    Object syncCheck() {
        return syncCheck;
    }

    void syncCheck(Object check) {
        syncCheck = check;
    }

    boolean syncedByTrigger() {
        return syncedByTrigger;
    }

    void syncedByTrigger(boolean synced) {
        syncedByTrigger = synced;
    }

    void freshUntil(long deadlineNanos) {
        freshUntil = deadlineNanos; // before the flag: a reader that sees the flag sees a deadline
        freshnessBounded = true;
    }

    boolean fresh() {
        return !freshnessBounded || System.nanoTime() - freshUntil < 0;
    }

    boolean unsettled() {
        return unsettled.get() != 0;
    }

    void unsettle() {
        unsettled.incrementAndGet();
    }

    void settle() {
        unsettled.decrementAndGet();
    }
}
