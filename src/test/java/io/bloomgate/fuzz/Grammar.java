package io.bloomgate.fuzz;

import io.bloomgate.fuzz.Sql.Agg;
import io.bloomgate.fuzz.Sql.And;
import io.bloomgate.fuzz.Sql.Between;
import io.bloomgate.fuzz.Sql.Bin;
import io.bloomgate.fuzz.Sql.Cast;
import io.bloomgate.fuzz.Sql.Cmp;
import io.bloomgate.fuzz.Sql.Col;
import io.bloomgate.fuzz.Sql.Cond;
import io.bloomgate.fuzz.Sql.Cte;
import io.bloomgate.fuzz.Sql.Exists;
import io.bloomgate.fuzz.Sql.Expr;
import io.bloomgate.fuzz.Sql.FromCte;
import io.bloomgate.fuzz.Sql.FromJoin;
import io.bloomgate.fuzz.Sql.FromSub;
import io.bloomgate.fuzz.Sql.FromTable;
import io.bloomgate.fuzz.Sql.Func;
import io.bloomgate.fuzz.Sql.In;
import io.bloomgate.fuzz.Sql.InSub;
import io.bloomgate.fuzz.Sql.IsNull;
import io.bloomgate.fuzz.Sql.Item;
import io.bloomgate.fuzz.Sql.Like;
import io.bloomgate.fuzz.Sql.Limit;
import io.bloomgate.fuzz.Sql.LimitStyle;
import io.bloomgate.fuzz.Sql.Lit;
import io.bloomgate.fuzz.Sql.Not;
import io.bloomgate.fuzz.Sql.Or;
import io.bloomgate.fuzz.Sql.Order;
import io.bloomgate.fuzz.Sql.Param;
import io.bloomgate.fuzz.Sql.Schema;
import io.bloomgate.fuzz.Sql.Select;
import io.bloomgate.fuzz.Sql.SetOp;
import io.bloomgate.fuzz.Sql.Sub;
import io.bloomgate.fuzz.Sql.TableRef;
import io.bloomgate.fuzz.Values.Role;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Random SELECT statements over the guarded tables. About half are lookups the gate may answer (a
 * key predicate, maybe other conjuncts, any select list, ORDER BY, LIMIT/OFFSET/FETCH, GROUP BY,
 * comments, every way of naming the table); the rest are what it must pass through, built from the
 * same parts: OR and NOT over the key, functions and casts on it, subqueries, CTEs, set operations,
 * joins, aggregates without GROUP BY, HAVING, IS NULL, statements without FROM.
 *
 * <p>Every table has two guarded keys: the primary key k and u, nullable and UNIQUE, of another
 * type family ({@link KeyType#unique()}); a key predicate is on k, on u (bound with NULL
 * sometimes: H2 then visits u's NULL rows and evaluates the other conjuncts on them), or on both.
 *
 * <p>Beside the key predicate, some conjuncts are ones the database may refuse for some rows or
 * values, where an answer from the filter would hide the error: columns of different types compared
 * (in one table, or across a join: every pair of key and non-key types), odd LIKE / ILIKE / SIMILAR
 * TO patterns and ESCAPE clauses, division, casts and SUBSTRING bounds that raise. Some select lists
 * mix bare columns with aggregates without GROUP BY ({@code *, COUNT(1)}), which H2 accepts, refuses
 * lazily, or answers with whatever row its scan touched last.
 */
final class Grammar {

    private final SplittableRandom r;
    private final Values values;
    private final List<KeyType> types;
    /** PostgreSQL (SIMILAR TO exists, and other spellings); else H2. */
    private final boolean postgres;
    /** MySQL/MariaDB: its comments, operators, string quotes and LIMIT spellings too. */
    private final boolean mysql;
    /** The statement being generated writes its values as literals, not {@code ?}. */
    private boolean inline;

    Grammar(SplittableRandom random, Values values, List<KeyType> types, boolean postgres, boolean mysql) {
        this.r = random;
        this.values = values;
        this.types = types;
        this.postgres = postgres;
        this.mysql = mysql;
    }

    /** How a column is referred to in one FROM: through an alias, the table's name, or unqualified. */
    private record Scope(KeyType type, TableRef ref, boolean mustQualify) {
    }

    Select statement() {
        inline = r.nextInt(100) < 8;
        Select s = r.nextInt(100) < 70 ? lookup() : wild();
        if (r.nextInt(100) < 15) {
            s = mysql && r.nextBoolean()
                    ? s.withComments(pick(MYSQL_LEADS), r.nextBoolean() ? pick(MYSQL_INNERS) : null,
                            r.nextBoolean() ? pick(MYSQL_TRAILS) : null)
                    : s.withComments(pick(LEADS), r.nextBoolean() ? pick(INNERS) : null, r.nextBoolean() ? pick(TRAILS) : null);
        }
        return s;
    }

    /**
     * MySQL's comments: {@code #} to the end of the line, {@code --} followed by a control character,
     * and executable comments {@code /*! ... *}{@code /} (run by the server: {@code /*!50000 DISTINCT *}{@code /}
     * is DISTINCT on any server newer than 5.0; MariaDB also runs {@code /*M! ... *}{@code /}).
     */
    private static final String[] MYSQL_LEADS = {null, "# lead ? 'quote\n", "/*! */ ", "--\tdash ?\n",
        "/*!99999 */ ", "/* it's */ "};
    private static final String[] MYSQL_INNERS = {null, "/*!50000 DISTINCT */", "/*M!100000 DISTINCT */",
        "# in ?\n", "/*! */", "/*!50000 SQL_NO_CACHE */", "STRAIGHT_JOIN", "SQL_CALC_FOUND_ROWS", "HIGH_PRIORITY"};
    private static final String[] MYSQL_TRAILS = {null, " # trailing ? '", " /*! */", " -- x", "#", " /*!50000 LIMIT 0 */"};

    private static final String[] LEADS = {null, "/* lead ? */ ", "-- leading ?, 'quote\n", "/* it's */ ",
        "/* nested /* ? */ comment */ ", "  \n"};
    private static final String[] INNERS = {null, "/* ? */", "/*+ hint */", "-- in ?\n"};
    private static final String[] TRAILS = {null, " -- trailing ? '", " /* end ? */", " ;", "\n"};

    /** Gives every parameter of {@code s} a new value of its role (the text stays unless it has literals). */
    Select rebind(Select s) {
        return (Select) Sql.map(s, n -> {
            if (n instanceof Param p) {
                return new Param(p.role(), p.type(), p.inline() ? inlineValue(p.role(), p.type())
                        : values.binding(p.role(), p.type()), p.cast(), p.castAlternative(), p.inline());
            }
            return n;
        });
    }

    // ------------------------------------------------------------------ eligible-looking lookups

    private Select lookup() {
        KeyType t = pick(types);
        Scope scope = scope(t, false, r.nextInt(10) < 3 ? pick(new String[] {"a", "t1", "x"}) : null);
        List<Cond> conjuncts = new ArrayList<>();
        int keys = r.nextInt(100);
        if (keys < 62) {
            conjuncts.add(kPredicate(scope));
        } else if (keys < 85) {
            conjuncts.add(uPredicate(scope));
        } else {
            // Both guarded keys of one table (issue 22: H2's SELECT *, COUNT(1) ... WHERE ik = ? AND id = ?).
            conjuncts.add(uPredicate(scope));
            conjuncts.add(r.nextBoolean() ? conjuncts.size() : 0, kPredicate(scope));
        }
        int others = r.nextInt(100) < 55 ? 0 : 1 + r.nextInt(2);
        for (int i = 0; i < others; i++) {
            conjuncts.add(r.nextInt(4) == 0 ? conjunctOrNot(scope) : otherConjunct(scope));
        }
        if (conjuncts.size() > 1 && r.nextBoolean()) {
            conjuncts.add(0, conjuncts.remove(conjuncts.size() - 1));
        }
        Cond where = conjuncts.size() == 1 ? conjuncts.get(0) : new And(conjuncts);
        boolean grouped = r.nextInt(100) < 12;
        // Bare columns beside aggregates without GROUP BY: H2 accepts some (a row on empty input whose
        // bare columns come from whatever the scan touched) and refuses others lazily (90016).
        boolean mixed = !grouped && r.nextInt(100) < 7;
        List<Item> items = grouped ? groupedItems(scope) : mixed ? mixedItems(scope) : items(scope, false);
        List<Expr> groupBy = grouped ? List.of(col(scope, "v")) : List.of();
        Cond having = grouped && r.nextInt(3) == 0 ? new Cmp(new Agg("COUNT", null, false), ">", new Lit("0")) : null;
        List<Order> order = mixed ? (r.nextInt(3) == 0 ? mixedOrder(scope) : List.of())
                : r.nextInt(100) < 30 ? order(scope, grouped) : List.of();
        Limit limit = r.nextInt(100) < 25 ? limit() : null;
        boolean distinct = r.nextInt(10) == 0;
        boolean forUpdate = !grouped && !distinct && r.nextInt(100) < 5;
        return new Select(List.of(), distinct, items, new FromTable(scope.ref()), where, groupBy, having, order, limit,
                forUpdate, null, null, null, null);
    }

    private Scope scope(KeyType t, boolean mustQualify, String alias) {
        int s = r.nextInt(100);
        Schema schema = s < 70 ? Schema.NONE : s < 95 ? Schema.MAIN : Schema.ALT;
        boolean quoted = r.nextInt(8) == 0;
        // MySQL: table names are exact (T_INT is another, absent table): rarely, to see the gate agree on the error.
        boolean upper = !quoted && r.nextInt(mysql ? 40 : 8) == 0;
        return new Scope(t, new TableRef(t, schema, quoted, upper, alias), mustQualify);
    }

    private Expr col(Scope scope, String name) {
        boolean quoted = r.nextInt(8) == 0;
        TableRef ref = scope.ref();
        if (ref.alias() != null) {
            return new Col(scope.mustQualify() || r.nextInt(3) > 0 ? ref.alias() : null, null, name, quoted);
        }
        if (scope.mustQualify() || r.nextInt(7) == 0) {
            return new Col(null, new TableRef(ref.type(), ref.schema(), ref.quoted(), ref.upper(), null), name, quoted);
        }
        return new Col(null, null, name, quoted);
    }

    private Param keyParam(KeyType t, boolean forceCast) {
        String cast = forceCast || r.nextInt(100) < 12 ? pick(t.casts()) : null;
        Binding b = inline ? inlineValue(Role.KEY, t) : values.key(t);
        if (cast != null && b.value() instanceof String text && r.nextInt(5) < 2) {
            // A length near the value's: CHAR(n) pads or truncates it, and compares as CHAR then.
            int n = Math.max(1, text.stripTrailing().length() + (r.nextBoolean() ? 0 : r.nextInt(3) - 1));
            cast = (r.nextInt(3) == 0 ? "VARCHAR(" : "CHAR(") + n + ")";
        }
        return new Param(Role.KEY, t, b, cast, r.nextBoolean(), inline);
    }

    /**
     * A lookup of a present text key under a cast to CHAR(n) or VARCHAR(n), n around its length, bound
     * with or without its trailing spaces: CHAR comparison ignores them, VARCHAR's does not, and a
     * cast may truncate. Null for key types without text keys.
     */
    Select castLookup() {
        List<KeyType> text = types.stream().filter(t -> t.keyOf(0) instanceof String).toList();
        if (text.isEmpty()) {
            return null;
        }
        KeyType t = pick(text);
        String key = (String) t.keyOf(r.nextLong(KeyType.PRESENT));
        for (int tries = 0; tries < 10 && !key.endsWith(" "); tries++) {
            key = (String) t.keyOf(r.nextLong(KeyType.PRESENT));
        }
        String value = switch (r.nextInt(3)) {
            case 0 -> key.stripTrailing();
            case 1 -> key;
            default -> key + "  ";
        };
        int n = Math.max(1, key.stripTrailing().length() + r.nextInt(3) - 1);
        String cast = (r.nextInt(3) == 0 ? "VARCHAR(" : "CHAR(") + n + ")";
        return Select.simple(List.of(new Item(null, null)), new FromTable(new TableRef(t, Schema.NONE, false, false,
                null)), new Cmp(new Col(null, null, "k", false), "=", new Param(Role.KEY, t, Binding.setString(value),
                cast, r.nextBoolean(), false)));
    }

    /** {@code SELECT * FROM t WHERE k = ?} for the key of row {@code index}: the plainest answerable lookup. */
    Select simpleLookup(KeyType t, long index) {
        return Select.simple(List.of(new Item(null, null)), new FromTable(new TableRef(t, Schema.NONE, false, false,
                null)), new Cmp(new Col(null, null, "k", false), "=", new Param(Role.KEY, t,
                Binding.natural(t.keyOf(index)), null, false, false)));
    }

    private Binding inlineValue(Role role, KeyType t) {
        return switch (role) {
            case KEY -> Binding.natural(values.keyValue(t));
            case UNIQUE -> Binding.natural(values.uniqueValue(t));
            case V, LIMIT -> Binding.setInt(r.nextInt(role == Role.V ? 9 : 4));
            case S -> Binding.setString("s" + r.nextInt(6));
            case FREE -> Binding.setString("x" + r.nextInt(10));
            case PATTERN -> Binding.setString(pick(Values.PATTERNS));
            case ESCAPE -> Binding.setString(pick(Values.ESCAPES));
            case BOUND -> Binding.setInt(pick(new Integer[] {0, -1, 1, 3}));
        };
    }

    private Param param(Role role, KeyType t) {
        Binding b = inline ? inlineValue(role, t) : values.binding(role, t);
        String cast = null;
        if (r.nextInt(100) < 5) {
            cast = role == Role.S ? pick(new String[] {"VARCHAR(20)", "CHAR(2)", "VARCHAR(3)"})
                    : pick(new String[] {"INT", "BIGINT", "VARCHAR(10)", "DECIMAL(10, 2)"});
        }
        return new Param(role, t, b, cast, r.nextBoolean(), inline);
    }

    /**
     * A key predicate on k, on the second guarded key u, or on both (in either order): what every
     * lookup-looking statement starts from.
     */
    private Cond keyPredicate(Scope scope) {
        int dice = r.nextInt(100);
        if (dice < 65) {
            return kPredicate(scope);
        }
        if (dice < 88) {
            return uPredicate(scope);
        }
        return r.nextBoolean() ? new And(List.of(uPredicate(scope), kPredicate(scope)))
                : new And(List.of(kPredicate(scope), uPredicate(scope)));
    }

    /**
     * A predicate on the nullable UNIQUE key u: {@code u = ?} (either way round, bound with NULL
     * sometimes, maybe under a cast) or {@code u IN (...)}.
     */
    private Cond uPredicate(Scope scope) {
        KeyType t = scope.type();
        Expr u = col(scope, "u");
        int dice = r.nextInt(100);
        if (dice < 55) {
            return new Cmp(u, "=", uParam(t));
        }
        if (dice < 65) {
            return new Cmp(uParam(t), "=", u);
        }
        List<Expr> list = new ArrayList<>();
        for (int i = 0, n = 1 + r.nextInt(4); i < n; i++) {
            list.add(uParam(t));
        }
        return new In(u, list, false);
    }

    private Param uParam(KeyType t) {
        String cast = r.nextInt(100) < 10 ? pick(t.unique().casts()) : null;
        Binding b = inline ? inlineValue(Role.UNIQUE, t) : values.unique(t);
        return new Param(Role.UNIQUE, t, b, cast, r.nextBoolean(), inline);
    }

    private Cond kPredicate(Scope scope) {
        KeyType t = scope.type();
        Expr k = col(scope, "k");
        int dice = r.nextInt(100);
        if (dice < 50) {
            // MySQL's NULL-safe equality: equal to = for a non-NULL key, true for NULL <=> NULL.
            return new Cmp(k, mysql && r.nextInt(6) == 0 ? "<=>" : "=", keyParam(t, false));
        }
        if (dice < 60) {
            return new Cmp(keyParam(t, false), mysql && r.nextInt(6) == 0 ? "<=>" : "=", k);
        }
        if (dice < 82) {
            return new In(k, keyParams(t, 1 + r.nextInt(4), false), false);
        }
        if (dice < 94) {
            return new Cmp(k, "=", keyParam(t, true));
        }
        return new In(k, keyParams(t, 2, true), false);
    }

    private List<Expr> keyParams(KeyType t, int n, boolean cast) {
        List<Expr> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(keyParam(t, cast && r.nextBoolean()));
        }
        return list;
    }

    private Cond otherConjunct(Scope scope) {
        KeyType t = scope.type();
        if (mysql && r.nextInt(8) == 0) {
            return mysqlConjunct(scope);
        }
        int dice = r.nextInt(21);
        if (dice >= 16) {
            return riskyConjunct(scope);
        }
        return switch (dice) {
            case 0, 13, 14 -> new Cmp(col(scope, "v"), "=", param(Role.V, t));
            case 15 -> new Cmp(col(scope, "s"), "=", param(Role.S, t));
            case 1 -> new Cmp(col(scope, "v"), pick(new String[] {">=", "<", "<>"}), param(Role.V, t));
            case 2 -> new Between(col(scope, "v"), param(Role.V, t), new Lit("100"), false);
            case 3 -> new Like(col(scope, "s"), new Lit("'s%'"), r.nextInt(4) == 0);
            case 4 -> new Cmp(col(scope, "s"), "=", param(Role.S, t));
            case 5 -> new In(col(scope, "v"), List.of(param(Role.V, t), param(Role.V, t)), r.nextInt(4) == 0);
            case 6 -> new Cmp(col(scope, "s"), "<>", new Lit("'none'"));
            case 7 -> new Not(new Cmp(col(scope, "v"), "=", param(Role.V, t)));
            case 8 -> new IsNull(col(scope, pick(new String[] {"v", "s", "u"})), r.nextBoolean());
            case 9 -> new Like(col(scope, "s"), param(Role.S, t), false);
            case 10 -> r.nextBoolean() ? new Cmp(col(scope, "k"), "=", keyParam(t, false)) // a second key conjunct
                    : new Cmp(col(scope, "u"), "=", uParam(t));
            case 11 -> new Cmp(new Lit("1"), "=", new Lit("1"));
            default -> new Cmp(col(scope, "v"), "=", new Lit(String.valueOf(r.nextInt(9))));
        };
    }

    /**
     * Conjuncts whose meaning is MySQL's own: {@code 1--1} (2: no comment without a space after the
     * dashes), backslash escapes in strings ({@code 'x\\' AND k = 5 -- '} is one string), strings in
     * double quotes, {@code ||} as OR (unless PIPES_AS_CONCAT), {@code <=>} with NULL. A lexer that
     * read them as standard SQL would see another key predicate than the server does.
     */
    private Cond mysqlConjunct(Scope scope) {
        KeyType t = scope.type();
        return switch (r.nextInt(8)) {
            case 0 -> new Cmp(col(scope, "v"), "<>", new Lit("1--1"));
            case 1 -> new Cmp(col(scope, "s"), "<>", new Lit("'x\\' AND k = 5 -- '"));
            case 2 -> new Cmp(col(scope, "s"), "<>", new Lit("\"it's\""));
            case 3 -> new Cmp(col(scope, "s"), "=", new Lit("'s\\1'")); // '\1' is '1': s1
            case 4 -> new Cmp(col(scope, "v"), "= 3 || k =", keyParam(t, false)); // v = 3 OR k = ?
            case 5 -> new Cmp(col(scope, "u"), "<=>", new Lit("NULL"));
            case 6 -> new Cmp(col(scope, "s"), "<>", new Lit("'a\\\\' /* '"));
            default -> new Cmp(col(scope, "v"), "<=>", param(Role.V, t));
        };
    }

    /**
     * A conjunct the database may refuse on some rows or some values: columns of different types
     * compared with each other (H2 converts per row and may fail: 22018), odd LIKE / ILIKE / SIMILAR
     * TO patterns and ESCAPE clauses (a trailing escape character: 22025), functions that raise on
     * some inputs (division by zero, text cast to a number, SUBSTRING with a negative length).
     * Evaluated beside an absent key, the database may still raise (a NULL key makes H2 scan), and
     * the gate must then not answer.
     */
    private Cond riskyConjunct(Scope scope) {
        return switch (r.nextInt(10)) {
            case 0, 1, 2 -> columnComparison(scope, scope);
            case 3, 4, 5 -> likeConjunct(scope);
            default -> raising(scope);
        };
    }

    private static final String[] COLUMNS = {"k", "v", "s", "u"};
    private static final String[] COMPARISONS = {"=", "<>", "<", ">=", "<=", ">"};

    /** Two columns compared: of one table or ({@code b} another scope) of two joined tables, of any types. */
    private Cond columnComparison(Scope a, Scope b) {
        String x = pick(COLUMNS);
        String y = pick(COLUMNS);
        if (a == b && x.equals(y)) {
            y = x.equals("k") ? pick(new String[] {"v", "s", "u"}) : "k";
        }
        return switch (r.nextInt(6)) {
            case 0, 1, 2 -> r.nextBoolean() ? new Cmp(col(a, x), pick(COMPARISONS), col(b, y))
                    : new Cmp(col(b, y), pick(COMPARISONS), col(a, x));
            case 3 -> new Between(col(a, x), col(b, y), r.nextBoolean() ? col(a, pick(COLUMNS))
                    : param(Role.V, a.type()), r.nextInt(4) == 0);
            case 4 -> new In(col(a, x), List.of(col(b, y), col(b, pick(COLUMNS))), r.nextInt(4) == 0);
            default -> new In(col(a, x), List.of(col(b, y), param(Role.S, a.type())), false);
        };
    }

    /** LIKE, NOT LIKE, ILIKE, SIMILAR TO (PostgreSQL) with odd patterns, as literals or parameters, maybe ESCAPE. */
    private Cond likeConjunct(Scope scope) {
        String op = postgres ? pick(new String[] {"LIKE", "LIKE", "ILIKE", "SIMILAR TO"})
                : mysql ? pick(new String[] {"LIKE", "LIKE", "LIKE BINARY", "RLIKE"})
                : pick(new String[] {"LIKE", "LIKE", "ILIKE"});
        Expr target = col(scope, pick(new String[] {"k", "u", "s", "s", "s", "s"}));
        Expr pattern = plainParam(Role.PATTERN, scope.type(), r.nextInt(3) == 0);
        Expr escape = r.nextInt(5) < 2 ? plainParam(Role.ESCAPE, scope.type(), r.nextBoolean()) : null;
        return new Like(target, op, pattern, escape, r.nextInt(4) == 0);
    }

    /** Functions and operators that raise on some inputs, over columns and parameters. */
    private Cond raising(Scope scope) {
        KeyType t = scope.type();
        return switch (r.nextInt(7)) {
            case 0 -> new Cmp(new Bin(new Lit("10"), "/", col(scope, "v")), "=", new Lit("5")); // v is 0 in some rows
            case 1 -> new Cmp(new Bin(col(scope, "v"), "/", plainParam(Role.BOUND, t, false)), ">", new Lit("0"));
            case 2 -> new Cmp(new Cast(col(scope, "s"), "INT", r.nextBoolean()), "=", param(Role.V, t));
            case 3 -> new Cmp(new Func("SUBSTRING", List.of(col(scope, "s"), plainParam(Role.BOUND, t, false),
                    plainParam(Role.BOUND, t, false))), "=", new Lit("'s'"));
            case 4 -> new Cmp(new Cast(col(scope, r.nextBoolean() ? "k" : "u"), "INT", r.nextBoolean()), "=",
                    param(Role.V, t));
            case 5 -> new Cmp(new Func("MOD", List.of(col(scope, "v"), plainParam(Role.BOUND, t, false))), "=",
                    new Lit("0"));
            default -> new Cmp(new Cast(plainParam(Role.FREE, t, false), "INT", r.nextBoolean()), "=", col(scope, "v"));
        };
    }

    /** A parameter (or, {@code literal} or the statement inline, its literal) without a cast. */
    private Param plainParam(Role role, KeyType t, boolean literal) {
        boolean asLiteral = literal || inline;
        return new Param(role, t, asLiteral ? inlineValue(role, t) : values.binding(role, t), null, false, asLiteral);
    }

    /**
     * A select list of aggregates and bare columns without GROUP BY: {@code *, COUNT(1)}, {@code
     * MIN(s), v}, an expression mixing both, with or without aliases.
     */
    private List<Item> mixedItems(Scope scope) {
        List<Expr> aggregates = List.of(new Agg("COUNT", null, false), new Agg("COUNT", new Lit("1"), false),
                new Agg("MIN", col(scope, "s"), false), new Agg("MAX", col(scope, "k"), false),
                new Agg("SUM", col(scope, "v"), false), new Agg("MIN", col(scope, "k"), false));
        Expr agg = pick(aggregates);
        String alias = r.nextBoolean() ? "agg" : null;
        return switch (r.nextInt(7)) {
            case 0, 1 -> List.of(new Item(null, null), new Item(agg, alias));
            case 2 -> List.of(new Item(agg, alias), new Item(null, null));
            case 3 -> List.of(new Item(agg, alias), new Item(col(scope, pick(COLUMNS)), null));
            case 4 -> List.of(new Item(col(scope, "s"), null), new Item(agg, alias), new Item(col(scope, "k"), "kk"));
            case 5 -> List.of(new Item(new Bin(new Agg("COUNT", null, false), "+", col(scope, "v")), "mix"));
            default -> List.of(new Item(agg, alias), new Item(new Bin(col(scope, "v"), "+", new Lit("1")), "v1"));
        };
    }

    /** ORDER BY for a mixed select list: a bare column, an aggregate, or the aggregate's alias. */
    private List<Order> mixedOrder(Scope scope) {
        return List.of(new Order(switch (r.nextInt(3)) {
            case 0 -> col(scope, pick(COLUMNS));
            case 1 -> new Agg("COUNT", null, false);
            default -> new Lit("1");
        }, r.nextBoolean()));
    }

    /** A conjunct with OR or NOT over columns other than the key. */
    private Cond conjunctOrNot(Scope scope) {
        return r.nextBoolean() ? new Or(List.of(otherConjunct(scope), otherConjunct(scope)))
                : new Not(otherConjunct(scope));
    }

    private List<Item> items(Scope scope, boolean allowAggregates) {
        if (r.nextInt(100) < 35) {
            return List.of(new Item(null, null));
        }
        int n = 1 + r.nextInt(3);
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            items.add(item(scope, allowAggregates));
        }
        return items;
    }

    private Item item(Scope scope, boolean allowAggregates) {
        KeyType t = scope.type();
        int max = allowAggregates ? 17 : 14;
        int dice = r.nextInt(max);
        if (dice == 11 && r.nextBoolean()) {
            dice = 0; // a parameter in the select list makes a lookup ineligible: only sometimes
        }
        return switch (dice) {
            case 0, 1 -> new Item(col(scope, "k"), null);
            case 2 -> new Item(col(scope, "v"), null);
            case 3 -> new Item(col(scope, r.nextInt(3) == 0 ? "u" : "s"), null);
            // MySQL: mostly backticked ("Val" is a string there, which the gate's lexer refuses).
            case 4 -> new Item(col(scope, "v"), mysql && r.nextInt(4) > 0 ? "`Val`" : "\"Val\"");
            case 5 -> new Item(col(scope, "k"), "key_alias");
            case 6 -> new Item(new Func("UPPER", List.of(col(scope, "s"))), null);
            case 7 -> new Item(new Bin(col(scope, "v"), "+", new Lit("1")), "v1");
            case 8 -> new Item(new Bin(col(scope, "s"), "||", new Lit("'x'")), null);
            case 9 -> new Item(new Func("COALESCE", List.of(col(scope, "s"), new Lit("'none'"))), "s_or_none");
            case 10 -> new Item(new Cast(col(scope, "k"), "VARCHAR(60)", r.nextBoolean()), "k_text");
            case 11 -> new Item(param(Role.FREE, t), "p");
            case 12 -> new Item(new Lit(pick(new String[] {"1", "'const'", "NULL", "TRUE", "2.50"})), null);
            case 13 -> new Item(new Func("LENGTH", List.of(col(scope, "s"))), null);
            case 14 -> new Item(new Agg("COUNT", null, false), null);
            case 15 -> new Item(new Agg("MAX", col(scope, "v"), false), null);
            default -> new Item(new Agg("COUNT", col(scope, "s"), true), "n");
        };
    }

    private List<Item> groupedItems(Scope scope) {
        List<Item> items = new ArrayList<>();
        if (r.nextInt(4) > 0) {
            items.add(new Item(col(scope, "v"), null));
        }
        items.add(new Item(pick(List.<Expr>of(new Agg("COUNT", null, false), new Agg("MAX", col(scope, "k"), false),
                new Agg("MIN", col(scope, "s"), false), new Agg("SUM", col(scope, "v"), false),
                new Agg("COUNT", col(scope, "s"), true))), r.nextBoolean() ? null : "agg"));
        return items;
    }

    private List<Order> order(Scope scope, boolean grouped) {
        if (grouped) {
            return List.of(new Order(col(scope, "v"), r.nextBoolean()));
        }
        return switch (r.nextInt(5)) {
            case 0, 1 -> List.of(new Order(col(scope, "k"), r.nextBoolean()));
            case 2 -> List.of(new Order(col(scope, "v"), true), new Order(col(scope, "k"), false));
            case 3 -> List.of(new Order(col(scope, "s"), false));
            default -> List.of(new Order(new Lit("1"), false));
        };
    }

    private Limit limit() {
        Expr count = r.nextBoolean() ? new Lit(String.valueOf(r.nextInt(4))) : param(Role.LIMIT, null);
        Expr offset = r.nextInt(3) == 0 ? (r.nextBoolean() ? new Lit("0") : param(Role.LIMIT, null)) : null;
        if (mysql && r.nextInt(3) == 0) {
            return new Limit(LimitStyle.COMMA, count, offset); // LIMIT ?, ?
        }
        return switch (r.nextInt(5)) {
            case 0, 1 -> new Limit(LimitStyle.LIMIT, count, offset);
            case 2, 3 -> new Limit(LimitStyle.FETCH, count, offset);
            default -> new Limit(LimitStyle.OFFSET, null, offset != null ? offset : new Lit("0"));
        };
    }

    // ------------------------------------------------------------------ everything else

    private Select wild() {
        KeyType t = pick(types);
        Scope scope = scope(t, false, r.nextInt(10) < 3 ? "a" : null);
        Expr k = col(scope, "k");
        FromTable from = new FromTable(scope.ref());
        switch (r.nextInt(16)) {
            case 0: // OR over the key, or the key with something else
                return Select.simple(items(scope, false), from, new Or(List.of(new Cmp(k, "=", keyParam(t, false)),
                        r.nextBoolean() ? new Cmp(col(scope, "k"), "=", keyParam(t, false)) : otherConjunct(scope))));
            case 1: // NOT, <>, ranges on the key
                return Select.simple(items(scope, false), from, pick(List.<Cond>of(
                        new Not(new Cmp(k, "=", keyParam(t, false))), new Cmp(k, "<>", keyParam(t, false)),
                        new Between(k, keyParam(t, false), keyParam(t, false), false),
                        new Cmp(k, pick(new String[] {"<", ">=", "<="}), keyParam(t, false)),
                        new In(k, keyParams(t, 2, false), true))));
            case 2: // a function or cast on the key
                return Select.simple(items(scope, false), from, new Cmp(keyFunction(scope, k), "=", keyParam(t, false)));
            case 3: { // IN (subquery), either way round
                Scope inner = scope(pick(types), false, null);
                Select sub = Select.simple(List.of(new Item(col(inner, r.nextBoolean() ? "v" : "k"), null)),
                        new FromTable(inner.ref()), new Cmp(col(inner, "k"), "=", keyParam(inner.type(), false)));
                Expr left = col(scope, sub.items().get(0).expr() instanceof Col c && c.name().equals("k")
                        && inner.type() == t ? "k" : "v");
                return Select.simple(items(scope, false), from, r.nextBoolean() ? new InSub(left, sub, false)
                        : new And(List.of(new Cmp(col(scope, "k"), "=", keyParam(t, false)), new InSub(left, sub,
                                r.nextBoolean()))));
            }
            case 4: { // EXISTS, with or without FROM
                Select sub = Select.simple(List.of(new Item(new Lit("1"), null)), from, new Cmp(k, "=",
                        keyParam(t, false)));
                if (r.nextBoolean()) {
                    return Select.simple(List.of(new Item(new Sub(sub), "e")), null, null);
                }
                Scope outer = scope(pick(types), false, null);
                return Select.simple(items(outer, false), new FromTable(outer.ref()), new And(List.of(
                        new Exists(sub, r.nextInt(3) == 0), new Cmp(col(outer, "v"), "=", param(Role.V, t)))));
            }
            case 5: { // a scalar subquery in the select list
                Select sub = Select.simple(List.of(new Item(col(scope, "s"), null)), from, new Cmp(k, "=",
                        keyParam(t, false)));
                return Select.simple(List.of(new Item(new Sub(sub), "s"), new Item(new Lit("1"), "one")), null, null);
            }
            case 6: { // FROM (subquery)
                Select sub = lookupBody(t, scope);
                return Select.simple(List.of(new Item(null, null)), new FromSub(sub, "sub"), r.nextBoolean() ? null
                        : new IsNull(new Col("sub", null, "v", false), true));
            }
            case 7: { // a CTE
                Select body = lookupBody(t, scope);
                return new Select(List.of(new Cte("hit", body)), false, List.of(new Item(null, null)),
                        new FromCte("hit", r.nextBoolean() ? "h" : null), null, List.of(), null, List.of(), null, false,
                        null, null, null, null);
            }
            case 8: { // a set operation of two lookups
                Select left = lookupBody(t, scope(t, false, null));
                Select right = lookupBody(t, scope(t, false, null));
                String op = pick(new String[] {"UNION", "UNION ALL", "INTERSECT", "EXCEPT"});
                List<Item> one = List.of(new Item(new Col(null, null, "k", false), null));
                left = new Select(List.of(), false, one, left.from(), left.where(), List.of(), null, List.of(), null,
                        false, null, null, null, null);
                right = new Select(List.of(), false, one, right.from(), right.where(), List.of(), null, List.of(), null,
                        false, null, null, null, null);
                return new Select(List.of(), false, one, left.from(), left.where(), List.of(), null, List.of(), null,
                        false, new SetOp(op, right), null, null, null);
            }
            case 9: { // a join: with itself or with another key type's table, on v
                Scope a = scope(t, true, "a");
                KeyType other = r.nextBoolean() ? t : pick(types);
                Scope b = scope(other, true, "b");
                String kind = pick(new String[] {"JOIN", "LEFT JOIN", "INNER JOIN"});
                Cond key = new Cmp(col(a, "k"), "=", keyParam(t, false));
                // Columns of the two tables compared, any pair of types (keys of two key types too).
                Cond where = r.nextBoolean() ? key : new And(r.nextBoolean() ? List.of(key, columnComparison(a, b))
                        : List.of(columnComparison(a, b), key));
                return Select.simple(List.of(new Item(col(a, "k"), "ak"), new Item(col(b, "v"), "bv")),
                        new FromJoin(a.ref(), kind, b.ref(), new Cmp(col(a, "v"), "=", col(b, "v"))),
                        where).withOrder(
                        List.of(new Order(col(b, "k"), false)), new Limit(LimitStyle.LIMIT, new Lit("3"), null));
            }
            case 10: { // aggregates without GROUP BY (a row even when nothing matches)
                List<Expr> aggregates = List.of(new Agg("COUNT", null, false), new Agg("MAX", col(scope, "v"), false),
                        new Agg("MIN", col(scope, "k"), false), new Agg("COUNT", col(scope, "s"), true),
                        new Agg("SUM", col(scope, "v"), false));
                List<Item> items = new ArrayList<>(List.of(new Item(pick(aggregates), "agg")));
                if (r.nextBoolean()) {
                    items.add(new Item(pick(aggregates), null));
                }
                return Select.simple(items, from, new Cmp(k, "=", keyParam(t, false)));
            }
            case 11: // HAVING without GROUP BY
                return new Select(List.of(), false, List.of(new Item(new Lit("1"), "one")), from, new Cmp(k, "=",
                        keyParam(t, false)), List.of(), new Cmp(new Agg("COUNT", null, false), ">=", new Lit("0")),
                        List.of(), null, false, null, null, null, null);
            case 12: // IS NULL on the key, or a NULL comparison
                return Select.simple(items(scope, false), from, r.nextBoolean() ? new IsNull(k, r.nextBoolean())
                        : new Cmp(k, "=", new Lit("NULL")));
            case 13: // LIKE on the key
                return Select.simple(items(scope, false), from, new Like(k, keyParam(t, false), false));
            case 14: { // a wide random condition tree with a key predicate somewhere
                return Select.simple(items(scope, false), from, tree(scope, 3));
            }
            default: { // an eligible-looking lookup whose other conjunct holds a subquery or an expression
                Cond extra = r.nextBoolean() ? new Cmp(new Bin(col(scope, "v"), "+", param(Role.V, t)), "=",
                        new Lit("3")) : new Cmp(col(scope, "v"), "=", new Sub(Select.simple(
                        List.of(new Item(new Agg("MAX", new Col(null, null, "v", false), false), null)),
                        new FromTable(new TableRef(t, Schema.NONE, false, false, null)), null)));
                return Select.simple(items(scope, false), from, new And(List.of(keyPredicate(scope), extra)));
            }
        }
    }

    /** The key under a function or cast, chosen to fit its type. */
    private Expr keyFunction(Scope scope, Expr k) {
        Object sample = scope.type().keyOf(0);
        List<Expr> choices = new ArrayList<>();
        choices.add(new Cast(k, pick(scope.type().casts()), r.nextBoolean()));
        choices.add(new Func("COALESCE", List.of(k, keyParam(scope.type(), false))));
        if (sample instanceof String) {
            choices.add(new Func(pick(new String[] {"UPPER", "LOWER", "TRIM"}), List.of(k)));
            choices.add(new Bin(k, "||", new Lit("''")));
        } else if (sample instanceof Number && !(sample instanceof BigDecimal)) {
            choices.add(new Bin(k, "+", new Lit("0")));
            choices.add(new Func("ABS", List.of(k)));
        } else if (sample instanceof BigDecimal) {
            choices.add(new Bin(k, "*", new Lit("1")));
        } else if (sample instanceof UUID) {
            choices.add(new Cast(k, "VARCHAR(36)", false));
        }
        return pick(choices);
    }

    /** A plain lookup body for subqueries, CTEs and set operations. */
    private Select lookupBody(KeyType t, Scope scope) {
        List<Cond> c = new ArrayList<>();
        c.add(keyPredicate(scope));
        if (r.nextBoolean()) {
            c.add(otherConjunct(scope));
        }
        return Select.simple(items(scope, false), new FromTable(scope.ref()), c.size() == 1 ? c.get(0) : new And(c));
    }

    /** A random AND/OR/NOT tree of depth at most {@code depth} with atoms over all three columns. */
    private Cond tree(Scope scope, int depth) {
        if (depth == 0 || r.nextInt(3) == 0) {
            return r.nextInt(3) == 0 ? keyPredicate(scope) : otherConjunct(scope);
        }
        return switch (r.nextInt(4)) {
            case 0 -> new Not(tree(scope, depth - 1));
            case 1 -> new Or(List.of(tree(scope, depth - 1), tree(scope, depth - 1)));
            default -> new And(List.of(keyPredicate(scope), tree(scope, depth - 1)));
        };
    }

    private <T> T pick(T[] array) {
        return array[r.nextInt(array.length)];
    }

    private <T> T pick(List<T> list) {
        return list.get(r.nextInt(list.size()));
    }
}
