package io.bloomgate.h2;

import io.bloomgate.sql.GuardedTable;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.SyncWatch;
import java.lang.ref.WeakReference;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.h2.api.Trigger;
import org.h2.engine.Database;
import org.h2.schema.Schema;
import org.h2.schema.TriggerObject;
import org.h2.table.Column;
import org.h2.table.Table;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches H2 guards: every DDL statement bumps H2's {@code modificationMetaId}, so as long as it
 * and the {@link Database} object are the ones last verified, the trigger is where it was. When
 * either changes (DDL, or the database closed and came back, maybe recreated empty under the same
 * name), the table the guard names is looked up in H2's schema: it must carry bloomgate's trigger
 * under its own name, and its key column must have the id and type it had at the build; and the
 * database must be the very object the filter was built on. Otherwise the guard is unsynced (and,
 * where a rebuild can repair it, rebuilt in the background). This catches what trigger callbacks
 * cannot: a table renamed away (its trigger goes with it) and replaced, columns renamed into the
 * key's place, a database closed and reopened (rows may have changed meanwhile) or recreated.
 */
public final class H2Watch implements SyncWatch {

    /** The one instance: the watch keeps its state in the guards. */
    public static final H2Watch INSTANCE = new H2Watch();

    private static final Logger LOG = LoggerFactory.getLogger(H2Watch.class);
    private static final int ALL_WRITES = Trigger.INSERT | Trigger.UPDATE | Trigger.DELETE;

    /** What was last verified for a guard (weakly: a closed database must not be kept alive by it). */
    private record Verified(WeakReference<Database> database, long metaId) {
    }

    private H2Watch() {
    }

    @Override
    public Object attach(Connection raw) {
        try {
            return H2Engine.database(raw);
        } catch (SQLException | RuntimeException e) {
            LOG.warn("Cannot watch the H2 triggers of this connection; its lookups pass through: {}", e.getMessage());
            return null;
        }
    }

    @Override
    public long stamp(Object attachment) {
        return attachment == null ? -1 : ((Database) attachment).getModificationMetaId();
    }

    @Override
    public boolean verify(Object attachment, long stamp, Guard guard) {
        if (attachment == null) {
            return false;
        }
        Database database = (Database) attachment;
        Object last = guard.syncCheck();
        if (last instanceof Verified v && v.database.get() == database && v.metaId == stamp) {
            return true;
        }
        GuardedDatabase guards = H2Registry.find(database);
        GuardedDatabase.Shared shared = guards == null ? null : guards.find(guard.table());
        if (shared == null || shared.guard != guard) {
            return false; // closed
        }
        String broken = hookBroken(database, shared);
        if (broken == null) {
            guard.syncCheck(new Verified(new WeakReference<>(database), stamp));
            return true;
        }
        if (!broken.isEmpty()) {
            guard.unsync(broken);
            if (!broken.startsWith(NO_TRIGGER) && !broken.startsWith(COLUMNS_CHANGED)) {
                guards.schedule(guard, "repairing: " + broken);
            }
        }
        return false;
    }

    private static final String NO_TRIGGER = "bloomgate's trigger is not on ";
    private static final String COLUMNS_CHANGED = "the columns of ";

    /**
     * Null if the guard's hook is intact on {@code database}; "" if that cannot be told right now
     * (DDL in progress); else why not.
     */
    static String hookBroken(Database database, GuardedDatabase.Shared shared) {
        GuardedTable t = shared.guard.table();
        if (shared.builtOn.get() != database) {
            return "the database " + H2Engine.describe(database) + " was closed and reopened (or recreated) since the"
                    + " filter was built: rows may have changed while it was closed";
        }
        try {
            Table table = table(database, t);
            if (table == null || !hasTrigger(table, H2Sync.triggerName(t.table()))) {
                return NO_TRIGGER + t.schema() + "." + t.table() + " (the table was dropped, renamed or recreated, or"
                        + " the trigger dropped): writes are no longer seen; rebuild the gate";
            }
            Column key = table.findColumn(t.keyColumn());
            if (key == null || key.getColumnId() != shared.keyColumnId
                    || !String.valueOf(key.getType()).equals(shared.keyColumnType)) {
                return "the key column " + t + " was renamed, moved or retyped since the filter was built";
            }
            String columns = columns(table);
            if (shared.columns != null && !shared.columns.equals(columns)) {
                // ALTER TABLE ... RENAME, widening a VARCHAR or SET NOT NULL keep H2's table object and
                // the trigger, but every answer's copied metadata (SELECT *: labels, types, nullability)
                // describes the columns as they were: answered with them, SELECT * showed a renamed
                // column under its old name. Not repaired by a rebuild: the copies stay (a new gate).
                return COLUMNS_CHANGED + t.schema() + "." + t.table() + " changed since the filter was built (from ["
                        + shared.columns + "] to [" + columns + "]): answers would describe the old columns; build a"
                        + " new gate";
            }
            return null;
        } catch (RuntimeException e) {
            return "";
        }
    }

    /** H2's table object, or null. */
    static Table table(Database database, GuardedTable t) {
        Schema schema = database.findSchema(t.schema());
        return schema == null ? null : schema.findTableOrView(null, t.table());
    }

    /** Notes, for later checks, the database and key column the filter is being built on. */
    static void recordHook(Database database, GuardedDatabase.Shared shared) {
        Table table = table(database, shared.guard.table());
        Column key = table == null ? null : table.findColumn(shared.guard.table().keyColumn());
        shared.keyColumnId = key == null ? -1 : key.getColumnId();
        shared.keyColumnType = key == null ? null : String.valueOf(key.getType());
        shared.builtOn = new WeakReference<>(database);
        if (shared.columns == null && table != null) {
            shared.columns = columns(table); // the first build's: what the answers' copies describe
        }
    }

    /** A table's columns as {@code SELECT *} and result metadata show them: name, type, nullability, visibility, identity. */
    static String columns(Table table) {
        StringBuilder b = new StringBuilder();
        for (Column c : table.getColumns()) {
            if (b.length() > 0) {
                b.append(", ");
            }
            b.append(c.getName()).append(' ').append(c.getType());
            b.append(c.isNullable() ? "" : " NOT NULL").append(c.getVisible() ? "" : " INVISIBLE")
                    .append(c.isIdentity() ? " IDENTITY" : "");
        }
        return b.toString();
    }

    private static boolean hasTrigger(Table table, String name) {
        List<TriggerObject> triggers = table.getTriggers();
        if (triggers == null) {
            return false;
        }
        for (TriggerObject trigger : triggers.toArray(new TriggerObject[0])) {
            if (H2Sync.TRIGGER_CLASS.equals(trigger.getTriggerClassName()) && name.equals(trigger.getName())
                    && !trigger.isBefore() && trigger.isRowBased()
                    && (trigger.getTypeMask() & ALL_WRITES) == ALL_WRITES) {
                return true;
            }
        }
        return false;
    }
}
