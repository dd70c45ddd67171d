package io.bloomgate.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The differential SQL fuzzer (see {@link Fuzzer}) on H2 (in memory and in files), PostgreSQL and MariaDB (as a user with
 * PROCESS and as one without, see {@link MariaDbTarget}). By default a short run with fixed seeds
 * (two episodes per seed, of 150 steps on H2, 100 on PostgreSQL, 150 on MariaDB as either user),
 * part of {@code mvn verify}; a long run takes its seed and duration (per database)
 * from system properties:
 *
 * <pre>
 * mvn -B -q test -Dtest=SqlFuzzTest -Dfuzz.seed=123 -Dfuzz.seconds=600 [-Dfuzz.db=h2|h2File|postgres|mariadb]
 * </pre>
 *
 * <p>Other properties: {@code fuzz.steps} (per episode, default 300), {@code fuzz.episode} and
 * {@code fuzz.episodes} (to re-run one episode of a run: {@code -Dfuzz.episode=4 -Dfuzz.episodes=1}),
 * {@code fuzz.shrinkSeconds} (time for shrinking failures, default a third of the run), {@code
 * fuzz.ignore} (kinds of difference not to report, comma-separated, e.g. {@code "wasNull() after
 * the end"}: to look for other bugs while a frequent one is being fixed).
 *
 * <p>Every failure is printed with a minimal case as a test to paste; the test fails if there was
 * any. It also fails if the gate answered less than a tenth of the queries from its filter: the
 * workload is meant to test the answers, not only the pass-through path (with the conjuncts that
 * may raise, the mixed aggregates and the DDL steps of issue 22: the fixed seeds see 11-23%
 * answered, 150 s runs about 10% (H2 seed 7: 9.6%, PostgreSQL seed 5: 9.9%); the check below asks
 * for a fortieth, which leaves room for changes to the grammar without letting it go vacuous).
 */
class SqlFuzzTest {

    static {
        if (System.getProperty("org.slf4j.simpleLogger.log.org.mariadb.jdbc") == null) {
            // Connector/J logs every server error at WARN: the fuzzer's statements raise thousands on purpose.
            System.setProperty("org.slf4j.simpleLogger.log.org.mariadb.jdbc", "error");
        }
        if (configured() && System.getProperty("org.slf4j.simpleLogger.log.io.bloomgate") == null) {
            // A long run builds a gate per episode and per replay: their INFO lines would bury the cases.
            System.setProperty("org.slf4j.simpleLogger.log.io.bloomgate", "warn");
        }
    }

    private static boolean configured() {
        String seed = System.getProperty("fuzz.seed");
        return seed != null && !seed.isBlank();
    }

    /** The short run's seeds. */
    private static final long[] SEEDS = {1, 2};

    static LongStream seeds() {
        return configured() ? LongStream.of(Long.parseLong(System.getProperty("fuzz.seed").trim())) : LongStream.of(SEEDS);
    }

    @ParameterizedTest(name = "H2, seed {0}")
    @MethodSource("seeds")
    void h2(long seed) throws Exception {
        fuzz(Target.h2(), "h2", seed, 2, 150, 5, 40);
    }

    /** H2 file databases: as in memory, with MVStore files and their page cache under the gate. */
    @ParameterizedTest(name = "H2 file, seed {0}")
    @MethodSource("seeds")
    void h2File(long seed) throws Exception {
        fuzz(Target.h2File(), "h2File", seed, 2, 150, 5, 40);
    }

    @ParameterizedTest(name = "PostgreSQL, seed {0}")
    @MethodSource("seeds")
    void postgres(long seed) throws Exception {
        fuzz(null, "postgres", seed, 2, 100, 5, 40);
    }

    /**
     * MariaDB's runs need at least 1 answered query in 80, not 40: more than half of the texts the
     * fuzzer writes for it are refused by the MySQL lexical guard before the parser ({@code "..."}
     * strings, backslashes, {@code /*! *}{@code /}: NOT_PARSED), and grouped computed columns pass through.
     * Long runs answered 3.8% to 4.2% (seeds 21 and 23, 240 s each); 2-episode short runs 0.5% to
     * 2.9%, too few queries (about 210) for a stable share, so the short run has 6 episodes (5.2% to
     * 5.7% in its first runs).
     */
    private static final int MARIADB_SHARE = 80;

    /** As the user with PROCESS: the change feed retires holes in strict mode. */
    @ParameterizedTest(name = "MariaDB, seed {0}")
    @MethodSource("seeds")
    void mariadb(long seed) throws Exception {
        fuzz(Target.mariadb(), "mariadb", seed, 6, 150, 5, MARIADB_SHARE);
    }

    /** As the user without PROCESS: grace-period mode. */
    @ParameterizedTest(name = "MariaDB without PROCESS, seed {0}")
    @MethodSource("seeds")
    void mariadbWithoutProcess(long seed) throws Exception {
        fuzz(Target.mariadbWithoutProcess(), "mariadbWithoutProcess", seed, 6, 150, 5, MARIADB_SHARE);
    }

    /**
     * @param target        null: PostgreSQL, set up only once the test is known to run
     * @param shortEpisodes episodes of the short run
     * @param shortSteps    steps per episode of the short run
     * @param shortShrink   seconds for shrinking in the short run (a case not shrunk in time is
     *                      printed whole, and the printed command re-runs its episode)
     * @param share         at least 1 query in {@code share} must be answered by the gate
     */
    private static void fuzz(Target target, String db, long seed, int shortEpisodes, int shortSteps,
            long shortShrink, int share) throws Exception {
        String only = System.getProperty("fuzz.db", "");
        Assumptions.assumeTrue(only.isBlank() || only.equalsIgnoreCase(db)
                || db.toLowerCase(Locale.ROOT).startsWith(only.toLowerCase(Locale.ROOT)), "fuzz.db=" + only);
        if (target == null) {
            target = Target.postgres();
        }
        boolean configured = configured();
        long seconds = configured ? Long.getLong("fuzz.seconds", 60) : 0;
        int steps = Integer.getInteger("fuzz.steps", configured ? 300 : shortSteps);
        int first = Integer.getInteger("fuzz.episode", 0);
        int episodes = Integer.getInteger("fuzz.episodes", configured ? Integer.MAX_VALUE - first : shortEpisodes);
        long shrink = Long.getLong("fuzz.shrinkSeconds", configured ? Math.max(30, seconds / 3) : shortShrink);
        String rerun = "mvn -B -q test -Dtest='SqlFuzzTest#" + db + "' -Dfuzz.seed=" + seed + " -Dfuzz.steps=" + steps
                + " -Dfuzz.episode=%d -Dfuzz.episodes=1";
        Fuzzer.Options options = new Fuzzer.Options(seed, episodes, first, steps, seconds, shrink, rerun);
        Fuzzer.Result result = new Fuzzer(target, options, System.out).run();
        System.out.println("fuzz " + target.name() + " seed " + seed + ": " + result.summary());
        result.counts().forEach((kind, n) -> System.out.println("  " + n + "x " + kind));
        assertThat(result.failures())
                .as("%s seed %d: differences between the gate and the database (%s)%n%s", target.name(), seed,
                        result.summary(), String.join("\n", result.failures()))
                .isEmpty();
        // A run that the gate never answers tests nothing: at least 1 query in `share` (40, MariaDB 80) must be answered. The
        // episodes switch isolation levels and schemas on purpose, and REPEATABLE READ transactions,
        // SERIALIZABLE ones and moved search paths pass through, so the share is well below the
        // ~70% of plain lookups (4.8% to 25.6% seen with the short run's seeds; with the second key u,
        // 10.7% to 15.1%; 100 s H2 runs of seeds 11 and 12 about 10.5%; the PostgreSQL
        // change feed's timing makes it vary a little between runs of one seed).
        assertThat(result.answered())
                .as("queries the gate answered from its filter, of %d: %s", result.queries(), result.summary())
                .isGreaterThanOrEqualTo(result.queries() / share);
        assertThat(result.queries()).as("queries run").isGreaterThan(0);
        if (configured) {
            System.out.printf(Locale.ROOT, "fuzz %s seed %d: no differences%n", target.name(), seed);
        }
    }
}
