package io.bloomgate.sync;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * The hand-offs between a polling change feed's thread and the threads that wait on it, alike for
 * every server database's feed (PostgreSQL's {@code postgres.ChangeFeed}, MySQL/MariaDB's {@code
 * mysql.LogFeed}): writes with unknown keys that settle after the feed's next complete read, waiting
 * for complete reads, waking the feed early, and stopping it. What a feed reads, and what a read
 * means, stays in the feed. Internal (public for those packages).
 */
public final class FeedProgress {

    private final ConcurrentLinkedQueue<Guard> settleAfterNextRead = new ConcurrentLinkedQueue<>();
    /** Guards {@link #reads}; notified after every complete read and on close. */
    private final Object monitor = new Object();
    private long reads;
    private volatile Thread thread;
    private volatile boolean closed;

    /** Starts the feed's thread (a daemon) running {@code feed}. */
    public void start(Runnable feed, String threadName) {
        Thread t = new Thread(feed, threadName);
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    /** {@code guard}'s write committed: it settles after the next complete read, which begins now. */
    public void settleAfterNextRead(Guard guard) {
        settleAfterNextRead.add(guard);
        wake();
    }

    /** The guards waiting to settle, taken before a read begins (so their commits precede it). */
    public List<Guard> takeSettling() {
        List<Guard> settling = new ArrayList<>();
        for (Guard g; (g = settleAfterNextRead.poll()) != null; ) {
            settling.add(g);
        }
        return settling;
    }

    /** The read that took {@code settling} did not complete: they wait for the next one. */
    public void putBack(List<Guard> settling) {
        settleAfterNextRead.addAll(settling);
    }

    /** A read completed: wakes those waiting for one. */
    public void readCompleted() {
        synchronized (monitor) {
            reads++;
            monitor.notifyAll();
        }
    }

    /**
     * The feed's thread sleeps until {@code nextPoll} ({@link System#nanoTime()}), or until a settle
     * request or close wakes it.
     */
    public void sleepUntil(long nextPoll) {
        for (long left; !closed && settleAfterNextRead.isEmpty() && (left = nextPoll - System.nanoTime()) > 0; ) {
            LockSupport.parkNanos(this, left);
        }
    }

    /**
     * The feed's thread waits {@code millis} before it reconnects (a close does not cut it short: it
     * waits up to 5 s for the thread).
     */
    public void backOff(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits for one complete read that begins after this call; false on timeout or close. */
    public boolean awaitNextRead(long timeoutMillis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        synchronized (monitor) {
            long target = reads + 2; // the read in progress may have begun before this call
            while (!closed && reads < target) {
                long left = deadline - System.currentTimeMillis();
                if (left <= 0) {
                    return false;
                }
                monitor.wait(left);
            }
        }
        return !closed;
    }

    /**
     * Waits until {@code done} holds, checking it after every complete read (and every second);
     * false if the feed closed first.
     */
    public boolean awaitUntil(BooleanSupplier done) throws InterruptedException {
        synchronized (monitor) {
            while (!closed && !done.getAsBoolean()) {
                monitor.wait(1_000);
            }
        }
        return !closed;
    }

    public boolean closed() {
        return closed;
    }

    /**
     * Stops the feed: wakes its thread and every waiter, and waits up to 5 s for the thread to end
     * (after the read in progress, if any); {@code neverStarted} runs instead when there was no
     * thread (it releases what {@code start} would have). Then settles every write still waiting: the
     * gate is closed, nothing is answered any more.
     */
    public void close(Runnable neverStarted) {
        closed = true;
        wake();
        synchronized (monitor) {
            monitor.notifyAll();
        }
        Thread t = thread;
        if (t != null) {
            try {
                t.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        } else {
            neverStarted.run();
        }
        for (Guard g; (g = settleAfterNextRead.poll()) != null; ) {
            g.settle();
        }
    }

    private void wake() {
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }
}
