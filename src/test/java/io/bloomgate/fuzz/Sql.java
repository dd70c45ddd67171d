package io.bloomgate.fuzz;

import io.bloomgate.fuzz.Values.Role;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * The statements the grammar generates, as a tree: rendered to SQL text and its bindings for each
 * database, and shrunk by replacing a node with a simpler one (dropping a clause, a conjunct, a
 * cast, a join; a simpler setter). Nodes are immutable.
 *
 * <p>Schema names are rendered as placeholders ({@code {main}}, {@code {alt}}), which an
 * environment replaces with its schemas, so that the same tree replays in a fresh database.
 */
public final class Sql {

    private Sql() {
    }

    /** A node of the tree: its children (some may be null) and a copy with other children. */
    public interface Node {
        List<Node> children();

        Node with(List<Node> children);

        void render(Out out);

        /** Simpler replacements of this node itself (its children are shrunk separately). */
        default List<Node> reductions() {
            return List.of();
        }
    }

    /** Rendering state: text, the bindings of its {@code ?}s in order, the database's spelling. */
    public static final class Out {
        final StringBuilder sql = new StringBuilder();
        final List<Binding> bindings = new ArrayList<>();
        final SqlStyle style;

        Out(SqlStyle style) {
            this.style = style;
        }

        Out add(String s) {
            sql.append(s);
            return this;
        }

        Out add(Node n) {
            n.render(this);
            return this;
        }

        Out list(List<? extends Node> nodes, String separator) {
            for (int i = 0; i < nodes.size(); i++) {
                if (i > 0) {
                    sql.append(separator);
                }
                nodes.get(i).render(this);
            }
            return this;
        }
    }

    /** SQL text (schema placeholders unreplaced) and its bindings. */
    public record Rendered(String sql, List<Binding> bindings) {
    }

    public static Rendered render(Node node, SqlStyle style) {
        Out out = new Out(style);
        node.render(out);
        return new Rendered(out.sql.toString(), List.copyOf(out.bindings));
    }

    /** Every tree one step simpler than {@code root}: a node anywhere replaced by one of its reductions. */
    public static List<Node> shrinks(Node root) {
        List<Node> out = new ArrayList<>(root.reductions());
        List<Node> children = root.children();
        for (int i = 0; i < children.size(); i++) {
            Node child = children.get(i);
            if (child == null) {
                continue;
            }
            for (Node smaller : shrinks(child)) {
                List<Node> copy = new ArrayList<>(children);
                copy.set(i, smaller);
                out.add(root.with(copy));
            }
        }
        return out;
    }

    /** Applies {@code f} to every node, bottom-up (to re-bind parameters). */
    public static Node map(Node root, Function<Node, Node> f) {
        List<Node> children = root.children();
        if (!children.isEmpty()) {
            List<Node> copy = new ArrayList<>(children.size());
            for (Node c : children) {
                copy.add(c == null ? null : map(c, f));
            }
            root = root.with(copy);
        }
        return f.apply(root);
    }

    /** Whether any node satisfies the test. */
    public static boolean any(Node root, java.util.function.Predicate<Node> test) {
        if (test.test(root)) {
            return true;
        }
        for (Node c : root.children()) {
            if (c != null && any(c, test)) {
                return true;
            }
        }
        return false;
    }

    @SuppressWarnings("unchecked")
    static <T extends Node> List<T> cast(List<Node> nodes) {
        return (List<T>) (List<?>) nodes;
    }

    static <T> List<T> without(List<T> list, int index) {
        List<T> copy = new ArrayList<>(list);
        copy.remove(index);
        return List.copyOf(copy);
    }

    // ------------------------------------------------------------------ expressions

    public sealed interface Expr extends Node permits Col, Param, Lit, Func, Cast, Bin, Agg, Sub {
    }

    /** A column, optionally qualified by an alias or by its table's (possibly schema-qualified) name. */
    public record Col(String alias, TableRef table, String name, boolean quoted) implements Expr {
        @Override
        public List<Node> children() {
            return List.of();
        }

        @Override
        public Node with(List<Node> c) {
            return this;
        }

