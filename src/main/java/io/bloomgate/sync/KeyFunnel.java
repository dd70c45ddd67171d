package io.bloomgate.sync;

import io.bloomgate.filter.BloomFilter;
import io.bloomgate.key.Canonical;
import io.bloomgate.key.KeyBuffer;
import io.bloomgate.key.WeightKeyForm;
import java.sql.JDBCType;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.function.Supplier;

/**
 * The one way from a value to a guard's filter. A bound parameter, a literal of the SQL text, a
 * column value read by a scan, a trigger's row value, a change-log element and a generated key all
 * become canonical key bytes (or, for integer keys, a long, whose canonical bytes are its 8
 * little-endian bytes, hashed identically by the filter's long path) here, and are added or probed
 * here: a key added one way is found when probed any other way (docs/architecture.md sections 1
 * and 3). Internal to bloomgate (public only so the jdbc, h2 and postgres packages can reach it).
 *
 * <p>Allocation-free: canonical bytes go to a caller's {@link KeyBuffer}.
 */
public final class KeyFunnel {

    private KeyFunnel() {
    }

    /**
     * Whether a column of this type is an integer key: its canonical bytes are the value's 8
     * little-endian bytes, so it is read with {@code getLong} and added with the filter's long path.
     * The only such test in bloomgate.
     */
    public static boolean isInteger(JDBCType type) {
        return type == JDBCType.TINYINT || type == JDBCType.SMALLINT || type == JDBCType.INTEGER
                || type == JDBCType.BIGINT;
    }

    // ------------------------------------------------------------------ value -> canonical key

    /**
     * The canonical key of {@code value} (a bound object, a literal, an array element, a trigger's
     * or a result's column value), written to {@code out} when EXACT.
     */
    public static Canonical canonical(Guard guard, Object value, KeyBuffer out) {
        return guard.keyForm().canonicalize(value, out);
    }

    /** The canonical key of a value bound as a primitive integer ({@code setInt}, {@code setLong}, ...). */
    public static Canonical canonicalLong(Guard guard, long value, KeyBuffer out) {
        return guard.keyForm().canonicalizeLong(value, out);
    }

    /**
     * The canonical key of the string {@code text.substring(from, to)} (a string literal of SQL
     * text, read in place), written to {@code out} when EXACT: the same as {@link #canonical} of
     * that string, without making it.
     */
    public static Canonical canonicalString(Guard guard, String text, int from, int to, KeyBuffer out) {
        return guard.keyForm().canonicalizeString(text, from, to, out);
    }

    // ------------------------------------------------------------------ probes

    /** Whether the canonical key in {@code key} may be in the guard's filter. */
    public static boolean mightContain(Guard guard, KeyBuffer key) {
        return guard.filter().mightContain(key.array(), 0, key.length());
    }

    /** Whether a key given as canonical bytes may be in the guard's filter. */
    public static boolean mightContain(Guard guard, byte[] canonical) {
        return guard.filter().mightContain(canonical);
    }

    // ------------------------------------------------------------------ adds

    /** Adds the canonical key in {@code key}. */
    public static void add(Guard guard, KeyBuffer key) {
        guard.add(key.array(), 0, key.length());
    }

    /** Adds a key given as canonical bytes. */
    public static void add(Guard guard, byte[] canonical) {
        guard.add(canonical, 0, canonical.length);
    }

    /** Adds a key a write through the gate carries, before it commits ({@link Guard#addWritten}). */
    public static void addWritten(Guard guard, KeyBuffer key) {
        guard.addWritten(key.array(), 0, key.length());
    }

    /** Adds a key a write through the gate carries, given as canonical bytes ({@link Guard#addWritten}). */
    public static void addWritten(Guard guard, byte[] canonical) {
        guard.addWritten(canonical, 0, canonical.length);
    }

    /**
     * Adds the key a stored value stands for (a trigger's row value, a change-log element). A NULL
     * or a value with no canonical form (a string with NUL, say) is skipped: a lookup for it is
     * never answered from the filter either, since it is not exact.
     *
     * @return whether a key was added
     */
    public static boolean addValue(Guard guard, Object value, KeyBuffer scratch) {
        return addValue(guard, value, scratch, null);
    }

