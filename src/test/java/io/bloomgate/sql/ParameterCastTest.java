package io.bloomgate.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** When a cast around a key parameter leaves the bound value as the database will compare it. */
class ParameterCastTest {

    private static final ParameterCast CHAR_5 = new ParameterCast(ParameterCast.Type.CHAR, 5, null);

    @Test
    void aCharCastPreservesOnlyAValueOfItsExactLengthWithoutTrailingSpaces() {
        assertThat(CHAR_5.preserves("abcde")).isTrue();
        assertThat(CHAR_5.preserves("abc")).as("padded to 5").isFalse();
        assertThat(CHAR_5.preserves("abcdef")).as("truncated").isFalse();
        // Compared with a VARCHAR or text key, CAST('abc  ' AS CHAR(5)) is 'abc' (trailing spaces are
        // padding): the key the database looks for is not the bound string.
        assertThat(CHAR_5.preserves("abc  ")).isFalse();
        assertThat(new ParameterCast(ParameterCast.Type.CHAR, 1, null).preserves(" ")).isFalse();
    }

    @Test
    void varcharAndNumericCastsPreserveWhatFits() {
        ParameterCast varchar5 = new ParameterCast(ParameterCast.Type.VARCHAR, 5, null);
        assertThat(varchar5.preserves("abc  ")).as("VARCHAR keeps trailing spaces").isTrue();
        assertThat(varchar5.preserves("abcdef")).isFalse();
        ParameterCast numeric41 = new ParameterCast(ParameterCast.Type.NUMERIC, 4, 1);
        assertThat(numeric41.preserves(new BigDecimal("123.40"))).isTrue();
        assertThat(numeric41.preserves(new BigDecimal("12.34"))).as("rounded").isFalse();
        assertThat(numeric41.preserves(new BigDecimal("1234"))).as("overflows").isFalse();
    }
}
