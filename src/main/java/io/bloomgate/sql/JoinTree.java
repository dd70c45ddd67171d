package io.bloomgate.sql;

import java.util.ArrayList;
import java.util.List;
import org.jooq.Condition;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.QOM;

/**
 * A lookup's FROM clause as {@link LookupAnalyzer} accepts it: the guarded table first, then INNER
 * and LEFT joins nested to the left ({@code (a JOIN b ON ..) LEFT JOIN c ON ..}), each with an ON
 * condition, so that the first table is on the preserved side of every join: when its key is
 * absent it has no rows, and neither has the join (docs/architecture.md section 2). It only reads
 * the shape; whether the ON conditions are safe needs the analyzer's column resolution.
 */
final class JoinTree {

    /**
     * A table in FROM and the ON condition that joins it (null for the first).
     *
     * @param inner an INNER join (the database may then reorder it before the guarded table); false
     *              for the first table and LEFT joins
     */
    record Part(Table<?> table, Condition on, boolean inner) {
    }

    /** Left to right; the first is the table the lookup's key belongs to. */
    final List<Part> parts;
    /** Folded names (alias, else table name) by which the joined tables qualify their columns. */
    private final List<String> joinedNames;
    /** Why the tree is not one the gate understands, or null. */
    final String problem;
    /** The joined tables' names (folded; schema first when qualified), in join order. */
    final List<List<String>> joinedTables;

    private JoinTree(List<Part> parts, List<String> joinedNames, String problem) {
        this(parts, joinedNames, problem, List.of());
    }

    private JoinTree(List<Part> parts, List<String> joinedNames, String problem, List<List<String>> joinedTables) {
        this.parts = parts;
        this.joinedNames = joinedNames;
        this.problem = problem;
        this.joinedTables = joinedTables;
    }

    /** No FROM read yet: nothing joined. */
    static JoinTree none() {
        return new JoinTree(List.of(), List.of(), null);
    }

    /** One table, nothing joined. */
    static JoinTree single(Table<?> table) {
        return new JoinTree(List.of(new Part(table, null, false)), List.of(), null);
    }

    /** Reads {@code ref}; {@link #problem} says why not when it is not such a tree. */
    static JoinTree read(Analysis a, Table<?> ref) {
        if (!(ref instanceof QOM.JoinTable<?, ?>)) {
            return single(ref);
        }
        List<Part> reversed = new ArrayList<>();
        Table<?> t = ref;
        while (t instanceof QOM.JoinTable<?, ?>) {
            if (!(t instanceof QOM.Join<?> || t instanceof QOM.LeftJoin<?>)) {
                return failed("a join other than INNER JOIN or LEFT JOIN: " + Analysis.describe(t));
            }
            QOM.QualifiedJoin<?, ?> q = (QOM.QualifiedJoin<?, ?>) t;
            if (q.$on() == null || !q.$using().isEmpty()) {
                return failed("a join without an ON condition");
            }
            if (q.$table2() instanceof QOM.JoinTable<?, ?>) {
                return failed("a join nested on the right");
            }
            reversed.add(new Part(q.$table2(), q.$on(), t instanceof QOM.Join<?>));
            t = q.$table1();
        }
        List<Part> parts = new ArrayList<>();
        parts.add(new Part(t, null, false));
        for (int i = reversed.size() - 1; i >= 0; i--) {
            parts.add(reversed.get(i));
        }
        List<String> names = new ArrayList<>();
        List<List<String>> tables = new ArrayList<>();
        for (int i = 1; i < parts.size(); i++) {
            Table<?> joined = parts.get(i).table;
            List<Resolver.Part> name = Analysis.plainTableName(joined);
            if (name == null) {
                return failed("a joined table that is not a plain table: " + Analysis.describe(joined));
            }
            List<String> folded = new ArrayList<>();
            for (Resolver.Part part : name.subList(Math.max(0, name.size() - 2), name.size())) {
                folded.add(a.resolver.fold(part));
            }
            tables.add(List.copyOf(folded));
            Resolver.Part qualifier = name.get(name.size() - 1);
            if (joined instanceof QOM.TableAlias<?> ta) {
                List<Resolver.Part> aliasParts = Resolver.parts(ta.$alias());
                if (aliasParts == null || aliasParts.size() != 1) {
                    return failed("unusual alias of a joined table");
                }
                qualifier = aliasParts.get(0);
            }
            names.add(a.resolver.fold(qualifier));
        }
        return new JoinTree(List.copyOf(parts), List.copyOf(names), null, List.copyOf(tables));
    }

    private static JoinTree failed(String problem) {
        return new JoinTree(List.of(), List.of(), problem);
    }

    /** The table the lookup's key belongs to. */
    Table<?> first() {
        return parts.get(0).table;
    }

    /** Whether {@code folded} is the name by which a joined table qualifies its columns. */
    boolean qualifiesJoined(String folded) {
        return joinedNames.contains(folded);
    }

    /**
     * Anything the table reference carries beyond its name and alias (a derived column list
     * {@code u(a, b)} renames columns), detected by comparing renderings. Null if none.
     */
    static String referenceExtras(Analysis a, Table<?> ref) {
        try {
            Table<?> base = ref instanceof QOM.TableAlias<?> ta ? ta.$table() : ref;
            Table<?> plain = DSL.table(base.getQualifiedName());
            if (ref instanceof QOM.TableAlias<?> ta) {
                plain = plain.as(ta.$alias());
            }
            String actual = a.jooq.render(DSL.selectOne().from(ref));
            String expected = a.jooq.render(DSL.selectOne().from(plain));
            return actual.equals(expected) ? null : "table reference carries more than a name and alias: " + actual;
        } catch (RuntimeException e) {
            return "table reference not understood";
        }
    }
}
