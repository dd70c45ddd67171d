package io.bloomgate.fuzz;

import java.sql.Connection;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One thing a fuzz session does. Queries and session statements run on both sessions — through the
 * gate and directly — and their outcomes are compared; writes run once, on a third connection; the
 * rest change both sessions' state the same way. SQL text may hold the placeholders {@code {main}}
 * and {@code {alt}} for the environment's schemas.
 */
public sealed interface Step {

    /** This step as a call on {@link Replay}, for printed cases. */
    String java();

    /**
     * How a query is executed.
     *
     * @param prepared  a {@code PreparedStatement} even without parameters (with them: always)
     * @param execute   {@code execute()} rather than {@code executeQuery()}
     * @param maxRows   {@code setMaxRows}, 0: not called
     * @param fetchSize {@code setFetchSize}, 0: not called
     */
    record Exec(boolean prepared, boolean execute, int maxRows, int fetchSize) {
        public static final Exec DEFAULT = new Exec(true, false, 0, 0);

        String java() {
            return "new Step.Exec(" + prepared + ", " + execute + ", " + maxRows + ", " + fetchSize + ")";
        }
    }

    /**
     * A SELECT, as a tree (generated) or as text and bindings (replayed from a printed case).
     *
     * @param warm run it once through another gate connection first, so that the gate may answer
     *             it (the gate answers a SQL text only after one real execution)
     */
    record Query(Sql.Select select, String sql, List<Binding> bindings, Exec exec, boolean warm) implements Step {

        static Query of(Sql.Select select, Exec exec, boolean warm) {
            return new Query(select, null, null, exec, warm);
        }

        Sql.Rendered render(SqlStyle style) {
            return select != null ? Sql.render(select, style) : new Sql.Rendered(sql, bindings);
        }

        Query with(Sql.Select s) {
            return new Query(s, null, null, exec, warm);
        }

        @Override
        public String java() {
            throw new UnsupportedOperationException("rendered by CasePrinter, which knows the database");
        }

        String java(SqlStyle style) {
            Sql.Rendered r = render(style);
            StringBuilder sb = new StringBuilder(warm ? ".query(" : ".firstQuery(");
            // With parameters a statement is always prepared: then prepared=false is the default too.
            boolean asDefault = exec.equals(Exec.DEFAULT) || !r.bindings().isEmpty()
                    && new Exec(true, exec.execute(), exec.maxRows(), exec.fetchSize()).equals(Exec.DEFAULT);
            if (!asDefault) {
                sb.append(exec.java()).append(", ");
            }
            sb.append(Binding.javaString(r.sql()));
            for (Binding b : r.bindings()) {
                sb.append(", ").append(b.java());
            }
            return sb.append(')').toString();
        }
    }

    /** SQL text run with {@code Statement.execute} on both sessions: SET, BEGIN, COMMIT, set_config ... */
    record Session(String sql) implements Step {
        @Override
        public String java() {
            return ".sql(" + Binding.javaString(sql) + ")";
        }
    }

    record AutoCommit(boolean on) implements Step {
        @Override
        public String java() {
            return ".autoCommit(" + on + ")";
        }
    }

    record Isolation(int level) implements Step {
        @Override
        public String java() {
            return ".isolation(Connection." + switch (level) {
                case Connection.TRANSACTION_READ_UNCOMMITTED -> "TRANSACTION_READ_UNCOMMITTED";
                case Connection.TRANSACTION_READ_COMMITTED -> "TRANSACTION_READ_COMMITTED";
                case Connection.TRANSACTION_REPEATABLE_READ -> "TRANSACTION_REPEATABLE_READ";
                default -> "TRANSACTION_SERIALIZABLE";
            } + ")";
        }
    }

    record Commit() implements Step {
        @Override
        public String java() {
            return ".commit()";
        }
    }

    record Rollback() implements Step {
        @Override
        public String java() {
            return ".rollback()";
        }
    }

    /** {@code Connection.setSchema} on both sessions. */
    record SetSchema(String schema) implements Step {
        @Override
        public String java() {
            return ".setSchema(" + Binding.javaString(schema) + ")";
        }
    }

    /** Both sessions closed and opened again (after a mismatch, so that they start equal). */
    record Reconnect() implements Step {
        @Override
        public String java() {
            return ".reconnect()";
        }
    }

    /**
     * {@code BloomGate.rebuild()}, on another thread: every guard scanned into a new filter, which
     * drops the keys of deleted rows once no transaction that could still see them is open. The
     * step waits for it a little (H2's rebuild waits for the transactions open before it, a compared
     * session's among them) and goes on; the rebuild ends in the background.
     */
    record Rebuild() implements Step {
        @Override
        public String java() {
            return ".rebuild()";
        }
    }

    /** DDL on a guarded table, run through the gate as the tables' owner (see {@link Ddl}). */
    enum DdlKind {
        /** DROP TABLE, CREATE TABLE (PostgreSQL: its triggers installed again), rows [0, PRESENT) inserted through the gate */
        RECREATE,
        /** as RECREATE, filled by INSERT ... SELECT from the other schema's table: keys the gate cannot see bound */
        RECREATE_FROM_ALT,
        /** as RECREATE, but on PostgreSQL without installing the triggers again (writes around the gate go unlogged) */
        RECREATE_BARE,
        /** ALTER TABLE ... RENAME TO another name (its lookups then fail) */
        RENAME_AWAY,
        /** ALTER TABLE ... RENAME TO the name again */
        RENAME_BACK,
        /** TRUNCATE TABLE */
        TRUNCATE,
        /** ALTER the key column to another type ({@code arg}): wider, narrower, CHAR for VARCHAR, text for UUID ... */
        ALTER_KEY
    }

    /**
     * DDL on the guarded table of key type {@code type}, run once (not compared), through a
     * connection of the gate as the tables' owner, committed at once. An error (the table renamed
     * away, data that does not fit a new type) is part of the step: a replay fails the same way.
     *
     * @param arg ALTER_KEY: the key column's new type; otherwise null
     */
    record Ddl(DdlKind kind, String type, String arg) implements Step {
        @Override
        public String java() {
            return ".ddl(Step.DdlKind." + kind.name() + ", " + Binding.javaString(type) + ", "
                    + (arg == null ? "null" : Binding.javaString(arg)) + ")";
        }
    }

    /** What a write does to the row of key {@code index}. */
    enum WriteKind { INSERT, UPDATE, DELETE }

    /**
     * A write by a third connection, committed at once: through the gate, or around it (on
     * PostgreSQL the step then waits for the change feed, as the gate's staleness bound allows).
     */
    record Write(WriteKind kind, String type, long index, boolean viaGate) implements Step {
        @Override
        public String java() {
            return "." + kind.name().toLowerCase(java.util.Locale.ROOT) + "(" + Binding.javaString(type) + ", " + index
                    + "L, " + viaGate + ")";
        }
    }

    static String describe(List<Step> steps, SqlStyle style) {
        return steps.stream().map(s -> s instanceof Query q ? q.java(style) : s.java())
                .collect(Collectors.joining("\n"));
    }
}
