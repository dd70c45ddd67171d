package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.stats.GuardStats;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The shapes applications send that an absent key answers without the database (issue 13):
 * existence checks and aggregates (answered with the database's own row on empty input), and
 * joins with the guarded table on the preserved side. Every answer is compared, getter by getter,
 * with the database's.
 */
abstract class ApplicationShapesContract {

    abstract DataSource database();

    abstract void drop(DataSource db, String suffix) throws SQLException;

    /** Whether the database is PostgreSQL (casts spelled ?::uuid, setObject(v, Types.OTHER) typed by the server). */
    abstract boolean postgres();

    protected final String suffix = "a" + Long.toHexString(System.nanoTime());
    protected DataSource db;
    protected BloomGate gate;

    String users() {
        return "users_" + suffix;
    }

    String teams() {
        return "teams_" + suffix;
    }

    String tokens() {
        return "tokens_" + suffix;
    }

    /**
     * Options after each table's column list: MySQL/MariaDB need a binary collation for the guarded
     * text columns (their default collations are case-insensitive, refused at build).
     */
    String tableOptions() {
        return "";
    }

    /** Whether the gate guards UUID keys here (MySQL/MariaDB: not yet, refused at build). */
    boolean guardsUuidKeys() {
        return true;
    }

    /**
     * Whether the gate answers {@code sql} of {@link #shapes()} for absent keys. An INNER join is
     * answered on PostgreSQL only: H2 (and MySQL) may evaluate its ON condition on the joined table's
     * rows first (docs/architecture.md section 2).
     */
    boolean answers(String sql) {
        return postgres() || !sql.contains(" join " + teams() + " t on");
    }

    /** Whether comparing an integer column with a non-numeric string literal is an error (MySQL: a warning). */
    boolean refusesNonNumericStringForInteger() {
        return true;
    }

    static final String PRESENT_TOKEN = "6f1c2a3b-0000-4000-8000-00000000000a";

    @BeforeEach
    void create() throws SQLException {
        db = database();
        H2Databases.run(db,
                "CREATE TABLE " + teams() + " (id INT PRIMARY KEY, name VARCHAR(20))" + tableOptions(),
                "CREATE TABLE " + users() + " (id INT PRIMARY KEY, email VARCHAR(100) NOT NULL, name VARCHAR(20),"
                        + " team_id INT)" + tableOptions(),
                "INSERT INTO " + teams() + " VALUES (1, 'red'), (2, 'blue')",
                "INSERT INTO " + users() + " VALUES (1, 'a@x', 'ann', 1), (2, 'b@x', 'bob', NULL), (3, 'c@x', 'cy', 2)",
                "CREATE TABLE " + tokens() + " (id UUID PRIMARY KEY, label VARCHAR(20))" + tableOptions(),
                "INSERT INTO " + tokens() + " VALUES ('" + PRESENT_TOKEN + "', 'present')");
        BloomGate.Builder builder = BloomGate.builder(db).guard(users(), "email").guard(users(), "id");
        gate = (guardsUuidKeys() ? builder.guard(tokens(), "id") : builder).build();
    }

    @AfterEach
    void dropAll() throws SQLException {
        if (gate != null) {
            gate.close();
        }
        if (db != null) {
            drop(db, suffix);
        }
    }

    List<String> shapes() {
        String u = users();
        return List.of(
                "select count(*) from " + u + " where email = ?",
                "select count(u1_0.id) from " + u + " u1_0 where u1_0.email=?",
                "select case when count(u1_0.id)>0 then true else false end from " + u + " u1_0 where u1_0.email=?",
                "select exists(select 1 from " + u + " where email = ?)",
                "select exists(select 1 from " + u + " where email = ?) as taken",
                "select (select count(*) from " + u + " where email = ?) as n",
                "select coalesce(max(id), 0) as m, count(*) = 0 as none, max(name), sum(id), avg(id) from " + u
                        + " where email = ?",
                "select count(*) from " + u + " where email = ? having count(*) > 0",
                "select m1_0.id,m1_0.email,m1_0.name,t1_0.id,t1_0.name from " + u + " m1_0 left join " + teams()
                        + " t1_0 on t1_0.id=m1_0.team_id where m1_0.email=?",
                "select u.id, t.name from " + u + " u join " + teams() + " t on t.id = u.team_id where u.email = ?");
    }

    /** Every getter's outcome on every row: values, wasNull, or the SQLSTATE of the exception. */
    static List<String> everything(ResultSet rs) throws SQLException {
        List<String> out = new ArrayList<>();
        try (rs) {
            int n = rs.getMetaData().getColumnCount();
            for (int i = 1; i <= n; i++) {
                out.add(rs.getMetaData().getColumnLabel(i) + ":" + rs.getMetaData().getColumnType(i));
            }
            while (rs.next()) {
                for (int column = 1; column <= n; column++) {
                    int i = column;
                    out.add(outcome(() -> rs.getObject(i)) + "/" + rs.wasNull());
                    out.add(outcome(() -> rs.getString(i)));
                    out.add(outcome(() -> rs.getInt(i)) + "/" + rs.wasNull());
                    out.add(outcome(() -> rs.getLong(i)));
                    out.add(outcome(() -> rs.getBoolean(i)));
                    out.add(outcome(() -> rs.getBigDecimal(i)));
                    out.add(outcome(() -> rs.getObject(i, Long.class)));
                    out.add(outcome(() -> rs.getObject(i, Boolean.class)));
                    String label = rs.getMetaData().getColumnLabel(i);
                    out.add(outcome(() -> rs.getString(label)));
                }
            }
            out.add("end:" + rs.next());
        }
        return out;
    }

    interface Get {
        Object get() throws SQLException;
    }

    static String outcome(Get g) {
        try {
            Object v = g.get();
            return v == null ? "null" : v.getClass().getSimpleName() + "=" + v;
        } catch (SQLException e) {
            return "error " + e.getSQLState();
        } catch (RuntimeException e) {
            // MySQL Connector/J: getInt of a non-numeric string is a NumberFormatException
            return "error " + e.getClass().getName();
        }
    }

    static List<String> run(Connection c, String sql, Object key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, key);
            return everything(ps.executeQuery());
        }
    }

    long avoided() {
        return gate.stats().stream().mapToLong(GuardStats::avoided).sum();
    }

    @Test
    void absentKeysAreAnsweredWithTheDatabasesOwnRow() throws SQLException {
        try (Connection c = gate.dataSource().getConnection(); Connection direct = db.getConnection()) {
            for (String sql : shapes()) {
                run(c, sql, "first@x"); // runs for real: copies the metadata and the row on empty input
                long before = avoided();
                for (int i = 0; i < 20; i++) {
                    String key = "absent" + i + "@x";
                    assertThat(run(c, sql, key)).as(sql).isEqualTo(run(direct, sql, key));
                }
                boolean answerable = answers(sql);
                assertThat(avoided() - before).as("answered without the database: %s", sql)
                        .isEqualTo(answerable ? 20 : 0);
                for (String present : List.of("a@x", "b@x", "c@x")) {
                    assertThat(run(c, sql, present)).as("%s with %s", sql, present).isEqualTo(run(direct, sql, present));
                }
            }
        }
    }

    /** How one shape binds its key: the SQL and a binder for a key value. */
    record Bound(String sql, Binder binder) {
    }

    interface Binder {
        void bind(PreparedStatement ps, Object key) throws SQLException;
    }

    List<Bound> boundShapes() {
        return boundShapes(tokens());
    }

    List<Bound> boundShapes(String t) {
        List<Bound> shapes = new ArrayList<>(List.of(
                new Bound("select id, label from " + t + " where id = cast(? as uuid)",
                        (ps, k) -> ps.setString(1, k.toString().toUpperCase(java.util.Locale.ROOT))),
                new Bound("select id, label from " + t + " where id = ?", (ps, k) -> ps.setObject(1, k)),
                new Bound("select id, email from " + users() + " where id = any (?)",
                        (ps, k) -> ps.setArray(1, ps.getConnection().createArrayOf("INTEGER",
                                new Object[] {((java.util.UUID) k).hashCode() & 0xffff, 100_000})))));
        if (postgres()) {
            shapes.add(new Bound("select id, label from " + t + " where id = ?::uuid", (ps, k) -> ps.setString(1, k.toString())));
            shapes.add(new Bound("select id, label from " + t + " where id = ?",
                    (ps, k) -> ps.setObject(1, k.toString(), java.sql.Types.OTHER)));
            shapes.add(new Bound("select id, label from " + t + " where id = ?",
                    (ps, k) -> ps.setObject(1, k, java.sql.Types.OTHER)));
        }
        return shapes;
    }

    static List<String> run(Connection c, Bound shape, Object key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(shape.sql())) {
            shape.binder().bind(ps, key);
            return everything(ps.executeQuery());
        }
    }

    @Test
    void uuidKeysHoweverBoundAndArraysOfKeysAreAnswered() throws SQLException {
        java.util.Random random = new java.util.Random(13);
        try (Connection c = gate.dataSource().getConnection(); Connection direct = db.getConnection()) {
            for (Bound shape : boundShapes()) {
                run(c, shape, new java.util.UUID(random.nextLong(), random.nextLong()));
                long before = avoided();
                for (int i = 0; i < 20; i++) {
                    java.util.UUID key = new java.util.UUID(random.nextLong(), random.nextLong());
                    assertThat(run(c, shape, key)).as(shape.sql()).isEqualTo(run(direct, shape, key));
                }
                // Bloom filters are probabilistic: at p = 1%, 20 absent keys all pass with probability
                // 0.99^20 = 82%; at least 17 of 20 fails with probability < 0.1%.
                if (guardsUuidKeys() || !shape.sql().contains(tokens())) {
                    assertThat(avoided() - before).as("answered without the database: %s", shape.sql())
                            .isGreaterThanOrEqualTo(17);
                } else {
                    assertThat(avoided() - before).as("an unguarded column: %s", shape.sql()).isZero();
                }
                java.util.UUID present = java.util.UUID.fromString(PRESENT_TOKEN);
                assertThat(run(c, shape, present)).as(shape.sql()).isEqualTo(run(direct, shape, present));
            }
        }
    }

    @Test
    void aStringThatIsNotAUuidGetsTheDatabasesError() throws SQLException {
        Bound shape = new Bound("select id from " + tokens() + " where id = cast(? as uuid)",
                (ps, k) -> ps.setString(1, (String) k));
        try (Connection c = gate.dataSource().getConnection(); Connection direct = db.getConnection()) {
            run(c, shape, "00000000-0000-4000-8000-000000000001");
            for (String bad : List.of("not-a-uuid", "00000000-0000-4000-8000-00000000000", "{00000000-0000-4000-8000-000000000001}")) {
                List<String> expected;
                try {
                    expected = run(direct, shape, bad);
                } catch (SQLException e) {
                    expected = List.of("error " + e.getSQLState());
                }
                List<String> actual;
                try {
                    actual = run(c, shape, bad);
                } catch (SQLException e) {
                    actual = List.of("error " + e.getSQLState());
                }
                assertThat(actual).as(bad).isEqualTo(expected);
            }
        }
    }

    static List<String> outcomeOf(Connection c, String sql) {
        try (java.sql.Statement s = c.createStatement()) {
            return everything(s.executeQuery(sql));
        } catch (SQLException e) {
            return List.of("error " + e.getSQLState());
        }
    }

    @Test
    void stringBuiltSqlIsAnsweredFromTheSecondTextOfItsShape() throws SQLException {
        String u = users();
        List<java.util.function.Function<String, String>> shapes = List.of(
                k -> "select id, email from " + u + " where email = '" + k + "'",
                k -> "SELECT * FROM " + u + " WHERE email IN ('" + k + "', 'also-" + k + "') AND name = 'x'",
                k -> "select count(*) from " + u + " where email = '" + k + "'",
                k -> "select id from " + u + " where id = " + Math.abs(k.hashCode() % 1000 + 10_000));
        try (Connection c = gate.dataSource().getConnection(); Connection direct = db.getConnection()) {
            for (java.util.function.Function<String, String> shape : shapes) {
                outcomeOf(c, shape.apply("warm@x")); // the shape's first text runs for real
                long before = avoided();
                for (int i = 0; i < 20; i++) {
                    String sql = shape.apply("k" + i + "@x");
                    assertThat(outcomeOf(c, sql)).as(sql).isEqualTo(outcomeOf(direct, sql));
                }
                // p = 1% per absent key: at least 17 of 20 avoided fails with probability < 0.1%.
                assertThat(avoided() - before).as(shape.apply("k@x")).isGreaterThanOrEqualTo(17);
                for (String present : List.of("a@x", "it's@x")) {
                    String sql = shape.apply(present.replace("'", "''"));
                    assertThat(outcomeOf(c, sql)).as(sql).isEqualTo(outcomeOf(direct, sql));
                }
            }
            // A literal the database refuses (typed from its column) still reaches it.
            String warm = "select id from " + u + " where email = 'nobody@x' and id = '5'";
            outcomeOf(c, warm);
            String bad = "select id from " + u + " where email = 'nobody2@x' and id = 'five'";
            assertThat(outcomeOf(c, bad)).isEqualTo(outcomeOf(direct, bad));
            if (refusesNonNumericStringForInteger()) {
                assertThat(outcomeOf(direct, bad).get(0)).startsWith("error");
            }
        }
    }

    @Test
    void theRowIsCopiedOnlyFromAnExecutionWhoseKeysWereAbsent() throws SQLException {
        String sql = "select count(*) from " + users() + " where email = ?";
        try (Connection c = gate.dataSource().getConnection(); Connection direct = db.getConnection()) {
            assertThat(run(c, sql, "a@x")).isEqualTo(run(direct, sql, "a@x")); // present: count 1, not copied
            assertThat(run(c, sql, "nobody@x")).isEqualTo(run(direct, sql, "nobody@x"));
            long before = avoided();
            assertThat(run(c, sql, "nobody2@x")).isEqualTo(run(direct, sql, "nobody2@x"));
            assertThat(avoided()).isEqualTo(before + 1);
        }
    }
}