        @Override
        public void render(Out out) {
            if (alias != null) {
                out.add(alias).add(".");
            } else if (table != null) {
                table.renderName(out);
                out.add(".");
            }
            out.add(quoted ? out.style.quoteIdentifier(out.style.fold(name)) : name);
        }

        @Override
        public List<Node> reductions() {
            return quoted || table != null ? List.of(new Col(alias, null, name, false)) : List.of();
        }
    }

    /**
     * A {@code ?} (or, {@code inline}, its value as a literal), possibly under a cast.
     *
     * @param type the key type of the table the parameter's comparison concerns
     */
    public record Param(Role role, KeyType type, Binding binding, String cast, boolean castAlternative,
            boolean inline) implements Expr {
        @Override
        public List<Node> children() {
            return List.of();
        }

        @Override
        public Node with(List<Node> c) {
            return this;
        }

        @Override
        public void render(Out out) {
            String text;
            if (inline) {
                text = out.style.literal(binding.value());
            } else {
                text = "?";
                out.bindings.add(binding);
            }
            out.add(cast == null ? text : out.style.cast(text, cast, castAlternative));
        }

        @Override
        public List<Node> reductions() {
            List<Node> out = new ArrayList<>();
            if (cast != null) {
                out.add(new Param(role, type, binding, null, false, inline));
            }
            for (Binding b : binding.simpler()) {
                out.add(new Param(role, type, b, cast, castAlternative, inline));
            }
            return out;
        }
    }

    /** Literal SQL: a number, a string, NULL, TRUE. */
    public record Lit(String sql) implements Expr {
        @Override
        public List<Node> children() {
            return List.of();
        }

        @Override
        public Node with(List<Node> c) {
            return this;
        }

        @Override
        public void render(Out out) {
            out.add(sql);
        }
    }

    public record Func(String name, List<Expr> args) implements Expr {
        @Override
        public List<Node> children() {
            return List.copyOf(args);
        }

        @Override
        public Node with(List<Node> c) {
            return new Func(name, cast(c));
        }

        @Override
        public void render(Out out) {
            out.add(name).add("(").list(args, ", ").add(")");
        }

        @Override
        public List<Node> reductions() {
            return List.copyOf(args);
        }
    }

    public record Cast(Expr expr, String type, boolean alternative) implements Expr {
        @Override
        public List<Node> children() {
            return List.of(expr);
        }

        @Override
        public Node with(List<Node> c) {
            return new Cast((Expr) c.get(0), type, alternative);
        }

        @Override
        public void render(Out out) {
            Out inner = new Out(out.style);
            expr.render(inner);
            out.bindings.addAll(inner.bindings);
            out.add(out.style.cast(inner.sql.toString(), type, alternative));
        }

        @Override
        public List<Node> reductions() {
            return List.of(expr);
        }
    }

    /** A binary operator: arithmetic or {@code ||}. */
    public record Bin(Expr left, String op, Expr right) implements Expr {
        @Override
        public List<Node> children() {
            return List.of(left, right);
        }

        @Override
        public Node with(List<Node> c) {
            return new Bin((Expr) c.get(0), op, (Expr) c.get(1));
        }

        @Override
        public void render(Out out) {
            out.add("(").add(left).add(" " + op + " ").add(right).add(")");
        }

        @Override
        public List<Node> reductions() {
            return List.of(left, right);
        }
    }

    /** An aggregate; {@code arg} null: {@code COUNT(*)}. */
    public record Agg(String function, Expr arg, boolean distinct) implements Expr {
        @Override
        public List<Node> children() {
            return Arrays.asList(arg);
        }

        @Override
        public Node with(List<Node> c) {
            return new Agg(function, (Expr) c.get(0), distinct);
        }

        @Override
        public void render(Out out) {
            out.add(function).add("(");
            if (arg == null) {
                out.add("*");
            } else {
                out.add(distinct ? "DISTINCT " : "").add(arg);
            }
            out.add(")");
        }

        @Override
        public List<Node> reductions() {
            return arg == null ? List.of() : List.of(new Agg("COUNT", null, false));
        }
    }

