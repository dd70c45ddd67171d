package io.bloomgate.key;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * DECIMAL/NUMERIC columns (docs/architecture.md section 3): the {@code stripTrailingZeros} form, so 1.50,
 * 1.5 and {@code "1.5"} are one key. Canonical bytes: the stripped scale as 4 big-endian bytes,
 * then the unscaled value's minimal two's-complement bytes ({@link BigInteger#toByteArray()}).
 * Every zero (0, 0.00, 0E+3, -0.0) is scale 0, unscaled 0.
 *
 * <p>Values the column cannot hold exactly are NOT_EXACT: more fractional digits than its scale,
 * or more integer digits than {@code precision - scale}. A database that converts the parameter
 * to the column's type would round or reject such a value, which the gate cannot predict.
 *
 * @param precision the column's precision, or {@link #UNKNOWN}
 * @param scale the column's scale (may be negative: then keys are multiples of a power of ten), or
 *     {@link #UNKNOWN}
 */
record DecimalKeyForm(int precision, int scale) implements KeyForm {

    /** Marks an unknown (unbounded) precision or scale. */
    static final int UNKNOWN = Integer.MIN_VALUE;

    /** At most 18 decimal digits always fit in a long: the allocation-free path for strings. */
    private static final int FAST_DIGITS = 18;

    @Override
    public Canonical canonicalize(Object value, KeyBuffer out) {
        out.reset();
        if (value == null) {
            return Canonical.NULL;
        }
        if (value instanceof BigDecimal d) {
            return write(d, out);
        }
        if (value instanceof Long v) {
            return write(v, 0, out);
        }
        if (value instanceof Integer v) {
            return write(v, 0, out);
        }
        if (value instanceof String s) {
            return canonicalizeText(s, out);
        }
        if (value instanceof BigInteger b) {
            return write(new BigDecimal(b), out);
        }
        if (value instanceof Short v) {
            return write(v, 0, out);
        }
        if (value instanceof Byte v) {
            return write(v, 0, out);
        }
        // Float/Double carry binary fractions (0.1 is not 1/10): the database's conversion is not
        // reproducible. Anything else: let the database decide.
        return Canonical.NOT_EXACT;
    }

    /**
     * Accepts exactly {@code [+-]?[0-9]+(\.[0-9]+)?}: no exponent, no blanks, no bare point, no
     * NaN/Infinity. Short literals are parsed into a long without allocating; long ones go through
     * {@link BigDecimal}, whose result is the same by construction.
     */
    private Canonical canonicalizeText(String s, KeyBuffer out) {
        int n = s.length();
        int i = 0;
        boolean negative = false;
        if (n > 0 && (s.charAt(0) == '+' || s.charAt(0) == '-')) {
            negative = s.charAt(0) == '-';
            i = 1;
        }
        long unscaled = 0;
        int significant = 0; // digits after leading zeros
        int integerDigits = 0;
        int fractionDigits = 0;
        boolean point = false;
        for (; i < n; i++) {
            char c = s.charAt(i);
            if (c == '.') {
                if (point || integerDigits == 0) {
                    return Canonical.NOT_EXACT;
                }
                point = true;
                continue;
            }
            int d = c - '0';
            if (d < 0 || d > 9) {
                return Canonical.NOT_EXACT;
            }
            if (point) {
                fractionDigits++;
            } else {
                integerDigits++;
            }
            if (significant > 0 || d != 0) {
                significant++;
                if (significant <= FAST_DIGITS) {
                    unscaled = unscaled * 10 + d;
                }
            }
        }
        if (integerDigits == 0 || (point && fractionDigits == 0)) {
            return Canonical.NOT_EXACT;
        }
        if (significant > FAST_DIGITS) {
            return write(new BigDecimal(s), out);
        }
        return write(negative ? -unscaled : unscaled, fractionDigits, out);
    }

    /** The value {@code unscaled * 10^-scale}, stripped of trailing zeros without allocating. */
    private Canonical write(long unscaled, int scale, KeyBuffer out) {
        if (unscaled == 0) {
            return writeZero(out);
        }
        while (unscaled % 10 == 0) {
            unscaled /= 10;
            scale--;
        }
        if (!holds(digits(unscaled), scale)) {
            return Canonical.NOT_EXACT;
        }
        out.putIntBE(scale);
        putTwosComplement(unscaled, out);
        return Canonical.EXACT;
    }

    private Canonical write(BigDecimal d, KeyBuffer out) {
        if (d.signum() == 0) {
            // Before Java 8, stripTrailingZeros kept a zero's scale; never rely on it for zeros.
            return writeZero(out);
        }
        BigDecimal v = d.stripTrailingZeros();
        if (!holds(v.precision(), v.scale())) {
            return Canonical.NOT_EXACT;
        }
        out.putIntBE(v.scale());
        BigInteger u = v.unscaledValue();
        if (u.bitLength() < Long.SIZE) {
            putTwosComplement(u.longValue(), out);
        } else {
            out.putBytes(u.toByteArray());
        }
        return Canonical.EXACT;
    }

    private static Canonical writeZero(KeyBuffer out) {
        out.putIntBE(0);
        out.putByte(0); // BigInteger.ZERO.toByteArray() is {0}
        return Canonical.EXACT;
    }

    /**
     * Whether the column holds a stripped, non-zero value of {@code digits} significant digits
     * and scale {@code valueScale} without rounding or overflow.
     */
    private boolean holds(long digits, int valueScale) {
        if (scale == UNKNOWN) {
            return true;
        }
        if (valueScale > scale) {
            return false; // more fractional digits than the column keeps: it might round
        }
        // Integer digits of the value vs. the column's precision - scale (long: no overflow).
        return precision == UNKNOWN || digits - valueScale <= (long) precision - scale;
    }

    /** Minimal big-endian two's complement, byte for byte {@code BigInteger.valueOf(v).toByteArray()}. */
    private static void putTwosComplement(long v, KeyBuffer out) {
        int bitLength = Long.SIZE - Long.numberOfLeadingZeros(v < 0 ? ~v : v);
        for (int shift = 8 * (bitLength / 8); shift >= 0; shift -= 8) {
            out.putByte((int) (v >>> shift));
        }
    }

    private static int digits(long v) {
        int n = 1;
        // v is non-zero and at most 18 digits or a long; compare by magnitude without Math.abs overflow.
        for (long m = v < 0 ? v : -v; m <= -10; m /= 10) {
            n++;
        }
        return n;
    }

    @Override
    public String describe() {
        String type;
        if (scale == UNKNOWN) {
            type = "DECIMAL";
        } else if (precision == UNKNOWN) {
            type = "DECIMAL(scale " + scale + ")";
        } else {
            type = "DECIMAL(" + precision + ", " + scale + ")";
        }
        return type + " as stripTrailingZeros scale and unscaled value";
    }

    @Override
    public String toString() {
        return describe();
    }
}
