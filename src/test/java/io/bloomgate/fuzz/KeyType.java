package io.bloomgate.fuzz;

import java.util.List;
import java.util.function.LongFunction;

/**
 * A key column type the fuzzer guards a table on. Every episode creates one table per key type in
 * the main schema (guarded) and one of the same name in each other schema (not guarded, holding
 * keys the main table lacks), all with the columns {@code k} (the key), {@code v INT} and {@code s
 * VARCHAR(20)}.
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

    @Override
    public String toString() {
        return name;
    }
}