    /** A scalar subquery. */
    public record Sub(Select select) implements Expr {
        @Override
        public List<Node> children() {
            return List.of(select);
        }

        @Override
        public Node with(List<Node> c) {
            return new Sub((Select) c.get(0));
        }

        @Override
        public void render(Out out) {
            out.add("(").add(select).add(")");
        }
    }

    // ------------------------------------------------------------------ conditions

    public sealed interface Cond extends Node permits Cmp, In, InSub, Between, Like, IsNull, Exists, And, Or, Not,
            Truth {
    }

    public record Cmp(Expr left, String op, Expr right) implements Cond {
        @Override
        public List<Node> children() {
            return List.of(left, right);
        }

        @Override
        public Node with(List<Node> c) {
            return new Cmp((Expr) c.get(0), op, (Expr) c.get(1));
        }

        @Override
        public void render(Out out) {
            out.add(left).add(" " + op + " ").add(right);
        }

        @Override
        public List<Node> reductions() {
            return op.equals("=") ? List.of() : List.of(new Cmp(left, "=", right));
        }
    }

    public record In(Expr left, List<Expr> items, boolean not) implements Cond {
        @Override
        public List<Node> children() {
            List<Node> c = new ArrayList<>();
            c.add(left);
            c.addAll(items);
            return c;
        }

        @Override
        public Node with(List<Node> c) {
            return new In((Expr) c.get(0), cast(c.subList(1, c.size())), not);
        }

        @Override
        public void render(Out out) {
            out.add(left).add(not ? " NOT IN (" : " IN (").list(items, ", ").add(")");
        }

        @Override
        public List<Node> reductions() {
            List<Node> out = new ArrayList<>();
            if (!not) {
                out.add(new Cmp(left, "=", items.get(0)));
            }
            if (items.size() > 1) {
                for (int i = 0; i < items.size(); i++) {
                    out.add(new In(left, without(items, i), not));
                }
            }
            if (not) {
                out.add(new In(left, items, false));
            }
            return out;
        }
    }

    public record InSub(Expr left, Select select, boolean not) implements Cond {
        @Override
        public List<Node> children() {
            return List.of(left, select);
        }

        @Override
        public Node with(List<Node> c) {
            return new InSub((Expr) c.get(0), (Select) c.get(1), not);
        }

        @Override
        public void render(Out out) {
            out.add(left).add(not ? " NOT IN (" : " IN (").add(select).add(")");
        }
    }

    public record Between(Expr expr, Expr low, Expr high, boolean not) implements Cond {
        @Override
        public List<Node> children() {
            return List.of(expr, low, high);
        }

        @Override
        public Node with(List<Node> c) {
            return new Between((Expr) c.get(0), (Expr) c.get(1), (Expr) c.get(2), not);
        }

        @Override
        public void render(Out out) {
            out.add(expr).add(not ? " NOT BETWEEN " : " BETWEEN ").add(low).add(" AND ").add(high);
        }

        @Override
        public List<Node> reductions() {
            return List.of(new Cmp(expr, ">=", low), new Cmp(expr, "<=", high));
        }
    }

    /**
     * {@code expr [NOT] LIKE pattern [ESCAPE escape]}, or with {@code ILIKE} or {@code SIMILAR TO}
     * (PostgreSQL) as {@code op}; {@code escape} null: no ESCAPE clause.
     */
    public record Like(Expr expr, String op, Expr pattern, Expr escape, boolean not) implements Cond {

        public Like(Expr expr, Expr pattern, boolean not) {
            this(expr, "LIKE", pattern, null, not);
        }

        @Override
        public List<Node> children() {
            return Arrays.asList(expr, pattern, escape);
        }

        @Override
        public Node with(List<Node> c) {
            return new Like((Expr) c.get(0), op, (Expr) c.get(1), (Expr) c.get(2), not);
        }

        @Override
        public void render(Out out) {
            out.add(expr).add(not ? " NOT " + op + " " : " " + op + " ").add(pattern);
            if (escape != null) {
                out.add(" ESCAPE ").add(escape);
            }
        }

