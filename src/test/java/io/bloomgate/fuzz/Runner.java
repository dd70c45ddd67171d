package io.bloomgate.fuzz;

import io.bloomgate.fuzz.Sql.Col;
import io.bloomgate.fuzz.Sql.FromTable;
import io.bloomgate.fuzz.Sql.Order;
import io.bloomgate.fuzz.Sql.Select;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/** Runs steps on an environment's two sessions and compares what they showed. */
final class Runner {

    /** A difference between the gate and the database on one step. */
    record Mismatch(String aspect, String database, String gate, boolean answered, String sql, boolean probe) {

        /** The sessions may differ from now on (an error in one only, other rows: other snapshots). */
        boolean diverges() {
            return !probe;
        }

        @Override
        public String toString() {
            return aspect + ": database " + database + ", gate " + gate
                    + (answered ? " (the gate answered from its filter)" : "");
        }
    }

    final Env env;
    private final Set<String> warmed = new HashSet<>();
    /** Queries run, and how many of them the gate answered without the database. */
    long queries;
    long answered;

    Runner(Env env) {
        this.env = env;
    }

    /** Runs {@code step}; the difference it showed, or null. */
    Mismatch run(Step step) throws SQLException {
        if (step instanceof Step.Query q) {
            return query(q);
        }
        if (step instanceof Step.Session s) {
            String sql = env.sql(s.sql());
            Observation d = session(env.directSession, sql);
            env.target.sessionMayHaveMoved(env.directSession);
            Observation g = session(env.gatedSession, sql);
            return compare(d, g, false, sql);
        }
        if (step instanceof Step.Write w) {
            env.write(w);
            return null;
        }
        if (step instanceof Step.Ddl d) {
            env.ddl(d);
            return null;
        }
        if (step instanceof Step.Rebuild) {
            env.rebuild();
            return null;
        }
        if (step instanceof Step.Reconnect) {
            env.reconnect();
            return null;
        }
        String d = call(env.directSession, step);
        env.target.sessionMayHaveMoved(env.directSession);
        String g = call(env.gatedSession, step);
        return d.equals(g) ? null : new Mismatch(step.java(), d, g, false, step.java(), false);
    }

    /** A row-locking clause: FOR UPDATE, FOR NO KEY UPDATE, FOR SHARE, FOR KEY SHARE, MySQL's LOCK IN SHARE MODE. */
    private static final Pattern LOCKING = Pattern.compile("\\bFOR\\s+(NO\\s+KEY\\s+UPDATE|UPDATE|SHARE|KEY\\s+SHARE)\\b"
            + "|\\bLOCK\\s+IN\\s+SHARE\\s+MODE\\b",
            Pattern.CASE_INSENSITIVE);

    private Mismatch query(Step.Query q) throws SQLException {
        Sql.Rendered r = q.render(env.target);
        String sql = env.sql(r.sql());
        if (LOCKING.matcher(sql).find() && env.target.mayBeInTransaction(env.directSession)) {
            // The compared sessions share their tables: in a transaction, the direct session (which runs
            // first) would hold the rows it locks, and the gated one would wait for them and time out
            // (55P03), or the other way round on the next locking step: a difference the direct session
            // alone would never see. The generator keeps locking reads out of transactions, but its view
            // of the session can be wrong (commit() refused under autocommit leaves BEGIN's block open)
            // and shrinking drops the steps that ended a transaction. Neither session runs it. Only the
            // direct session is asked: the steps give both the same transaction state, so a gated
            // session in a transaction of its own is the gate's doing, and its locks must show.
            return null;
        }
        boolean ordered = q.select() != null && ordered(q.select());
        if (q.warm() && warmed.add(sql)) {
            observe(env.side, sql, r.bindings(), q.exec(), ordered); // errors and all: only the text matters
        }
        Observation d = observe(env.directSession, sql, r.bindings(), q.exec(), ordered);
        long before = env.avoided();
        Observation g = observe(env.gatedSession, sql, r.bindings(), q.exec(), ordered);
        boolean answered = env.avoided() > before;
        queries++;
        if (answered) {
            this.answered++;
        }
        Mismatch m = compare(d, g, answered, sql);
        if (m != null && m.aspect().equals("rows") && !ordered && cuts(q, sql)) {
            return compareCut(q, r, sql, d, g, answered, m);
        }
        return m;
    }

    /**
     * Whether the statement keeps only some of its rows (LIMIT, OFFSET, FETCH FIRST, or {@code
     * setMaxRows}); with an order it leaves open, which of them is the server's choice.
     */
    static boolean cuts(Step.Query q, String sql) {
        if (q.exec().maxRows() > 0) {
            return true;
        }
        return q.select() != null ? q.select().limit() != null : textCut(sql) != null;
    }

    /** The statement without its cut: text, bindings, and how to run it. */
    record Uncut(String sql, List<Binding> bindings, Step.Exec exec) {
    }

