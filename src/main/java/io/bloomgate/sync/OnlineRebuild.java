package io.bloomgate.sync;

import io.bloomgate.filter.BloomFilter;
import io.bloomgate.filter.FilterSpec;
import java.sql.SQLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The online rebuild of one guard, the same on every database (docs/architecture.md section 4): a
 * new filter is filled by a scan while the current one keeps answering, and replaces it only once
 * no reader could still see a key the new one lacks. A database supplies only what differs: its
 * hook, its scan and its horizon ({@link Database}); the gate supplies its {@link RebuildFence}.
 *
 * <p>The steps, in this order:
 * <ol>
 *   <li>read the guard's unsync count, before the hook is re-installed: an unsync after that (the
 *       hook went away again) means the new filter may miss writes, and the guard stays UNSYNCED;
 *   <li>size the new filter ({@link Guard#rebuildSpec}) and begin ({@link Guard#beginRebuild}):
 *       from here every add reaches both filters, and {@link RebuildPolicy} counts keys from this
 *       fill's start;
 *   <li>the database re-installs its hook where it was lost ({@link Database#reinstallHook});
 *   <li>the fence waits for writes through the gate that added keys before the begin (they reached
 *       the old filter only; once executed, their transactions are the horizon's to wait for);
 *   <li>the database says which unsyncs the scan repairs ({@link Database#unsyncsRepaired});
 *   <li>the database scans the key column into the new filter and names its horizon ({@link
 *       Database#scan});
 *   <li>wait for the horizon: until every transaction that could hold a key the scan missed, or
 *       whose snapshot shows a row whose key the new filter lacks, is accounted for. A horizon
 *       that gives up (the sync is closing) ends the rebuild here;
 *   <li>the fence tells the gate's transactions that began under the old filter to stop trusting
 *       the filters, <em>before</em> the swap, so that none answers from the new filter unflagged;
 *   <li>swap ({@link Guard#finishRebuild}: READY only if not unsynced since step 5's count; the
 *       stale keys counted before the fill began are cleared, later ones stay);
 *   <li>the database is told ({@link Database#swapped}).
 * </ol>
 * On any failure, interruption or give-up before the swap the new filter is abandoned; the current
 * one stays, still a superset.
 *
 * <p>One rebuild of a guard at a time: the caller makes sure of it (H2: a lock per guard;
 * PostgreSQL: one rebuild thread per gate); {@link Guard#beginRebuild} refuses a second.
 */
public final class OnlineRebuild {

    private static final Logger LOG = LoggerFactory.getLogger(OnlineRebuild.class);

    /** What one database supplies to a rebuild: its hook, its scan and its horizon. */
    public interface Database {

        /** Re-installs the hook that keeps the guard in sync, if it was lost. Idempotent. */
        default void reinstallHook() throws SQLException {
        }

        /**
         * The unsync count the rebuild may declare the guard READY against: {@code beforeHook} (read
         * before {@link #reinstallHook}) unless the database knows its scan and horizon cover later
         * unsyncs too. Read after the fence's wait, before the scan.
         */
        default int unsyncsRepaired(int beforeHook) {
            return beforeHook;
        }

        /**
         * Adds every key the table holds to {@code target} and returns the rows read and the
         * horizon to wait for before {@code target} may replace the current filter.
         */
        Scanned scan(BloomFilter target) throws SQLException, InterruptedException;

        /** The rebuilt filter became current (or the guard closed meanwhile and nothing was swapped). */
        default void swapped() {
        }
    }

    /** What a rebuild waits for between its scan and its swap. */
    @FunctionalInterface
    public interface Horizon {

        /**
         * Returns once the scan's filter holds every key a reader could still see; false if it gave
         * up (the sync is closing: the rebuild is abandoned quietly). Throws when it cannot wait
         * (a timeout, the guard closed: the rebuild is abandoned and the error passed on).
         */
        boolean await() throws SQLException, InterruptedException;
    }

    /**
     * What a scan found.
     *
     * @param rows    the rows read (the new live-key estimate starts from them)
     * @param horizon what to wait for before the swap
     */
    public record Scanned(long rows, Horizon horizon) {
    }

    private OnlineRebuild() {
    }

    /**
     * Rebuilds {@code guard} online (the steps are in the class comment) and returns when done.
     *
     * @return whether the rebuilt filter was swapped in; false if the horizon gave up
     * @throws IllegalStateException if a rebuild of the guard is already filling, or the filter
     *     cannot be made (the current one stays)
     */
    public static boolean run(Guard guard, Database database, RebuildFence fence)
            throws SQLException, InterruptedException {
        long start = System.nanoTime();
        int unsyncsBefore = guard.unsyncCount();
        FilterSpec spec = guard.rebuildSpec();
        BloomFilter next = guard.beginRebuild(spec);
        boolean swapped = false;
        try {
            database.reinstallHook();
            fence.awaitWritesInFlight();
            int repaired = database.unsyncsRepaired(unsyncsBefore);
            Scanned scanned = database.scan(next);
            if (!scanned.horizon().await()) {
                return false;
            }
            fence.filtersReplaced();
            guard.finishRebuild(spec, scanned.rows(), repaired);
            swapped = true;
            database.swapped();
            LOG.info("Rebuilt {} online in {} ms: {} rows, {}", guard, (System.nanoTime() - start) / 1_000_000,
                    scanned.rows(), guard.filter());
            return true;
        } finally {
            if (!swapped) {
                guard.abandonRebuild();
            }
        }
    }
}