        @Override
        public List<Node> reductions() {
            List<Node> out = new ArrayList<>();
            if (escape != null) {
                out.add(new Like(expr, op, pattern, null, not));
            }
            if (!op.equals("LIKE")) {
                out.add(new Like(expr, "LIKE", pattern, escape, not));
            }
            if (not) {
                out.add(new Like(expr, op, pattern, escape, false));
            }
            out.add(new Cmp(expr, "=", pattern));
            return out;
        }
    }

    public record IsNull(Expr expr, boolean not) implements Cond {
        @Override
        public List<Node> children() {
            return List.of(expr);
        }

        @Override
        public Node with(List<Node> c) {
            return new IsNull((Expr) c.get(0), not);
        }

        @Override
        public void render(Out out) {
            out.add(expr).add(not ? " IS NOT NULL" : " IS NULL");
        }
    }

    public record Exists(Select select, boolean not) implements Cond {
        @Override
        public List<Node> children() {
            return List.of(select);
        }

        @Override
        public Node with(List<Node> c) {
            return new Exists((Select) c.get(0), not);
        }

        @Override
        public void render(Out out) {
            out.add(not ? "NOT EXISTS (" : "EXISTS (").add(select).add(")");
        }
    }

    public record And(List<Cond> conds) implements Cond {
        @Override
        public List<Node> children() {
            return List.copyOf(conds);
        }

        @Override
        public Node with(List<Node> c) {
            return new And(cast(c));
        }

        @Override
        public void render(Out out) {
            for (int i = 0; i < conds.size(); i++) {
                out.add(i == 0 ? "" : " AND ");
                paren(out, conds.get(i));
            }
        }

        @Override
        public List<Node> reductions() {
            return junctionReductions(conds, And::new);
        }
    }

    public record Or(List<Cond> conds) implements Cond {
        @Override
        public List<Node> children() {
            return List.copyOf(conds);
        }

        @Override
        public Node with(List<Node> c) {
            return new Or(cast(c));
        }

        @Override
        public void render(Out out) {
            for (int i = 0; i < conds.size(); i++) {
                out.add(i == 0 ? "" : " OR ");
                paren(out, conds.get(i));
            }
        }

        @Override
        public List<Node> reductions() {
            return junctionReductions(conds, Or::new);
        }
    }

    private static List<Node> junctionReductions(List<Cond> conds, Function<List<Cond>, Cond> make) {
        List<Node> out = new ArrayList<>(conds);
        if (conds.size() > 2) {
            for (int i = 0; i < conds.size(); i++) {
                out.add(make.apply(without(conds, i)));
            }
        }
        return out;
    }

    private static void paren(Out out, Cond c) {
        boolean p = c instanceof And || c instanceof Or;
        out.add(p ? "(" : "").add(c).add(p ? ")" : "");
    }

    public record Not(Cond cond) implements Cond {
        @Override
        public List<Node> children() {
            return List.of(cond);
        }

        @Override
        public Node with(List<Node> c) {
            return new Not((Cond) c.get(0));
        }

        @Override
        public void render(Out out) {
            out.add("NOT (").add(cond).add(")");
        }

        @Override
        public List<Node> reductions() {
            return List.of(cond);
        }
    }

    public record Truth(String sql) implements Cond {
        @Override
        public List<Node> children() {
            return List.of();
        }

        @Override
        public Node with(List<Node> c) {
            return this;
        }

        @Override
        public void render(Out out) {
            out.add(sql);
        }
    }

    // ------------------------------------------------------------------ FROM and the statement

    /** Where a table name points. */
    public enum Schema {
        /** unqualified: resolved by the session's schema / search path */
        NONE,
        /** qualified with the main schema: the guarded table */
        MAIN,
        /** qualified with the other schema: a table of the same name, not guarded */
        ALT
    }

    /**
     * A table reference.
     *
     * @param quoted names written as quoted identifiers (as the catalog spells them)
     * @param upper  unquoted names in upper case (they fold like lower case)
     * @param alias  an alias, or null
     */
    public record TableRef(KeyType type, Schema schema, boolean quoted, boolean upper, String alias) implements Node {
        @Override
        public List<Node> children() {
            return List.of();
        }

