package io.bloomgate.sync;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Counts writes through the gate between adding their keys and finishing their execution, in two
 * phases, so that an online rebuild can wait for every write that added its keys before the rebuild
 * began (such a key reached the old filter only; once the write has executed, its transaction holds
 * an id the rebuild waits for). New writes enter the other phase and are never waited for, so the
 * wait ends even under a steady stream of writes. One per gate, in its {@link GateFence}.
 */
public final class WritesInFlight {

    private final AtomicLongArray counts = new AtomicLongArray(2);
    private volatile int phase;

    /** Before a write adds keys; returns the token to pass to {@link #exit}. */
    public int enter() {
        while (true) {
            int p = phase;
            counts.incrementAndGet(p);
            if (p == phase) {
                return p; // counted in a phase the drain sees (it flips, then waits)
            }
            counts.decrementAndGet(p); // the phase flipped meanwhile: count in the new one
        }
    }

    public void exit(int token) {
        counts.decrementAndGet(token);
    }

    /** Waits until every write that entered before this call has exited. One caller at a time. */
    synchronized void awaitEarlierWrites() {
        int old = phase;
        phase = 1 - old;
        while (counts.get(old) != 0) {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
