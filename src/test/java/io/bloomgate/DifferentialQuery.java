package io.bloomgate;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One statement of the differential workload: SQL text with its keys already in it (literals) or
 * bound through one of the ways applications bind them. It is generated once and then run twice,
 * directly and through the gate, so both runs bind exactly the same values the same way.
 *
 * @param sql        the text, with {@code ?} (possibly under a cast) or literals for the keys
 * @param params     what each {@code ?} is bound to, in order (empty: a plain {@code Statement})
 * @param useExecute run with {@code execute()} instead of {@code executeQuery()}
 */
public record DifferentialQuery(String sql, List<Param> params, boolean useExecute) {

    /** How a key gets into the statement. */
    enum Binding {
        SET_OBJECT, TYPED_SETTER, SET_OBJECT_WITH_SQL_TYPE, SET_STRING, SET_LONG, SET_INT, SET_BIG_DECIMAL,
        SET_DOUBLE, NULL, CAST, LITERAL, STRING_LITERAL, GARBAGE
    }

    /** What the workload needs to know about the key column and the database's syntax. */
    interface Target {
        /** The key of row {@code index}; every index has a distinct key. */
        Object key(long index);

        /** The JDBC type of the key column, for {@code setObject(i, x, type)} and typed NULLs. */
        int sqlType();

        /** Types to cast a key parameter to: the column's own, wider, narrower and unrelated ones. */
        List<String> casts();

        /** {@code ?} under a cast to {@code type}, in the database's syntax. */
        String castParameter(String type, SplittableRandom random);
    }

    /** A setter call, described for failure messages. */
    record Param(String description, Setter setter) {
        @Override
        public String toString() {
            return description;
        }
    }

    interface Setter {
        void set(PreparedStatement ps, int index) throws SQLException;
    }

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{[kv]}");

    /**
     * A statement of {@code shape} ({@code {k}}: a key operand, {@code {v}}: a value compared with
     * the integer column {@code v}). Each key is present, absent, or a variant of a present key
     * (another case, trailing spaces, another decimal scale, the integer in between...); {@code
     * only}, if not null, is the one key every {@code {k}} stands for.
     *
     * @param present keys of rows {@code [0, present)} may exist; larger indexes do not (yet)
     */
    static DifferentialQuery random(SplittableRandom random, String shape, Target target, long present,
            Object only) {
        // Keys bound the natural way are the ones the filter answers; every other way fails open
        // or errors, so it gets a share, not a majority.
        Binding[] bindings = Binding.values();
        Binding binding = random.nextInt(5) < 2 ? (random.nextBoolean() ? Binding.SET_OBJECT : Binding.TYPED_SETTER)
                : bindings[random.nextInt(bindings.length)];
        boolean literal = binding == Binding.LITERAL || binding == Binding.STRING_LITERAL;
        StringBuilder sql = new StringBuilder();
        List<Param> params = new ArrayList<>();
        Matcher m = PLACEHOLDER.matcher(shape);
        int last = 0;
        while (m.find()) {
            sql.append(shape, last, m.start());
            last = m.end();
            if (m.group().equals("{v}")) {
                if (literal) {
                    sql.append(random.nextInt(50));
                } else {
                    sql.append('?');
                    params.add(otherValue(random));
                }
                continue;
            }
            // A cast changes what the database compares, so near-miss values matter most under one.
            Object key = only != null ? only : pickKey(random, target, present, binding == Binding.CAST ? 2 : 1);
            switch (binding) {
                case LITERAL -> sql.append(literal(key));
                case STRING_LITERAL -> sql.append(quote(text(key)));
                case CAST -> {
                    sql.append(target.castParameter(target.casts().get(random.nextInt(target.casts().size())), random));
                    params.add(random.nextBoolean() ? setObject(key) : setString(text(key)));
                }
                default -> {
                    sql.append('?');
                    params.add(param(binding, key, target, random));
                }
            }
        }
        sql.append(shape.substring(last));
        return new DifferentialQuery(sql.toString(), List.copyOf(params), random.nextInt(4) == 0);
    }

    /** Half present keys, half absent ones; {@code variants} in 3 present keys become a variant. */
    private static Object pickKey(SplittableRandom random, Target target, long present, int variants) {
        // Absent keys: in the range rows are still inserted into, and beyond.
        long index = random.nextBoolean() ? random.nextLong(present) : present + random.nextLong(1_000_000);
        Object key = target.key(index);
        return index < present && random.nextInt(3) < variants ? variant(key, random) : key;
    }