        @Override
        public Node with(List<Node> c) {
            return this;
        }

        void renderName(Out out) {
            if (schema != Schema.NONE) {
                String placeholder = schema == Schema.MAIN ? "{main}" : "{alt}";
                out.add(quoted ? out.style.quoteIdentifier(placeholder) : placeholder).add(".");
            }
            if (type.quoted()) {
                out.add(out.style.quoteIdentifier(type.table()));
            } else if (quoted) {
                out.add(out.style.quoteIdentifier(out.style.fold(type.table())));
            } else {
                out.add(upper ? type.table().toUpperCase(java.util.Locale.ROOT) : type.table());
            }
        }

        @Override
        public void render(Out out) {
            renderName(out);
            if (alias != null) {
                out.add(" " + alias);
            }
        }

        @Override
        public List<Node> reductions() {
            if (quoted || upper) {
                return List.of(new TableRef(type, schema, false, false, alias));
            }
            return List.of();
        }
    }

    public sealed interface From extends Node permits FromTable, FromJoin, FromSub, FromCte {
    }

    public record FromTable(TableRef table) implements From {
        @Override
        public List<Node> children() {
            return List.of(table);
        }

        @Override
        public Node with(List<Node> c) {
            return new FromTable((TableRef) c.get(0));
        }

        @Override
        public void render(Out out) {
            out.add(table);
        }
    }

    public record FromJoin(TableRef left, String kind, TableRef right, Cond on) implements From {
        @Override
        public List<Node> children() {
            return Arrays.asList(left, right, on);
        }

        @Override
        public Node with(List<Node> c) {
            return new FromJoin((TableRef) c.get(0), kind, (TableRef) c.get(1), (Cond) c.get(2));
        }

        @Override
        public void render(Out out) {
            out.add(left).add(" " + kind + " ").add(right);
            if (on != null) {
                out.add(" ON ").add(on);
            }
        }

        @Override
        public List<Node> reductions() {
            return List.of(new FromTable(left));
        }
    }

    public record FromSub(Select select, String alias) implements From {
        @Override
        public List<Node> children() {
            return List.of(select);
        }

        @Override
        public Node with(List<Node> c) {
            return new FromSub((Select) c.get(0), alias);
        }

        @Override
        public void render(Out out) {
            out.add("(").add(select).add(") " + alias);
        }
    }

    /** A CTE of the enclosing statement, by name. */
    public record FromCte(String name, String alias) implements From {
        @Override
        public List<Node> children() {
            return List.of();
        }

        @Override
        public Node with(List<Node> c) {
            return this;
        }

        @Override
        public void render(Out out) {
            out.add(name).add(alias == null ? "" : " " + alias);
        }
    }

    public record Cte(String name, Select select) implements Node {
        @Override
        public List<Node> children() {
            return List.of(select);
        }

        @Override
        public Node with(List<Node> c) {
            return new Cte(name, (Select) c.get(0));
        }

        @Override
        public void render(Out out) {
            out.add(name).add(" AS (").add(select).add(")");
        }
    }

    /** A select-list item; {@code expr} null: {@code *}. */
    public record Item(Expr expr, String alias) implements Node {
        @Override
        public List<Node> children() {
            return Arrays.asList(expr);
        }

        @Override
        public Node with(List<Node> c) {
            return new Item((Expr) c.get(0), alias);
        }

        @Override
        public void render(Out out) {
            if (expr == null) {
                out.add("*");
                return;
            }
            out.add(expr);
            if (alias != null) {
                out.add(" AS " + alias);
            }
        }

        @Override
        public List<Node> reductions() {
            return alias == null ? List.of() : List.of(new Item(expr, null));
        }
    }

    public record Order(Expr expr, boolean desc) implements Node {
        @Override
        public List<Node> children() {
            return List.of(expr);
        }

        @Override
        public Node with(List<Node> c) {
            return new Order((Expr) c.get(0), desc);
        }

        @Override
        public void render(Out out) {
            out.add(expr).add(desc ? " DESC" : "");
        }
    }

