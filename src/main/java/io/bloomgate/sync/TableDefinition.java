package io.bloomgate.sync;

import io.bloomgate.sql.GuardedTable;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Whether a guarded table still has the columns it had when its guard was made. A rebuild checks
 * it before a guard unsynced by DDL may answer again: the guard's key form, the column types its
 * lookups check bound values against, and the metadata its answers copied from the first real
 * execution of each text all describe the table as it was (a column added changes what
 * {@code SELECT *} returns; a column retyped changes which values the database refuses).
 */
public final class TableDefinition {

    private TableDefinition() {
    }

    /**
     * Null if the table {@code guard} names has exactly the columns, in order and with the types,
     * it had at build; otherwise what changed, for the guard's UNSYNCED reason.
     */
    public static String changed(Connection connection, Guard guard) throws SQLException {
        GuardedTable t = guard.table();
        return changed(guard, CatalogReader.columnTypes(connection, t.schema(), t.table()));
    }

    /**
     * As {@link #changed(Connection, Guard)}, with the table's columns now as a database-specific
     * catalog reads them ({@code mysql.MySqlCatalog}, whose types the guard was built with).
     */
    public static String changed(Guard guard, Map<String, ColumnType> now) {
        GuardedTable t = guard.table();
        if (now.isEmpty()) {
            return "table " + t.schema() + "." + t.table() + " no longer exists";
        }
        List<String> names = new ArrayList<>(now.keySet());
        if (!names.equals(t.columns())) {
            return "the columns of " + t.schema() + "." + t.table() + " changed from " + t.columns() + " to " + names;
        }
        for (Map.Entry<String, ColumnType> e : now.entrySet()) {
            ColumnType before = guard.columnType(e.getKey());
            if (!e.getValue().equals(before)) {
                return "column " + t.schema() + "." + t.table() + "." + e.getKey() + " changed type from " + before
                        + " to " + e.getValue();
            }
        }
        return null;
    }
}
