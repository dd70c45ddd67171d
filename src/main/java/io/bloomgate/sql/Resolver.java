package io.bloomgate.sql;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jooq.Name;

/**
 * Identifier folding and table resolution: unquoted names fold per {@link Dialect}, quoted names
 * are exact, and the result compares with the catalog's names in {@link GuardedTable}.
 */
final class Resolver {

    /** One part of a possibly qualified name, as written. */
    record Part(String text, boolean quoted) {
    }

    /**
     * A table reference resolved to the guards on it (several guards may share one table).
     *
     * @param unqualified resolved through the default schema (or, for writes, by name alone)
     */
    record Resolved(List<GuardedTable> guards, boolean unqualified) {
        GuardedTable first() {
            return guards.get(0);
        }
    }

    private final Dialect dialect;
    private final String defaultSchema;
    private final List<GuardedTable> guards;
    /** "schema\0table" to the guards on that table, in configuration order. */
    private final Map<String, List<GuardedTable>> byTable = new LinkedHashMap<>();
    /**
     * Per guard, lower-case spellings of its table name that the text may contain: the name itself
     * and, if it contains a double quote, its quoted form with the quote doubled.
     */
    private final List<String[]> lowerNames = new ArrayList<>();

    Resolver(Dialect dialect, String defaultSchema, List<GuardedTable> guards) {
        this.dialect = dialect;
        this.defaultSchema = defaultSchema;
        this.guards = List.copyOf(guards);
        for (GuardedTable g : this.guards) {
            byTable.computeIfAbsent(key(g.schema(), g.table()), k -> new ArrayList<>()).add(g);
            String lower = g.table().toLowerCase(Locale.ROOT);
            lowerNames.add(lower.indexOf('"') < 0 ? new String[] {lower}
                    : new String[] {lower, lower.replace("\"", "\"\"")});
        }
    }

    private static String key(String schema, String table) {
        return schema + '\0' + table;
    }

    List<GuardedTable> guards() {
        return guards;
    }

    String fold(Part p) {
        if (p.quoted()) {
            return p.text();
        }
        if (dialect == Dialect.POSTGRES) {
            // PostgreSQL folds only ASCII letters (downcase_identifier).
            String t = p.text();
            StringBuilder b = null;
            for (int i = 0; i < t.length(); i++) {
                char c = t.charAt(i);
                if (c >= 'A' && c <= 'Z') {
                    if (b == null) {
                        b = new StringBuilder(t);
                    }
                    b.setCharAt(i, (char) (c + ('a' - 'A')));
                }
            }
            return b == null ? t : b.toString();
        }
        if (dialect == Dialect.MYSQL) {
            // Table names as written (lower_case_table_names = 0, checked at build); column names
            // go through foldColumn.
            return p.text();
        }
        return p.text().toUpperCase(Locale.ROOT);
    }

    /**
     * A column name as the guarded tables' column lists spell it: MySQL compares column names
     * case-insensitively, quoted or not, and its guarded tables list them in lower case; elsewhere
     * as {@link #fold}.
     */
    String foldColumn(Part p) {
        return dialect == Dialect.MYSQL ? p.text().toLowerCase(Locale.ROOT) : fold(p);
    }

    boolean sameName(Part a, Part b) {
        return fold(a).equals(fold(b));
    }

    /** The parts of a jOOQ name as parsed, or null if some part's quoting is not plainly known. */
    static List<Part> parts(Name name) {
        Name[] ps = name.parts();
        List<Part> out = new ArrayList<>(ps.length);
        for (Name p : ps) {
            Name.Quoted q = p.quoted();
            if (q != Name.Quoted.QUOTED && q != Name.Quoted.UNQUOTED) {
                return null;
            }
            out.add(new Part(p.first(), q == Name.Quoted.QUOTED));
        }
        return out;
    }

    /**
     * Strict resolution for reads: {@code table} through the default schema, {@code schema.table}
     * exactly; catalog-qualified names are not resolved.
     */
    Resolved resolveRead(List<Part> name) {
        if (name == null) {
            return null;
        }
        if (name.size() == 1) {
            if (defaultSchema == null) {
                return null;
            }
            List<GuardedTable> g = byTable.get(key(defaultSchema, fold(name.get(0))));
            return g == null ? null : new Resolved(g, true);
        }
        if (name.size() == 2) {
            List<GuardedTable> g = byTable.get(key(fold(name.get(0)), fold(name.get(1))));
            return g == null ? null : new Resolved(g, false);
        }
        return null;
    }

    /**
     * Lenient resolution, for writes and for attributing bypasses: adding keys to a filter is always
     * safe, so an unqualified name outside the default schema still matches a guarded table of that
     * name when exactly one schema has one; {@code catalog.schema.table} matches on schema and table.
     */
    Resolved resolveLenient(List<Part> name) {
        Resolved strict = resolveRead(name);
        if (strict != null || name == null) {
            return strict;
        }
        if (name.size() == 1) {
            String table = fold(name.get(0));
            List<GuardedTable> found = null;
            for (Map.Entry<String, List<GuardedTable>> e : byTable.entrySet()) {
                if (e.getValue().get(0).table().equals(table)) {
                    if (found != null) {
                        return null; // several schemas: ambiguous
                    }
                    found = e.getValue();
                }
            }
            return found == null ? null : new Resolved(found, true);
        }
        if (name.size() == 3) {
            List<GuardedTable> g = byTable.get(key(fold(name.get(1)), fold(name.get(2))));
            return g == null ? null : new Resolved(g, false);
        }
        return null;
    }

    /** Guards whose table name occurs in the text (case-insensitively). */
    List<GuardedTable> mentioned(String lowerSql) {
        List<GuardedTable> out = null;
        for (int i = 0; i < guards.size(); i++) {
            for (String name : lowerNames.get(i)) {
                if (lowerSql.contains(name)) {
                    if (out == null) {
                        out = new ArrayList<>(2);
                    }
                    out.add(guards.get(i));
                    break;
                }
            }
        }
        return out == null ? List.of() : out;
    }
}