    /** How rows are limited. */
    public enum LimitStyle {
        /** {@code LIMIT n [OFFSET m]} */
        LIMIT,
        /** {@code [OFFSET m ROWS] FETCH FIRST n ROWS ONLY} */
        FETCH,
        /** {@code OFFSET m ROWS} alone (count is null) */
        OFFSET,
        /** MySQL's {@code LIMIT m, n} (offset first; {@code LIMIT n} without an offset) */
        COMMA
    }

    public record Limit(LimitStyle style, Expr count, Expr offset) implements Node {
        @Override
        public List<Node> children() {
            return Arrays.asList(count, offset);
        }

        @Override
        public Node with(List<Node> c) {
            return new Limit(style, (Expr) c.get(0), (Expr) c.get(1));
        }

        @Override
        public void render(Out out) {
            switch (style) {
                case LIMIT -> {
                    out.add(" LIMIT ").add(count);
                    if (offset != null) {
                        out.add(" OFFSET ").add(offset);
                    }
                }
                case FETCH -> {
                    if (offset != null) {
                        out.add(" OFFSET ").add(offset).add(" ROWS");
                    }
                    out.add(" FETCH FIRST ").add(count).add(" ROWS ONLY");
                }
                case OFFSET -> out.add(" OFFSET ").add(offset).add(" ROWS");
                case COMMA -> {
                    out.add(" LIMIT ");
                    if (offset != null) {
                        out.add(offset).add(", ");
                    }
                    out.add(count);
                }
                default -> throw new IllegalStateException();
            }
        }

        @Override
        public List<Node> reductions() {
            return offset != null && count != null ? List.of(new Limit(style, count, null)) : List.of();
        }
    }

    /** {@code UNION}, {@code UNION ALL}, {@code INTERSECT}, {@code EXCEPT} with another statement. */
    public record SetOp(String op, Select right) implements Node {
        @Override
        public List<Node> children() {
            return List.of(right);
        }

        @Override
        public Node with(List<Node> c) {
            return new SetOp(op, (Select) c.get(0));
        }

        @Override
        public void render(Out out) {
            out.add(" " + op + " ").add(right);
        }
    }

