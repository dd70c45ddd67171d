package io.bloomgate.key;

import java.util.UUID;

/**
 * UUID columns (docs/architecture.md section 3): 16 bytes, the most significant long then the least, both
 * big-endian, whatever the input case. A string is a key only in the standard 8-4-4-4-12
 * hexadecimal form; other spellings some databases accept (no hyphens, braces, blanks) pass
 * through so the database applies its own parsing.
 */
final class UuidKeyForm implements KeyForm {

    static final UuidKeyForm INSTANCE = new UuidKeyForm();

    private static final int TEXT_LENGTH = 36;

    private UuidKeyForm() {}

    @Override
    public Canonical canonicalize(Object value, KeyBuffer out) {
        out.reset();
        if (value == null) {
            return Canonical.NULL;
        }
        if (value instanceof UUID u) {
            return write(u.getMostSignificantBits(), u.getLeastSignificantBits(), out);
        }
        if (value instanceof String s && isStandardForm(s)) {
            // Hyphens sit at 8, 13, 18 and 23; the most significant long is the first 16 digits.
            long msb = (hex(s, 0, 8) << 32) | (hex(s, 9, 13) << 16) | hex(s, 14, 18);
            long lsb = (hex(s, 19, 23) << 48) | hex(s, 24, 36);
            return write(msb, lsb, out);
        }
        return Canonical.NOT_EXACT;
    }

    private static Canonical write(long msb, long lsb, KeyBuffer out) {
        out.putLongBE(msb);
        out.putLongBE(lsb);
        return Canonical.EXACT;
    }

    private static boolean isStandardForm(String s) {
        if (s.length() != TEXT_LENGTH) {
            return false;
        }
        for (int i = 0; i < TEXT_LENGTH; i++) {
            char c = s.charAt(i);
            boolean ok = (i == 8 || i == 13 || i == 18 || i == 23) ? c == '-' : hexDigit(c) >= 0;
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static long hex(String s, int from, int to) {
        long v = 0;
        for (int i = from; i < to; i++) {
            v = (v << 4) | hexDigit(s.charAt(i));
        }
        return v;
    }

    /** ASCII hex digits only (Character.digit would also take full-width and other scripts' digits). */
    private static int hexDigit(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }

    @Override
    public String describe() {
        return "UUID as 16 bytes";
    }

    @Override
    public String toString() {
        return describe();
    }
}
