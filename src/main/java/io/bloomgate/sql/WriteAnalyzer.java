package io.bloomgate.sql;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import org.jooq.Field;
import org.jooq.FieldOrRow;
import org.jooq.FieldOrRowOrSelect;
import org.jooq.Param;
import org.jooq.Query;
import org.jooq.QueryPart;
import org.jooq.Row;
import org.jooq.Table;
import org.jooq.TableField;
import org.jooq.impl.QOM;

/**
 * Writes that may add keys to a guarded table (docs/architecture.md section 4): the keys an INSERT, H2 MERGE
 * or UPDATE puts into the key column, when they are plain parameters or literals. Adding a key
 * that never lands costs only a false positive, so whenever in doubt keys are reported unknown.
 */
final class WriteAnalyzer {

    private final Analysis a;

    WriteAnalyzer(Analysis a) {
        this.a = a;
    }

    /**
     * The target named in the text after the first top-level INSERT/UPDATE/MERGE (skipping INTO and
     * ONLY), read by the lexer: jOOQ's own reading is cross-checked against it (jOOQ reads
     * {@code UPDATE ONLY t} as table {@code only} aliased {@code t}).
     */
    List<Resolver.Part> textTarget() {
        List<SqlLexer.Token> ts = a.lexed.tokens;
        boolean mysql = a.dialect == Dialect.MYSQL;
        int depth = 0;
        for (int i = 0; i < ts.size(); i++) {
            SqlLexer.Token t = ts.get(i);
            if (t.punct("(")) {
                depth++;
            } else if (t.punct(")")) {
                depth--;
            } else if (depth == 0 && (t.is("INSERT") || t.is("UPDATE") || t.is("MERGE")
                    || mysql && t.is("REPLACE"))) {
                int j = i + 1;
                // MySQL's INSERT IGNORE and REPLACE are read as inserts (MySqlForms)
                while (j < ts.size() && (ts.get(j).is("INTO") || ts.get(j).is("ONLY") || mysql && ts.get(j).is("IGNORE"))) {
                    j++;
                }
                return nameAt(ts, j);
            }
        }
        return null;
    }

    static List<Resolver.Part> nameAt(List<SqlLexer.Token> ts, int j) {
        List<Resolver.Part> parts = new ArrayList<>();
        while (j < ts.size() && ts.get(j).namePart()) {
            SqlLexer.Token t = ts.get(j);
            parts.add(new Resolver.Part(t.kind() == SqlLexer.Kind.QUOTED ? t.text() : t.raw(),
                    t.kind() == SqlLexer.Kind.QUOTED));
            if (j + 1 < ts.size() && ts.get(j + 1).punct(".")) {
                j += 2;
            } else {
                break;
            }
        }
        return parts.isEmpty() ? null : parts;
    }

    /** Resolves a write's target, checking jOOQ read the same name as the text says. */
    private Object target(Table<?> table) {
        List<Resolver.Part> text = textTarget();
        List<Resolver.Part> parsed = table == null ? null : Analysis.plainTableName(table);
        if (text == null || parsed == null || text.size() != parsed.size()) {
            return mismatch(text);
        }
        for (int i = 0; i < text.size(); i++) {
            if (!a.resolver.sameName(text.get(i), parsed.get(i))) {
                return mismatch(text);
            }
        }
        Resolver.Resolved r = a.resolver.resolveLenient(parsed);
        return r == null ? new StatementPlan.Unrelated() : r;
    }

    private StatementPlan mismatch(List<Resolver.Part> text) {
        Resolver.Resolved r = text == null ? null : a.resolver.resolveLenient(text);
        GuardedTable g = r != null && r.guards().size() == 1 ? r.first() : r == null ? a.mentioned : null;
        return new StatementPlan.UnknownWrite(g, "write target not understood");
    }

    // -------------------------------------------------------------------------------------- INSERT

    StatementPlan insert(QOM.Insert<?> insert) {
        StatementPlan cte = dataModifyingCte(insert.$with());
        if (cte != null) {
            return cte;
        }
        Object t = target(insert.$into());
        if (t instanceof StatementPlan p) {
            return p;
        }
        Resolver.Resolved resolved = (Resolver.Resolved) t;
        boolean accounted = allParametersRendered(insert);
        List<StatementPlan.Write> writes = new ArrayList<>();
        for (GuardedTable g : resolved.guards()) {
            Keys keys = insertKeys(insert, g);
            writes.add(new StatementPlan.Write(g, keys.keys, keys.unknown || !accounted, resolved.unqualified()));
        }
        return combine(writes);
    }

