package io.bloomgate.key;

/**
 * Fixed-width CHAR columns whose comparison ignores trailing spaces (docs/architecture.md section 3): strip
 * trailing U+0020 spaces, then UTF-8, so {@code "ab"} and {@code "ab  "} are one key. Only spaces
 * are padding: {@code "ab\t"} stays a different key.
 *
 * @param length the column's width in characters, or 0 or less when unbounded
 */
record PaddedCharKeyForm(int length) implements KeyForm {

    @Override
    public Canonical canonicalize(Object value, KeyBuffer out) {
        out.reset();
        if (value == null) {
            return Canonical.NULL;
        }
        if (!(value instanceof String s)) {
            return Canonical.NOT_EXACT;
        }
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ') {
            end--;
        }
        if (!TextKeys.acceptable(s, end, length)) {
            return Canonical.NOT_EXACT;
        }
        out.putUtf8(s, 0, end);
        return Canonical.EXACT;
    }

    @Override
    public Canonical canonicalizeString(String text, int from, int to, KeyBuffer out) {
        out.reset();
        int end = to;
        while (end > from && text.charAt(end - 1) == ' ') {
            end--;
        }
        if (!TextKeys.acceptable(text, from, end, length)) {
            return Canonical.NOT_EXACT;
        }
        out.putUtf8(text, from, end);
        return Canonical.EXACT;
    }

    @Override
    public String describe() {
        return (length > 0 ? "CHAR(" + length + ")" : "CHAR") + " as UTF-8 without trailing spaces";
    }

    @Override
    public String toString() {
        return describe();
    }
}
