package io.bloomgate.fuzz;

import io.bloomgate.DifferentialQuery;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.sql.Types;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Values for parameters, by the role of the {@code ?}: keys (present, absent, about to be inserted,
 * present only in the other schemas, near misses) bound by every setter an application might use,
 * and odd values — NUL characters, huge decimals, wrong-typed setters, typed NULLs, strings for
 * integer keys, bytes for text, mixed-case UUID strings, trailing spaces — for keys and for the
 * other columns' parameters alike. Most keys are absent: those are the lookups the gate answers.
 */
final class Values {

    /** What a {@code ?} stands for. */
    enum Role {
        /** compared with the key column */
        KEY,
        /** compared with the nullable UNIQUE column u, the second guarded key ({@link KeyType#unique()}) */
        UNIQUE,
        /** compared with the INT column v */
        V,
        /** compared with the VARCHAR(20) column s */
        S,
        /** LIMIT / OFFSET / FETCH count */
        LIMIT,
        /** in the select list, unrelated to any column */
        FREE,
        /** a LIKE, ILIKE or SIMILAR TO pattern: odd ones the database may refuse (a trailing escape) */
        PATTERN,
        /** a LIKE ESCAPE character: one, none, several, NULL */
        ESCAPE,
        /** a bound of SUBSTRING or a divisor: zero, negative, huge, NULL */
        BOUND
    }

    private final SplittableRandom r;
    /** Per key type: indexes of not-yet-inserted keys recently looked up, for inserts to pick. */
    private final Map<String, Deque<Long>> recentAbsent = new HashMap<>();
    /** Per key type: indexes of keys inserted lately, for lookups to pick. */
    private final Map<String, Deque<Long>> recentInserts = new HashMap<>();

    Values(SplittableRandom random) {
        this.r = random;
    }

    /**
     * A key index: a fifth present, a third in the range inserted later, some in other schemas
     * only, some just inserted by another connection (a key looked up, inserted, looked up again).
     */
    long keyIndex(KeyType type) {
        Deque<Long> inserted = recentInserts.get(type.name());
        if (inserted != null && !inserted.isEmpty() && r.nextInt(100) < 12) {
            return inserted.peekFirst();
        }
        int dice = r.nextInt(100);
        if (dice < 20) {
            return r.nextLong(KeyType.PRESENT);
        }
        if (dice < 52) {
            return KeyType.PRESENT + r.nextLong(KeyType.PENDING_END - KeyType.PRESENT);
        }
        if (dice < 67) {
            return KeyType.ALT + r.nextLong(KeyType.ALT_END - KeyType.ALT);
        }
        return KeyType.ALT_END + r.nextLong(1_000_000);
    }

    /** Notes a key looked up, so that a later insert may pick it (a key looked up, then inserted). */
    void noteLookup(KeyType type, long index) {
        if (index >= KeyType.PRESENT && index < KeyType.PENDING_END) {
            Deque<Long> recent = recentAbsent.computeIfAbsent(type.name(), n -> new ArrayDeque<>());
            recent.addFirst(index);
            if (recent.size() > 8) {
                recent.removeLast();
            }
        }
    }

    /** A key index to insert: mostly one just looked up. */
    long indexToInsert(KeyType type) {
        Deque<Long> recent = recentAbsent.get(type.name());
        long index = recent != null && !recent.isEmpty() && r.nextInt(10) < 7 ? recent.pollFirst()
                : KeyType.PRESENT + r.nextLong(KeyType.PENDING_END - KeyType.PRESENT);
        Deque<Long> inserted = recentInserts.computeIfAbsent(type.name(), n -> new ArrayDeque<>());
        inserted.addFirst(index);
        if (inserted.size() > 4) {
            inserted.removeLast();
        }
        return index;
    }

    /** A value for a {@code ?} of {@code role} ({@code type}: the key type of the table concerned). */
    Binding binding(Values.Role role, KeyType type) {
        return switch (role) {
            case KEY -> key(type);
            case UNIQUE -> unique(type);
            case V -> v();
            case S -> s();
            case LIMIT -> limit();
            case FREE -> free();
            case PATTERN -> pattern();
            case ESCAPE -> escape();
            case BOUND -> bound();
        };
    }

    /**
     * Patterns for LIKE / ILIKE / SIMILAR TO: the s column's values, wildcards, and ones the database
     * refuses (PostgreSQL: a pattern ending in the escape character, 22025; a NUL, 22021) or reads
     * oddly (backslashes, SIMILAR TO's brackets and bars).
     */
    static final String[] PATTERNS = {"s%", "s_", "%", "_", "", "S%", "s1", "ab\\", "\\", "%\\", "s\\%",
        "\\_", "\\%", "a\u0000b", "%\u0000", "!", "s!", "[s]%", "(s|t)%", "s[0-9]", "%s%%", "s%\\\\", "'%"};

