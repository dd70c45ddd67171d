package io.bloomgate.fuzz;

import java.io.PrintStream;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * The differential fuzzer: episodes of random steps — queries from the grammar, writes by another
 * connection of keys just looked up (deletes, then a rebuild of the filters), transactions at every
 * isolation level, schema switches, DDL on
 * the guarded tables through the gate (dropped and recreated, renamed away and back, truncated, the
 * key column retyped) — each run on a session through the gate and on a direct one, whose outcomes
 * must agree. A difference is
 * shrunk to a minimal case and printed as a test; the sessions then start afresh and the episode
 * goes on.
 */
final class Fuzzer {

    /**
     * @param seed             the run's seed; episode {@code e} is seeded from it and {@code e} alone
     * @param episodes         episodes to run (fewer if the deadline comes first)
     * @param firstEpisode     the first episode's number (to re-run one episode of a run)
     * @param steps            steps per episode
     * @param seconds          stop starting episodes after this long (0: no limit)
     * @param shrinkSeconds    time for shrinking, all failures together
     * @param rerun            how to re-run, printed with each case (%d: the episode)
     */
    record Options(long seed, int episodes, int firstEpisode, int steps, long seconds, long shrinkSeconds,
            String rerun) {
    }

    /** What a run found. */
    record Result(long steps, long queries, long answered, long lookups, Map<String, Long> bypasses, int episodes,
            List<String> failures, Map<String, Integer> counts) {
        String summary() {
            return String.format(Locale.ROOT, "%d episodes, %d steps, %d queries, %d answered by the gate (%.1f%%),"
                    + " filters asked %d times, statements passed through unasked %s; %d kinds of failure", episodes,
                    steps, queries, answered, queries == 0 ? 0.0 : 100.0 * answered / queries, lookups, bypasses,
                    failures.size());
        }
    }

    private final Target target;
    private final Options options;
    private final PrintStream log;
    private final Map<String, String> failures = new LinkedHashMap<>();
    private final Map<String, Integer> counts = new LinkedHashMap<>();
    private final Map<String, Integer> contexts = new LinkedHashMap<>();
    private static final java.util.Set<String> CONTEXTUAL = java.util.Set.of("rows", "result metadata", "column labels",
            "execute() result");
    private long steps;
    private long queries;
    private long answered;
    private long lookups;
    private final Map<String, Long> bypasses = new java.util.TreeMap<>();

    Fuzzer(Target target, Options options, PrintStream log) {
        this.target = target;
        this.options = options;
        this.log = log;
        this.shrinkBudgetNanos = TimeUnit.SECONDS.toNanos(options.shrinkSeconds());
    }

    private long shrinkBudgetNanos;

    /** When a timed run stops (steps and episodes both). */
    private long deadline;

    private boolean pastDeadline() {
        return options.seconds() > 0 && System.nanoTime() - deadline > 0;
    }

    Result run() throws Exception {
        if (options.seconds() > 0) {
            deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(options.seconds());
        }
        int episodes = 0;
        for (int e = options.firstEpisode(); e < options.firstEpisode() + options.episodes(); e++) {
            if (pastDeadline()) {
                break;
            }
            episode(e);
            episodes++;
        }
        Env.awaitClosed();
        return new Result(steps, queries, answered, lookups, bypasses, episodes, new ArrayList<>(failures.values()),
                new LinkedHashMap<>(counts));
    }

    /**
     * The sessions' state as far as the generated steps tell: to keep row locks out of open
     * transactions (both sessions would lock the same row, and one would wait for the other), and to
     * tell failures apart before shrinking them.
     */
    private boolean autoCommit = true;
    /** Autocommit switched off by SQL text (H2 {@code SET AUTOCOMMIT FALSE}). */
    private boolean autoCommitOffBySql;
    /** A transaction block opened by SQL text (BEGIN, START TRANSACTION). */
    private boolean inBlock;
    private String isolation = "default";
    private String schemaSwitch = "none";
    private boolean writtenInTransaction;

    private void resetSession() {
        autoCommit = true;
        autoCommitOffBySql = false;
        inBlock = false;
        isolation = "default";
        schemaSwitch = "none";
        writtenInTransaction = false;
    }

    private boolean inTransaction() {
        return !autoCommit || autoCommitOffBySql || inBlock;
    }