    /**
     * A SELECT. {@code lead}, {@code inner} and {@code trail} are comments before it, after its
     * SELECT keyword and after it.
     */
    public record Select(List<Cte> with, boolean distinct, List<Item> items, From from, Cond where,
            List<Expr> groupBy, Cond having, List<Order> orderBy, Limit limit, boolean forUpdate, SetOp setOp,
            String lead, String inner, String trail) implements Node {

        static Select simple(List<Item> items, From from, Cond where) {
            return new Select(List.of(), false, items, from, where, List.of(), null, List.of(), null, false, null, null,
                    null, null);
        }

        Select withWhere(Cond c) {
            return new Select(with, distinct, items, from, c, groupBy, having, orderBy, limit, forUpdate, setOp, lead,
                    inner, trail);
        }

        Select withOrder(List<Order> o, Limit l) {
            return new Select(with, distinct, items, from, where, groupBy, having, o, l, forUpdate, setOp, lead, inner,
                    trail);
        }

        Select withForUpdate(boolean f) {
            return new Select(with, distinct, items, from, where, groupBy, having, orderBy, limit, f, setOp, lead,
                    inner, trail);
        }

        Select withComments(String l, String i, String t) {
            return new Select(with, distinct, items, from, where, groupBy, having, orderBy, limit, forUpdate, setOp, l,
                    i, t);
        }

        @Override
        public List<Node> children() {
            List<Node> c = new ArrayList<>();
            c.addAll(with);
            c.addAll(items);
            c.add(from);
            c.add(where);
            c.addAll(groupBy);
            c.add(having);
            c.addAll(orderBy);
            c.add(limit);
            c.add(setOp);
            return c;
        }

        @Override
        public Node with(List<Node> c) {
            int i = 0;
            List<Cte> w = cast(c.subList(i, i += with.size()));
            List<Item> it = cast(c.subList(i, i += items.size()));
            From f = (From) c.get(i++);
            Cond wh = (Cond) c.get(i++);
            List<Expr> g = cast(c.subList(i, i += groupBy.size()));
            Cond h = (Cond) c.get(i++);
            List<Order> o = cast(c.subList(i, i += orderBy.size()));
            Limit l = (Limit) c.get(i++);
            SetOp s = (SetOp) c.get(i);
            return new Select(List.copyOf(w), distinct, List.copyOf(it), f, wh, List.copyOf(g), h, List.copyOf(o), l,
                    forUpdate, s, lead, inner, trail);
        }

        @Override
        public void render(Out out) {
            if (lead != null) {
                out.add(lead);
            }
            if (!with.isEmpty()) {
                out.add("WITH ").list(with, ", ").add(" ");
            }
            out.add("SELECT ");
            if (inner != null) {
                out.add(inner).add(" ");
            }
            out.add(distinct ? "DISTINCT " : "").list(items, ", ");
            if (from != null) {
                out.add(" FROM ").add(from);
            }
            if (where != null) {
                out.add(" WHERE ").add(where);
            }
            if (!groupBy.isEmpty()) {
                out.add(" GROUP BY ").list(groupBy, ", ");
            }
            if (having != null) {
                out.add(" HAVING ").add(having);
            }
            if (!orderBy.isEmpty()) {
                out.add(" ORDER BY ").list(orderBy, ", ");
            }
            if (limit != null) {
                out.add(limit);
            }
            if (forUpdate) {
                // MySQL: its own shared-lock spelling too (also a locking read the gate must pass through).
                out.add(out.style.isMySql() && out.sql.length() % 3 == 0 ? " LOCK IN SHARE MODE" : " FOR UPDATE");
            }
            if (setOp != null) {
                out.add(setOp);
            }
            if (trail != null) {
                out.add(trail);
            }
        }

        @Override
        public List<Node> reductions() {
            List<Node> out = new ArrayList<>();
            if (setOp != null) {
                out.add(new Select(with, distinct, items, from, where, groupBy, having, orderBy, limit, forUpdate, null,
                        lead, inner, trail));
            }
            if (!with.isEmpty()) {
                for (Cte c : with) {
                    out.add(c.select()); // the CTE's body alone
                }
                if (!(from instanceof FromCte)) {
                    out.add(new Select(List.of(), distinct, items, from, where, groupBy, having, orderBy, limit,
                            forUpdate, setOp, lead, inner, trail));
                }
            }
            if (from instanceof FromSub fs) {
                out.add(fs.select());
            }
            if (lead != null || inner != null || trail != null) {
                out.add(withComments(null, null, null));
            }
            if (distinct) {
                out.add(new Select(with, false, items, from, where, groupBy, having, orderBy, limit, forUpdate, setOp,
                        lead, inner, trail));
            }
            if (forUpdate) {
                out.add(withForUpdate(false));
            }
            if (limit != null) {
                out.add(withOrder(orderBy, null));
            }
            if (!orderBy.isEmpty()) {
                out.add(withOrder(List.of(), limit));
                if (orderBy.size() > 1) {
                    for (int i = 0; i < orderBy.size(); i++) {
                        out.add(withOrder(without(orderBy, i), limit));
                    }
                }
            }
            if (having != null) {
                out.add(new Select(with, distinct, items, from, where, groupBy, null, orderBy, limit, forUpdate, setOp,
                        lead, inner, trail));
            }
            if (!groupBy.isEmpty()) {
                out.add(new Select(with, distinct, items, from, where, List.of(), null, orderBy, limit, forUpdate,
                        setOp, lead, inner, trail));
            }
            if (where != null) {
                out.add(withWhere(null));
            }
            boolean star = items.size() == 1 && items.get(0).expr() == null;
            if (!star && groupBy.isEmpty()) {
                out.add(new Select(with, distinct, List.of(new Item(null, null)), from, where, groupBy, having,
                        orderBy, limit, forUpdate, setOp, lead, inner, trail));
            }
            if (items.size() > 1) {
                for (int i = 0; i < items.size(); i++) {
                    out.add(new Select(with, distinct, without(items, i), from, where, groupBy, having, orderBy, limit,
                            forUpdate, setOp, lead, inner, trail));
                }
            }
            return out;
        }
    }
}
