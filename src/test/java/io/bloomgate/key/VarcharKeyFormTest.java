package io.bloomgate.key;

import static io.bloomgate.key.Keys.bytes;
import static io.bloomgate.key.Keys.outcome;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/architecture.md section 3, character types with binary (exact) comparison: UTF-8 of the string. */
class VarcharKeyFormTest {

    private final KeyForm varchar = KeyForms.varchar(0);

    @Test
    void keyIsTheUtf8OfTheString() {
        for (String s : List.of("", "a", "user@example.com", "Grüße", "漢字", "\uD83D\uDE00", "a\uD800b")) {
            assertThat(bytes(varchar, s)).isEqualTo(s.getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void exactComparisonKeepsCaseAndBlanksApart() {
        assertThat(bytes(varchar, "a")).isNotEqualTo(bytes(varchar, "A"));
        assertThat(bytes(varchar, "ab")).isNotEqualTo(bytes(varchar, "ab "));
        assertThat(bytes(varchar, "ab")).isNotEqualTo(bytes(varchar, " ab"));
        // Precomposed vs combining é are different strings to a binary comparison.
        assertThat(bytes(varchar, "\u00e9")).isNotEqualTo(bytes(varchar, "e\u0301"));
    }

    @Test
    void stringsLongerThanTheColumnAreNotExact() {
        KeyForm five = KeyForms.varchar(5);
        assertThat(outcome(five, "12345")).isEqualTo(Canonical.EXACT);
        assertThat(outcome(five, "123456")).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(five, "1234\u00e9")).isEqualTo(Canonical.EXACT); // 5 chars, 6 bytes
        // 3 code points but 6 UTF-16 chars: over the limit by length, so never taken as EXACT.
        assertThat(outcome(five, "\uD83D\uDE00\uD83D\uDE00\uD83D\uDE00")).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(KeyForms.varchar(-1), "x".repeat(100_000))).isEqualTo(Canonical.EXACT);
    }

    @Test
    void nulCharactersAreNotExact() {
        // PostgreSQL rejects U+0000 in text with an error; let the database answer.
        assertThat(outcome(varchar, "a\0b")).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(varchar, "\0")).isEqualTo(Canonical.NOT_EXACT);
    }

    @Test
    void onlyStringsAreKeys() {
        for (Object v : List.of(42, 'a', new char[] {'a'}, new StringBuilder("a"), "a".getBytes(StandardCharsets.UTF_8),
                new Object())) {
            assertThat(outcome(varchar, v)).as("%s", v.getClass().getSimpleName()).isEqualTo(Canonical.NOT_EXACT);
        }
    }

    @Test
    void nullIsSqlNull() {
        assertThat(outcome(varchar, null)).isEqualTo(Canonical.NULL);
    }

    @Test
    void describesItself() {
        assertThat(KeyForms.varchar(10).describe()).isEqualTo("VARCHAR(10) as UTF-8 (exact comparison)");
        assertThat(KeyForms.varchar(0).describe()).isEqualTo("VARCHAR as UTF-8 (exact comparison)");
    }
}
