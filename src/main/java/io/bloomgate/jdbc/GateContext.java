package io.bloomgate.jdbc;

import io.bloomgate.sql.Dialect;
import io.bloomgate.sql.GuardedTable;
import io.bloomgate.sql.ShapeTemplate;
import io.bloomgate.sql.StatementClassifier;
import io.bloomgate.sql.StatementShape;
import io.bloomgate.sync.GateFence;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.Redefinitions;
import io.bloomgate.sync.Settler;
import io.bloomgate.sync.SyncWatch;
import io.bloomgate.sync.WritesInFlight;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import javax.sql.DataSource;

/**
 * What every connection of one gate shares: the guards, the statement classifier and its cache of
 * plans per SQL text, and the database's dialect. Internal to bloomgate.
 */
public final class GateContext {

    /**
     * Plans cached per distinct SQL text. A bounded cache that admits by frequency (Caffeine's
     * W-TinyLFU): an application that builds a new text per call cannot push the hot plans out, and
     * new texts still enter, so every text that recurs gets its metadata copied and is answered.
     */
    static final int MAX_CACHED_PLANS = 10_000;

    final DataSource target;
    final Dialect dialect;
    final DriverErrors errors;
    final Settler settler;
    final Guard[] guards;
    /** Verifies per lookup that the guards' hooks are in place (H2's triggers); null: nothing to verify. */
    final SyncWatch watch;
    private final Map<GuardedTable, Guard> byTable;
    private final StatementClassifier classifier;
    private final String defaultSchema;
    private final Cache<String, CachedPlan> plans = Caffeine.newBuilder().maximumSize(MAX_CACHED_PLANS).build();
    /** Plans of abstracted texts, by {@link StatementShape#key()}: one parse per shape of string-built SQL. */
    private final Cache<String, CachedPlan> shapes = Caffeine.newBuilder().maximumSize(MAX_CACHED_PLANS).build();
    /**
     * Templates of string-built texts whose shape is a lookup, by {@link ShapeTemplate#indexKey()}:
     * a later text of the shape is matched against them and instantiated without a lexer pass, and
     * is not put in {@link #plans} (a text built per call never comes back, and its insert cost more
     * than the rest of its answer). Bounded like the plan caches; at most {@link #TEMPLATES_PER_KEY}
     * per key, so a text costs at most that many failed matches.
     */
    private final Cache<String, TemplatedLookup[]> templates = Caffeine.newBuilder().maximumSize(MAX_CACHED_PLANS).build();
    static final int TEMPLATES_PER_KEY = 8;
    /**
     * The template that read the last templated text, tried before {@link #templates}: code that
     * builds its texts one way sends one shape over and over, and the index lookup (a substring,
     * its hash, the cache's bookkeeping) cost as much as reading the text. Any template is right
     * for a text it reads (each gives the lexer's shape), so a stale one costs only a failed read.
     */
    private volatile TemplatedLookup recentTemplate;
    /**
     * What each pooled session (the driver's connection under the pool's proxy) was last read to
     * be, so that a checkout does not cost a round trip; dropped whenever a statement through the
     * gate may have changed it. Weak keys: compared by identity, gone with the connection.
     */
    final Cache<Object, SessionProbe.Facts> sessionFacts = Caffeine.newBuilder().weakKeys().maximumSize(100_000).build();
    /**
     * MySQL/MariaDB: the {@code sql_mode} of the first session the gate read (its flags, sorted).
     * Lookups are answered, and their result metadata copied, only in sessions of exactly this
     * mode: a mode changes more than the lexer sees (the metadata of some expressions, whether a
     * function name followed by a space parses), so an answer copied under one mode could differ
     * from what another would return (see {@link MySqlSessionProbe}).
     */
    final java.util.concurrent.atomic.AtomicReference<String> referenceSqlMode = new java.util.concurrent.atomic.AtomicReference<>();
    /**
     * MySQL/MariaDB: modes of the server's sessions that outlive the gate's connection when a pool
     * under the gate hands the session to its next user (no pool resets them), per session (the
     * driver's connection, weak keys): {@link MySqlTransactionRules#LOCKED_TABLES}, {@link
     * MySqlTransactionRules#LEVEL_PENDING}. A new connection of the session starts with them (see {@link
     * MySqlTransactionRules}); no round trip.
     */
    final java.util.Map<Object, Integer> sessionModes = java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());
    /** Sessions where a temporary table may shadow a guarded name: unqualified lookups pass through for good. */
    /**
     * PostgreSQL: the definition of the tables each lookup plan joins (keyed by the plan's array) as
     * last seen by a session, which the plan's copied metadata describes (see {@code
     * SessionState.mayReadJoined}).
     */
    final java.util.Map<String[][], String> joinedDefinitions =
            java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());
    final java.util.Map<Object, Boolean> shadowedSessions = java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());
    /** The guarded tables' unqualified names (catalog case), for the session probe's shadowing check. */
    private final String[] guardedTableNames;
    /** The gate closed: nothing is answered from the filters any more (guards may live on in other gates). */
    volatile boolean closed;
    /** The gate's side of online rebuilds: its writes in flight and its filter generation. */
    private final GateFence fence;
    /** Writes through the gate with their keys added but not yet executed (see {@link WritesInFlight}). */
    final WritesInFlight writes;

    /**
     * @param target        the application's data source
     * @param databaseProduct {@code DatabaseMetaData.getDatabaseProductName()}
     * @param dialect       how the database folds identifiers
     * @param defaultSchema the schema unqualified names resolve to on a fresh connection
     * @param guards        the guards, built
     * @param settler       settles writes with unknown keys
     * @param watch         verifies the guards' hooks per lookup, or null
     * @param fence         the gate's side of online rebuilds, shared with its sync
     */
    public GateContext(DataSource target, String databaseProduct, Dialect dialect, String defaultSchema,
            List<Guard> guards, Settler settler, SyncWatch watch, GateFence fence) {
        this(target, databaseProduct, null, null, dialect, defaultSchema, guards, settler, watch, fence);
    }

    /**
     * As {@link #GateContext(DataSource, String, Dialect, String, List, Settler, SyncWatch, GateFence)},
     * with the driver in use ({@code DatabaseMetaData.getDriverName()}) and the loader of its classes:
     * the gate's empty answers follow its rules where two drivers reach the same database.
     */
    public GateContext(DataSource target, String databaseProduct, String driverName, ClassLoader driverLoader,
            Dialect dialect,
            String defaultSchema, List<Guard> guards, Settler settler, SyncWatch watch, GateFence fence) {
        this.fence = fence;
        this.writes = fence.writes();
        this.target = target;
        this.dialect = dialect;
        this.errors = DriverErrors.of(databaseProduct, driverName, driverLoader);
        this.settler = settler;
        this.watch = watch;
        this.guards = guards.toArray(new Guard[0]);
        this.defaultSchema = defaultSchema;
        this.byTable = guards.stream().collect(Collectors.toMap(Guard::table, Function.identity()));
        this.guardedTableNames = guards.stream().map(g -> g.table().table()).distinct().toArray(String[]::new);
        this.classifier = new StatementClassifier(dialect, defaultSchema,
                guards.stream().map(Guard::table).collect(Collectors.toList()));
    }

    /** What DDL through the gate does to the guards of the tables it may redefine (see {@link Redefinitions}). */
    volatile Redefinitions redefinitions = Redefinitions.UNSYNC_ONLY;

    /** Sets what DDL through the gate does to a guard: the sync's unsync and rebuild. */
    public void redefinitions(Redefinitions redefinitions) {
        this.redefinitions = java.util.Objects.requireNonNull(redefinitions, "redefinitions");
    }

    /** The guards whose tables {@code sql} may redefine, or null (see {@link StatementClassifier#mayRedefine}). */
    Guard[] redefinedBy(String sql) {
        List<GuardedTable> tables = classifier.mayRedefine(sql);
        if (tables.isEmpty()) {
            return null;
        }
        return tables.stream().map(this::guard).toArray(Guard[]::new);
    }

    Guard guard(GuardedTable table) {
        Guard guard = byTable.get(table);
        if (guard == null) {
            throw new IllegalStateException("the classifier named a table that is not guarded: " + table);
        }
        return guard;
    }

    /**
     * Bumped whenever a rebuild replaced a filter by one that may lack deleted keys: a transaction
     * whose snapshot is older may still see their rows, so it no longer trusts the filter.
     */
    long filterGeneration() {
        return fence.generation();
    }

    /** Stops answering from the filters: every statement passes through from now on. */
    public void close() {
        closed = true;
    }

    String defaultSchema() {
        return defaultSchema;
    }

    String[] guardedTableNames() {
        return guardedTableNames;
    }

    /** The plan for a SQL text, classified once per distinct text while it stays in the cache. */
    CachedPlan plan(String sql) {
        if (sql == null) {
            return CachedPlan.of(classifier.classify(null), "", this);
        }
        CachedPlan plan = templated(sql);
        if (plan != null) {
            return plan;
        }
        plan = plans.getIfPresent(sql);
        if (plan == null) {
            // Classified outside the cache's lock (parsing may take milliseconds); a racing thread's
            // plan for the same text is equivalent, and the first one stored wins.
            CachedPlan fresh = classify(sql);
            plan = plans.asMap().putIfAbsent(sql, fresh);
            if (plan == null) {
                plan = fresh;
            }
        }
        return plan;
    }

    /**
     * A text's plan: through its shape when it has literals in key positions (one parse per shape,
     * a lexer pass per text), else classified as written.
     */
    private CachedPlan classify(String sql) {
        if (classifier.mayConcernGuardedTable(sql)) {
            StatementShape shape = StatementShape.of(sql, dialect);
            if (shape != null) {
                CachedPlan template = shapes.get(shape.key(),
                        k -> CachedPlan.of(classifier.classify(shape.text()), shape.text(), this));
                if (template instanceof CachedPlan.Lookup lookup) {
                    remember(sql, shape, lookup);
                    return lookup.instantiate(shape, sql, dialect);
                }
            }
        }
        return CachedPlan.of(classifier.classify(sql), sql, this);
    }

    /**
     * The plan of a text that matches a template: what {@link #classify} would give it (the same
     * shape, so the same instantiated plan), or null to take the ordinary path. A shape whose answers
     * need each text's own metadata (its labels quote the text) takes the ordinary path, which
     * caches the text's plan and with it those copies.
     */
    private CachedPlan templated(String sql) {
        int[] spans = new int[templateSpans()];
        TemplatedLookup t = template(sql, spans);
        if (t == null || t.plan.needsOwnCopies()) {
            return null;
        }
        StatementShape shape = t.text.shape(sql, spans);
        return shape == null ? null : t.plan.instantiate(shape, sql, dialect);
    }

    /** How long a {@code spans} array {@link #template} needs for every template known so far. */
    int templateSpans() {
        return templateSpans;
    }

    /** See {@link #templateSpans()}: grows as templates with more literals are learned. */
    private volatile int templateSpans = 2;

    /**
     * The template that reads {@code sql} (see {@link ShapeTemplate#read}), with where its literals
     * stand in {@code spans}, or null: none, or {@code spans} is too short for its literals (then
     * the text takes the ordinary path).
     */
    TemplatedLookup template(String sql, int[] spans) {
        TemplatedLookup recent = recentTemplate;
        if (recent != null && fits(recent, spans) && recent.text.read(sql, spans)) {
            return recent;
        }
        if (sql.length() < ShapeTemplate.INDEX_LENGTH) {
            return null;
        }
        TemplatedLookup[] candidates = templates.getIfPresent(sql.substring(0, ShapeTemplate.INDEX_LENGTH));
        if (candidates == null) {
            return null;
        }
        for (TemplatedLookup t : candidates) {
            if (fits(t, spans) && t.text.read(sql, spans)) {
                recentTemplate = t;
                return t;
            }
        }
        return null;
    }

    private static boolean fits(TemplatedLookup t, int[] spans) {
        return 2 * t.text.literals() <= spans.length;
    }

    /** Keeps the template of a text whose shape's plan is a lookup (see {@link #templates}). */
    private void remember(String sql, StatementShape shape, CachedPlan.Lookup plan) {
        ShapeTemplate text = ShapeTemplate.of(sql, shape);
        if (text == null) {
            return;
        }
        synchronized (this) {
            templateSpans = Math.max(templateSpans, 2 * text.literals());
        }
        templates.asMap().compute(text.indexKey(), (k, known) -> {
            if (known == null) {
                return new TemplatedLookup[] {new TemplatedLookup(text, plan)};
            }
            for (TemplatedLookup t : known) {
                if (t.plan == plan && t.text.match(sql) != null) {
                    return known; // this shape is known under this template already
                }
            }
            if (known.length >= TEMPLATES_PER_KEY) {
                return known;
            }
            TemplatedLookup[] more = java.util.Arrays.copyOf(known, known.length + 1);
            more[known.length] = new TemplatedLookup(text, plan);
            return more;
        });
    }

    /** How many plans the cache holds now (for tests of its bound). */
    long cachedPlans() {
        plans.cleanUp();
        return plans.estimatedSize();
    }
}
