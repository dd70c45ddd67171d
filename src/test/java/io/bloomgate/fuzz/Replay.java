package io.bloomgate.fuzz;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A fixed sequence of steps on a fresh environment: how the fuzzer re-runs a failing case while
 * shrinking it, and what its printed cases call, so that a case pasted into a test replays as found.
 *
 * <pre>{@code
 * Replay.on(Target.h2(), "VARCHAR")
 *         .autoCommit(false)
 *         .query("SELECT * FROM t_varchar WHERE k = ?", Binding.setString("Key-603"))
 *         .assertAgrees();
 * }</pre>
 */
public final class Replay {

    /** Where the first mismatch occurred (index into the steps), or -1 with null. */
    record Outcome(int index, Runner.Mismatch mismatch) {
    }

    private final Target target;
    private final List<KeyType> types;
    private final List<Step> steps = new ArrayList<>();

    private Replay(Target target, List<KeyType> types) {
        this.target = target;
        this.types = types;
    }

    /** A replay on {@code target} with the tables of the named key types. */
    public static Replay on(Target target, String... keyTypes) {
        List<KeyType> types = new ArrayList<>();
        for (String name : keyTypes) {
            types.add(target.keyType(name));
        }
        return new Replay(target, types);
    }

    public Replay query(String sql, Binding... bindings) {
        return add(new Step.Query(null, sql, Arrays.asList(bindings), Step.Exec.DEFAULT, true));
    }

    public Replay query(Step.Exec exec, String sql, Binding... bindings) {
        return add(new Step.Query(null, sql, Arrays.asList(bindings), exec, true));
    }

    /** A query the gate has not seen run before (no warm-up): its first execution goes to the database. */
    public Replay firstQuery(String sql, Binding... bindings) {
        return add(new Step.Query(null, sql, Arrays.asList(bindings), Step.Exec.DEFAULT, false));
    }

    public Replay firstQuery(Step.Exec exec, String sql, Binding... bindings) {
        return add(new Step.Query(null, sql, Arrays.asList(bindings), exec, false));
    }

    public Replay sql(String sql) {
        return add(new Step.Session(sql));
    }

    public Replay autoCommit(boolean on) {
        return add(new Step.AutoCommit(on));
    }

    public Replay isolation(int level) {
        return add(new Step.Isolation(level));
    }

    public Replay commit() {
        return add(new Step.Commit());
    }

    public Replay rollback() {
        return add(new Step.Rollback());
    }

    public Replay setSchema(String schema) {
        return add(new Step.SetSchema(schema));
    }

    public Replay reconnect() {
        return add(new Step.Reconnect());
    }

    public Replay insert(String type, long index, boolean viaGate) {
        return add(new Step.Write(Step.WriteKind.INSERT, type, index, viaGate));
    }

    public Replay update(String type, long index, boolean viaGate) {
        return add(new Step.Write(Step.WriteKind.UPDATE, type, index, viaGate));
    }

    public Replay delete(String type, long index, boolean viaGate) {
        return add(new Step.Write(Step.WriteKind.DELETE, type, index, viaGate));
    }

    public Replay rebuild() {
        return add(new Step.Rebuild());
    }

    public Replay ddl(Step.DdlKind kind, String type, String arg) {
        return add(new Step.Ddl(kind, type, arg));
    }

    private Replay add(Step step) {
        steps.add(step);
        return this;
    }

    /** Runs the steps; fails with the first difference between the gate and the database. */
    public void assertAgrees() throws Exception {
        Outcome o = run(target, types, steps, false);
        Env.awaitClosed();
        if (o.mismatch() != null) {
            throw new AssertionError("step " + (o.index() + 1) + " (" + o.mismatch().sql() + "): " + o.mismatch());
        }
    }

    /**
     * Runs {@code steps} on a fresh environment with the tables of {@code types}: up to the first
     * mismatch, or ({@code toTheEnd}) all of them, reporting only a mismatch at the last step (as
     * the shrinker wants: earlier differences happened in the episode too, and it went on).
     */
    static Outcome run(Target target, List<KeyType> types, List<Step> steps, boolean toTheEnd) throws Exception {
        try (Env env = target.open(types)) {
            Runner runner = new Runner(env);
            for (int i = 0; i < steps.size(); i++) {
                Runner.Mismatch m = runner.run(steps.get(i));
                if (m != null && (!toTheEnd || i == steps.size() - 1)) {
                    return new Outcome(i, m);
                }
            }
        }
        return new Outcome(-1, null);
    }

    /** The key types {@code steps} use, in {@code target}'s order. */
    static List<KeyType> typesOf(Target target, List<Step> steps) {
        Set<String> names = new LinkedHashSet<>();
        for (Step s : steps) {
            if (s instanceof Step.Write w) {
                names.add(w.type());
            } else if (s instanceof Step.Ddl d) {
                names.add(d.type());
            } else if (s instanceof Step.Query q && q.select() != null) {
                Sql.any(q.select(), n -> {
                    if (n instanceof Sql.TableRef t) {
                        names.add(t.type().name());
                    } else if (n instanceof Sql.Param p && p.type() != null) {
                        names.add(p.type().name());
                    }
                    return false;
                });
            } else if (s instanceof Step.Query) {
                return target.keyTypes(); // text only: which tables it names is not known
            }
        }
        List<KeyType> types = new ArrayList<>();
        for (KeyType t : target.keyTypes()) {
            if (names.contains(t.name())) {
                types.add(t);
            }
        }
        if (types.isEmpty()) {
            types.add(target.keyTypes().get(0));
        }
        return types;
    }
}
