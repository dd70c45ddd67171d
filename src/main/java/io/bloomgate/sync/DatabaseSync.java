package io.bloomgate.sync;

import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What keeps one gate's guards in sync with writes the gate does not see, for one kind of database
 * (docs/architecture.md sections 4 and 7): H2's triggers ({@code io.bloomgate.h2.H2Sync}), the
 * PostgreSQL change feed ({@code io.bloomgate.postgres.PgSync}), or, for any other database,
 * nothing but scans ({@link ScanSync}). The gate picks one when it is built and asks it for
 * everything that differs between databases, so the gate itself has no per-database branches.
 *
 * <p>A sync is built with every guard READY; it owns its guards until {@link #close()}.
 */
public interface DatabaseSync extends AutoCloseable {

    /** The guards, READY when the sync was built, in the order they were configured. */
    List<Guard> guards();

    /** Settles writes through the gate whose keys it could not see. The gate closes it after {@link #close()}. */
    Settler settler();

    /**
     * The watch that notices, per lookup, when the hook keeping a guard in sync vanished (H2: a
     * dropped trigger); null where the sync notices that itself (the change feed) or there is no hook.
     */
    default SyncWatch watch() {
        return null;
    }

    /**
     * What DDL through the gate on a guarded table does to its guard: unsynced before it runs,
     * verified and rebuilt after its transaction ends (see {@link Redefinitions}).
     */
    Redefinitions redefinitions();

    /**
     * Rebuilds {@code guard} (one of {@link #guards()}) from a fresh scan and returns when done: online
     * ({@link OnlineRebuild}) where the sync can tell when a new filter may replace the current one.
     */
    void rebuild(Guard guard) throws SQLException;

    /**
     * Saves every filter where the next instance finds it ({@code bloomgate.snapshots} on PostgreSQL
     * and MySQL/MariaDB).
     *
     * @throws UnsupportedOperationException where filters are not saved, saying why
     */
    void saveSnapshots() throws SQLException;

    /** How long ago the change feed last completed a read; empty where there is no feed. */
    default Optional<Duration> changeFeedLag() {
        return Optional.empty();
    }

    /**
     * Waits until the guards hold every key committed before this call; true at once where writes
     * reach the filters before they commit.
     */
    default boolean awaitCatchUp(long timeoutMillis) throws InterruptedException {
        return true;
    }

    /** Stops keeping the guards in sync and closes them (or leaves them to the other gates sharing them). */
    @Override
    void close();
}
