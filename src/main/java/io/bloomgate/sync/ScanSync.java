package io.bloomgate.sync;

import io.bloomgate.filter.FilterSpec;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sync for databases without a database-specific one: each guard is built by a scan, writes
 * through the gate add their keys, unsettled writes are settled by a rescan ({@link Rescans}), and
 * a rebuild scans the table into the current filter (a union: nothing is removed, since nothing
 * says when that would be safe). Writes from outside the gate are not seen.
 *
 * <p>DDL through the gate on a guarded table unsyncs its guard before it runs; once its
 * transaction has ended, a background rebuild checks the table's columns ({@link TableDefinition})
 * and scans it, and only then is the guard READY again.
 */
public final class ScanSync implements DatabaseSync {

    private static final Logger LOG = LoggerFactory.getLogger(ScanSync.class);

    private final DataSource dataSource;
    private final List<Guard> guards;
    private final TableScanner scanner;
    private final Settler settler;
    /** Rebuilds after DDL through the gate, one at a time. */
    private final ExecutorService rebuilds = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "bloomgate-scan-rebuild");
        t.setDaemon(true);
        return t;
    });
    private final Redefinitions redefinitions = new Redefinitions() {
        @Override
        public void before(Guard guard, String why) {
            guard.unsync(why);
        }

        @Override
        public void after(Guard guard) {
            try {
                rebuilds.execute(() -> {
                    try {
                        rebuild(guard);
                    } catch (SQLException | RuntimeException e) {
                        LOG.warn("Rebuilding {} after DDL through the gate failed; it passes lookups through until"
                                + " BloomGate.rebuild() succeeds", guard, e);
                    }
                });
            } catch (RejectedExecutionException e) {
                // closed: nothing is answered any more
            }
        }
    };

    private ScanSync(DataSource dataSource, List<Guard> guards, TableScanner scanner) {
        this.dataSource = dataSource;
        this.guards = List.copyOf(guards);
        this.scanner = scanner;
        this.settler = new Rescans(scanner);
    }

    /** Builds a guard per key column by scanning it; returns when every guard is READY. */
    public static ScanSync build(DataSource dataSource, List<CatalogReader.KeyColumn> keys, List<FilterSpec> sizes)
            throws SQLException {
        TableScanner scanner = new TableScanner(dataSource, false);
        List<Guard> guards = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            CatalogReader.KeyColumn key = keys.get(i);
            Guard guard = new Guard(key.table(), key.keyForm(), key.keyType(), key.columnTypes(), sizes.get(i));
            long rows = scanner.build(guard);
            LOG.info("Guard on {} is READY: {} rows, {}", key.table(), rows, guard.filter());
            guards.add(guard);
        }
        return new ScanSync(dataSource, guards, scanner);
    }

    @Override
    public List<Guard> guards() {
        return guards;
    }

    @Override
    public Settler settler() {
        return settler;
    }

    @Override
    public Redefinitions redefinitions() {
        return redefinitions;
    }

    /**
     * Scans the table into the guard's filter; a guard unsynced by DDL is READY again after it,
     * if the table still has its columns as at build and no DDL unsynced it again meanwhile.
     *
     * @throws IllegalStateException if the table's columns changed since the gate was built
     */
    @Override
    public void rebuild(Guard guard) throws SQLException {
        int unsyncs = guard.unsyncCount(); // before the check and the scan: a later unsync stands
        try (Connection c = dataSource.getConnection()) {
            String changed = TableDefinition.changed(c, guard);
            if (changed != null) {
                guard.unsync(changed + "; build a new gate");
                throw new IllegalStateException("Cannot rebuild " + guard + ": " + changed
                        + "; close the gate and build a new one");
            }
        }
        scanner.scanInto(guard);
        guard.resume(unsyncs);
    }

    @Override
    public void saveSnapshots() {
        throw new UnsupportedOperationException("snapshots are saved on PostgreSQL and MySQL/MariaDB only"
                + " (this gate is on another database)");
    }

    @Override
    public void close() {
        rebuilds.shutdownNow();
        for (Guard guard : guards) {
            guard.close();
        }
    }
}