    /** ESCAPE clauses: the usual ones, none (empty), two characters (refused), a character of the patterns. */
    static final String[] ESCAPES = {"\\", "!", "", "ab", "%", "s", "\\\\"};

    Binding pattern() {
        String p = PATTERNS[r.nextInt(PATTERNS.length)];
        return switch (r.nextInt(12)) {
            case 0 -> Binding.setObject(p);
            case 1 -> Binding.setNull(Types.VARCHAR);
            case 2 -> Binding.setObject(p, Types.VARCHAR);
            case 3 -> Binding.setInt(r.nextInt(3));
            default -> Binding.setString(p);
        };
    }

    Binding escape() {
        String e = ESCAPES[r.nextInt(ESCAPES.length)];
        return r.nextInt(10) == 0 ? Binding.setNull(Types.VARCHAR) : Binding.setString(e);
    }

    Binding bound() {
        return switch (r.nextInt(10)) {
            case 0 -> Binding.setInt(0);
            case 1 -> Binding.setInt(-1);
            case 2 -> Binding.setInt(-3);
            case 3 -> Binding.setInt(Integer.MAX_VALUE);
            case 4 -> Binding.setNull(Types.INTEGER);
            case 5 -> Binding.setString("0");
            case 6 -> Binding.setLong(1L << 40);
            default -> Binding.setInt(1 + r.nextInt(3));
        };
    }

    /** A key value for an inline literal: the natural value of some key. */
    Object keyValue(KeyType type) {
        long index = keyIndex(type);
        noteLookup(type, index);
        return type.keyOf(index);
    }

    /**
     * A value for u of {@code type}'s table: of a row picked as {@link #keyIndex} picks keys (so
     * present, later inserted and other-schema rows), as a key of u's type is bound; NULL (typed
     * as u, as k, or as another type) a tenth of the time, and whenever the row's u is NULL.
     */
    Binding unique(KeyType type) {
        KeyType u = type.unique();
        if (r.nextInt(10) == 0) {
            return Binding.setNull(pick(new int[] {u.jdbcType(), type.jdbcType(), Types.INTEGER, Types.VARCHAR}));
        }
        long index = keyIndex(type);
        noteLookup(type, index);
        Object value = u.keyOf(index);
        if (value == null) {
            return r.nextBoolean() ? Binding.setNull(u.jdbcType()) : Binding.setObject(null, u.jdbcType());
        }
        int dice = r.nextInt(100);
        if (dice < 65) {
            return Binding.natural(value);
        }
        if (dice < 85) {
            return equivalent(value, u);
        }
        return odd(value, u);
    }

    /** The value of u in a key-looking row, for a literal (NULL in some rows). */
    Object uniqueValue(KeyType type) {
        long index = keyIndex(type);
        noteLookup(type, index);
        return type.unique().keyOf(index);
    }

    private int pick(int[] choices) {
        return choices[r.nextInt(choices.length)];
    }

    Binding key(KeyType type) {
        if (type.keyOf(0) instanceof String && r.nextInt(100) < 4) {
            // A present key that ends in spaces, bound without them: unequal as VARCHAR, equal as CHAR.
            for (int tries = 0; tries < 10; tries++) {
                String key = (String) type.keyOf(r.nextLong(KeyType.PRESENT));
                if (key.endsWith(" ")) {
                    return Binding.setString(key.stripTrailing());
                }
            }
        }
        long index = keyIndex(type);
        noteLookup(type, index);
        Object key = type.keyOf(index);
        int dice = r.nextInt(100);
        if (dice < 60) {
            return Binding.natural(key);
        }
        if (dice < 77) {
            return equivalent(key, type);
        }
        if (dice < 85) {
            Object near = DifferentialQuery.variant(key, r);
            return r.nextBoolean() ? Binding.natural(near) : Binding.setObject(near);
        }
        return odd(key, type);
    }

