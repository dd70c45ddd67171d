package io.bloomgate.key;

import static io.bloomgate.key.Keys.bytes;
import static io.bloomgate.key.Keys.outcome;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/architecture.md section 3, fixed-width CHAR whose comparison ignores trailing spaces: strip them. */
class PaddedCharKeyFormTest {

    private final KeyForm char5 = KeyForms.paddedChar(5);

    @Test
    void trailingSpacesDoNotMatter() {
        byte[] ab = "ab".getBytes(StandardCharsets.UTF_8);
        for (String s : List.of("ab", "ab ", "ab   ")) {
            assertThat(bytes(char5, s)).as("'%s'", s).isEqualTo(ab);
        }
        assertThat(bytes(char5, "ab" + " ".repeat(50))).isEqualTo(ab); // over the width only by padding
        assertThat(bytes(char5, "")).isEqualTo(bytes(char5, "     "));
    }

    @Test
    void onlyTrailingSpacesArePadding() {
        assertThat(bytes(char5, "ab\t")).isNotEqualTo(bytes(char5, "ab"));
        assertThat(bytes(char5, "ab\u00a0")).isNotEqualTo(bytes(char5, "ab"));
        assertThat(bytes(char5, "ab\n")).isNotEqualTo(bytes(char5, "ab"));
        assertThat(bytes(char5, " ab")).isNotEqualTo(bytes(char5, "ab"));
        assertThat(bytes(char5, "a b")).isNotEqualTo(bytes(char5, "ab"));
        assertThat(bytes(char5, "a")).isNotEqualTo(bytes(char5, "A"));
    }

    @Test
    void longerThanTheWidthAfterStrippingIsNotExact() {
        assertThat(outcome(char5, "abcde ")).isEqualTo(Canonical.EXACT);
        assertThat(outcome(char5, "abcdef")).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(char5, "abcde\t")).isEqualTo(Canonical.NOT_EXACT);
    }

    @Test
    void nulAndForeignTypesAreNotExact() {
        assertThat(outcome(char5, "a\0")).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(char5, 'a')).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(char5, 1)).isEqualTo(Canonical.NOT_EXACT);
    }

    @Test
    void nullIsSqlNull() {
        assertThat(outcome(char5, null)).isEqualTo(Canonical.NULL);
    }

    @Test
    void describesItself() {
        assertThat(char5.describe()).isEqualTo("CHAR(5) as UTF-8 without trailing spaces");
    }
}