    /**
     * A value near {@code key}: equal to it for the database or not, depending on the type. Public for
     * the fuzzer ({@code io.bloomgate.fuzz}), which binds the same near misses.
     */
    public static Object variant(Object key, SplittableRandom random) {
        if (key instanceof String s) {
            return switch (random.nextInt(4)) {
                case 0 -> s.toUpperCase(Locale.ROOT);
                case 1 -> s.toLowerCase(Locale.ROOT);
                case 2 -> s + " ".repeat(Math.max(1, 12 - s.length())); // as long as a CHAR(12) cast makes it
                default -> " " + s;
            };
        }
        if (key instanceof Long l) {
            return random.nextBoolean() ? l + 1 : -l; // keys are multiples of 3: between two keys
        }
        if (key instanceof Integer i) {
            return i + 1;
        }
        if (key instanceof BigDecimal d) {
            return switch (random.nextInt(4)) {
                case 0 -> d.setScale(d.scale() + 2); // 1.5 vs 1.500: the same number
                case 1 -> d.stripTrailingZeros();
                case 2 -> d.add(new BigDecimal("0.01"));
                default -> d.add(new BigDecimal("0.001")); // more digits than a NUMERIC(12, 2) holds
            };
        }
        if (key instanceof UUID u) {
            return random.nextBoolean() ? u.toString().toUpperCase(Locale.ROOT)
                    : new UUID(u.getMostSignificantBits(), u.getLeastSignificantBits() + 1);
        }
        return key;
    }

    private static Param param(Binding binding, Object key, Target target, SplittableRandom random) {
        switch (binding) {
            case SET_OBJECT:
                return setObject(key);
            case TYPED_SETTER:
                if (key instanceof Long l) {
                    return new Param("setLong(" + l + ")", (ps, i) -> ps.setLong(i, l));
                }
                if (key instanceof Integer n) {
                    return new Param("setInt(" + n + ")", (ps, i) -> ps.setInt(i, n));
                }
                if (key instanceof String s) {
                    return setString(s);
                }
                if (key instanceof BigDecimal d) {
                    return new Param("setBigDecimal(" + d + ")", (ps, i) -> ps.setBigDecimal(i, d));
                }
                return setObject(key);
            case SET_OBJECT_WITH_SQL_TYPE: {
                // The column's own type, or a mismatched one the driver converts to (or refuses).
                int type = random.nextBoolean() ? target.sqlType() : key instanceof String ? Types.BIGINT : Types.VARCHAR;
                return new Param("setObject(" + show(key) + ", " + typeName(type) + ")", (ps, i) -> ps.setObject(i, key, type));
            }
            case SET_STRING:
                return setString(text(key));
            case SET_LONG: {
                long l = key instanceof Number n ? n.longValue() : key.hashCode();
                return new Param("setLong(" + l + ")", (ps, i) -> ps.setLong(i, l));
            }
            case SET_INT: {
                int n = key instanceof Number x ? x.intValue() : key.hashCode();
                return new Param("setInt(" + n + ")", (ps, i) -> ps.setInt(i, n));
            }
            case SET_BIG_DECIMAL: {
                BigDecimal d = key instanceof Number n ? new BigDecimal(n.toString()) : BigDecimal.ONE;
                BigDecimal scaled = d.setScale(Math.max(d.scale(), 3));
                return new Param("setBigDecimal(" + scaled + ")", (ps, i) -> ps.setBigDecimal(i, scaled));
            }
            case SET_DOUBLE: {
                double x = key instanceof Number n ? n.doubleValue() : 1.5;
                return new Param("setDouble(" + x + ")", (ps, i) -> ps.setDouble(i, x));
            }
            case NULL:
                return nullOf(random, target.sqlType());
            case GARBAGE:
                return setString("not a key \u0000 value");
            default:
                throw new IllegalArgumentException(binding.name());
        }
    }

    /** NULL, untyped or typed: a typed NULL still has to fit the column's type. */
    private static Param nullOf(SplittableRandom random, int columnType) {
        return switch (random.nextInt(5)) {
            case 0 -> new Param("setNull(OTHER)", (ps, i) -> ps.setNull(i, Types.OTHER));
            case 1 -> new Param("setObject(null)", (ps, i) -> ps.setObject(i, null));
            case 2 -> new Param("setNull(" + typeName(columnType) + ")", (ps, i) -> ps.setNull(i, columnType));
            case 3 -> new Param("setString(null)", (ps, i) -> ps.setString(i, null));
            default -> new Param("setNull(BIGINT)", (ps, i) -> ps.setNull(i, Types.BIGINT));
        };
    }