    /** The same key through another setter or in another spelling the database may accept as equal. */
    private Binding equivalent(Object key, KeyType type) {
        if (key instanceof Integer || key instanceof Long) {
            long k = ((Number) key).longValue();
            return switch (r.nextInt(11)) {
                case 9 -> Binding.setObject(key, Types.OTHER);
                case 10 -> Binding.setObject(Long.toString(k), Types.OTHER);
                case 0 -> Binding.setObject(key);
                case 1 -> Binding.setLong(k);
                case 2 -> k == (int) k ? Binding.setInt((int) k) : Binding.setLong(k);
                case 3 -> Binding.setString((k < 0 ? "-0" : "0") + Math.abs(k));
                case 4 -> Binding.setString(Long.toString(k));
                case 5 -> Binding.setBigDecimal(BigDecimal.valueOf(k).setScale(2));
                case 6 -> k == (short) k ? Binding.setShort((short) k) : Binding.setObject(BigInteger.valueOf(k));
                case 7 -> Binding.setObject(key, type.jdbcType());
                default -> Binding.setObject(Long.toString(k), Types.BIGINT);
            };
        }
        if (key instanceof BigInteger b) {
            return switch (r.nextInt(6)) {
                case 0 -> Binding.setString(b.toString());
                case 1 -> Binding.setBigDecimal(new BigDecimal(b).setScale(1));
                case 2 -> b.bitLength() < 64 ? Binding.setLong(b.longValue()) : Binding.setObject(b, Types.BIGINT);
                case 3 -> Binding.setObject(b.toString(), Types.DECIMAL);
                case 4 -> Binding.setLong(b.longValue()); // above 2^63 - 1: a negative long, another key
                default -> Binding.setObject(b);
            };
        }
        if (key instanceof String s) {
            return switch (r.nextInt(10)) {
                case 8 -> Binding.setObject(s, Types.OTHER);
                case 9 -> Binding.setObject(s, r.nextBoolean() ? Types.NVARCHAR : Types.LONGVARCHAR);
                case 6, 7 -> Binding.setString(s.stripTrailing()); // 'Key-6' for 'Key-6 ': equal as CHAR only
                case 0 -> Binding.setObject(s);
                case 1 -> Binding.setNString(s);
                case 2 -> Binding.setObject(s, Types.VARCHAR);
                case 3 -> Binding.setObject(s, Types.CHAR);
                case 4 -> Binding.setString(s + "   "); // equal for CHAR(n), not for VARCHAR
                default -> Binding.setObject(s, type.jdbcType());
            };
        }
        if (key instanceof BigDecimal d) {
            return switch (r.nextInt(10)) {
                case 7 -> Binding.setObject(d, Types.OTHER);
                case 8 -> Binding.setObject(d, type.jdbcType());
                case 9 -> Binding.setObject(d.toPlainString(), r.nextBoolean() ? Types.DECIMAL : Types.OTHER);
                case 0 -> Binding.setObject(d);
                case 1 -> Binding.setBigDecimal(d.setScale(d.scale() + 2));
                case 2 -> Binding.setBigDecimal(d.stripTrailingZeros());
                case 3 -> Binding.setString(d.toPlainString());
                case 4 -> Binding.setObject(d, Types.NUMERIC);
                case 5 -> Binding.setDouble(d.doubleValue());
                default -> Binding.setString(d.toPlainString() + "0");
            };
        }
        if (key instanceof UUID u) {
            String text = u.toString();
            return switch (r.nextInt(9)) {
                case 6 -> Binding.setObject(u, type.jdbcType());
                case 7 -> Binding.setObject(text, Types.VARCHAR);
                case 8 -> Binding.setObject(u, Types.OTHER);
                case 0 -> Binding.setObject(u);
                case 1 -> Binding.setString(text);
                case 2 -> Binding.setString(text.toUpperCase(Locale.ROOT));
                case 3 -> Binding.setString(mixedCase(text));
                case 4 -> Binding.setObject(text, Types.OTHER);
                default -> Binding.setObject(u, Types.OTHER);
            };
        }
        if (key instanceof byte[] b) {
            return switch (r.nextInt(6)) {
                case 4 -> Binding.setObject(b, Types.OTHER);
                case 5 -> Binding.setObject(b, Types.LONGVARBINARY);
                case 0 -> Binding.setObject(b);
                case 1 -> Binding.setObject(b, Types.VARBINARY);
                case 2 -> Binding.setObject(b, Types.BINARY);
                default -> Binding.setBytes(b);
            };
        }
        return Binding.setObject(key);
    }

