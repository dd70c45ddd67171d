package io.bloomgate.sync;

import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Settles writes whose keys the gate could not see (identity or default keys, {@code INSERT ...
 * SELECT}, keys computed by expressions, statements it could not parse). Such a write makes its
 * guard <em>unsettled</em> before it executes; once its transaction has ended, a scan that starts
 * after the commit adds every committed key to the filter (a union: nothing is removed), and only
 * then is the write settled. Several commits waiting at once share one scan.
 */
public final class Rescans implements Settler {

    private static final Logger LOG = LoggerFactory.getLogger(Rescans.class);
    private static final long RETRY_SECONDS = 5;

    private final TableScanner scanner;
    private final ScheduledExecutorService executor;
    /** Per guard: writes waiting for a scan that has not started yet. Guarded by {@code this}. */
    private final Map<Guard, Integer> waiting = new HashMap<>();

    public Rescans(TableScanner scanner) {
        this.scanner = scanner;
        this.executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "bloomgate-rescan");
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public synchronized void afterCommit(Guard guard) {
        Integer before = waiting.merge(guard, 1, Integer::sum);
        if (before == 1) {
            schedule(guard, 0);
        }
    }

    @Override
    public void afterRollback(Guard guard) {
        guard.settle();
    }

    private void schedule(Guard guard, long delaySeconds) {
        executor.schedule(() -> scan(guard), delaySeconds, TimeUnit.SECONDS);
    }

    private void scan(Guard guard) {
        int writes;
        synchronized (this) {
            // Writes that commit from now on wait for the next scan: this one may have started too early.
            Integer count = waiting.remove(guard);
            writes = count == null ? 0 : count;
        }
        if (writes == 0) {
            return;
        }
        try {
            scanner.scanInto(guard);
            for (int i = 0; i < writes; i++) {
                guard.settle();
            }
        } catch (SQLException | RuntimeException e) {
            LOG.warn("Rescan of {} after a write with unknown keys failed; its lookups pass through until a"
                    + " retry in {} s succeeds", guard, RETRY_SECONDS, e);
            synchronized (this) {
                Integer before = waiting.merge(guard, writes, Integer::sum);
                if (before == writes) {
                    schedule(guard, RETRY_SECONDS);
                }
            }
        }
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
