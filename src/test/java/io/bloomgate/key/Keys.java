package io.bloomgate.key;

import static org.assertj.core.api.Assertions.assertThat;

/** Test helpers: canonicalise a value and return or check the outcome. */
final class Keys {

    private Keys() {}

    /** The canonical bytes of {@code value}, asserting the form accepts it as EXACT. */
    static byte[] bytes(KeyForm form, Object value) {
        KeyBuffer out = new KeyBuffer(1);
        assertThat(form.canonicalize(value, out))
                .as("%s of %s (%s)", form.describe(), value, value == null ? null : value.getClass().getSimpleName())
                .isEqualTo(Canonical.EXACT);
        return out.toByteArray();
    }

    /** The outcome for {@code value}; NULL and NOT_EXACT must leave the buffer empty. */
    static Canonical outcome(KeyForm form, Object value) {
        KeyBuffer out = new KeyBuffer();
        out.putUtf8("stale bytes from an earlier key");
        Canonical c = form.canonicalize(value, out);
        if (c != Canonical.EXACT) {
            assertThat(out.length()).as("buffer after %s", c).isZero();
        }
        return c;
    }

    /** Eight little-endian bytes: the integer form (docs/architecture.md section 3, filter fast path). */
    static byte[] longLE(long v) {
        byte[] b = new byte[8];
        for (int i = 0; i < 8; i++) {
            b[i] = (byte) (v >>> (8 * i));
        }
        return b;
    }
}