    /**
     * As {@link #addValue(Guard, Object, KeyBuffer)}, with the scratch space fetched only when the
     * value needs it: an integer key does not, and the H2 trigger's thread-local lookup of it was
     * ~7% of the trigger's own time per row (docs/benchmarks.md, issue 24).
     */
    public static boolean addValue(Guard guard, Object value, Supplier<KeyBuffer> scratch) {
        return addValue(guard, value, null, scratch);
    }

    private static boolean addValue(Guard guard, Object value, KeyBuffer buffer, Supplier<KeyBuffer> lazy) {
        if (value == null) {
            return false; // NULL equals nothing: no lookup can find it
        }
        if (guard.keyIsInteger()
                && (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte)) {
            guard.addLong(((Number) value).longValue()); // the column's own value: in range, hashed as 8 LE bytes
            return true;
        }
        KeyBuffer scratch = buffer != null ? buffer : lazy.get();
        if (canonical(guard, value, scratch) != Canonical.EXACT) {
            return false;
        }
        add(guard, scratch);
        return true;
    }

    /**
     * Adds a key as a MySQL/MariaDB change-log trigger logged it: the server's conversion of the
     * column's value to bytes (sql/mysql/install.sql). An integer is its decimal digits, a {@code
     * BIGINT UNSIGNED} too (its key form is the exact decimal), a binary string its bytes, a text its
     * utf8mb4 bytes: each becomes the same Java value a scan of the column reads ({@code getLong}, a
     * {@code BigDecimal}, {@code byte[]}, {@code String}), so the canonical key is the scan's and the
     * probe's. A collated text key ({@link WeightKeyForm}) is logged as the server's weight string,
     * which the scan selects too. NULL is skipped, as in {@link #addValue}.
     *
     * @return whether a key was added
     * @throws IllegalArgumentException if an integer key's bytes are not decimal digits (the trigger
     *     is not this jar's)
     */
    public static boolean addLogged(Guard guard, byte[] logged, KeyBuffer scratch) {
        if (logged == null) {
            return false;
        }
        if (guard.keyForm() instanceof WeightKeyForm weighed) {
            // The trigger logged the server's weight string of the value (a collated text key).
            weighed.canonicalizeWeights(logged, scratch);
            add(guard, scratch);
            return true;
        }
        if (guard.keyIsInteger()) {
            guard.addLong(Long.parseLong(new String(logged, java.nio.charset.StandardCharsets.US_ASCII)));
            return true;
        }
        Object value = switch (guard.keyType()) {
            case BINARY, VARBINARY, LONGVARBINARY, BLOB -> logged;
            case DECIMAL, NUMERIC -> new java.math.BigDecimal(new String(logged, java.nio.charset.StandardCharsets.US_ASCII));
            default -> new String(logged, java.nio.charset.StandardCharsets.UTF_8);
        };
        return addValue(guard, value, scratch);
    }

    /**
     * Adds the key in column {@code column} of the current row of {@code rs} (a scan, a change
     * log's row) to {@code target}, or through the guard when {@code target} is null (then a
     * rebuild's next filter gets it too, and it is counted). NULL and non-canonical values are
     * skipped, as in {@link #addValue}.
     *
     * @param scratch scratch space
     * @return whether a key was added
     */
    public static boolean addColumn(ResultSet rs, int column, Guard guard, BloomFilter target, KeyBuffer scratch)
            throws SQLException {
        if (guard.keyIsInteger()) {
            long value = rs.getLong(column);
            if (rs.wasNull()) {
                return false;
            }
            if (target != null) {
                target.addLong(value);
            } else {
                guard.addLong(value);
            }
            return true;
        }
        if (guard.keyForm() instanceof WeightKeyForm weighed) {
            // A collated text key: the scan selected the server's weight string of the value.
            if (weighed.canonicalizeWeights(rs.getBytes(column), scratch) != Canonical.EXACT) {
                return false;
            }
        } else if (canonical(guard, rs.getObject(column), scratch) != Canonical.EXACT) {
            return false;
        }
        if (target != null) {
            target.add(scratch.array(), 0, scratch.length());
        } else {
            add(guard, scratch);
        }
        return true;
    }

    // ------------------------------------------------------------------ hashes (batches)

    /** The hash of the canonical key in {@code key}, for {@link Guard#addHash} later (a batch row). */
    public static long hash(Guard guard, KeyBuffer key) {
        return guard.filter().hash(key.array(), 0, key.length());
    }

    /** The hash of a key given as canonical bytes. */
    public static long hash(Guard guard, byte[] canonical) {
        return guard.filter().hash(canonical, 0, canonical.length);
    }
}
