package io.bloomgate.key;

/** Rules shared by the character forms. */
final class TextKeys {

    private TextKeys() {}

    /**
     * Whether {@code s[0, end)} can be a key of a column limited to {@code maxLength} characters
     * (0 or less: unbounded).
     *
     * <p>Too long: a database that converts the parameter to the column's type raises an error or
     * truncates, so the gate passes it through. The limit is checked on UTF-16 length, which is
     * never less than the code point count, so whichever way the database counts, a string over the
     * limit is never taken as EXACT.
     *
     * <p>U+0000: PostgreSQL rejects it in text with an error; H2 accepts it. Passing such a string
     * through lets each database answer for itself.
     */
    static boolean acceptable(String s, int end, int maxLength) {
        if (maxLength > 0 && end > maxLength) {
            return false;
        }
        int nul = s.indexOf('\0');
        return nul < 0 || nul >= end;
    }

    /** {@link #acceptable(String, int, int)} of {@code s[from, end)}. */
    static boolean acceptable(String s, int from, int end, int maxLength) {
        if (maxLength > 0 && end - from > maxLength) {
            return false;
        }
        int nul = s.indexOf('\0', from);
        return nul < 0 || nul >= end;
    }
}
