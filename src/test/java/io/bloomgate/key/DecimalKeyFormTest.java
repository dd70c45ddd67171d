package io.bloomgate.key;

import static io.bloomgate.key.Keys.bytes;
import static io.bloomgate.key.Keys.outcome;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** docs/architecture.md section 3, DECIMAL/NUMERIC: the stripTrailingZeros form. */
class DecimalKeyFormTest {

    private final KeyForm unbounded = KeyForms.decimal(-1);

    @Test
    void canonicalBytesAreStrippedScaleThenUnscaledValue() {
        // 1.50 -> 1.5: scale 1, unscaled 15
        assertThat(bytes(unbounded, new BigDecimal("1.50"))).containsExactly(0, 0, 0, 1, 15);
        // 4200 -> 4.2E+3: scale -2, unscaled 42
        assertThat(bytes(unbounded, 4200)).containsExactly(0xFF, 0xFF, 0xFF, 0xFE, 42);
        // -1: scale 0, unscaled -1 as one two's-complement byte
        assertThat(bytes(unbounded, -1)).containsExactly(0, 0, 0, 0, 0xFF);
        // 128 needs a sign byte, as BigInteger.toByteArray writes it
        assertThat(bytes(unbounded, "128")).containsExactly(0, 0, 0, 0, 0x00, 0x80);
    }

    @Test
    void equalDecimalsGiveIdenticalBytes() {
        byte[] oneAndAHalf = bytes(unbounded, new BigDecimal("1.5"));
        for (Object v : List.of(new BigDecimal("1.50"), new BigDecimal("1.500000000000000000000000000"),
                new BigDecimal("0.15E1"), new BigDecimal("15E-1"), "1.5", "1.50", "+1.5", "01.5000")) {
            assertThat(bytes(unbounded, v)).as("%s", v).isEqualTo(oneAndAHalf);
        }
        byte[] fortyTwo = bytes(unbounded, 42);
        for (Object v : List.of(42L, (short) 42, (byte) 42, BigInteger.valueOf(42), new BigDecimal("42.00"),
                new BigDecimal("4.2E+1"), "42", "042", "42.0")) {
            assertThat(bytes(unbounded, v)).as("%s", v).isEqualTo(fortyTwo);
        }
    }

    @Test
    void allZerosAreOneKey() {
        byte[] zero = bytes(unbounded, BigDecimal.ZERO);
        assertThat(zero).isEqualTo(Keys.bytes(unbounded, BigInteger.ZERO));
        for (Object v : List.of(0, 0L, new BigDecimal("0.00"), new BigDecimal("0E+3"), new BigDecimal("0E-10"),
                new BigDecimal("-0.0"), "0", "-0", "0.000", "-0.0", "+00.00")) {
            assertThat(bytes(unbounded, v)).as("%s", v).isEqualTo(zero);
        }
        assertThat(bytes(KeyForms.decimal(10, 2), new BigDecimal("0E+20"))).isEqualTo(zero);
    }

    @Test
    void differentDecimalsGiveDifferentBytes() {
        assertThat(bytes(unbounded, "1.5")).isNotEqualTo(bytes(unbounded, "1.05"));
        assertThat(bytes(unbounded, "15")).isNotEqualTo(bytes(unbounded, "1.5"));
        assertThat(bytes(unbounded, "150")).isNotEqualTo(bytes(unbounded, "15"));
        assertThat(bytes(unbounded, -1)).isNotEqualTo(bytes(unbounded, 1));
        assertThat(bytes(unbounded, "-1.5")).isNotEqualTo(bytes(unbounded, "1.5"));
        assertThat(bytes(unbounded, Long.MIN_VALUE)).isEqualTo(bytes(unbounded, BigDecimal.valueOf(Long.MIN_VALUE)));
        assertThat(bytes(unbounded, Long.MIN_VALUE)).isNotEqualTo(bytes(unbounded, Long.MAX_VALUE));
    }