    /** A query's value: a parameter (maybe cast, in any database's spelling) or a whole number. */
    private static final String VALUE = "(?:\\?|\\d+|CAST\\(\\?\\s+AS\\s+\\w+(?:\\(\\d+(?:,\\s*\\d+)?\\))?\\)"
            + "|CONVERT\\(\\?,\\s*\\w+(?:\\(\\d+(?:,\\s*\\d+)?\\))?\\)|\\?::\\w+(?:\\(\\d+(?:,\\s*\\d+)?\\))?)";

    /**
     * The cut at the end of a statement's text, as {@link Sql.Limit} writes it (a replayed case has
     * no tree): followed only by a locking clause, comments, a semicolon. A cut anywhere else (in a
     * subquery) is not matched: such a statement is compared strictly.
     */
    private static final Pattern TEXT_CUT = Pattern.compile("\\s+(?:LIMIT\\s+" + VALUE + "(?:\\s*,\\s*" + VALUE
            + ")?(?:\\s+OFFSET\\s+" + VALUE + ")?|(?:OFFSET\\s+" + VALUE + "\\s+ROWS\\s+)?FETCH\\s+FIRST\\s+" + VALUE
            + "\\s+ROWS\\s+ONLY|OFFSET\\s+" + VALUE + "\\s+ROWS)(?=(?:\\s+FOR\\s+UPDATE|\\s+LOCK\\s+IN\\s+SHARE\\s+MODE)?"
            + "(?:\\s*(?:--[^\\n]*|#[^\\n]*|/\\*[^*]*\\*/|;))*\\s*$)", Pattern.CASE_INSENSITIVE);

    /** Where {@link #TEXT_CUT} is in {@code sql}, or null. */
    static java.util.regex.MatchResult textCut(String sql) {
        java.util.regex.Matcher m = TEXT_CUT.matcher(sql);
        return m.find() ? m.toMatchResult() : null;
    }

    /** {@code q} without its cut (no LIMIT/OFFSET/FETCH, no maxRows), or null if the text's cut is not found. */
    static Uncut uncut(Step.Query q, Sql.Rendered r, String sql, Env env) {
        Step.Exec exec = new Step.Exec(q.exec().prepared(), false, 0, 0);
        if (q.select() == null) {
            return uncutText(sql, r.bindings(), exec, q.exec().maxRows() > 0);
        }
        if (q.select().limit() == null) {
            return new Uncut(sql, r.bindings(), exec); // setMaxRows alone
        }
        Sql.Rendered u = Sql.render(q.select().withOrder(q.select().orderBy(), null), env.target);
        return new Uncut(env.sql(u.sql()), u.bindings(), exec);
    }

    /**
     * {@code sql} without the cut at its end ({@link #TEXT_CUT}); if it has none, itself when {@code
     * maxRows} cut it, else null.
     */
    static Uncut uncutText(String sql, List<Binding> bindings, Step.Exec exec, boolean maxRows) {
        java.util.regex.MatchResult cut = textCut(sql);
        if (cut == null) {
            return maxRows ? new Uncut(sql, bindings, exec) : null;
        }
        // Nothing after the cut binds a parameter (a ? in a trailing comment is none): its ?s are the last bindings.
        int parameters = (int) cut.group().chars().filter(c -> c == '?').count();
        return new Uncut(sql.substring(0, cut.start()) + sql.substring(cut.end()),
                List.copyOf(bindings.subList(0, bindings.size() - parameters)), exec);
    }

    /**
     * Compares the rows of a statement that cuts its rows in an order it leaves open (MariaDB seed
     * 51: {@code ... JOIN ... ORDER BY b.k LIMIT 3}, the join's rows tied on b.k): which of the tied
     * rows the database keeps may differ from one execution to the next, so the direct session's
     * rows are not the only right answer. The gate's are right when there are as many, each (as a
     * multiset) is a row of the statement without its cut on the direct session, and that uncut
     * statement shows the same rows through the gate as directly (so a session that sees other rows
     * is still caught when the cut happens to hide them). Then everything but the rows is compared
     * as usual. Both sessions run the uncut statement, so they stay alike.
     */
    private Mismatch compareCut(Step.Query q, Sql.Rendered r, String sql, Observation d, Observation g,
            boolean answered, Mismatch strict) {
        if (d.rows.size() != g.rows.size()) {
            return strict;
        }
        Uncut u = uncut(q, r, sql, env);
        if (u == null) {
            return strict;
        }
        List<String> all = allRows(env.directSession, u);
        if (all == null) {
            return strict;
        }
        List<String> allGated = allRows(env.gatedSession, u);
        if (!all.equals(allGated)) {
            return new Mismatch("rows", "without its cut " + shown(all), "without its cut "
                    + (allGated == null ? "an error or too many rows" : shown(allGated)), answered, sql, false);
        }
        if (!within(d.rows, all) || !within(g.rows, all)) {
            return strict;
        }
        String aspect = d.differenceFrom(g, true);
        return aspect == null ? null : new Mismatch(aspect, d.show(aspect), g.show(aspect), answered, sql,
                d.isProbes(aspect));
    }