    private void transactionEnded() {
        inBlock = false;
        writtenInTransaction = false;
    }

    private void episode(int e) throws Exception {
        SplittableRandom r = new SplittableRandom(options.seed() * 0x9E3779B97F4A7C15L + e);
        Values values = new Values(r);
        List<KeyType> types = target.keyTypes();
        Grammar grammar = new Grammar(r, values, types, target.isPostgres(), target.isMySql());
        List<Step> episodeSteps = new ArrayList<>();
        List<Sql.Select> pool = new ArrayList<>();
        resetSession();
        queued.clear();
        renameBack = null;
        try (Env env = target.open(types)) {
            Runner runner = new Runner(env);
            for (int i = 0; i < options.steps() && !pastDeadline(); i++) {
                Step step = next(r, values, grammar, pool, types);
                episodeSteps.add(step);
                steps++;
                Runner.Mismatch m = runner.run(step);
                if (m != null) {
                    failed(e, i + 1, episodeSteps, m);
                    if (!m.diverges()) {
                        continue; // the result behaved differently after its rows: the sessions are still alike
                    }
                    Step reconnect = new Step.Reconnect();
                    episodeSteps.add(reconnect);
                    runner.run(reconnect);
                    resetSession();
                }
            }
            queries += runner.queries;
            answered += runner.answered;
            env.bypasses().forEach((reason, n) -> bypasses.merge(reason, n, Long::sum));
            lookups += env.lookups();
        }
    }

    /** Steps generated ahead: the rest of a look-up, insert, look-up-again sequence. */
    private final java.util.ArrayDeque<Step> queued = new java.util.ArrayDeque<>();

    /** A table renamed away, to be renamed back after {@link #renameBackIn} more steps. */
    private Step.Ddl renameBack;
    private int renameBackIn;

    private Step next(SplittableRandom r, Values values, Grammar grammar, List<Sql.Select> pool, List<KeyType> types) {
        if (!queued.isEmpty()) {
            return queued.poll();
        }
        if (renameBack != null && --renameBackIn <= 0) {
            Step back = renameBack;
            renameBack = null;
            return back;
        }
        int dice = r.nextInt(100);
        if (dice < 3) {
            // A key looked up, inserted by another connection, looked up again: what a transaction that
            // took its snapshot (or should have) sees of it depends on the isolation level.
            KeyType t = types.get(r.nextInt(types.size()));
            long index = values.indexToInsert(t);
            Step.Query lookup = Step.Query.of(grammar.simpleLookup(t, index), Step.Exec.DEFAULT, true);
            queued.add(new Step.Write(Step.WriteKind.INSERT, t.name(), index, r.nextBoolean()));
            queued.add(lookup);
            writtenInTransaction |= inTransaction();
            return lookup;
        }
        if (dice < 5) {
            Sql.Select cast = grammar.castLookup();
            if (cast != null) {
                return Step.Query.of(cast, Step.Exec.DEFAULT, true);
            }
        }
        if (dice < 72) {
            Sql.Select s;
            if (pool.isEmpty() || r.nextInt(100) < 25) {
                s = grammar.statement();
                if (pool.size() < 40) {
                    pool.add(s);
                } else {
                    pool.set(r.nextInt(pool.size()), s);
                }
            } else {
                s = grammar.rebind(pool.get(r.nextInt(pool.size())));
            }
            if (s.forUpdate() && inTransaction()) {
                // Both sessions would lock the same row, and the second would wait for the first.
                s = s.withForUpdate(false);
            }
            Step.Exec exec = new Step.Exec(r.nextInt(4) == 0, r.nextInt(5) == 0, r.nextInt(10) == 0 ? 1 + r.nextInt(2)
                    : 0, r.nextInt(10) == 0 ? 1 + r.nextInt(10) : 0);
            return Step.Query.of(s, exec, r.nextInt(100) < 92);
        }
        if (dice < 80) {
            KeyType t = types.get(r.nextInt(types.size()));
            int kind = r.nextInt(100);
            writtenInTransaction |= inTransaction();
            if (kind < 80) {
                return new Step.Write(Step.WriteKind.INSERT, t.name(), values.indexToInsert(t), r.nextBoolean());
            }
            long present = r.nextLong(KeyType.PRESENT);
            Step.Write write = new Step.Write(kind < 92 ? Step.WriteKind.UPDATE : Step.WriteKind.DELETE, t.name(),
                    present, r.nextBoolean());
            if (kind >= 92 && r.nextInt(3) == 0) {
                // A present key looked up (in a transaction: its snapshot then holds the row), deleted by
                // another connection, the filters rebuilt (dropping the key once no transaction that may
                // still see the row is open), the key looked up again: the deletion must not show before
                // the snapshot allows, and the lookup of a deleted key may be answered only after that.
                Step.Query lookup = Step.Query.of(grammar.simpleLookup(t, present), Step.Exec.DEFAULT, true);
                queued.add(write);
                queued.add(new Step.Rebuild());
                queued.add(lookup);
                return lookup;
            }
            return write;
        }
        if (dice < 93) {
            return transaction(r);
        }
        if (dice < 98) {
            List<Step> switches = target.schemaSwitches();
            Step s = switches.get(r.nextInt(switches.size()));
            schemaSwitch = s instanceof Step.Session ss ? firstWords(ss.sql()) : "setSchema";
            return s;
        }
        if (r.nextBoolean() && !inTransaction()) {
            // Not in a transaction (as far as the steps tell): a compared session's locks would make it wait.
            return ddl(r, values, grammar, types);
        }
        resetSession();
        return new Step.Reconnect();
    }

