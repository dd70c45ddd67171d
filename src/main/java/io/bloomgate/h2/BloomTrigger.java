package io.bloomgate.h2;

import io.bloomgate.key.KeyBuffer;
import io.bloomgate.sync.CatalogReader;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.KeyFunnel;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.h2.api.Trigger;
import org.h2.engine.Database;
import org.h2.engine.SessionLocal;
import org.h2.schema.Schema;
import org.h2.table.Column;
import org.h2.table.Table;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code AFTER INSERT, UPDATE, DELETE} row trigger bloomgate installs on each guarded H2
 * table. It adds every new key to the table's filters inside the writing transaction, before the
 * row can become visible to anyone else (docs/architecture.md section 4), whichever connection wrote it; it
 * counts deleted and replaced keys as stale, and asks for an online rebuild when they pile up or
 * the table outgrows its filter.
 *
 * <p>Its class name is stored in the database ({@code CREATE TRIGGER ... CALL
 * 'io.bloomgate.h2.BloomTrigger'}), so it must not change. H2 creates one instance per trigger and
 * calls it from every writing thread; the instance holds no per-row state.
 */
public final class BloomTrigger implements Trigger {

    private static final Logger LOG = LoggerFactory.getLogger(BloomTrigger.class);
    /** ALTER TABLE copies a table to {@code NAME_COPY_<session>_<n>} and renames it back afterwards. */
    private static final Pattern COPY = Pattern.compile("(.+)_COPY_\\d+_\\d+");
    /** Rows between two checks whether a guard needs a rebuild. */
    private static final int CHECK_EVERY = 1024;
    private static final ThreadLocal<KeyBuffer> BUFFERS = ThreadLocal.withInitial(KeyBuffer::new);
    /** Fetched only for keys that need scratch space (not integers): see {@link KeyFunnel#addValue}. */
    private static final Supplier<KeyBuffer> SCRATCH = BUFFERS::get;

    private TableSlot slot;
    /** The table's columns in ordinal order, with type signatures, as of this instance's start. */
    private Map<String, String> columns;
    private List<String> columnNames;
    private volatile Resolved resolved = new Resolved(null, new int[0]);
    private int rows; // racy on purpose: it only spaces out the rebuild checks

    /** The slot entries this instance last resolved, with each key column's position (-1: unusable). */
    private record Resolved(TableSlot.Entry[] entries, int[] positions) {
    }

    /** Called by H2. */
    public BloomTrigger() {
    }

    @Override
    public void init(Connection connection, String schemaName, String triggerName, String tableName, boolean before,
            int type) throws SQLException {
        String table = tableName;
        Matcher copy = COPY.matcher(tableName);
        boolean copied = copy.matches() && triggerName.startsWith(tableName + "_");
        if (copied) {
            table = copy.group(1); // ALTER TABLE's copy, renamed to the real name when it completes
        }
        SessionLocal session = H2Engine.session(connection);
        Database database = session.getDatabase();
        // Positions in the rows H2 hands to fire(): every column, INVISIBLE ones included (which
        // DatabaseMetaData.getColumns leaves out), so they come from H2's own table object.
        Schema schema = database.findSchema(schemaName);
        Table h2Table = schema == null ? null : schema.findTableOrView(session, tableName);
        columnNames = new ArrayList<>();
        if (h2Table != null) {
            for (Column c : h2Table.getColumns()) {
                columnNames.add(c.getName());
            }
        }
        columns = CatalogReader.columnSignatures(connection, schemaName, tableName);
        slot = H2Registry.of(database).slot(schemaName, table);
        slot.triggerStarted();
        for (TableSlot.Entry e : slot.entries) {
            GuardedDatabase.Shared shared = slot.database.find(e.guard().table());
            Database builtOn = shared == null ? null : shared.builtOn.get();
            String why = copied ? "ALTER TABLE rewrote " + slot + " (a copy: rows were moved without firing triggers)"
                    : builtOn != null && builtOn != database ? "the database was closed and reopened since the filter"
                            + " was built (rows may have changed meanwhile)" : null;
            if (why != null) {
                e.guard().unsync(why);
                slot.database.schedule(e.guard(), "repairing: " + why);
            }
        }
        resolve(slot.entries);
        LOG.debug("Trigger {} started on {}.{} ({} columns)", triggerName, schemaName, table, columnNames.size());
    }

    @Override
    public void fire(Connection connection, Object[] oldRow, Object[] newRow) {
        TableSlot.Entry[] entries = slot.entries;
        Resolved r = resolved;
        if (r.entries != entries) {
            r = resolve(entries);
        }
        if (entries.length == 0) {
            slot.unguardedRows.increment();
            return;
        }
        for (int i = 0; i < entries.length; i++) {
            int position = r.positions[i];
            if (position < 0) {
                continue;
            }
            Guard guard = entries[i].guard();
            Object newKey = newRow == null ? null : newRow[position];
            if (oldRow == null) {
                add(guard, newKey);
                continue;
            }
            Object oldKey = oldRow[position];
            if (newRow == null) {
                if (oldKey != null) {
                    guard.countStale();
                }
            } else if (!sameKey(oldKey, newKey)) {
                add(guard, newKey);
                if (oldKey != null) {
                    guard.countStale();
                }
            }
        }
        if (++rows % CHECK_EVERY == 0) {
            for (TableSlot.Entry e : entries) {
                slot.database.rebuildIfNeeded(e.guard());
            }
        }
    }

    private static void add(Guard guard, Object key) {
        // NULL, or a stored value with no canonical form (a string with NUL, say), is skipped: a
        // lookup for it is never answered from the filter either.
        KeyFunnel.addValue(guard, key, SCRATCH);
    }

    private static boolean sameKey(Object a, Object b) {
        if (a instanceof byte[] x && b instanceof byte[] y) {
            return Arrays.equals(x, y);
        }
        return Objects.equals(a, b);
    }

    /** Finds each guard's key column; a guard whose column is gone or changed type is unsynced. */
    private synchronized Resolved resolve(TableSlot.Entry[] entries) {
        int[] positions = new int[entries.length];
        for (int i = 0; i < entries.length; i++) {
            Guard guard = entries[i].guard();
            String column = guard.table().keyColumn();
            int position = columnNames.indexOf(column);
            String signature = columns.get(column);
            if (position < 0 || signature == null) {
                position = -1;
                guard.unsync("column " + column + " of " + slot + " no longer exists");
            } else if (!signature.equals(entries[i].keyTypeSignature())) {
                guard.unsync("the type of " + slot + "." + column + " changed from " + entries[i].keyTypeSignature()
                        + " to " + signature + ": build a new gate");
                position = -1;
            }
            positions[i] = position;
        }
        Resolved r = new Resolved(entries, positions);
        resolved = r;
        return r;
    }

    @Override
    public void close() {
        if (slot != null) {
            slot.triggerClosed();
        }
    }

    @Override
    public void remove() {
        if (slot != null) {
            slot.triggerRemoved();
        }
    }
}
