package io.bloomgate.key;

import java.util.Arrays;

/**
 * Text under a case- or accent-insensitive collation (docs/architecture.md section 3): the canonical
 * key is the concatenation of each code point's weight, without trailing weight units equal to the
 * space's under a PAD SPACE collation (the database's weight string keeps them, its comparison pads
 * the shorter string with them). A probe with a code point outside the table, or a lone surrogate,
 * or longer than the column, is NOT_EXACT: the database answers it.
 *
 * @param collation the collation whose weights the table holds
 * @param weights the per-code-point weights
 * @param padUnit the space's weight under a PAD SPACE collation, null under NO PAD
 * @param maxLength the column's length in characters, 0 or less when unbounded
 * @param description how reports name the form
 */
record CollatedKeyForm(String collation, CodePointWeights weights, byte[] padUnit, int maxLength, String description)
        implements WeightKeyForm {

    @Override
    public Canonical canonicalize(Object value, KeyBuffer out) {
        out.reset();
        if (value == null) {
            return Canonical.NULL;
        }
        if (!(value instanceof String s)) {
            return Canonical.NOT_EXACT; // numbers compare with text as numbers on MySQL; bytes as binary
        }
        if (maxLength > 0 && s.length() > maxLength) {
            return Canonical.NOT_EXACT;
        }
        for (int i = 0; i < s.length(); ) {
            char c = s.charAt(i);
            int cp;
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                cp = Character.toCodePoint(c, s.charAt(i + 1));
                i += 2;
            } else if (Character.isSurrogate(c)) {
                out.reset();
                return Canonical.NOT_EXACT; // the driver would send U+003F or fail: not this string
            } else {
                cp = c;
                i++;
            }
            if (!weights.append(cp, out)) {
                out.reset();
                return Canonical.NOT_EXACT;
            }
        }
        stripPadding(out);
        return Canonical.EXACT;
    }

    @Override
    public Canonical canonicalizeWeights(byte[] stored, KeyBuffer out) {
        out.reset();
        if (stored == null) {
            return Canonical.NULL;
        }
        out.putBytes(stored);
        stripPadding(out);
        return Canonical.EXACT;
    }

    /** Drops trailing whole units equal to the space's weight (PAD SPACE: 'a' = 'a  '). */
    private void stripPadding(KeyBuffer out) {
        if (padUnit == null || padUnit.length == 0) {
            return;
        }
        int unit = padUnit.length;
        int end = out.length();
        byte[] a = out.array();
        while (end >= unit && Arrays.equals(a, end - unit, end, padUnit, 0, unit)) {
            end -= unit;
        }
        out.truncate(end);
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public String toString() {
        return describe();
    }
}
