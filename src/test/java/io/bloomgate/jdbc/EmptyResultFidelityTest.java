package io.bloomgate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.bloomgate.BloomGate;
import io.bloomgate.PostgresServer;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.JDBCType;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Wrapper;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The gate's own answer (an {@link EmptyResultSet}) must be indistinguishable from the driver's
 * empty result of the same lookup: every {@code java.sql.ResultSet} method, called reflectively
 * with valid and invalid arguments, in each phase of the result's life (before {@code next()},
 * after {@code next()} returned false, after {@code close()}, after its statement ran again,
 * moved on, or closed, after its connection closed), and after each of a few calls that may
 * change its state, must return the
 * same value or fail with the same exception class, SQLSTATE and vendor code as the driver's own
 * result of the same statement. Each call gets a fresh result on each side; on the gate's side,
 * one the gate answered (its "avoided" counter rises). Run on H2 (in memory), on PostgreSQL
 * (pgjdbc) and on MariaDB (Connector/J), with several statement and connection settings.
 *
 * <p>Differences that cannot be removed are listed in {@link #EXPECTED} with their reason; any
 * other difference fails the test, and so does an expected difference that no longer occurs.
 * Not covered: H2 in server mode or with lazy query execution (its fetch size is the statement's,
 * or 1, where an in-memory result reports 0); what updaters do with their value before they find
 * the result read-only (the drivers read a stream, H2 converts the value and may fail to); pgjdbc's
 * getObject(column, PGobject subclass) on a column it received in binary.
 */
class EmptyResultFidelityTest {

    private static final AtomicInteger DATABASES = new AtomicInteger();

    /** The point of the result's life at which a method is called. */
    enum Phase {
        BEFORE_NEXT,
        AFTER_END,
        CLOSED,
        /** Its statement ran again (which closes a driver's previous result). */
        STATEMENT_EXECUTED_AGAIN,
        /** {@code getMoreResults()} moved its statement past it. */
        STATEMENT_MOVED_ON,
        STATEMENT_CLOSED,
        CONNECTION_CLOSED;

        /** Closed from outside: one argument list per method suffices. */
        boolean sampled() {
            return compareTo(STATEMENT_EXECUTED_AGAIN) >= 0;
        }
    }

    /** How the lookup is issued: the statement, its settings, the connection's, the columns. */
    enum Issue {
        PREPARED,
        PREPARED_FETCH_SIZE_25,
        PREPARED_MAX_ROWS_10,
        PREPARED_CLOSE_CURSORS_AT_COMMIT,
        PLAIN_STATEMENT,
        /** Two columns, one with a quoted mixed-case label: H2's and pgjdbc's other label rules. */
        PREPARED_TWO_COLUMNS;

        /** A setting that only properties can show: the methods without arguments, and the fetch setters. */
        boolean settingOnly() {
            return this == PREPARED_FETCH_SIZE_25 || this == PREPARED_MAX_ROWS_10
                    || this == PREPARED_CLOSE_CURSORS_AT_COMMIT;
        }
    }

    /** A difference that is expected, and why: on a driver, in a phase (null: any), of a method (null: any). */
    private record Expected(String driver, Phase phase, String method, Predicate<Object[]> args, String reason) {

        boolean covers(String driverName, Phase p, Method m, Object[] a) {
            return driverName.equals(driver) && (phase == null || phase == p)
                    && (method == null || m.getName().equals(method)) && args.test(a);
        }
    }

    private static final String NOT_THE_DRIVERS_OBJECT = "the answer is the gate's own object and wraps no driver"
            + " result set, so it neither is nor unwraps to one of the driver's classes";

    /**
     * The differences that cannot be removed here: the answer is the gate's own object, not the
     * driver's, so it neither is nor wraps one of the driver's classes (H2's JdbcResultSet and
     * TraceObject, pgjdbc's PgResultSet, ...). Any other difference is a bug.
     */
    private static final List<Expected> EXPECTED = List.of(
            new Expected("H2", null, "unwrap", a -> isDriverOnlyType(a[0], org.h2.jdbc.JdbcResultSet.class),
                    NOT_THE_DRIVERS_OBJECT),
            new Expected("H2", null, "isWrapperFor", a -> isDriverOnlyType(a[0], org.h2.jdbc.JdbcResultSet.class),
                    NOT_THE_DRIVERS_OBJECT),
            new Expected("MariaDB", null, "unwrap",
                    a -> isDriverOnlyType(a[0], org.mariadb.jdbc.client.result.CompleteResult.class),
                    NOT_THE_DRIVERS_OBJECT),
            new Expected("MariaDB", null, "isWrapperFor",
                    a -> isDriverOnlyType(a[0], org.mariadb.jdbc.client.result.CompleteResult.class),
                    NOT_THE_DRIVERS_OBJECT),
            new Expected("MySQL Connector/J", null, "unwrap",
                    a -> isDriverOnlyType(a[0], com.mysql.cj.jdbc.result.ResultSetImpl.class),
                    NOT_THE_DRIVERS_OBJECT),
            new Expected("MySQL Connector/J", null, "isWrapperFor",
                    a -> isDriverOnlyType(a[0], com.mysql.cj.jdbc.result.ResultSetImpl.class),
                    NOT_THE_DRIVERS_OBJECT),
            new Expected("MySQL Connector/J", null, "getSQLXML", a -> true, "MySQL Connector/J returns a"
                    + " MysqlSQLXML, a lazy view of its own current row that fails when read; the answer has no"
                    + " row of the driver's to give such a view of, and fails at once as unsupported"),
            new Expected("PostgreSQL", null, "unwrap",
                    a -> isDriverOnlyType(a[0], org.postgresql.jdbc.PgResultSet.class), NOT_THE_DRIVERS_OBJECT),
            new Expected("PostgreSQL", null, "isWrapperFor",
                    a -> isDriverOnlyType(a[0], org.postgresql.jdbc.PgResultSet.class), NOT_THE_DRIVERS_OBJECT));

    /** A type the driver's result has and the answer has not. */
    private static boolean isDriverOnlyType(Object type, Class<?> driverResultClass) {
        return type instanceof Class<?> c && c.isAssignableFrom(driverResultClass)
                && !c.isAssignableFrom(EmptyResultSet.class);
    }

    // ------------------------------------------------------------------ the drivers

    @Test
    void h2() throws Exception {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:fidelity" + DATABASES.incrementAndGet() + ";DB_CLOSE_DELAY=-1");
        h2.setUser("sa");
        run(h2, "CREATE TABLE users (id BIGINT PRIMARY KEY, email VARCHAR(100) NOT NULL, amount DECIMAL(10, 2))",
                "INSERT INTO users SELECT X * 2, 'user' || X || '@example.org', X * 1.5 FROM SYSTEM_RANGE(1, 100)");
        try {
            compare("H2", h2, "users", org.h2.jdbc.JdbcResultSet.class);
        } finally {
            run(h2, "SHUTDOWN");
        }
    }

    @Test
    void postgres() throws Exception {
        DataSource pg = PostgresServer.dataSource();
        String table = "fidelity_" + Long.toHexString(System.nanoTime());
        run(pg, "CREATE TABLE " + table + " (id bigint PRIMARY KEY, email text NOT NULL, amount numeric(10,2))",
                "INSERT INTO " + table + " SELECT g * 2, 'user' || g || '@example.org', g * 1.5"
                        + " FROM generate_series(1, 100) g");
        try {
            compare("PostgreSQL", pg, table, org.postgresql.jdbc.PgResultSet.class);
        } finally {
            run(pg, "DROP TABLE IF EXISTS " + table);
        }
    }

    /** Both drivers, both prepared-statement modes (issue 26): each driver's result has rules of its own. */
    @ParameterizedTest
    @EnumSource(io.bloomgate.MySqlServer.Flavour.class)
    void mariadb(io.bloomgate.MySqlServer.Flavour flavour) throws Exception {
        String database = "bloomgate_fidelity_" + Long.toHexString(System.nanoTime());
        run(io.bloomgate.MySqlServer.dataSource(), "CREATE DATABASE " + database
                + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
        DataSource maria = flavour.forDatabase(database);
        try {
            run(maria, "CREATE TABLE users (id BIGINT PRIMARY KEY, email VARCHAR(100) NOT NULL, amount DECIMAL(10, 2))",
                    "INSERT INTO users SELECT seq * 2, CONCAT('user', seq, '@example.org'), seq * 1.5 FROM seq_1_to_100");
            if (flavour.mariadbDriver()) {
                compare("MariaDB", maria, "users", org.mariadb.jdbc.client.result.CompleteResult.class);
            } else {
                compare("MySQL Connector/J", maria, "users", com.mysql.cj.jdbc.result.ResultSetImpl.class);
            }
        } finally {
            run(io.bloomgate.MySqlServer.dataSource(), "DROP DATABASE IF EXISTS " + database);
        }
    }

    // ------------------------------------------------------------------ the comparison

    private void compare(String driver, DataSource db, String table, Class<?> driverResultClass) throws Exception {
        List<String> differences = new ArrayList<>();
        boolean[] expectationUsed = new boolean[EXPECTED.size()];
        int calls = 0;
        try (BloomGate gate = BloomGate.builder(db).guard(table, "email").build()) {
            for (Issue issue : Issue.values()) {
                try (Lookup real = new Lookup(db, issue, table, null);
                        Lookup answered = new Lookup(gate.dataSource(), issue, table, gate)) {
                    answered.warmUp();
                    for (Phase phase : Phase.values()) {
                        if (phase.sampled() && issue != Issue.PREPARED) {
                            continue;
                        }
                        String previousName = null;
                        for (Method m : methods()) {
                            if (phase == Phase.CONNECTION_CLOSED && m.getName().equals(previousName)) {
                                continue; // one overload per name: a connection per call is slow
                            }
                            previousName = m.getName();
                            if (issue.settingOnly() && m.getParameterCount() > 0
                                    && !m.getName().startsWith("setFetch")) {
                                continue;
                            }
                            List<Object[]> argumentLists = argumentsFor(m, driverResultClass, table);
                            for (Object[] args : phase.sampled() ? argumentLists.subList(0, 1) : argumentLists) {
                                calls++;
                                String expected = outcome(real, phase, null, m, args);
                                String actual = outcome(answered, phase, null, m, args);
                                if (!same(expected, actual)) {
                                    int e = expectation(driver, phase, m, args);
                                    if (e >= 0) {
                                        expectationUsed[e] = true;
                                    } else {
                                        differences.add(issue + " " + phase + " " + call(m, args)
                                                + "\n      driver: " + expected + "\n      gate:   " + actual);
                                    }
                                }
                            }
                        }
                        if (phase.sampled()) {
                            continue;
                        }
                        // State carried between calls: a call, then every method without arguments.
                        for (Probe first : probes()) {
                            for (Method m : methods()) {
                                if (m.getParameterCount() > 0) {
                                    continue;
                                }
                                calls++;
                                String expected = outcome(real, phase, first, m, new Object[0]);
                                String actual = outcome(answered, phase, first, m, new Object[0]);
                                if (!same(expected, actual)) {
                                    differences.add(issue + " " + phase + " " + first + "; then " + m.getName()
                                            + "()\n      driver: " + expected + "\n      gate:   " + actual);
                                }
                            }
                        }
                    }
                }
            }
            differences.addAll(fetchDirectionAtExecution(db, gate, table));
        }
        List<String> unusedExpectations = new ArrayList<>();
        for (int i = 0; i < EXPECTED.size(); i++) {
            if (EXPECTED.get(i).driver().equals(driver) && !expectationUsed[i]) {
                unusedExpectations.add(EXPECTED.get(i).phase() + " " + EXPECTED.get(i).method() + ": "
                        + EXPECTED.get(i).reason());
            }
        }
        assertThat(calls).as("calls compared").isGreaterThan(10_000);
        if (!differences.isEmpty()) {
            fail(differences.size() + " differences from " + driver + "'s own empty result:\n  "
                    + String.join("\n  ", differences));
        }
        assertThat(unusedExpectations).as("expected differences that no longer occur on " + driver).isEmpty();
    }

    /**
     * A statement's fetch direction applies to the results it returns: pgjdbc cannot give a
     * forward-only result any direction but forward, so its executeQuery fails; the answer must too.
     */
    private static List<String> fetchDirectionAtExecution(DataSource db, BloomGate gate, String table)
            throws SQLException {
        List<String> differences = new ArrayList<>();
        for (int direction : new int[] {ResultSet.FETCH_REVERSE, ResultSet.FETCH_UNKNOWN}) {
            try (Lookup real = new Lookup(db, Issue.PREPARED, table, null);
                    Lookup answered = new Lookup(gate.dataSource(), Issue.PREPARED, table, gate)) {
                answered.warmUp(); // a no-op for the plan, which ran before: a fresh statement
                real.prepare();
                answered.prepare();
                real.statement.setFetchDirection(direction);
                answered.statement.setFetchDirection(direction);
                String expected = executed(real);
                long avoided = gate.stats(table, "email").avoided();
                String actual = executed(answered);
                assertThat(gate.stats(table, "email").avoided()).as("answered by the gate").isEqualTo(avoided + 1);
                if (!same(expected, actual)) {
                    differences.add("executeQuery() with setFetchDirection(" + direction + ")"
                            + "\n      driver: " + expected + "\n      gate:   " + actual);
                }
            }
        }
        return differences;
    }

    private static String executed(Lookup side) {
        try (ResultSet rs = side.execute()) {
            return "returns a result; next() " + rs.next() + ", getFetchDirection() " + rs.getFetchDirection();
        } catch (SQLException | RuntimeException e) {
            return failure(e);
        }
    }

    private static int expectation(String driver, Phase phase, Method m, Object[] args) {
        for (int i = 0; i < EXPECTED.size(); i++) {
            if (EXPECTED.get(i).covers(driver, phase, m, args)) {
                return i;
            }
        }
        return -1;
    }

    /** A call made before the observed one (its own outcome is compared elsewhere). */
    private record Probe(String name, Call call) {
        @Override
        public String toString() {
            return name;
        }
    }

    private interface Call {
        void run(ResultSet rs) throws SQLException;
    }

    private static List<Probe> probes() {
        return List.of(
                new Probe("next()", ResultSet::next),
                new Probe("getString(1)", rs -> rs.getString(1)),
                new Probe("getString(\"nope\")", rs -> rs.getString("nope")),
                new Probe("getInt(99)", rs -> rs.getInt(99)),
                new Probe("setFetchSize(10)", rs -> rs.setFetchSize(10)),
                new Probe("setFetchSize(0)", rs -> rs.setFetchSize(0)),
                new Probe("setFetchSize(-1)", rs -> rs.setFetchSize(-1)),
                new Probe("setFetchDirection(FETCH_FORWARD)", rs -> rs.setFetchDirection(ResultSet.FETCH_FORWARD)),
                new Probe("setFetchDirection(FETCH_REVERSE)", rs -> rs.setFetchDirection(ResultSet.FETCH_REVERSE)),
                new Probe("setFetchDirection(FETCH_UNKNOWN)", rs -> rs.setFetchDirection(ResultSet.FETCH_UNKNOWN)),
                new Probe("clearWarnings()", ResultSet::clearWarnings),
                new Probe("absolute(1)", rs -> rs.absolute(1)),
                new Probe("relative(1)", rs -> rs.relative(1)),
                new Probe("first()", ResultSet::first),
                new Probe("afterLast()", ResultSet::afterLast),
                new Probe("getObject(1, Long.class)", rs -> rs.getObject(1, Long.class)),
                new Probe("close()", ResultSet::close));
    }

    /**
     * One side of the comparison: statements of one connection issuing the same lookup of an
     * absent key; a closed statement or connection is replaced at the next execution.
     */
    private static final class Lookup implements AutoCloseable {
        final DataSource source;
        final Issue issue;
        final String sql;
        final BloomGate gate; // null: the driver's own side
        final String table;
        Connection connection;
        Statement statement;

        Lookup(DataSource source, Issue issue, String table, BloomGate gate) throws SQLException {
            this.source = source;
            this.issue = issue;
            this.gate = gate;
            this.table = table;
            String quote;
            try (Connection c = source.getConnection()) {
                quote = c.getMetaData().getIdentifierQuoteString(); // MySQL: a backtick ("Mail" is a string there)
            }
            String select = issue == Issue.PREPARED_TWO_COLUMNS ? "SELECT email AS " + quote + "Mail" + quote + ", id FROM "
                    : "SELECT id, email AS mail, amount FROM ";
            sql = select + table + " WHERE email = " + (issue == Issue.PLAIN_STATEMENT ? "'absent@example.org'" : "?");
        }

        void prepare() throws SQLException {
            if (connection == null || connection.isClosed()) {
                connection = source.getConnection();
                statement = null;
                if (issue == Issue.PREPARED_CLOSE_CURSORS_AT_COMMIT) {
                    connection.setHoldability(ResultSet.CLOSE_CURSORS_AT_COMMIT);
                }
            }
            if (statement == null || statement.isClosed()) {
                if (issue == Issue.PLAIN_STATEMENT) {
                    statement = connection.createStatement();
                } else {
                    PreparedStatement ps = connection.prepareStatement(sql);
                    ps.setString(1, "absent@example.org");
                    statement = ps;
                }
                if (issue == Issue.PREPARED_FETCH_SIZE_25) {
                    statement.setFetchSize(25);
                }
                if (issue == Issue.PREPARED_MAX_ROWS_10) {
                    statement.setMaxRows(10);
                }
            }
        }

        /** The gate answers a SQL text only after it ran once. */
        void warmUp() throws SQLException {
            prepare();
            try (ResultSet rs = execute()) {
                assertThat(rs.next()).isFalse();
            }
        }

        ResultSet execute() throws SQLException {
            return statement instanceof PreparedStatement ps ? ps.executeQuery() : statement.executeQuery(sql);
        }

        /** A fresh empty result in {@code phase}; on the gate's side, certainly the gate's answer. */
        ResultSet open(Phase phase) throws SQLException {
            prepare();
            long avoided = gate == null ? 0 : gate.stats(table, "email").avoided();
            ResultSet rs = execute();
            if (gate != null) {
                assertThat(rs).as("%s %s", issue, gate.stats(table, "email").bypassedByReason())
                        .isInstanceOf(EmptyResultSet.class);
                assertThat(gate.stats(table, "email").avoided()).as("answered by the gate").isEqualTo(avoided + 1);
            }
            switch (phase) {
                case AFTER_END -> assertThat(rs.next()).isFalse();
                case CLOSED -> {
                    assertThat(rs.next()).isFalse();
                    rs.close();
                }
                case STATEMENT_EXECUTED_AGAIN -> {
                    long before = gate == null ? 0 : gate.stats(table, "email").avoided();
                    execute().close();
                    if (gate != null) {
                        assertThat(gate.stats(table, "email").avoided()).isEqualTo(before + 1);
                    }
                }
                case STATEMENT_MOVED_ON -> assertThat(statement.getMoreResults()).isFalse();
                case STATEMENT_CLOSED -> statement.close();
                case CONNECTION_CLOSED -> connection.close();
                default -> {
                }
            }
            return rs;
        }

        @Override
        public void close() throws SQLException {
            if (connection != null) {
                connection.close();
            }
        }
    }

    private static String outcome(Lookup side, Phase phase, Probe first, Method m, Object[] args)
            throws SQLException {
        ResultSet rs = side.open(phase);
        try {
            if (first != null) {
                try {
                    first.call().run(rs);
                } catch (SQLException | RuntimeException ignored) {
                    // its outcome is compared on its own; here only the state it leaves counts
                }
            }
            Object value;
            try {
                value = m.invoke(rs, freshArguments(args));
            } catch (InvocationTargetException e) {
                return failure(e.getCause());
            } catch (IllegalAccessException e) {
                throw new AssertionError(e);
            }
            return "returns " + describe(value, rs, side.statement);
        } finally {
            rs.close();
        }
    }

    /**
     * What is compared of an exception: its class, and for a SQLException its SQLSTATE and vendor
     * code. The message follows, after {@link #DETAIL}, for the report only (pgjdbc's messages
     * for methods it does not implement name the method's parameter types, in no regular form).
     */
    private static String failure(Throwable t) {
        if (t instanceof SQLException e) {
            return "throws " + e.getClass().getName() + " state=" + e.getSQLState() + " code=" + e.getErrorCode()
                    + DETAIL + e.getMessage() + ")";
        }
        return "throws " + t.getClass().getName() + DETAIL + t.getMessage() + ")";
    }

    private static final String DETAIL = "   (";

    private static boolean same(String expected, String actual) {
        int e = expected.indexOf(DETAIL);
        int a = actual.indexOf(DETAIL);
        return (e < 0 ? expected : expected.substring(0, e)).equals(a < 0 ? actual : actual.substring(0, a));
    }

    private static String describe(Object value, ResultSet rs, Statement statement) throws SQLException {
        if (value == null) {
            return "null";
        }
        if (value == rs) {
            return "the result itself";
        }
        if (value == statement) {
            return "the statement that executed the lookup";
        }
        if (value instanceof ResultSetMetaData md) {
            // Labels only: pgjdbc's metadata asks the server for the rest, which fails once the
            // connection is closed (the answer's copy does not); the copy is compared elsewhere.
            StringBuilder s = new StringBuilder("metadata of " + md.getColumnCount() + " columns:");
            for (int c = 1; c <= md.getColumnCount(); c++) {
                s.append(' ').append(md.getColumnLabel(c));
            }
            return s.toString();
        }
        if (value instanceof SQLWarning w) {
            return "warning " + w.getSQLState() + " " + w.getMessage();
        }
        if (value instanceof Number || value instanceof Boolean || value instanceof String) {
            return value.getClass().getSimpleName() + " " + value;
        }
        return "a " + value.getClass().getName();
    }

    // ------------------------------------------------------------------ methods and arguments

    private static List<Method> methods() {
        List<Method> methods = new ArrayList<>();
        for (Method m : ResultSet.class.getMethods()) {
            if (!Modifier.isStatic(m.getModifiers())) {
                methods.add(m);
            }
        }
        methods.sort(Comparator.comparing(Method::getName).thenComparing(m -> Arrays.toString(m.getParameterTypes())));
        return methods;
    }

    /** Every combination of the candidate values of each parameter. */
    private static List<Object[]> argumentsFor(Method m, Class<?> driverResultClass, String table) {
        Class<?>[] types = m.getParameterTypes();
        List<Object[]> combinations = new ArrayList<>();
        combinations.add(new Object[0]);
        for (int i = 0; i < types.length; i++) {
            List<Object[]> next = new ArrayList<>();
            for (Object[] prefix : combinations) {
                for (Object candidate : candidates(m, i, types[i], driverResultClass, table)) {
                    Object[] extended = Arrays.copyOf(prefix, prefix.length + 1);
                    extended[i] = candidate;
                    next.add(extended);
                }
            }
            combinations = next;
        }
        return combinations;
    }

    private static final Object NULL = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };

    private static List<?> candidates(Method m, int index, Class<?> type, Class<?> driverResultClass,
            String table) {
        String name = m.getName();
        if (index == 0 && type == int.class) {
            switch (name) {
                case "absolute", "relative":
                    return List.of(0, 1, -1);
                case "setFetchSize":
                    return List.of(0, 1, 25, -1);
                case "setFetchDirection":
                    return List.of(ResultSet.FETCH_FORWARD, ResultSet.FETCH_REVERSE, ResultSet.FETCH_UNKNOWN, 0);
                default:
                    // a column index: first, last, and out of range on either side
                    return List.of(1, 3, 0, 4, -1);
            }
        }
        if (index == 0 && type == String.class) {
            // a label, its case variants, a column name hidden by an alias, a qualified name,
            // labels that do not exist
            return List.of("mail", "MAIL", "Mail", "id", "email", table + ".id", table + ".email", "nope", "", NULL);
        }
        if (type == Class.class) {
            if (name.equals("unwrap") || name.equals("isWrapperFor")) {
                return List.of(ResultSet.class, Wrapper.class, AutoCloseable.class, Object.class, String.class,
                        driverResultClass, driverResultClass.getSuperclass(), NULL);
            }
            return List.of(String.class, Long.class, BigDecimal.class, Thread.class, NULL);
        }
        if (type == Map.class) {
            Map<String, Class<?>> typeMap = new HashMap<>();
            typeMap.put("mytype", String.class);
            return List.of(new HashMap<String, Class<?>>(), typeMap, NULL);
        }
        if (type == Calendar.class) {
            return List.of(Calendar.getInstance(TimeZone.getTimeZone("UTC")), NULL);
        }
        if (type == java.sql.SQLType.class) {
            return List.of(JDBCType.VARCHAR);
        }
        if (type == int.class) {
            // a scale or a length; a negative one is refused by some drivers before anything else
            return name.equals("getBigDecimal") || name.startsWith("update") ? List.of(2, -1) : List.of(2);
        }
        if (type == long.class) {
            return List.of(2L);
        }
        if (type == boolean.class) {
            return List.of(true);
        }
        if (type == byte.class) {
            return List.of((byte) 1);
        }
        if (type == short.class) {
            return List.of((short) 1);
        }
        if (type == float.class) {
            return List.of(1.5f);
        }
        if (type == double.class) {
            return List.of(1.5d);
        }
        if (type == String.class || type == Object.class) {
            return List.of("x");
        }
        if (type == BigDecimal.class) {
            return List.of(BigDecimal.ONE);
        }
        if (type == byte[].class) {
            return List.of(new byte[] {1, 2});
        }
        if (type == java.sql.Date.class) {
            return List.of(java.sql.Date.valueOf("2024-01-02"));
        }
        if (type == java.sql.Time.class) {
            return List.of(java.sql.Time.valueOf("12:00:00"));
        }
        if (type == java.sql.Timestamp.class) {
            return List.of(java.sql.Timestamp.valueOf("2024-01-02 12:00:00"));
        }
        if (type == java.io.InputStream.class) {
            return List.of(InputStreamArgument.INSTANCE);
        }
        if (type == java.io.Reader.class) {
            return List.of(ReaderArgument.INSTANCE);
        }
        // Blob, Clob, NClob, Array, Ref, RowId, SQLXML: no driver-independent instance exists
        return List.of(NULL);
    }

    /** Streams are consumed by a call: each call gets a new one. */
    private enum InputStreamArgument {
        INSTANCE
    }

    private enum ReaderArgument {
        INSTANCE
    }

    private static Object[] freshArguments(Object[] args) {
        Object[] fresh = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            Object a = args[i];
            fresh[i] = a == NULL ? null
                    : a == InputStreamArgument.INSTANCE ? new ByteArrayInputStream(new byte[] {1, 2})
                    : a == ReaderArgument.INSTANCE ? new StringReader("xy")
                    : a;
        }
        return fresh;
    }

    private static String call(Method m, Object[] args) {
        StringBuilder s = new StringBuilder(m.getName()).append('(');
        for (int i = 0; i < args.length; i++) {
            if (i > 0) {
                s.append(", ");
            }
            Object a = args[i];
            s.append(a instanceof String str ? '"' + str + '"'
                    : a instanceof Class<?> c ? c.getSimpleName() + ".class"
                    : a instanceof byte[] b ? Arrays.toString(b)
                    : a instanceof Calendar ? "Calendar(UTC)"
                    : String.valueOf(a));
        }
        return s.append(')').toString();
    }

    private static void run(DataSource ds, String... statements) throws SQLException {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }
}
