package io.bloomgate.sql;

import java.util.List;
import java.util.Objects;

/**
 * A guarded table as the database's catalog names it: names are already folded (exact case), so
 * they compare with {@link String#equals}.
 *
 * @param schema    the table's schema, catalog case
 * @param table     the table's name, catalog case
 * @param keyColumn the guarded key column, catalog case; one of {@code columns}
 * @param columns   all of the table's columns in ordinal order, catalog case (positional
 *                  {@code INSERT ... VALUES} without a column list maps values by this order)
 */
public record GuardedTable(String schema, String table, String keyColumn, List<String> columns) {

    public GuardedTable {
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(keyColumn, "keyColumn");
        columns = List.copyOf(columns);
        if (!columns.contains(keyColumn)) {
            throw new IllegalArgumentException("key column " + keyColumn + " is not among the columns of "
                    + schema + "." + table + ": " + columns);
        }
    }

    @Override
    public String toString() {
        return schema + "." + table + "." + keyColumn;
    }
}