    @Test
    void longLiteralsTakeTheBigDecimalPathAndAgree() {
        String digits = "123456789012345678901234567890.123456789012345678900";
        assertThat(bytes(unbounded, digits)).isEqualTo(bytes(unbounded, new BigDecimal(digits)));
        assertThat(bytes(unbounded, "-" + digits)).isEqualTo(bytes(unbounded, new BigDecimal(digits).negate()));
        assertThat(bytes(unbounded, "999999999999999999")).isEqualTo(bytes(unbounded, 999999999999999999L));
        assertThat(bytes(unbounded, "9999999999999999999")).isEqualTo(
                bytes(unbounded, new BigDecimal("9999999999999999999")));
    }

    @Test
    void moreFractionalDigitsThanTheColumnScaleAreNotExact() {
        KeyForm money = KeyForms.decimal(2);
        assertThat(outcome(money, new BigDecimal("1.50"))).isEqualTo(Canonical.EXACT);
        assertThat(outcome(money, new BigDecimal("1.500000"))).isEqualTo(Canonical.EXACT); // strips to 1.5
        assertThat(outcome(money, new BigDecimal("1.505"))).isEqualTo(Canonical.NOT_EXACT); // might round
        assertThat(outcome(money, "0.001")).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(KeyForms.decimal(0), "1.5")).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(KeyForms.decimal(0), "1.0")).isEqualTo(Canonical.EXACT);
        assertThat(outcome(unbounded, new BigDecimal("1E-1000"))).isEqualTo(Canonical.EXACT);
    }

    @Test
    void moreIntegerDigitsThanTheColumnHoldsAreNotExact() {
        KeyForm fiveTwo = KeyForms.decimal(5, 2); // up to 999.99
        assertThat(outcome(fiveTwo, "999.99")).isEqualTo(Canonical.EXACT);
        assertThat(outcome(fiveTwo, "-999.99")).isEqualTo(Canonical.EXACT);
        assertThat(outcome(fiveTwo, 1000)).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(fiveTwo, new BigDecimal("1E+3"))).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(fiveTwo, new BigDecimal("0.01"))).isEqualTo(Canonical.EXACT);
        assertThat(outcome(KeyForms.decimal(2, 2), "0.5")).isEqualTo(Canonical.EXACT);
        assertThat(outcome(KeyForms.decimal(2, 2), "1.5")).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(KeyForms.decimal(2, 2), "0")).isEqualTo(Canonical.EXACT);
    }

    @Test
    void aNegativeDeclaredScaleKeysOnlyMultiplesOfItsPowerOfTen() {
        // PostgreSQL NUMERIC(2, -3) holds multiples of 1000; forColumn passes the scale as declared.
        KeyForm thousands = new DecimalKeyForm(2, -3);
        assertThat(outcome(thousands, 99000)).isEqualTo(Canonical.EXACT);
        assertThat(outcome(thousands, 1234)).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(thousands, 100000)).isEqualTo(Canonical.NOT_EXACT);
        assertThat(bytes(thousands, "5000")).isEqualTo(bytes(unbounded, 5000));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " 1.5", "1.5 ", "1.", ".5", "1..5", "1.5.0", "1e3", "1.5E2", "0x10", "+", "-", "+-1",
        "NaN", "Infinity", "-Infinity", "1,5", "\u0661.\u0665", "1_000"})
    void textThatIsNotAPlainDecimalLiteralIsNotExact(String text) {
        assertThat(outcome(unbounded, text)).isEqualTo(Canonical.NOT_EXACT);
    }

    @Test
    void binaryFloatingPointAndForeignTypesAreNotExact() {
        for (Object v : List.of(1.5, 1.5f, 0.1, Boolean.FALSE, 'x', new Object())) {
            assertThat(outcome(unbounded, v)).as("%s", v.getClass().getSimpleName()).isEqualTo(Canonical.NOT_EXACT);
        }
    }

    @Test
    void nullIsSqlNull() {
        assertThat(outcome(unbounded, null)).isEqualTo(Canonical.NULL);
    }

    @Test
    void describesItself() {
        assertThat(KeyForms.decimal(-1).describe()).startsWith("DECIMAL as stripTrailingZeros");
        assertThat(KeyForms.decimal(2).describe()).startsWith("DECIMAL(scale 2) as");
        assertThat(KeyForms.decimal(10, 2).describe()).startsWith("DECIMAL(10, 2) as");
    }
}
