package io.bloomgate.h2;

import io.bloomgate.sql.GuardedTable;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.SyncWatch;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.h2.api.Trigger;
import org.h2.engine.Database;
import org.h2.schema.Schema;
import org.h2.schema.TriggerObject;
import org.h2.table.Table;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches H2 guards: every DDL statement bumps H2's {@code modificationMetaId}, so as long as it
 * and the {@link Database} object are the ones last verified, the trigger is where it was. When
 * either changes (DDL, or the database closed and came back, maybe recreated empty under the same
 * name), the table the guard names is looked up in H2's schema and must carry bloomgate's
 * trigger; otherwise the guard is unsynced. This catches what trigger callbacks cannot: a table
 * renamed away (its trigger goes with it) and replaced by a new one, or a database recreated.
 */
public final class H2Watch implements SyncWatch {

    /** The one instance: the watch keeps its state in the guards. */
    public static final H2Watch INSTANCE = new H2Watch();

    private static final Logger LOG = LoggerFactory.getLogger(H2Watch.class);
    private static final int ALL_WRITES = Trigger.INSERT | Trigger.UPDATE | Trigger.DELETE;

    /** What was last verified for a guard. */
    private record Verified(Database database, long metaId) {
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
        if (last instanceof Verified v && v.database == database && v.metaId == stamp) {
            return true;
        }
        Boolean inPlace = triggerInPlace(database, guard.table());
        if (inPlace == null) {
            return false; // could not tell (DDL in progress): pass through, look again next time
        }
        if (!inPlace) {
            guard.unsync("bloomgate's trigger is not on " + guard.table().schema() + "." + guard.table().table()
                    + " (the table was dropped, renamed or recreated, or the database was recreated):"
                    + " writes are no longer seen; rebuild the gate");
            return false;
        }
        guard.syncCheck(new Verified(database, stamp));
        return true;
    }

    /** Whether the table carries bloomgate's trigger for every write; null if H2's schema could not be read. */
    static Boolean triggerInPlace(Database database, GuardedTable t) {
        try {
            Schema schema = database.findSchema(t.schema());
            Table table = schema == null ? null : schema.findTableOrView(null, t.table());
            if (table == null) {
                return false;
            }
            List<TriggerObject> triggers = table.getTriggers();
            if (triggers == null) {
                return false;
            }
            for (TriggerObject trigger : triggers.toArray(new TriggerObject[0])) {
                if (H2Sync.TRIGGER_CLASS.equals(trigger.getTriggerClassName()) && !trigger.isBefore()
                        && trigger.isRowBased() && (trigger.getTypeMask() & ALL_WRITES) == ALL_WRITES) {
                    return true;
                }
            }
            return false;
        } catch (RuntimeException e) {
            return null;
        }
    }
}
