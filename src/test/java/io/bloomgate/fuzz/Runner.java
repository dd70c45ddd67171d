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
        return compare(d, g, answered, sql);
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