    private static final class Keys {
        final List<KeyOperand> keys = new ArrayList<>();
        boolean unknown;

        /** Adds an operand as a key; anything but a parameter or literal makes the keys unknown. */
        void add(Operand o, Analysis a) {
            if (o instanceof Operand.Param p) {
                keys.add(new KeyOperand.Parameter(p.index(), p.cast()));
                if (p.cast() != null) {
                    unknown = true; // the stored value is the cast one, which the gate does not compute
                }
            } else if (o instanceof Operand.Literal l) {
                keys.add(new KeyOperand.Literal(l.value()));
                if (l.value() instanceof String && a.lexed.nonStandardStrings
                        || l.value() instanceof byte[] && a.dialect != Dialect.H2) {
                    unknown = true; // the parser's reading of the literal may not be the database's
                }
            } else {
                unknown = true;
            }
        }
    }

    private Keys insertKeys(QOM.Insert<?> insert, GuardedTable g) {
        Keys k = new Keys();
        if (insert.$select() != null || insert.$defaultValues()) {
            k.unknown = true;
            return k;
        }
        List<? extends Field<?>> columns = insert.$columns();
        List<? extends Row> rows = insert.$values();
        boolean explicit = !columns.isEmpty() && columns.stream().allMatch(c -> c instanceof TableField<?, ?>);
        boolean positional = columns.stream().noneMatch(c -> c instanceof TableField<?, ?>);
        if ((!explicit && !positional) || rows.isEmpty()) {
            k.unknown = true;
            return k;
        }
        List<String> names = explicit ? columnNames(columns) : g.columns();
        if (names == null) {
            k.unknown = true;
            return k;
        }
        int keyIndex = names.indexOf(g.keyColumn());
        for (Row row : rows) {
            if (explicit && row.size() != columns.size()) {
                k.unknown = true;
            }
            if (keyIndex < 0 || keyIndex >= row.size()) {
                k.unknown = true; // identity or default
                continue;
            }
            k.add(a.operand(row.field(keyIndex), null), a);
        }
        if (insert.$onDuplicateKeyUpdate()) {
            for (Map.Entry<? extends FieldOrRow, ? extends FieldOrRowOrSelect> e : insert.$updateSet().entrySet()) {
                if (!assigns(e.getKey(), g)) {
                    continue;
                }
                if (!(e.getKey() instanceof Field<?>)) {
                    k.unknown = true;
                    continue;
                }
                FieldOrRowOrSelect v = e.getValue();
                if (v instanceof QOM.Excluded<?> ex) {
                    String col = lastName(ex.$field());
                    if (g.keyColumn().equals(col)) {
                        continue; // the proposed row's key: already added from VALUES
                    }
                    int idx = col == null ? -1 : names.indexOf(col);
                    for (Row row : rows) {
                        if (idx < 0 || idx >= row.size()) {
                            k.unknown = true;
                        } else {
                            k.add(a.operand(row.field(idx), null), a);
                        }
                    }
                } else {
                    k.add(v instanceof Field<?> f ? a.operand(f, null) : null, a);
                }
            }
        }
        return k;
    }

    private List<String> columnNames(List<? extends Field<?>> columns) {
        List<String> names = new ArrayList<>();
        for (Field<?> c : columns) {
            String n = lastName(c);
            if (n == null) {
                return null;
            }
            names.add(n);
        }
        return names;
    }

    /** The folded last part of a column reference's name. */
    private String lastName(Field<?> f) {
        if (!(f instanceof TableField<?, ?>)) {
            return null;
        }
        List<Resolver.Part> parts = Resolver.parts(f.getQualifiedName());
        return parts == null || parts.isEmpty() ? null : a.resolver.foldColumn(parts.get(parts.size() - 1));
    }

    /** Whether an assignment target (a column or a row of columns) includes the guard's key column. */
    private boolean assigns(FieldOrRow target, GuardedTable g) {
        if (target instanceof Field<?> f) {
            return g.keyColumn().equals(lastName(f)) || lastName(f) == null;
        }
        if (target instanceof Row r) {
            for (Field<?> f : r.fields()) {
                String n = lastName(f);
                if (n == null || n.equals(g.keyColumn())) {
                    return true;
                }
            }
            return false;
        }
        return true;
    }