    private String mixedCase(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            sb.append(r.nextBoolean() ? Character.toUpperCase(c) : c);
        }
        return sb.toString();
    }

    /** An odd value for a key: wrong types, NULLs, NUL characters, out-of-range numbers, junk text. */
    private Binding odd(Object key, KeyType type) {
        String text = key instanceof byte[] b ? new String(b, StandardCharsets.ISO_8859_1) : String.valueOf(key);
        return switch (r.nextInt(26)) {
            case 0 -> Binding.setNull(type.jdbcType());
            case 1 -> Binding.setNull(Types.VARCHAR);
            case 2 -> Binding.setNull(Types.OTHER);
            case 3 -> Binding.setObject(null);
            case 4 -> Binding.setString(null);
            case 5 -> Binding.setString(text + "\u0000");
            case 6 -> Binding.setString("not a key \u0000 value");
            case 7 -> Binding.setBigDecimal(new BigDecimal("1E+30"));
            case 8 -> Binding.setLong(r.nextBoolean() ? Long.MAX_VALUE : Long.MIN_VALUE);
            case 9 -> Binding.setLong(Integer.MAX_VALUE + 1L + r.nextInt(3) * 3L);
            case 10 -> Binding.setObject(new BigInteger("123456789012345678901234567890"));
            case 11 -> Binding.setBytes(text.getBytes(StandardCharsets.UTF_8));
            case 12 -> Binding.setBoolean(r.nextBoolean());
            case 13 -> Binding.setDouble(r.nextBoolean() ? Double.NaN : 1.5);
            case 14 -> Binding.setString("");
            case 15 -> Binding.setString(" " + text);
            case 16 -> Binding.setString(text + " ");
            case 17 -> Binding.setString(text.toUpperCase(Locale.ROOT));
            case 18 -> Binding.setString("\uD800" + text); // a lone surrogate
            case 19 -> Binding.setString(text + "é\uD83D\uDE00");
            case 20 -> Binding.setString(text.repeat(8)); // longer than the column
            case 21 -> Binding.setObject(text, Types.BIGINT);
            case 22 -> Binding.setInt(text.hashCode());
            case 23 -> Binding.setString("+" + text);
            case 24 -> Binding.setBigDecimal(new BigDecimal("1E-30"));
            default -> Binding.setFloat(1.5f);
        };
    }

    /** For the INT column v: mostly an int, sometimes not. */
    Binding v() {
        int v = r.nextInt(9);
        if (r.nextInt(100) < 75) {
            return Binding.setInt(v);
        }
        return switch (r.nextInt(15)) {
            case 0 -> Binding.setString(String.valueOf(v));
            case 1 -> Binding.setString("x" + v);
            case 2 -> Binding.setLong(v);
            case 3 -> Binding.setLong(1L << 40);
            case 4 -> Binding.setBigDecimal(new BigDecimal("1E+30"));
            case 5 -> Binding.setBigDecimal(new BigDecimal(v + ".5"));
            case 6 -> Binding.setDouble(v);
            case 7 -> Binding.setNull(Types.INTEGER);
            case 8 -> Binding.setNull(Types.VARCHAR);
            case 9 -> Binding.setObject(null);
            case 10 -> Binding.setBytes(new byte[] {(byte) v});
            case 11 -> Binding.setString(v + "\u0000");
            case 12 -> Binding.setBoolean(true);
            case 13 -> Binding.setShort((short) v);
            default -> Binding.setObject(String.valueOf(v), Types.INTEGER);
        };
    }

    /** For the VARCHAR(20) column s: mostly a string like its values, sometimes not. */
    Binding s() {
        String s = "s" + r.nextInt(6);
        if (r.nextInt(100) < 75) {
            return Binding.setString(s);
        }
        return switch (r.nextInt(12)) {
            case 0 -> Binding.setString(s + "\u0000");
            case 1 -> Binding.setBytes(s.getBytes(StandardCharsets.UTF_8));
            case 2 -> Binding.setInt(r.nextInt(5));
            case 3 -> Binding.setString(s.repeat(15));
            case 4 -> Binding.setNull(Types.VARCHAR);
            case 5 -> Binding.setString(s + " ");
            case 6 -> Binding.setObject(s, Types.CHAR);
            case 7 -> Binding.setNString(s);
            case 8 -> Binding.setObject(null);
            case 9 -> Binding.setBigDecimal(new BigDecimal("1E+30"));
            case 10 -> Binding.setString("S" + s.substring(1));
            default -> Binding.setObject(s);
        };
    }

    Binding limit() {
        int n = r.nextInt(4);
        if (r.nextInt(100) < 90) {
            return r.nextBoolean() ? Binding.setInt(n) : Binding.setLong(n);
        }
        return switch (r.nextInt(6)) {
            case 0 -> Binding.setString(String.valueOf(n));
            case 1 -> Binding.setInt(-1);
            case 2 -> Binding.setNull(Types.INTEGER);
            case 3 -> Binding.setBigDecimal(new BigDecimal(n + ".00"));
            case 4 -> Binding.setDouble(1.5);
            default -> Binding.setLong(Long.MAX_VALUE);
        };
    }

    Binding free() {
        return switch (r.nextInt(5)) {
            case 0 -> Binding.setInt(r.nextInt(100));
            case 1 -> Binding.setString("x" + r.nextInt(10));
            case 2 -> Binding.setNull(Types.VARCHAR);
            case 3 -> Binding.setString("a\u0000b");
            default -> Binding.setLong(r.nextLong());
        };
    }
}
