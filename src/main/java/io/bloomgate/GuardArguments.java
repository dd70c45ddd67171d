package io.bloomgate;

import io.bloomgate.filter.FilterSpec;

/**
 * Checks the arguments of {@link BloomGate.Builder#guard}: every error names the guard as it was
 * asked for, what was wrong with it, and what to pass instead.
 */
final class GuardArguments {

    private GuardArguments() {
    }

    /** Table and column are names, and {@code fpp} is a rate in (0, 1). */
    static void check(String table, String column, double fpp) {
        requireName("table", table, column);
        requireName("column", column, table);
        if (!(fpp > 0 && fpp < 1)) {
            throw new IllegalArgumentException("Cannot guard " + table + "." + column + ": the false-positive rate"
                    + " fpp must be strictly between 0 and 1 (e.g. 0.01 for 1%), was " + fpp);
        }
    }

    /**
     * As {@link #check}, and a filter for {@code expectedKeys} at {@code fpp} can be built. Checked
     * when the guard is configured, not at {@code build()}: the error then points at the call that
     * asked for it, before any database work.
     */
    static void checkSized(String table, String column, long expectedKeys, double fpp) {
        check(table, column, fpp);
        if (expectedKeys < 1) {
            throw new IllegalArgumentException("Cannot guard " + table + "." + column + ": expectedKeys must be at"
                    + " least 1, was " + expectedKeys + "; pass the number of keys the column will hold, or use"
                    + " guard(table, column) to size the filter from the table");
        }
        try {
            FilterSpec.of(expectedKeys, fpp).shape();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Cannot guard " + table + "." + column + " with expectedKeys "
                    + expectedKeys + " and fpp " + fpp + ": " + e.getMessage(), e);
        }
    }

    private static void requireName(String what, String name, String other) {
        if (name == null || name.isBlank()) {
            String guard = "table".equals(what) ? name + "." + other : other + "." + name;
            String example = "table".equals(what) ? "\"users\" or \"schema.users\"" : "\"email\"";
            throw new IllegalArgumentException("Cannot guard " + guard + ": the " + what + " name is "
                    + (name == null ? "null" : "blank") + "; pass the " + what + "'s name as the database knows it"
                    + " (e.g. " + example + ")");
        }
    }
}
