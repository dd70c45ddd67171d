package io.bloomgate.key;

import static io.bloomgate.key.Keys.bytes;
import static io.bloomgate.key.Keys.longLE;
import static io.bloomgate.key.Keys.outcome;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** docs/architecture.md section 3, integer types: the value as a 64-bit integer, whatever setter bound it. */
class IntegerKeyFormTest {

    private final KeyForm bigint = KeyForms.bigint();

    @Test
    void everySetterOf42GivesTheSameEightLittleEndianBytes() {
        List<Object> fortyTwos = List.of(
                42, 42L, (short) 42, (byte) 42, "42", "042", "+42", "0000000000000000000000042",
                new BigDecimal("42"), new BigDecimal("42.00"), new BigDecimal("4.2E+1"), new BigDecimal("0.42E2"),
                BigInteger.valueOf(42));
        for (Object v : fortyTwos) {
            assertThat(bytes(bigint, v)).as("%s (%s)", v, v.getClass().getSimpleName()).isEqualTo(longLE(42));
        }
    }

    @Test
    void differentValuesGiveDifferentBytes() {
        assertThat(bytes(bigint, 42)).isNotEqualTo(bytes(bigint, 43));
        assertThat(bytes(bigint, -1)).isNotEqualTo(bytes(bigint, 1));
        assertThat(bytes(bigint, "-1")).isEqualTo(longLE(-1));
        assertThat(bytes(bigint, Long.MIN_VALUE)).isEqualTo(longLE(Long.MIN_VALUE));
        assertThat(bytes(bigint, Long.MAX_VALUE)).isEqualTo(longLE(Long.MAX_VALUE));
    }

    @Test
    void zeroHasOneForm() {
        for (Object v : List.of(0, 0L, "0", "-0", "+000", BigDecimal.ZERO, new BigDecimal("0.000"),
                new BigDecimal("0E+5"), new BigDecimal("-0.0"), BigInteger.ZERO)) {
            assertThat(bytes(bigint, v)).as("%s", v).isEqualTo(longLE(0));
        }
    }

    @Test
    void extremesOfLongParseFromText() {
        assertThat(bytes(bigint, "9223372036854775807")).isEqualTo(longLE(Long.MAX_VALUE));
        assertThat(bytes(bigint, "-9223372036854775808")).isEqualTo(longLE(Long.MIN_VALUE));
        assertThat(bytes(bigint, "-09223372036854775808")).isEqualTo(longLE(Long.MIN_VALUE));
        assertThat(bytes(bigint, new BigDecimal("-9223372036854775808.000"))).isEqualTo(longLE(Long.MIN_VALUE));
        assertThat(bytes(bigint, BigInteger.valueOf(Long.MIN_VALUE))).isEqualTo(longLE(Long.MIN_VALUE));
    }

    @Test
    void beyondLongIsNotExact() {
        assertThat(outcome(bigint, "9223372036854775808")).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(bigint, "-9223372036854775809")).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(bigint, "99999999999999999999999")).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(bigint, BigInteger.ONE.shiftLeft(63))).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(bigint, BigInteger.ONE.shiftLeft(63).negate().subtract(BigInteger.ONE)))
                .isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(bigint, new BigDecimal("9223372036854775808"))).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(bigint, new BigDecimal("1E+19"))).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(bigint, new BigDecimal("1E+999999999"))).isEqualTo(Canonical.NOT_EXACT);
    }

    /** The database would raise an error or convert by its own rules: let it (docs/architecture.md section 3). */
    @ParameterizedTest
    @ValueSource(strings = {"", " 42", "42 ", "4 2", "42.0", "42.", ".5", "0x2A", "4.2E1", "1e3", "+", "-", "+-1",
        "--1", "42L", "\u0664\u0662", "\uFF14\uFF12", "NaN", "Infinity", "null"})
    void textThatIsNotAPlainIntegerLiteralIsNotExact(String text) {
        assertThat(outcome(bigint, text)).isEqualTo(Canonical.NOT_EXACT);
    }

    @Test
    void fractionalDecimalsAreNotExact() {
        assertThat(outcome(bigint, new BigDecimal("42.5"))).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(bigint, new BigDecimal("42.000001"))).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(bigint, new BigDecimal("1E-999999999"))).isEqualTo(Canonical.NOT_EXACT);
    }

    @Test
    void inexactOrForeignJavaTypesAreNotExact() {
        for (Object v : List.of(42.0, 42.0f, Boolean.TRUE, '*', new AtomicLong(42), new byte[] {42},
                new Object())) {
            assertThat(outcome(bigint, v)).as("%s", v.getClass().getSimpleName()).isEqualTo(Canonical.NOT_EXACT);
        }
    }

    @Test
    void nullIsSqlNull() {
        assertThat(outcome(bigint, null)).isEqualTo(Canonical.NULL);
    }

    @Test
    void valuesOutsideTheColumnTypeAreNotExact() {
        assertThat(outcome(KeyForms.tinyint(), 127)).isEqualTo(Canonical.EXACT);
        assertThat(outcome(KeyForms.tinyint(), -128)).isEqualTo(Canonical.EXACT);
        assertThat(outcome(KeyForms.tinyint(), 128)).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(KeyForms.tinyint(), "-129")).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(KeyForms.smallint(), 32767)).isEqualTo(Canonical.EXACT);
        assertThat(outcome(KeyForms.smallint(), 32768)).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(KeyForms.smallint(), (short) -32768)).isEqualTo(Canonical.EXACT);
        assertThat(outcome(KeyForms.integer(), Integer.MAX_VALUE)).isEqualTo(Canonical.EXACT);
        assertThat(outcome(KeyForms.integer(), Integer.MAX_VALUE + 1L)).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(KeyForms.integer(), new BigDecimal("-2147483649"))).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(KeyForms.integer(0, 10), -1)).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(KeyForms.integer(0, 10), 10)).isEqualTo(Canonical.EXACT);
    }

    @Test
    void narrowerTypesUseTheSameSixtyFourBitForm() {
        assertThat(bytes(KeyForms.tinyint(), (byte) -5)).isEqualTo(longLE(-5));
        assertThat(bytes(KeyForms.smallint(), -5)).isEqualTo(bytes(bigint, -5L));
        assertThat(bytes(KeyForms.integer(), "-5")).isEqualTo(bytes(bigint, -5L));
    }

    @Test
    void rejectsAnEmptyRange() {
        assertThatThrownBy(() -> KeyForms.integer(1, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void describesItself() {
        assertThat(KeyForms.bigint().describe()).isEqualTo("BIGINT as 64-bit integer");
        assertThat(KeyForms.integer().describe()).isEqualTo("INTEGER as 64-bit integer");
        assertThat(KeyForms.smallint().describe()).isEqualTo("SMALLINT as 64-bit integer");
        assertThat(KeyForms.tinyint().describe()).isEqualTo("TINYINT as 64-bit integer");
        assertThat(KeyForms.integer(0, 255).describe()).isEqualTo("integer in [0, 255] as 64-bit integer");
    }
}
