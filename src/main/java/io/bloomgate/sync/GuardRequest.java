package io.bloomgate.sync;

import io.bloomgate.filter.FilterSpec;
import java.sql.SQLException;

/**
 * "Guard this key column, sized so": the one shape behind every way of asking for a guard — {@code
 * BloomGate.Builder.guard(...)}, the {@code jdbc:bloomgate:} URL and its properties file, Spring's
 * {@code bloomgate.guards[n]}, H2's {@code BLOOM_GUARD} — with one validation rule and one default
 * sizing ({@link #defaultExpectedKeys}). Immutable; a request that exists is valid.
 *
 * <p>The rule: the table and column are names (not null, not blank); a given {@code fpp} is above 0
 * and below {@link #MAX_FPP} (the command line's rule too); given {@code expectedKeys} are at least 1 and, at that rate, make a filter that
 * can be built (no larger than a Java array, a rate a blocked filter reaches) — checked when the
 * guard is asked for, so the error points at the request rather than at a later build. Errors name
 * the guard, the value and what to pass instead, in the words of the surface that asked ({@link
 * Spelling}).
 *
 * @param table        {@code table} or {@code schema.table}, resolved as the database resolves it
 * @param column       the key column
 * @param expectedKeys the keys the filter is sized for, or null to size it from the table's rows
 * @param fpp          the target false-positive rate, or null for {@link FilterSpec#DEFAULT_FPP}
 */
public record GuardRequest(String table, String column, Long expectedKeys, Double fpp) {

    /**
     * The false-positive rate a guard must stay below: a filter that says "maybe" to half of all
     * absent keys or more saves little and costs a probe per lookup (the CLI's {@code --fpp} rule).
     */
    public static final double MAX_FPP = 0.5;

    /**
     * A request, checked in the Java API's words ({@link Spelling#JAVA}).
     *
     * @throws IllegalArgumentException if it breaks the rule (see the class comment)
     */
    public GuardRequest {
        Spelling.JAVA.check(table, column, expectedKeys, fpp);
    }

    /**
     * A request from {@code surface}, whose errors use its words.
     *
     * @throws IllegalArgumentException if it breaks the rule (see the class comment)
     */
    public static GuardRequest of(String table, String column, Long expectedKeys, Double fpp, Spelling surface) {
        surface.check(table, column, expectedKeys, fpp);
        return new GuardRequest(table, column, expectedKeys, fpp);
    }

    /**
     * The keys a filter sized from the table holds: half as much again as its rows (room to grow
     * before the first rebuild), and at least {@link FilterSpec#MIN_DEFAULT_KEYS} (an empty table
     * still grows).
     */
    public static long defaultExpectedKeys(long estimatedRows) {
        long rows = Math.max(0, estimatedRows);
        long halfAgain = rows > Long.MAX_VALUE / 3 * 2 ? Long.MAX_VALUE : rows + rows / 2;
        return Math.max(FilterSpec.MIN_DEFAULT_KEYS, halfAgain);
    }

    /** The target false-positive rate: the requested one, or {@link FilterSpec#DEFAULT_FPP}. */
    public double rate() {
        return fpp == null ? FilterSpec.DEFAULT_FPP : fpp;
    }

    /**
     * The filter's sizing: the requested keys, or {@link #defaultExpectedKeys} of the table's rows
     * (estimated only then: counting them may scan the table), at {@link #rate()}.
     */
    public FilterSpec spec(RowEstimate rows) throws SQLException {
        return FilterSpec.of(expectedKeys != null ? expectedKeys : defaultExpectedKeys(rows.estimate()), rate());
    }

    /** The table's row count, estimated (or counted) when a request is sized from it. */
    @FunctionalInterface
    public interface RowEstimate {
        long estimate() throws SQLException;
    }

    @Override
    public String toString() {
        return table + "." + column;
    }

    /** The words a surface uses for a request, so that its errors say what its users wrote. */
    public enum Spelling {
        /** {@code BloomGate.Builder.guard(table, column, expectedKeys, fpp)}. */
        JAVA("Cannot guard %s.%s", "expectedKeys", "use guard(table, column) to size the filter from the table"),
        /** H2's {@code BLOOM_GUARD(table, column, expected_keys, fpp)}. */
        SQL("BLOOM_GUARD(%s, %s)", "expected_keys", "pass NULL to size the filter from the table"),
        /** Properties: Spring's {@code bloomgate.guards[n].expected-keys}, {@code bloomgate.properties}, the URL. */
        PROPERTIES("Cannot guard %s.%s", "expected-keys", "leave expected-keys out to size the filter from the table");

        private final String subject;
        private final String expectedKeys;
        private final String sizeFromTable;

        Spelling(String subject, String expectedKeys, String sizeFromTable) {
            this.subject = subject;
            this.expectedKeys = expectedKeys;
            this.sizeFromTable = sizeFromTable;
        }

        private void check(String table, String column, Long keys, Double fpp) {
            String guard = String.format(subject, table, column);
            requireName(guard, "table", table, "\"users\" or \"schema.users\"");
            requireName(guard, "column", column, "\"email\"");
            if (fpp != null && !(fpp > 0 && fpp < MAX_FPP)) {
                throw new IllegalArgumentException(guard + ": the false-positive rate fpp must be above 0 and below "
                        + MAX_FPP + " (e.g. 0.01 for 1%), was " + fpp);
            }
            if (keys == null) {
                return;
            }
            if (keys < 1) {
                throw new IllegalArgumentException(guard + ": " + expectedKeys + " must be at least 1, was " + keys
                        + "; pass the number of keys the column will hold, or " + sizeFromTable);
            }
            double rate = fpp == null ? FilterSpec.DEFAULT_FPP : fpp;
            try {
                FilterSpec.of(keys, rate).shape();
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(guard + " with " + expectedKeys + " " + keys + " and fpp " + rate
                        + ": " + e.getMessage(), e);
            }
        }

        private static void requireName(String guard, String what, String name, String example) {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException(guard + ": the " + what + " name is "
                        + (name == null ? "null" : "blank") + "; pass the " + what + "'s name as the database knows it"
                        + " (e.g. " + example + ")");
            }
        }
    }
}
