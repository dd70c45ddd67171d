package io.bloomgate.sync;

import io.bloomgate.filter.FilterSpec;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sync for databases without a database-specific one: each guard is built by a scan, writes
 * through the gate add their keys, unsettled writes are settled by a rescan ({@link Rescans}), and
 * a rebuild scans the table into the current filter (a union: nothing is removed, since nothing
 * says when that would be safe). Writes from outside the gate are not seen.
 */
public final class ScanSync implements DatabaseSync {

    private static final Logger LOG = LoggerFactory.getLogger(ScanSync.class);

    private final List<Guard> guards;
    private final TableScanner scanner;
    private final Settler settler;

    private ScanSync(List<Guard> guards, TableScanner scanner) {
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
        return new ScanSync(guards, scanner);
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
    public void rebuild(Guard guard) throws SQLException {
        scanner.scanInto(guard);
    }

    @Override
    public void saveSnapshots() {
        throw new UnsupportedOperationException("snapshots are saved on PostgreSQL only (this gate is on another"
                + " database)");
    }

    @Override
    public void close() {
        for (Guard guard : guards) {
            guard.close();
        }
    }
}
