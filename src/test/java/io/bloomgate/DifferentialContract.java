package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.DifferentialQuery.Outcome;
import io.bloomgate.stats.BypassReason;
import io.bloomgate.stats.GuardStats;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.LongFunction;
import javax.sql.DataSource;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The gate must be indistinguishable from the database. A random workload (fixed seed per key type)
 * runs every statement twice, directly and through the gate, and every outcome must be identical:
 * rows, column labels and metadata, or the exception's SQL state and error code. Meanwhile rows are
 * inserted three ways — through the gate with their keys bound, through a connection that bypasses
 * the gate, and through the gate by {@code INSERT ... SELECT} whose keys it cannot see — and each new
 * key is looked up at once: until the gate has the key, it must pass such lookups through.
 *
 * <p>Each database supplies its key column types, its statement shapes, its cast syntax and how a
 * write from outside the gate reaches the filter.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS) // keyKinds() is an instance method of the subclass
abstract class DifferentialContract {

    static final int ROWS = 2_000;
    /** Mismatches listed in a failure message; the rest are counted. */
    private static final int SHOWN = 15;

    /**
     * A key column type.
     *
     * @param name    shown in the test name; also seeds the workload
     * @param ddl     the column's type in CREATE TABLE
     * @param key     the key of row {@code i}: multiples of 3 for integers, so that {@code key + 1}
     *                lies between two keys; mixed case for strings
     * @param sqlType the JDBC type for {@code setObject(i, x, type)} and typed NULLs
     * @param casts   types to cast a key parameter to
     */
    record KeyKind(String name, String ddl, LongFunction<Object> key, int sqlType, List<String> casts) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** The key column types to run the workload with. */
    abstract List<KeyKind> keyKinds();

    /** A database (or schema) of its own for one run; {@link #dropDatabase} removes it. */
    abstract DataSource createDatabase() throws SQLException;

    abstract void dropDatabase(DataSource database) throws SQLException;

    /** The schema the tables are created in, as the catalog spells it. */
    abstract String schema(DataSource database) throws SQLException;

    /** An unquoted identifier as the database folds it. */
    abstract String fold(String identifier);

    /**
     * Statement shapes: {@code {t}} the table, {@code {S}} and {@code {T}} the folded schema and
     * table for quoted names, {@code {k}} a key operand, {@code {v}} a value for the INT column v.
     */
    abstract List<String> shapes();

    /** {@code ?} under a cast to {@code type}, in the database's syntax. */
    abstract String castParameter(String type, SplittableRandom random);

    /**
     * A row was just inserted through a connection that bypasses the gate (and committed); once this
     * returns, lookups through the gate must find its key.
     */
    abstract void afterRawWrite(BloomGate gate) throws SQLException;

    /** Statements per run (inserts included). */
    int operations() {
        return 6_000;
    }

    @ParameterizedTest(name = "{0} keys")
    @MethodSource("keyKinds")
    void gateAndDatabaseAgree(KeyKind kind) throws Exception {
        DataSource database = createDatabase();
        try {
            run(kind, database);
        } finally {
            dropDatabase(database);
        }
    }

    /** Runs the workload on {@code database}; its tables are dropped at the end. */
    void run(KeyKind kind, DataSource database) throws Exception {
        String suffix = kind.name().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_") + "_"
                + Long.toHexString(System.nanoTime());
        String table = "diff_" + suffix;
        String staging = "staged_" + suffix;
        int operations = operations();
        createTables(database, kind, table, staging, operations);
        try (BloomGate gate = BloomGate.builder(database).guard(table, "k").build();
                Connection direct = database.getConnection();
                Connection gated = gate.dataSource().getConnection()) {
            Workload w = new Workload(kind, table, staging, schema(database), direct, gated, gate);
            SplittableRandom random = new SplittableRandom(kind.name().hashCode());
            for (int op = 0; op < operations; op++) {
                int dice = random.nextInt(100);
                if (dice < 6) {
                    w.insert(dice, random); // 4% through the gate, 1% around it, 1% INSERT ... SELECT
                } else {
                    w.compare(DifferentialQuery.random(random, w.shape(random), w.target, w.nextNew, null));
                }
            }
            assertThat(w.report()).as("statements whose outcome through the gate differs from the database's")
                    .isEmpty();
            w.awaitSettled();
            assertThat(w.keysNotFound()).as("keys written, however, and not found through the gate").isEmpty();
            GuardStats stats = gate.stats(table, "k");
            assertThat(stats.avoided()).as("the workload exercised the filter: %s", stats)
                    .isGreaterThan(operations / 20);
            assertThat(stats.passedThrough()).isGreaterThan(0);
            assertThat(stats.bypassed()).isGreaterThan(0);
        } finally {
            H2Databases.run(database, "DROP TABLE IF EXISTS " + table, "DROP TABLE IF EXISTS " + staging);
        }
    }

