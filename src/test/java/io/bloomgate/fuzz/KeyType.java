package io.bloomgate.fuzz;

import java.util.List;
import java.util.function.LongFunction;

/**
 * A key column type the fuzzer guards a table on. Every episode creates one table per key type in
 * the main schema (guarded) and one of the same name in each other schema (not guarded, holding
 * keys the main table lacks), all with the columns {@code k} (the key), {@code v INT}, {@code s
 * VARCHAR(20)} and {@code u} (a second guarded key: nullable, UNIQUE, see {@link #unique()}).
 *
 * @param name        how cases and messages name it
 * @param table       the table's name as created: unquoted lower case, or exact when {@code quoted}
 * @param quoted      the table's name is a quoted identifier (mixed case): always written quoted
 * @param ddl         the key column's type in CREATE TABLE
 * @param jdbcType    the key column's JDBC type, for {@code setObject(i, x, type)} and typed NULLs
 * @param key         the key of row {@code i}: distinct for every {@code i}, natural Java type
 * @param casts       types to cast key parameters and the key column to: its own, wider, narrower,
 *                    unrelated ones
 */
public record KeyType(String name, String table, boolean quoted, String ddl, int jdbcType, LongFunction<Object> key,
        List<String> casts) {

    /** Rows {@code [0, PRESENT)} exist from the start. */
    public static final long PRESENT = 200;
    /** Rows {@code [PRESENT, PENDING_END)} are inserted during an episode, by another connection. */
    public static final long PENDING_END = 600;
    /** Rows {@code [ALT, ALT_END)} exist only in the other schemas' tables of the same name. */
    public static final long ALT = 600;
    public static final long ALT_END = 700;

    public Object keyOf(long index) {
        return key.apply(index);
    }

    /**
     * The second guarded key column {@code u} of this type's tables: nullable (a fifth of the rows
     * hold NULL), UNIQUE, and of another type family than {@code k} (text beside a numeric key, INT
     * beside any other), so that {@code u = ?} bound with NULL makes H2 visit the NULL rows and
     * evaluate the other conjuncts on them, and columns of two families meet in one table (issue 22).
     * Its value in row {@code i} is {@link #keyOf(long) keyOf(i)} of the returned type; its {@code
     * table} names no table.
     */
    public KeyType unique() {
        return keyOf(0) instanceof Number ? U_TEXT : U_INT;
    }

    /** Rows whose u is NULL: the same rows in every schema, so a NULL binding finds some everywhere. */
    static boolean uNull(long index) {
        return index % 5 == 3;
    }

    private static final KeyType U_INT = new KeyType("u INT", "u", false, "INT", java.sql.Types.INTEGER,
            i -> uNull(i) ? null : (int) (i * 7 + 1000), List.of("INT", "BIGINT", "VARCHAR(10)"));
    private static final KeyType U_TEXT = new KeyType("u VARCHAR", "u", false, "VARCHAR(20)", java.sql.Types.VARCHAR,
            i -> uNull(i) ? null : "u" + i * 7, List.of("VARCHAR(20)", "CHAR(8)", "INT"));

    @Override
    public String toString() {
        return name;
    }
}