    /**
     * DDL on a guarded table through the gate (see {@link Step.DdlKind}), then a key inserted by
     * another connection and looked up: what the gate must have learnt (or stopped trusting) since.
     */
    private Step ddl(SplittableRandom r, Values values, Grammar grammar, List<KeyType> types) {
        KeyType t = types.get(r.nextInt(types.size()));
        int dice = r.nextInt(10);
        Step.DdlKind kind = switch (dice) {
            case 0, 1 -> Step.DdlKind.RECREATE;
            case 2 -> Step.DdlKind.RECREATE_FROM_ALT;
            case 3 -> target.isPostgres() ? Step.DdlKind.RECREATE_BARE : Step.DdlKind.RECREATE_FROM_ALT;
            case 4, 5 -> Step.DdlKind.RENAME_AWAY;
            case 6 -> Step.DdlKind.TRUNCATE;
            default -> Step.DdlKind.ALTER_KEY;
        };
        String arg = null;
        if (kind == Step.DdlKind.ALTER_KEY) {
            List<String> alter = target.alterTypes(t);
            arg = alter.get(r.nextInt(alter.size()));
        }
        if (kind == Step.DdlKind.RENAME_AWAY && renameBack == null) {
            renameBack = new Step.Ddl(Step.DdlKind.RENAME_BACK, t.name(), null);
            renameBackIn = 1 + r.nextInt(5);
        }
        long index = kind == Step.DdlKind.RECREATE_FROM_ALT && r.nextBoolean()
                ? KeyType.ALT + r.nextLong(KeyType.ALT_END - KeyType.ALT) : values.indexToInsert(t);
        if (kind != Step.DdlKind.RECREATE_FROM_ALT || index < KeyType.ALT) {
            queued.add(new Step.Write(Step.WriteKind.INSERT, t.name(), index, r.nextBoolean()));
        }
        queued.add(Step.Query.of(grammar.simpleLookup(t, index), Step.Exec.DEFAULT, true));
        return new Step.Ddl(kind, t.name(), arg);
    }

