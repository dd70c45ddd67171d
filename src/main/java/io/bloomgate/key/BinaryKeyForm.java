package io.bloomgate.key;

/**
 * Variable-length binary columns (VARBINARY, BYTEA): the bytes as they are. Only a {@code byte[]}
 * is a key; a string or a {@code Blob} would be converted by the database's rules.
 */
final class BinaryKeyForm implements KeyForm {

    static final BinaryKeyForm INSTANCE = new BinaryKeyForm();

    private BinaryKeyForm() {}

    @Override
    public Canonical canonicalize(Object value, KeyBuffer out) {
        out.reset();
        if (value == null) {
            return Canonical.NULL;
        }
        if (value instanceof byte[] b) {
            out.putBytes(b);
            return Canonical.EXACT;
        }
        return Canonical.NOT_EXACT;
    }

    @Override
    public String describe() {
        return "VARBINARY as raw bytes";
    }

    @Override
    public String toString() {
        return describe();
    }
}