    /**
     * The table, with keys of rows [0, ROWS), and a staging table holding the keys of every row the
     * workload may insert later, for {@code INSERT ... SELECT}.
     */
    private static void createTables(DataSource database, KeyKind kind, String table, String staging,
            int operations) throws SQLException {
        H2Databases.run(database, "CREATE TABLE " + table + " (k " + kind.ddl + " PRIMARY KEY, v INT, s VARCHAR(20))",
                "CREATE TABLE " + staging + " (n BIGINT PRIMARY KEY, k " + kind.ddl + ")");
        try (Connection c = database.getConnection()) {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + table + " VALUES (?, ?, ?)")) {
                for (long i = 0; i < ROWS; i++) {
                    ps.setObject(1, kind.key.apply(i));
                    ps.setInt(2, (int) (i % 50));
                    ps.setString(3, "s" + (i % 7));
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + staging + " VALUES (?, ?)")) {
                for (long i = ROWS; i < ROWS + operations; i++) {
                    ps.setLong(1, i);
                    ps.setObject(2, kind.key.apply(i));
                    ps.addBatch();
                }
                ps.executeBatch();
            }
        }
    }

    /** One run's state: connections, the next row to insert, and the mismatches found so far. */
    private final class Workload {

        final KeyKind kind;
        final String table;
        final String staging;
        final Connection direct;
        final Connection gated;
        final BloomGate gate;
        final DifferentialQuery.Target target;
        final List<String> shapes = new ArrayList<>();
        /** Rows [0, nextNew) exist. */
        long nextNew = ROWS;
        /** Mismatches by statement shape and binding, with the first example of each. */
        final Map<String, String> mismatches = new LinkedHashMap<>();
        final Map<String, Integer> counts = new LinkedHashMap<>();

        Workload(KeyKind kind, String table, String staging, String schema, Connection direct, Connection gated,
                BloomGate gate) {
            this.kind = kind;
            this.table = table;
            this.staging = staging;
            this.direct = direct;
            this.gated = gated;
            this.gate = gate;
            for (String shape : DifferentialContract.this.shapes()) {
                shapes.add(shape.replace("{t}", table).replace("{T}", fold(table)).replace("{S}", schema));
            }
            this.target = new DifferentialQuery.Target() {
                @Override
                public Object key(long index) {
                    return kind.key.apply(index);
                }

                @Override
                public int sqlType() {
                    return kind.sqlType;
                }

                @Override
                public List<String> casts() {
                    return kind.casts;
                }

                @Override
                public String castParameter(String type, SplittableRandom random) {
                    return DifferentialContract.this.castParameter(type, random);
                }
            };
        }

        /** Inserts row {@code nextNew} one of three ways, then looks its key up at once. */
        void insert(int dice, SplittableRandom random) throws SQLException {
            long index = nextNew++;
            Object key = kind.key.apply(index);
            if (dice < 4) {
                insert(gated, key);
            } else if (dice < 5) {
                insert(direct, key);
                afterRawWrite(gate);
            } else {
                // The gate cannot see these keys: the guard is unsettled until a rescan has added them.
                try (Statement s = gated.createStatement()) {
                    s.executeUpdate("INSERT INTO " + table + " (k, v, s) SELECT k, 2, 'staged' FROM " + staging
                            + " WHERE n = " + index);
                }
            }
            compare(DifferentialQuery.random(random, shape(random), target, nextNew, key));
        }

        String shape(SplittableRandom random) {
            return shapes.get(random.nextInt(shapes.size()));
        }

        private void insert(Connection connection, Object key) throws SQLException {
            try (PreparedStatement ps = connection.prepareStatement("INSERT INTO " + table + " (k, v, s) VALUES (?, 1, 'new')")) {
                ps.setObject(1, key);
                assertThat(ps.executeUpdate()).isEqualTo(1);
            }
        }

        void compare(DifferentialQuery query) {
            Outcome expected = query.run(direct);
            Outcome actual = query.run(gated);
            if (!actual.equals(expected)) {
                String what = expected.columns().equals(actual.columns()) ? ""
                        : " (metadata: database " + expected.columns() + ", gate " + actual.columns() + ")";
                String example = query + ": database " + expected + ", gate " + actual + what;
                // Grouped by text and setters without their values: one line per kind of mismatch.
                String kindOfQuery = (query.sql() + " " + query.params()).replaceAll("'[^']*'|\"[^\"]*\"|[0-9]+", "_");
                mismatches.putIfAbsent(kindOfQuery, example);
                counts.merge(kindOfQuery, 1, Integer::sum);
            }
        }

        /** Waits (at most 30 s) until no write with keys the gate could not see is still being settled. */
        void awaitSettled() throws SQLException, InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (System.nanoTime() < deadline) {
                long before = gate.stats(table, "k").bypassed(BypassReason.UNSETTLED);
                find(kind.key.apply(-1)); // keys of negative rows never exist
                if (gate.stats(table, "k").bypassed(BypassReason.UNSETTLED) == before) {
                    return;
                }
                TimeUnit.MILLISECONDS.sleep(20);
            }
        }

        /** Every key of rows [0, nextNew) looked up through the gate; those it does not find. */
        List<Object> keysNotFound() throws SQLException {
            List<Object> missing = new ArrayList<>();
            for (long i = 0; i < nextNew; i++) {
                Object key = kind.key.apply(i);
                if (!find(key)) {
                    missing.add(key);
                }
            }
            return missing;
        }

        private boolean find(Object key) throws SQLException {
            try (PreparedStatement ps = gated.prepareStatement("SELECT v FROM " + table + " WHERE k = ?")) {
                ps.setObject(1, key);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next();
                }
            }
        }

        /** The mismatches, one line per distinct statement shape (count and first example). */
        List<String> report() {
            List<String> lines = new ArrayList<>();
            for (Map.Entry<String, String> e : mismatches.entrySet()) {
                if (lines.size() == SHOWN) {
                    lines.add("... and " + (mismatches.size() - SHOWN) + " more kinds of mismatch");
                    break;
                }
                lines.add(counts.get(e.getKey()) + "x " + e.getValue());
            }
            return lines;
        }
    }
}