    private static String shown(List<String> rows) {
        return rows.size() + " rows " + Observation.abbreviate(rows.toString());
    }

    /** Whether every row of {@code rows} is in {@code all}, counted with repetitions. */
    static boolean within(List<String> rows, List<String> all) {
        java.util.Map<String, Integer> left = new java.util.HashMap<>();
        for (String row : all) {
            left.merge(row, 1, Integer::sum);
        }
        for (String row : rows) {
            Integer n = left.get(row);
            if (n == null || n == 0) {
                return false;
            }
            left.put(row, n - 1);
        }
        return true;
    }

    /** At most this many rows of an uncut statement are read; more: not compared (null). */
    private static final int MAX_UNCUT_ROWS = 20_000;

    /** Every row {@code u} returns on {@code c}, sorted; null on an error or past {@link #MAX_UNCUT_ROWS}. */
    static List<String> allRows(Connection c, Uncut u) {
        try (PreparedStatement ps = u.exec().prepared() || !u.bindings().isEmpty() ? c.prepareStatement(u.sql()) : null;
                Statement st = ps != null ? null : c.createStatement()) {
            if (ps != null) {
                for (int i = 0; i < u.bindings().size(); i++) {
                    u.bindings().get(i).apply(ps, i + 1);
                }
            }
            try (ResultSet rs = ps != null ? ps.executeQuery() : st.executeQuery(u.sql())) {
                int n = rs.getMetaData().getColumnCount();
                List<String> rows = new java.util.ArrayList<>();
                while (rs.next()) {
                    if (rows.size() == MAX_UNCUT_ROWS) {
                        return null;
                    }
                    rows.add(Observation.row(rs, n));
                }
                rows.sort(java.util.Comparator.naturalOrder());
                return rows;
            }
        } catch (SQLException e) {
            return null;
        }
    }

    private static Mismatch compare(Observation d, Observation g, boolean answered, String sql) {
        String aspect = d.differenceFrom(g);
        return aspect == null ? null : new Mismatch(aspect, d.show(aspect), g.show(aspect), answered, sql,
                d.isProbes(aspect));
    }

    /** Rows come in a defined order: ORDER BY the key of the only table, nothing that merges rows. */
    static boolean ordered(Select s) {
        if (!(s.from() instanceof FromTable) || s.setOp() != null || !s.groupBy().isEmpty() || s.orderBy().isEmpty()) {
            return false;
        }
        for (Order o : s.orderBy()) {
            if (o.expr() instanceof Col c && c.name().equals("k")) {
                return true;
            }
        }
        return false;
    }

    static Observation observe(Connection c, String sql, List<Binding> bindings, Step.Exec exec, boolean ordered) {
        Observation o = new Observation();
        Statement st = null;
        try {
            PreparedStatement ps = null;
            if (exec.prepared() || !bindings.isEmpty()) {
                ps = c.prepareStatement(sql);
                for (int i = 0; i < bindings.size(); i++) {
                    bindings.get(i).apply(ps, i + 1);
                }
                st = ps;
            } else {
                st = c.createStatement();
            }
            if (exec.maxRows() > 0) {
                st.setMaxRows(exec.maxRows());
            }
            if (exec.fetchSize() > 0) {
                st.setFetchSize(exec.fetchSize());
            }
            ResultSet rs;
            if (exec.execute()) {
                boolean result = ps != null ? ps.execute() : st.execute(sql);
                o.executeReturned = result;
                rs = result ? st.getResultSet() : null;
                if (!result) {
                    o.updateCount = st.getUpdateCount();
                }
            } else {
                rs = ps != null ? ps.executeQuery() : st.executeQuery(sql);
            }
            if (rs != null) {
                o.read(rs, st, ordered);
            }
            if (exec.execute()) {
                o.readStatementAfter(st);
            }
        } catch (SQLException e) {
            o.error = Observation.error(e);
        } finally {
            if (st != null) {
                try {
                    st.close();
                } catch (SQLException e) {
                    // the observation is complete
                }
            }
        }
        return o;
    }

    private static Observation session(Connection c, String sql) {
        Observation o = new Observation();
        try (Statement st = c.createStatement()) {
            if (st.execute(sql)) {
                o.read(st.getResultSet(), st, true);
            } else {
                o.updateCount = st.getUpdateCount();
            }
        } catch (SQLException e) {
            o.error = Observation.error(e);
        }
        return o;
    }

    private String call(Connection c, Step step) {
        try {
            if (step instanceof Step.AutoCommit a) {
                c.setAutoCommit(a.on());
            } else if (step instanceof Step.Isolation i) {
                c.setTransactionIsolation(i.level());
            } else if (step instanceof Step.Commit) {
                c.commit();
            } else if (step instanceof Step.Rollback) {
                c.rollback();
            } else if (step instanceof Step.SetSchema s) {
                c.setSchema(env.sql(s.schema()));
            } else {
                throw new IllegalArgumentException(step.toString());
            }
            return "ok";
        } catch (SQLException e) {
            return "error " + Observation.error(e);
        }
    }
}
