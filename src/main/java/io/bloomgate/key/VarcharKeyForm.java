package io.bloomgate.key;

/**
 * Character columns with binary (exact) comparison (docs/architecture.md section 3): the string's UTF-8
 * bytes. Only a {@link String} is a key: a number, a {@code char[]} or a {@code Clob} would be
 * converted by the database's rules.
 *
 * @param maxLength the column's length limit in characters, or 0 or less when unbounded
 */
record VarcharKeyForm(int maxLength) implements KeyForm {

    @Override
    public Canonical canonicalize(Object value, KeyBuffer out) {
        out.reset();
        if (value == null) {
            return Canonical.NULL;
        }
        if (!(value instanceof String s) || !TextKeys.acceptable(s, s.length(), maxLength)) {
            return Canonical.NOT_EXACT;
        }
        out.putUtf8(s);
        return Canonical.EXACT;
    }

    @Override
    public Canonical canonicalizeString(String text, int from, int to, KeyBuffer out) {
        out.reset();
        if (!TextKeys.acceptable(text, from, to, maxLength)) {
            return Canonical.NOT_EXACT;
        }
        out.putUtf8(text, from, to);
        return Canonical.EXACT;
    }

    @Override
    public String describe() {
        return (maxLength > 0 ? "VARCHAR(" + maxLength + ")" : "VARCHAR") + " as UTF-8 (exact comparison)";
    }

    @Override
    public String toString() {
        return describe();
    }
}
