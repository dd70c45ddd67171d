package io.bloomgate.fuzz;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.JDBCType;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * One setter call on a {@code ?}: which setter, with what value (and SQL type, for the setters that
 * take one). A value, not a lambda, so that a failing case can be printed as Java and replayed.
 *
 * @param setter  the {@code PreparedStatement} method
 * @param value   its value argument (null for {@link Setter#NULL})
 * @param sqlType the {@code java.sql.Types} argument of {@link Setter#OBJECT_TYPED} and {@link Setter#NULL}
 */
public record Binding(Setter setter, Object value, int sqlType) {

    /** The setters the fuzzer calls. */
    public enum Setter {
        OBJECT, OBJECT_TYPED, STRING, NSTRING, INT, LONG, SHORT, BYTE, BIG_DECIMAL, DOUBLE, FLOAT, BOOLEAN, BYTES,
        NULL
    }

    public static Binding setObject(Object value) {
        return new Binding(Setter.OBJECT, value, 0);
    }

    public static Binding setObject(Object value, int sqlType) {
        return new Binding(Setter.OBJECT_TYPED, value, sqlType);
    }

    public static Binding setString(String value) {
        return new Binding(Setter.STRING, value, 0);
    }

    public static Binding setNString(String value) {
        return new Binding(Setter.NSTRING, value, 0);
    }

    public static Binding setInt(int value) {
        return new Binding(Setter.INT, value, 0);
    }

    public static Binding setLong(long value) {
        return new Binding(Setter.LONG, value, 0);
    }

    public static Binding setShort(short value) {
        return new Binding(Setter.SHORT, value, 0);
    }

    public static Binding setByte(byte value) {
        return new Binding(Setter.BYTE, value, 0);
    }

    public static Binding setBigDecimal(BigDecimal value) {
        return new Binding(Setter.BIG_DECIMAL, value, 0);
    }

    public static Binding setDouble(double value) {
        return new Binding(Setter.DOUBLE, value, 0);
    }

    public static Binding setFloat(float value) {
        return new Binding(Setter.FLOAT, value, 0);
    }

    public static Binding setBoolean(boolean value) {
        return new Binding(Setter.BOOLEAN, value, 0);
    }

    public static Binding setBytes(byte[] value) {
        return new Binding(Setter.BYTES, value, 0);
    }

    public static Binding setNull(int sqlType) {
        return new Binding(Setter.NULL, null, sqlType);
    }

    /** The setter an application would use for a value of this Java type. */
    public static Binding natural(Object value) {
        if (value instanceof Integer i) {
            return setInt(i);
        }
        if (value instanceof Long l) {
            return setLong(l);
        }
        if (value instanceof String s) {
            return setString(s);
        }
        if (value instanceof BigDecimal d) {
            return setBigDecimal(d);
        }
        if (value instanceof byte[] b) {
            return setBytes(b);
        }
        return setObject(value);
    }

    public void apply(PreparedStatement ps, int i) throws SQLException {
        switch (setter) {
            case OBJECT -> ps.setObject(i, value);
            case OBJECT_TYPED -> ps.setObject(i, value, sqlType);
            case STRING -> ps.setString(i, (String) value);
            case NSTRING -> ps.setNString(i, (String) value);
            case INT -> ps.setInt(i, (Integer) value);
            case LONG -> ps.setLong(i, (Long) value);
            case SHORT -> ps.setShort(i, (Short) value);
            case BYTE -> ps.setByte(i, (Byte) value);
            case BIG_DECIMAL -> ps.setBigDecimal(i, (BigDecimal) value);
            case DOUBLE -> ps.setDouble(i, (Double) value);
            case FLOAT -> ps.setFloat(i, (Float) value);
            case BOOLEAN -> ps.setBoolean(i, (Boolean) value);
            case BYTES -> ps.setBytes(i, (byte[]) value);
            case NULL -> ps.setNull(i, sqlType);
            default -> throw new IllegalStateException(setter.name());
        }
    }

    /** Simpler bindings to try while shrinking: the natural setter of the same value. */
    List<Binding> simpler() {
        List<Binding> out = new ArrayList<>();
        if (value != null) {
            Binding n = natural(value);
            if (!n.equals(this)) {
                out.add(n);
            }
        }
        return out;
    }

    /** This binding as a Java expression building it, for printed cases. */
    public String java() {
        String name = "set" + switch (setter) {
            case OBJECT, OBJECT_TYPED -> "Object";
            case STRING -> "String";
            case NSTRING -> "NString";
            case INT -> "Int";
            case LONG -> "Long";
            case SHORT -> "Short";
            case BYTE -> "Byte";
            case BIG_DECIMAL -> "BigDecimal";
            case DOUBLE -> "Double";
            case FLOAT -> "Float";
            case BOOLEAN -> "Boolean";
            case BYTES -> "Bytes";
            case NULL -> "Null";
        };
        return switch (setter) {
            case NULL -> "Binding." + name + "(" + typeName(sqlType) + ")";
            case OBJECT_TYPED -> "Binding." + name + "(" + javaLiteral(value) + ", " + typeName(sqlType) + ")";
            default -> "Binding." + name + "(" + javaLiteral(value) + ")";
        };
    }

    /** The same call on a {@code PreparedStatement ps} at index {@code i}, for printed cases. */
    public String jdbc(int i) {
        String j = java();
        return "ps." + j.substring("Binding.".length(), j.indexOf('(') + 1) + i + ", " + j.substring(j.indexOf('(') + 1);
    }

    static String typeName(int sqlType) {
        try {
            return "Types." + JDBCType.valueOf(sqlType).getName();
        } catch (IllegalArgumentException e) {
            return String.valueOf(sqlType);
        }
    }

    /** A Java expression for {@code value}. */
    static String javaLiteral(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof String s) {
            return javaString(s);
        }
        if (value instanceof Long l) {
            return l == Long.MIN_VALUE ? "Long.MIN_VALUE" : l + "L";
        }
        if (value instanceof Integer i) {
            return i == Integer.MIN_VALUE ? "Integer.MIN_VALUE" : i.toString();
        }
        if (value instanceof Short s) {
            return "(short) " + s;
        }
        if (value instanceof Byte b) {
            return "(byte) " + b;
        }
        if (value instanceof Double d) {
            return d.isNaN() ? "Double.NaN" : d.isInfinite() ? (d > 0 ? "Double.POSITIVE_INFINITY"
                    : "Double.NEGATIVE_INFINITY") : d.toString();
        }
        if (value instanceof Float f) {
            return f.isNaN() ? "Float.NaN" : f + "f";
        }
        if (value instanceof Boolean b) {
            return b.toString();
        }
        if (value instanceof BigDecimal d) {
            return "new BigDecimal(\"" + d + "\")";
        }
        if (value instanceof BigInteger b) {
            return "new BigInteger(\"" + b + "\")";
        }
        if (value instanceof UUID u) {
            return "UUID.fromString(\"" + u + "\")";
        }
        if (value instanceof byte[] b) {
            StringBuilder sb = new StringBuilder("new byte[] {");
            for (int i = 0; i < b.length; i++) {
                sb.append(i == 0 ? "" : ", ").append(b[i]);
            }
            return sb.append('}').toString();
        }
        throw new IllegalArgumentException("no Java literal for " + value.getClass());
    }

    static String javaString(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Binding b && setter == b.setter && sqlType == b.sqlType
                && Objects.deepEquals(value, b.value);
    }

    @Override
    public int hashCode() {
        return Objects.hash(setter, sqlType, value instanceof byte[] b ? HexFormat.of().formatHex(b) : value);
    }

    @Override
    public String toString() {
        String j = java();
        return j.substring("Binding.".length());
    }
}