    private Step transaction(SplittableRandom r) {
        switch (r.nextInt(7)) {
            case 0:
            case 1:
                autoCommit = !autoCommit;
                autoCommitOffBySql = false;
                if (autoCommit) {
                    transactionEnded();
                }
                return new Step.AutoCommit(autoCommit);
            case 2: {
                int[] levels = {Connection.TRANSACTION_READ_COMMITTED, Connection.TRANSACTION_READ_COMMITTED,
                    Connection.TRANSACTION_REPEATABLE_READ, Connection.TRANSACTION_REPEATABLE_READ,
                    Connection.TRANSACTION_REPEATABLE_READ, Connection.TRANSACTION_SERIALIZABLE,
                    Connection.TRANSACTION_READ_UNCOMMITTED};
                Step.Isolation step = new Step.Isolation(levels[r.nextInt(r.nextInt(6) == 0 ? levels.length
                        : levels.length - 1)]);
                isolation = step.java();
                return step;
            }
            case 3:
                jdbcEnd();
                return new Step.Commit();
            case 4:
                jdbcEnd();
                return new Step.Rollback();
            default: {
                List<String> sql = target.transactionSql();
                String s = sql.get(r.nextInt(sql.size()));
                String upper = s.toUpperCase(Locale.ROOT);
                if (upper.startsWith("BEGIN") || upper.startsWith("START")) {
                    inBlock = true;
                } else if (upper.equals("SET AUTOCOMMIT FALSE") || upper.equals("SET AUTOCOMMIT = 0")) {
                    autoCommitOffBySql = true;
                } else if (upper.equals("SET AUTOCOMMIT TRUE") || upper.equals("SET AUTOCOMMIT = 1")) {
                    autoCommitOffBySql = false;
                    autoCommit = true;
                    transactionEnded();
                } else if (upper.equals("COMMIT") || upper.equals("ROLLBACK") || upper.equals("END")
                        || upper.equals("COMMIT WORK")) {
                    transactionEnded();
                }
                if (upper.contains("ISOLATION") || upper.contains("DEFAULT_TRANSACTION")) {
                    isolation = s;
                }
                return new Step.Session(s);
            }
        }
    }

    /**
     * commit() or rollback(): under autocommit pgjdbc refuses them ("Cannot commit when autoCommit
     * is enabled"), and a block BEGIN opened stays open; H2 ends it.
     */
    private void jdbcEnd() {
        if (!autoCommit || !target.isPostgres()) {
            transactionEnded();
        }
    }

    private static String firstWords(String sql) {
        String[] words = sql.split("[ (,]+");
        return words.length > 1 ? words[0] + " " + words[1] : words[0];
    }

    /** What may tell two failures of the same kind apart: the session's state, the query's features. */
    private String context(List<Step> steps) {
        StringBuilder sb = new StringBuilder(inTransaction() ? "transaction" : "autocommit");
        sb.append(", isolation ").append(isolation).append(", schema switch ").append(schemaSwitch);
        if (writtenInTransaction) {
            sb.append(", written meanwhile");
        }
        if (steps.get(steps.size() - 1) instanceof Step.Query q && q.select() != null) {
            Sql.Select s = q.select();
            if (s.groupBy().isEmpty() && Sql.any(s, n -> n instanceof Sql.Agg)) {
                sb.append(", aggregate");
            }
            if (Sql.any(s, n -> n instanceof Sql.Param p && p.cast() != null)) {
                sb.append(", parameter cast");
            }
            if (Sql.any(s, n -> n instanceof Sql.Param p && p.inline())) {
                sb.append(", literals");
            }
        }
        return sb.toString();
    }

    /**
     * Records a failure. Failures are grouped by a coarse kind (what differed, whether the gate
     * answered, what each side showed); the first few of each kind are shrunk, and a shrunk case
     * that differs from those already printed (its steps with values masked) is printed as a new one.
     */
    private void failed(int episode, int step, List<Step> episodeSteps, Runner.Mismatch m) {
        String key = m.aspect() + " | " + (m.answered() ? "answered" : "ran") + " | database " + kind(m.database())
                + " | gate " + kind(m.gate());
        int seen = counts.merge(key, 1, Integer::sum);
        // Wrong rows or metadata may come from the session's state or from the statement: tell those
        // apart before shrinking. Errors and probes are told apart well enough by what they showed.
        boolean byContext = CONTEXTUAL.contains(m.aspect());
        int seenInContext = contexts.merge(key + " | " + (byContext ? context(episodeSteps) : ""), 1, Integer::sum);
        if (seenInContext > 1 || seen > 1 && shrinkBudgetNanos <= 0) {
            return;
        }
        String where = "seed " + options.seed() + " episode " + episode + " step " + step;
        String rerun = String.format(Locale.ROOT, options.rerun(), episode);
        List<Step> steps = List.copyOf(episodeSteps);
        List<Step> shown = steps;
        String report;
        if (shrinkBudgetNanos > 0) {
            long begin = System.nanoTime();
            Shrinker shrinker = new Shrinker(target, begin + shrinkBudgetNanos);
            List<Step> shrunk = null;
            Runner.Mismatch mismatch = m;
            if (shrinker.fails(steps, m.aspect())) {
                shrunk = shrinker.shrink(steps, m.aspect());
                try {
                    Replay.Outcome o = Replay.run(target, Replay.typesOf(target, shrunk), shrunk, true);
                    if (o.mismatch() != null) {
                        mismatch = o.mismatch();
                    }
                } catch (Exception e) {
                    // show the original mismatch
                }
            }
            shrinkBudgetNanos -= System.nanoTime() - begin;
            if (shrunk != null) {
                shown = shrunk;
                report = CasePrinter.print(target, where, rerun, steps.size(), shrunk, mismatch, true);
            } else {
                report = CasePrinter.print(target, where, rerun, steps.size(), steps, m, false)
                        + "  (a replay in a fresh database did not fail the same way: timing or state)\n";
            }
            report += String.format(Locale.ROOT, "  (%d replays, %.1f s)%n", shrinker.trials,
                    (System.nanoTime() - begin) / 1e9);
        } else {
            report = CasePrinter.print(target, where, rerun, steps.size(), steps, m, false);
        }
        String distinct = m.aspect() + " " + mask(outline(shown));
        if (failures.containsKey(distinct)) {
            return;
        }
        failures.put(distinct, report);
        log.println(report);
    }

