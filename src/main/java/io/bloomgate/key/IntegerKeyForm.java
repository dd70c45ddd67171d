package io.bloomgate.key;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Integer columns (docs/architecture.md section 3): the value as a 64-bit two's-complement integer, written
 * little-endian in 8 bytes whatever setter bound it, so {@code setInt(42)}, {@code setLong(42)},
 * {@code setString("042")} and {@code setBigDecimal(42.00)} all give the same key. The filter may
 * hash these 8 bytes through its {@code long} fast path, so the layout is fixed.
 *
 * @param min the smallest value the column's type holds
 * @param max the largest value the column's type holds
 */
record IntegerKeyForm(long min, long max) implements KeyForm {

    /** At most 19 decimal digits fit in a long; more cannot be in range. */
    private static final int MAX_LONG_DIGITS = 19;

    IntegerKeyForm {
        if (min > max) {
            throw new IllegalArgumentException("min " + min + " > max " + max);
        }
    }

    @Override
    public Canonical canonicalize(Object value, KeyBuffer out) {
        out.reset();
        if (value == null) {
            return Canonical.NULL;
        }
        // Exact Java integer types first: they are the common case and convert trivially.
        if (value instanceof Long v) {
            return write(v, out);
        }
        if (value instanceof Integer v) {
            return write(v, out);
        }
        if (value instanceof String s) {
            return canonicalizeText(s, out);
        }
        if (value instanceof Short v) {
            return write(v, out);
        }
        if (value instanceof Byte v) {
            return write(v, out);
        }
        if (value instanceof BigDecimal d) {
            return canonicalizeDecimal(d, out);
        }
        if (value instanceof BigInteger b) {
            return b.bitLength() < Long.SIZE ? write(b.longValue(), out) : Canonical.NOT_EXACT;
        }
        // Float/Double (inexact), Boolean, Character and anything else: the database's conversion
        // is not one we can promise to reproduce, so let it decide.
        return Canonical.NOT_EXACT;
    }

    /**
     * A string converts only when it is exactly {@code [+-]?[0-9]+}. Anything else (blanks, a
     * fraction, hex, non-ASCII digits, empty) would make the database raise an error or convert by
     * its own rules; passing it through lets that happen (docs/architecture.md section 3).
     */
    private Canonical canonicalizeText(String s, KeyBuffer out) {
        int n = s.length();
        int i = 0;
        boolean negative = false;
        if (n > 0 && (s.charAt(0) == '+' || s.charAt(0) == '-')) {
            negative = s.charAt(0) == '-';
            i = 1;
        }
        if (i == n) {
            return Canonical.NOT_EXACT;
        }
        // Accumulate negatively, as Long.parseLong does, so Long.MIN_VALUE parses too.
        long acc = 0;
        for (; i < n; i++) {
            int d = s.charAt(i) - '0';
            if (d < 0 || d > 9) {
                return Canonical.NOT_EXACT;
            }
            if (acc < Long.MIN_VALUE / 10 || (acc == Long.MIN_VALUE / 10 && d > -(Long.MIN_VALUE % 10))) {
                return Canonical.NOT_EXACT; // outside any 64-bit column's range
            }
            acc = acc * 10 - d;
        }
        if (!negative) {
            if (acc == Long.MIN_VALUE) {
                return Canonical.NOT_EXACT; // 9223372036854775808
            }
            acc = -acc;
        }
        return write(acc, out);
    }

    /** A decimal is a key only when its value is an exact integer: 42.00 and 4.2E+1 are 42. */
    private Canonical canonicalizeDecimal(BigDecimal d, KeyBuffer out) {
        if (d.signum() == 0) {
            return write(0, out);
        }
        if (d.scale() == 0 && d.precision() < MAX_LONG_DIGITS) {
            return write(d.longValue(), out); // compact: no allocation
        }
        BigDecimal v = d;
        if (v.scale() > 0) {
            v = v.stripTrailingZeros();
            if (v.scale() > 0) {
                return Canonical.NOT_EXACT; // a true fraction: the database might round it
            }
        }
        if ((long) v.precision() - v.scale() > MAX_LONG_DIGITS) {
            return Canonical.NOT_EXACT; // checked before toBigInteger so 1E+999999999 stays cheap
        }
        BigInteger b = v.toBigInteger();
        return b.bitLength() < Long.SIZE ? write(b.longValue(), out) : Canonical.NOT_EXACT;
    }

    @Override
    public Canonical canonicalizeLong(long value, KeyBuffer out) {
        out.reset();
        return write(value, out);
    }

    /**
     * Out of the column type's range, the database raises an error (or converts by its own rules)
     * rather than return an empty result: pass through.
     */
    private Canonical write(long v, KeyBuffer out) {
        if (v < min || v > max) {
            return Canonical.NOT_EXACT;
        }
        out.putLongLE(v);
        return Canonical.EXACT;
    }

    @Override
    public String describe() {
        String name = KeyForms.integerTypeName(min, max);
        return (name != null ? name : "integer in [" + min + ", " + max + "]") + " as 64-bit integer";
    }

    @Override
    public String toString() {
        return describe();
    }
}
