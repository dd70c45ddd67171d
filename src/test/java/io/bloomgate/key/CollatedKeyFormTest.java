package io.bloomgate.key;

import static io.bloomgate.key.Keys.bytes;
import static io.bloomgate.key.Keys.outcome;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md section 3, collated text: the key is the concatenation of each code point's
 * weight, padding units dropped under PAD SPACE, and a probe the table cannot weigh is NOT_EXACT.
 * The table here is a made-up case-insensitive one (a/A weigh 0x0041, b/B 0x0042, space 0x0020,
 * U+200B nothing, 😀 0xFFFD); MariaDbCollationTest checks real tables against the server.
 */
class CollatedKeyFormTest {

    private static final byte[] SPACE = {0x00, 0x20};

    private static CodePointWeights table() {
        return CodePointWeights.builder()
                .put('a', new byte[] {0x00, 0x41}).put('A', new byte[] {0x00, 0x41})
                .put('b', new byte[] {0x00, 0x42}).put('B', new byte[] {0x00, 0x42})
                .put(' ', SPACE).put('\u200B', new byte[0]).put(0x1F600, new byte[] {(byte) 0xFF, (byte) 0xFD})
                .build();
    }

    private final WeightKeyForm pad = KeyForms.collated("x_ci", table(), SPACE, 8, "test");
    private final WeightKeyForm noPad = KeyForms.collated("x_nopad_ci", table(), null, 8, "test");

    @Test
    void equalUnderTheTableIsOneKey() {
        assertThat(bytes(pad, "ab")).isEqualTo(new byte[] {0x00, 0x41, 0x00, 0x42});
        assertThat(bytes(pad, "AB")).isEqualTo(bytes(pad, "ab"));
        assertThat(bytes(pad, "a\u200Bb")).as("an ignorable weighs nothing").isEqualTo(bytes(pad, "ab"));
        assertThat(bytes(pad, "a\uD83D\uDE00")).isEqualTo(new byte[] {0x00, 0x41, (byte) 0xFF, (byte) 0xFD});
        assertThat(bytes(pad, "ba")).isNotEqualTo(bytes(pad, "ab"));
    }

    @Test
    void padSpaceDropsTrailingSpaceUnitsOnBothSides() {
        assertThat(bytes(pad, "ab  ")).isEqualTo(bytes(pad, "ab"));
        assertThat(bytes(pad, " ab")).isNotEqualTo(bytes(pad, "ab"));
        assertThat(bytes(noPad, "ab ")).isNotEqualTo(bytes(noPad, "ab"));
        KeyBuffer stored = new KeyBuffer();
        // WEIGHT_STRING('ab  ') keeps the padding: the stored key drops it like the probe's.
        assertThat(pad.canonicalizeWeights(new byte[] {0x00, 0x41, 0x00, 0x42, 0x00, 0x20, 0x00, 0x20}, stored))
                .isEqualTo(Canonical.EXACT);
        assertThat(stored.toByteArray()).isEqualTo(bytes(pad, "AB"));
        // Whole units only: 0x4100 0x2000 is not padding.
        pad.canonicalizeWeights(new byte[] {0x41, 0x00, 0x20, 0x00}, stored);
        assertThat(stored.length()).isEqualTo(4);
        assertThat(pad.canonicalizeWeights(null, stored)).isEqualTo(Canonical.NULL);
    }

    @Test
    void whatTheTableCannotWeighIsNotExact() {
        assertThat(outcome(pad, "abc")).as("c is outside the repertoire").isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(pad, "a\uD83D")).as("a lone surrogate").isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(pad, "\uDE00a")).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(pad, 42)).as("numbers compare numerically on MySQL").isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(pad, new byte[] {0x61})).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(pad, "ababababa")).as("longer than the column").isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(pad, null)).isEqualTo(Canonical.NULL);
    }

    @Test
    void identicalPagesAreShared() {
        CodePointWeights.Builder b = CodePointWeights.builder();
        for (int cp = 0x10000; cp <= Character.MAX_CODE_POINT; cp++) {
            b.put(cp, new byte[] {(byte) 0xFF, (byte) 0xFD});
        }
        CodePointWeights w = b.build();
        assertThat(w.mappedCodePoints()).isEqualTo(Character.MAX_CODE_POINT + 1 - 0x10000);
        assertThat(w.memoryBytes()).as("one page for all supplementary planes").isLessThan(100_000);
        assertThat(w.weight(0x1F600)).isEqualTo(new byte[] {(byte) 0xFF, (byte) 0xFD});
        assertThat(w.weight('a')).isNull();
    }
}