    /**
     * What a shrunk case consists of, without values, names or spellings: its steps (queries only as
     * "query"), and the kinds of node in its failing statement. Two cases alike in this are taken to
     * be the same bug.
     */
    private String outline(List<Step> steps) {
        StringBuilder sb = new StringBuilder();
        for (Step s : steps) {
            if (s instanceof Step.Query q) {
                sb.append(q.warm() ? "query" : "first query").append('\n');
            } else {
                sb.append(s.java()).append('\n');
            }
        }
        if (steps.get(steps.size() - 1) instanceof Step.Query q && q.select() != null) {
            java.util.TreeSet<String> kinds = new java.util.TreeSet<>();
            Sql.any(q.select(), n -> {
                String kind = null;
                if (n instanceof Sql.Agg a) {
                    kind = "aggregate " + a.function();
                } else if (n instanceof Sql.Like l) {
                    kind = l.op() + (l.escape() != null ? " ESCAPE" : "");
                } else if (n instanceof Sql.Bin b) {
                    kind = "operator " + b.op();
                } else if (n instanceof Sql.Func f) {
                    kind = "function " + f.name();
                } else if (n instanceof Sql.Param p) {
                    kind = p.cast() != null ? "parameter cast" : p.inline() ? "literal" : null;
                } else if (n instanceof Sql.Select sel) {
                    kind = (sel.groupBy().isEmpty() ? "" : "group by ") + (sel.having() == null ? "" : "having ")
                            + (sel.distinct() ? "distinct " : "") + (sel.limit() == null ? "" : "limit ")
                            + (sel.forUpdate() ? "for update" : "");
                } else if (!(n instanceof Sql.Col || n instanceof Sql.TableRef || n instanceof Sql.Lit
                        || n instanceof Sql.FromTable || n instanceof Sql.Item || n instanceof Sql.Cmp
                        || n instanceof Sql.And || n instanceof Sql.Order)) {
                    kind = n.getClass().getSimpleName();
                }
                if (kind != null && !kind.isBlank()) {
                    kinds.add(kind.trim());
                }
                return false;
            });
            sb.append(kinds);
        }
        return sb.toString();
    }

    /** A case's text without its values: the same bug with other values masks alike. */
    static String mask(String text) {
        return text.replaceAll("\"(?:[^\"\\\\]|\\\\.)*\"", "\"_\"").replaceAll("'[^']*'", "'_'")
                .replaceAll("-?[0-9]+L?", "0");
    }

    /** What kind of value a mismatch showed, without its details. */
    private static String kind(String shown) {
        if (shown.startsWith("error ")) {
            return shown.substring(0, Math.min(shown.length(), shown.indexOf('/') > 0 ? shown.indexOf('/') : 11));
        }
        if (shown.startsWith("threw ")) {
            int slash = shown.indexOf('/');
            return slash > 0 ? shown.substring(0, slash) : "threw";
        }
        return shown.startsWith("no rows") ? "no rows" : "a value";
    }
}