    /** A value for {@code v} (an INT column) in another conjunct: mostly an int, sometimes not. */
    private static Param otherValue(SplittableRandom random) {
        int v = random.nextInt(50);
        return switch (random.nextInt(8)) {
            case 0 -> new Param("v: setString(" + v + ")", (ps, i) -> ps.setString(i, String.valueOf(v)));
            case 1 -> new Param("v: setLong(" + v + ")", (ps, i) -> ps.setLong(i, v));
            case 2 -> new Param("v: setNull(INTEGER)", (ps, i) -> ps.setNull(i, Types.INTEGER));
            case 3 -> new Param("v: setNull(VARCHAR)", (ps, i) -> ps.setNull(i, Types.VARCHAR));
            default -> new Param("v: setInt(" + v + ")", (ps, i) -> ps.setInt(i, v));
        };
    }

    private static Param setObject(Object key) {
        return new Param("setObject(" + show(key) + ")", (ps, i) -> ps.setObject(i, key));
    }

    private static Param setString(String s) {
        return new Param("setString(" + show(s) + ")", (ps, i) -> ps.setString(i, s));
    }

    /** The key as text: upper-case UUIDs, plain decimals, integers with a leading zero. */
    private static String text(Object key) {
        if (key instanceof UUID u) {
            return u.toString().toUpperCase(Locale.ROOT);
        }
        if (key instanceof BigDecimal d) {
            return d.toPlainString();
        }
        if (key instanceof Long || key instanceof Integer) {
            return "0" + key;
        }
        return key.toString();
    }

    private static String literal(Object key) {
        if (key instanceof BigDecimal d) {
            return d.toPlainString();
        }
        return key instanceof Number ? key.toString() : quote(key.toString());
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    private static String show(Object value) {
        return value instanceof String s ? '"' + s + '"' : value.getClass().getSimpleName() + " " + value;
    }

    private static String typeName(int type) {
        return java.sql.JDBCType.valueOf(type).getName();
    }

    /**
     * A result's columns as the harness compares them (label, name, type, precision, nullability,
     * table, class ...). Public for the fuzzer ({@code io.bloomgate.fuzz}), which compares the same.
     */
    public static List<String> describe(ResultSetMetaData m) throws SQLException {
        return ReadPathTest.describe(m);
    }

    Outcome run(Connection connection) {
        try {
            if (params.isEmpty()) {
                try (Statement s = connection.createStatement()) {
                    if (useExecute) {
                        return s.execute(sql) ? Outcome.of(s.getResultSet()) : Outcome.updateCount(s.getUpdateCount());
                    }
                    return Outcome.of(s.executeQuery(sql));
                }
            }
            try (PreparedStatement ps = connection.prepareStatement(sql)) {
                for (int i = 0; i < params.size(); i++) {
                    params.get(i).setter().set(ps, i + 1);
                }
                if (useExecute) {
                    return ps.execute() ? Outcome.of(ps.getResultSet()) : Outcome.updateCount(ps.getUpdateCount());
                }
                return Outcome.of(ps.executeQuery());
            }
        } catch (SQLException e) {
            return Outcome.error(e);
        } catch (RuntimeException e) {
            // MySQL Connector/J converts a value bound with setObject(x, targetSqlType) when it sends it,
            // and may fail with an unchecked exception there: the gate must fail the same way.
            return Outcome.error(e);
        }
    }

    @Override
    public String toString() {
        return sql + (params.isEmpty() ? "" : " with " + params) + (useExecute ? " via execute()" : "");
    }

    /**
     * What a statement produced, comparable by value. Rows are sorted: the gate either forwards a
     * statement or answers it with no rows, so it never reorders; sorting only hides the
     * database's own freedom to return unordered rows in any order.
     */
    record Outcome(List<String> columns, List<List<String>> rows, String error, int updateCount) {

        static Outcome of(ResultSet rs) throws SQLException {
            try (rs) {
                ResultSetMetaData m = rs.getMetaData();
                List<String> columns = ReadPathTest.describe(m);
                List<List<String>> rows = new ArrayList<>();
                while (rs.next()) {
                    List<String> row = new ArrayList<>();
                    for (int i = 1; i <= m.getColumnCount(); i++) {
                        row.add(Objects.toString(rs.getObject(i)));
                    }
                    rows.add(row);
                }
                rows.sort(Comparator.comparing(Object::toString));
                return new Outcome(columns, rows, null, -1);
            }
        }

        static Outcome updateCount(int count) {
            return new Outcome(List.of(), List.of(), null, count);
        }

        static Outcome error(SQLException e) {
            return new Outcome(List.of(), List.of(), e.getSQLState() + "/" + e.getErrorCode(), -1);
        }

        static Outcome error(RuntimeException e) {
            return new Outcome(List.of(), List.of(), e.getClass().getName(), -1);
        }

        @Override
        public String toString() {
            return error != null ? "error " + error : updateCount >= 0 ? "update count " + updateCount : rows + " rows";
        }
    }
}
