package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.function.LongFunction;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The same randomized workload runs through the gate and directly against the database; every
 * outcome — rows, column labels, metadata, or the exception's SQL state and error code — must be
 * identical. Writes go through the gate (writes that bypass it are the sync layer's job).
 */
class DifferentialTest {

    private static final int OPERATIONS = 6_000;
    private static final int ROWS = 2_000;

    /** A key column type: DDL, how row i's key looks, and ways to bind a key value. */
    enum KeyKind {
        BIGINT("BIGINT", i -> i * 3),
        INT("INT", i -> (int) (i * 3)),
        VARCHAR("VARCHAR(40)", i -> "key-" + i * 3),
        CHAR("CHAR(12)", i -> "c" + i * 3),
        UUID_KEY("UUID", i -> new UUID(0x1234, i * 3)),
        DECIMAL("DECIMAL(12, 2)", i -> BigDecimal.valueOf(i * 3, 1));

        final String ddl;
        final LongFunction<Object> key;

        KeyKind(String ddl, LongFunction<Object> key) {
            this.ddl = ddl;
            this.key = key;
        }
    }

    enum Storage { MEMORY, FILE }

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} keys")
    @EnumSource(KeyKind.class)
    void gateAndDatabaseAgreeInMemory(KeyKind kind) throws Exception {
        run(kind, Storage.MEMORY);
    }

    @ParameterizedTest(name = "{0} keys, file database")
    @EnumSource(value = KeyKind.class, names = {"BIGINT", "VARCHAR"})
    void gateAndDatabaseAgreeOnAFileDatabase(KeyKind kind) throws Exception {
        run(kind, Storage.FILE);
    }

    private void run(KeyKind kind, Storage storage) throws Exception {
        JdbcDataSource h2;
        if (storage == Storage.FILE) {
            h2 = new JdbcDataSource();
            h2.setURL("jdbc:h2:" + dir.resolve("diff").toAbsolutePath());
            h2.setUser("sa");
        } else {
            h2 = H2Databases.memory();
        }
        H2Databases.run(h2, "CREATE TABLE t (k " + kind.ddl + " PRIMARY KEY, v INT, s VARCHAR(20))");
        try (Connection c = h2.getConnection();
                PreparedStatement ps = c.prepareStatement("INSERT INTO t VALUES (?, ?, ?)")) {
            for (long i = 0; i < ROWS; i++) {
                ps.setObject(1, kind.key.apply(i));
                ps.setInt(2, (int) (i % 50));
                ps.setString(3, "s" + (i % 7));
                ps.addBatch();
            }
            ps.executeBatch();
        }
        try (BloomGate gate = BloomGate.builder(h2).guard("t", "k").build();
                Connection direct = h2.getConnection();
                Connection gated = gate.dataSource().getConnection()) {
            SplittableRandom random = new SplittableRandom(kind.ordinal() * 31L + storage.ordinal());
            long nextNew = ROWS;
            for (int op = 0; op < OPERATIONS; op++) {
                if (random.nextInt(20) == 0) {
                    // An insert through the gate, then the key must be found both ways.
                    Object key = kind.key.apply(nextNew++);
                    try (PreparedStatement ps = gated.prepareStatement("INSERT INTO t (k, v, s) VALUES (?, 1, 'new')")) {
                        ps.setObject(1, key);
                        ps.executeUpdate();
                    }
                    continue;
                }
                Query query = Query.random(random, kind, nextNew);
                Outcome expected = query.run(direct);
                Outcome actual = query.run(gated);
                assertThat(actual).as("%s", query).isEqualTo(expected);
            }
            GuardStats stats = gate.stats("t", "k");
            assertThat(stats.avoided()).as("the workload exercised the filter").isGreaterThan(OPERATIONS / 20);
            assertThat(stats.passedThrough()).isGreaterThan(0);
            assertThat(stats.bypassed()).isGreaterThan(0);
        } finally {
            H2Databases.run(h2, "SHUTDOWN");
        }
    }

    /** Statement shapes: eligible ones and ones that must pass through. {k} is the key operand. */
    private static final String[] SHAPES = {
        "SELECT * FROM t WHERE k = {k}",
        "SELECT k, v AS value, s FROM t WHERE k = {k} AND v >= 0",
        "SELECT s FROM t WHERE {k} = k",
        "SELECT * FROM t WHERE k IN ({k}, {k})",
        "SELECT t1.v FROM t t1 WHERE t1.k = {k}",
        "SELECT \"V\" FROM \"PUBLIC\".\"T\" WHERE \"PUBLIC\".\"T\".\"K\" = {k}",
        "SELECT DISTINCT v FROM t WHERE k = {k} ORDER BY v LIMIT 5",
        "SELECT v, COUNT(*) FROM t WHERE k = {k} GROUP BY v",
        "SELECT * FROM t WHERE k = {k} FOR UPDATE",
        "SELECT COUNT(*) FROM t WHERE k = {k}",
        "SELECT MAX(v) FROM t WHERE k = {k}",
        "SELECT * FROM t WHERE k = {k} OR v = 3",
        "SELECT EXISTS(SELECT 1 FROM t WHERE k = {k})",
        "SELECT * FROM t WHERE CAST(k AS VARCHAR) = CAST({k} AS VARCHAR)",
        "SELECT * FROM t WHERE k IS NULL",
        "SELECT * FROM t a JOIN t b ON a.v = b.v WHERE a.k = {k} LIMIT 3",
    };

    /** How a key is put into the statement. */
    enum Binding { SET_OBJECT, SET_STRING, SET_LONG, SET_BIG_DECIMAL, SET_NULL, SET_DOUBLE, LITERAL, GARBAGE }

    /** One generated query: shape, keys, binding, and which JDBC call runs it. */
    record Query(String shape, Object[] keys, Binding binding, boolean useExecute) {

        static Query random(SplittableRandom random, KeyKind kind, long rows) {
            String shape = SHAPES[random.nextInt(SHAPES.length)];
            int count = shape.split("\\{k}", -1).length - 1;
            Object[] keys = new Object[count];
            for (int i = 0; i < count; i++) {
                // Half present keys, half absent ones (between and beyond the existing keys).
                long index = random.nextBoolean() ? random.nextLong(rows) : rows + random.nextLong(1_000_000);
                Object key = kind.key.apply(index);
                if (random.nextInt(4) == 0 && index < rows && key instanceof Long l) {
                    key = l + 1; // keys are multiples of 3: between two present keys
                }
                keys[i] = key;
            }
            Binding[] bindings = Binding.values();
            return new Query(shape, keys, bindings[random.nextInt(bindings.length)], random.nextInt(4) == 0);
        }

        Outcome run(Connection connection) {
            try {
                if (binding == Binding.LITERAL) {
                    String sql = shape;
                    for (Object key : keys) {
                        sql = sql.replaceFirst("\\{k}", literal(key));
                    }
                    try (Statement s = connection.createStatement()) {
                        if (useExecute) {
                            return s.execute(sql) ? Outcome.of(s.getResultSet()) : Outcome.updateCount(s.getUpdateCount());
                        }
                        return Outcome.of(s.executeQuery(sql));
                    }
                }
                try (PreparedStatement ps = connection.prepareStatement(shape.replace("{k}", "?"))) {
                    for (int i = 0; i < keys.length; i++) {
                        bind(ps, i + 1, keys[i]);
                    }
                    if (useExecute) {
                        return ps.execute() ? Outcome.of(ps.getResultSet()) : Outcome.updateCount(ps.getUpdateCount());
                    }
                    return Outcome.of(ps.executeQuery());
                }
            } catch (SQLException e) {
                return Outcome.error(e);
            }
        }

        private void bind(PreparedStatement ps, int index, Object key) throws SQLException {
            switch (binding) {
                case SET_STRING -> ps.setString(index, key instanceof String s ? s
                        : key instanceof UUID u ? u.toString().toUpperCase(Locale.ROOT)
                        : key instanceof BigDecimal d ? d.toPlainString() : "0" + key);
                case SET_LONG -> {
                    if (key instanceof Number n) {
                        ps.setLong(index, n.longValue());
                    } else {
                        ps.setLong(index, key.hashCode());
                    }
                }
                case SET_BIG_DECIMAL -> ps.setBigDecimal(index, key instanceof Number n
                        ? new BigDecimal(n.toString()).setScale(3) : BigDecimal.ONE);
                case SET_NULL -> ps.setNull(index, Types.OTHER);
                case SET_DOUBLE -> ps.setDouble(index, key instanceof Number n ? n.doubleValue() : 1.5);
                case GARBAGE -> ps.setString(index, "not a key \u0000 value");
                default -> ps.setObject(index, key);
            }
        }

        private static String literal(Object key) {
            if (key instanceof Number n) {
                return n.toString();
            }
            return "'" + key.toString().replace("'", "''") + "'";
        }

        @Override
        public String toString() {
            return shape + " with " + java.util.Arrays.toString(keys) + " by " + binding
                    + (useExecute ? " via execute()" : "");
        }
    }

    /** What a statement produced, comparable by value. */
    record Outcome(List<String> columns, List<List<Object>> rows, String error, int updateCount) {

        static Outcome of(ResultSet rs) throws SQLException {
            try (rs) {
                ResultSetMetaData m = rs.getMetaData();
                List<String> columns = ReadPathTest.describe(m);
                List<List<Object>> rows = new ArrayList<>();
                while (rs.next()) {
                    List<Object> row = new ArrayList<>();
                    for (int i = 1; i <= m.getColumnCount(); i++) {
                        row.add(Objects.toString(rs.getObject(i)));
                    }
                    rows.add(row);
                }
                return new Outcome(columns, rows, null, -1);
            }
        }

        static Outcome updateCount(int count) {
            return new Outcome(List.of(), List.of(), null, count);
        }

        static Outcome error(SQLException e) {
            return new Outcome(List.of(), List.of(), e.getSQLState() + "/" + e.getErrorCode(), -1);
        }
    }
}
