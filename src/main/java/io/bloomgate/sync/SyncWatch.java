package io.bloomgate.sync;

import java.sql.Connection;

/**
 * Watches, per lookup and at almost no cost, that the hook keeping a guard in sync is still in
 * place for the database a connection talks to. Hooks can vanish under the gate's feet (a dropped
 * trigger, a table renamed away and replaced, a database recreated under the same name); a watch
 * notices before the filter answers.
 *
 * <p>Protocol, per lookup: read a {@link #stamp} that changes whenever the hook could have changed
 * (DDL); ask {@link #verify} before consulting the filter; read the stamp again after it and pass
 * through if it moved (DDL raced the lookup). Implementations are thread-safe.
 */
public interface SyncWatch {

    /**
     * What the watch needs of one connection (the raw driver connection), computed once per
     * connection; null if it cannot watch it (then nothing is answered on that connection).
     */
    Object attach(Connection raw);

    /** A value that changes whenever the hooks of the attached database may have changed. */
    long stamp(Object attachment);

    /**
     * Whether {@code guard}'s hook is in place as of {@code stamp}. Cheap when nothing changed since
     * the last verification; otherwise checks, and unsyncs the guard if the hook is gone.
     */
    boolean verify(Object attachment, long stamp, Guard guard);
}
