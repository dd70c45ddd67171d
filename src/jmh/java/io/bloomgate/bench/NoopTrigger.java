package io.bloomgate.bench;

import java.sql.Connection;
import org.h2.api.Trigger;

/**
 * A row trigger that does nothing: what H2's trigger machinery costs by itself (a connection
 * object and every column converted to a Java object per row), to tell it apart from bloomgate's
 * own work in {@link H2SyncBenchmark}.
 */
public final class NoopTrigger implements Trigger {

    @Override
    public void fire(Connection connection, Object[] oldRow, Object[] newRow) {
        // nothing
    }
}