    // -------------------------------------------------------------------------------------- UPDATE

    StatementPlan update(QOM.Update<?> update) {
        StatementPlan cte = dataModifyingCte(update.$with());
        if (cte != null) {
            return cte;
        }
        Object t = target(update.$table());
        if (t instanceof StatementPlan p) {
            return p;
        }
        Resolver.Resolved resolved = (Resolver.Resolved) t;
        boolean accounted = allParametersRendered(update);
        List<StatementPlan.Write> writes = new ArrayList<>();
        for (GuardedTable g : resolved.guards()) {
            Keys k = new Keys();
            boolean assigned = false;
            for (Map.Entry<? extends FieldOrRow, ? extends FieldOrRowOrSelect> e : update.$set().entrySet()) {
                FieldOrRow target = e.getKey();
                FieldOrRowOrSelect value = e.getValue();
                if (!assigns(target, g)) {
                    continue;
                }
                assigned = true;
                if (target instanceof Field<?>) {
                    k.add(value instanceof Field<?> f ? a.operand(f, null) : null, a);
                } else if (target instanceof Row r && value instanceof Row v && v.size() == r.size()) {
                    for (int i = 0; i < r.size(); i++) {
                        String n = lastName(r.field(i));
                        if (n == null) {
                            k.unknown = true;
                        } else if (n.equals(g.keyColumn())) {
                            k.add(a.operand(v.field(i), null), a);
                        }
                    }
                } else {
                    k.unknown = true; // SET (a, b) = (SELECT ...)
                }
            }
            if (assigned) {
                writes.add(new StatementPlan.Write(g, k.keys, k.unknown || !accounted, resolved.unqualified()));
            }
        }
        return combine(writes);
    }

    // --------------------------------------------------------------------------------------- MERGE

    /** Standard MERGE (jOOQ's open-source model hides its clauses): keys unknown if it targets a guard. */
    StatementPlan standardMerge() {
        List<Resolver.Part> name = textTarget();
        if (name == null) {
            return new StatementPlan.UnknownWrite(a.mentioned, "MERGE target not understood");
        }
        Resolver.Resolved r = a.resolver.resolveLenient(name);
        if (r == null) {
            return name.size() <= 3 ? new StatementPlan.Unrelated()
                    : new StatementPlan.UnknownWrite(a.mentioned, "MERGE target not understood");
        }
        List<StatementPlan.Write> writes = new ArrayList<>();
        for (GuardedTable g : r.guards()) {
            writes.add(new StatementPlan.Write(g, List.of(), true, r.unqualified()));
        }
        return combine(writes);
    }

    // ------------------------------------------------------------------------------------- helpers

    /**
     * PostgreSQL allows INSERT/UPDATE/DELETE inside WITH: such a statement writes however its
     * main part looks. Null if the WITH clause (if any) holds only queries.
     */
    StatementPlan dataModifyingCte(QOM.With with) {
        if (with == null) {
            return null;
        }
        for (var cte : with.$commonTableExpressions()) {
            if (!(cte.$query() instanceof org.jooq.Select<?>)) {
                return new StatementPlan.UnknownWrite(a.mentioned, "data-modifying WITH");
            }
        }
        return null;
    }

    /** Whether rendering the parsed write shows every placeholder (nothing was silently dropped). */
    private boolean allParametersRendered(Query q) {
        int n = a.lexed.parameterCount;
        if (n == 0) {
            return true;
        }
        BitSet seen = new BitSet();
        try {
            for (QueryPart p : a.jooq.visitWrite(q)) {
                if (p instanceof Param<?> param) {
                    int index = a.parameterIndex(param);
                    if (index > 0) {
                        seen.set(index);
                    }
                }
            }
        } catch (RuntimeException e) {
            return false;
        }
        return seen.cardinality() == n;
    }

    /**
     * One write, or Unrelated when no guard's key column is written; a table with several guards
     * whose key columns the statement writes gets {@link StatementPlan.Writes}.
     */
    private static StatementPlan combine(List<StatementPlan.Write> writes) {
        if (writes.isEmpty()) {
            return new StatementPlan.Unrelated();
        }
        if (writes.size() == 1) {
            return writes.get(0);
        }
        return new StatementPlan.Writes(writes);
    }
}
