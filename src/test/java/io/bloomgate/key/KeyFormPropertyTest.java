package io.bloomgate.key;

import static io.bloomgate.key.Keys.longLE;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Property tests of docs/architecture.md section 3 with fixed seeds: every representation of one value gives
 * one key, and keys are equal exactly when the database's values are.
 */
class KeyFormPropertyTest {

    private final KeyBuffer out = new KeyBuffer();

    @Test
    void everyRepresentationOfALongIsOneIntegerKey() {
        SplittableRandom random = new SplittableRandom(0xB100_0001L);
        KeyForm bigint = KeyForms.bigint();
        KeyForm integer = KeyForms.integer();
        for (int n = 0; n < 1_000_000; n++) {
            long v = randomLong(random);
            byte[] expected = longLE(v);
            check(bigint, v, expected);
            check(bigint, Long.toString(v), expected);
            check(bigint, withLeadingZerosAndSign(random, v), expected);
            check(bigint, BigDecimal.valueOf(v).setScale(random.nextInt(4)), expected);
            check(bigint, BigInteger.valueOf(v), expected);
            if (v == (int) v) {
                check(bigint, (int) v, expected);
                check(integer, (int) v, expected);
                check(integer, Long.toString(v), expected);
            } else {
                assertThat(integer.canonicalize(v, out)).isEqualTo(Canonical.NOT_EXACT);
            }
            if (v % 10 == 0 && v != 0) {
                // Trailing zeros of the integer itself, in exponent form: 4.2E+1 is 42.
                check(bigint, BigDecimal.valueOf(v).stripTrailingZeros(), expected);
            }
        }
    }

    @Test
    void everyRepresentationOfALongIsOneDecimalKeyMatchingStripTrailingZeros() {
        SplittableRandom random = new SplittableRandom(0xB100_0002L);
        KeyForm decimal = KeyForms.decimal(-1);
        for (int n = 0; n < 200_000; n++) {
            long v = randomLong(random);
            byte[] expected = oracle(BigDecimal.valueOf(v));
            check(decimal, v, expected);
            check(decimal, Long.toString(v), expected);
            check(decimal, withLeadingZerosAndSign(random, v), expected);
            check(decimal, BigDecimal.valueOf(v).setScale(random.nextInt(6)), expected);
            check(decimal, BigDecimal.valueOf(v).setScale(random.nextInt(6)).toPlainString(), expected);
            check(decimal, BigInteger.valueOf(v), expected);
            if (v == (int) v) {
                check(decimal, (int) v, expected);
            }
        }
    }

    @Test
    void decimalKeysAreEqualExactlyWhenCompareToIsZero() {
        SplittableRandom random = new SplittableRandom(0xB100_0003L);
        KeyForm decimal = KeyForms.decimal(-1);
        int equalPairs = 0;
        for (int n = 0; n < 200_000; n++) {
            // Small values, and partners that are often the same value spelled differently or a
            // near miss, so both sides of "iff" are exercised.
            BigDecimal a = padded(random, smallDecimal(random));
            BigDecimal b = switch (random.nextInt(4)) {
                case 0 -> padded(random, smallDecimal(random));
                case 1 -> padded(random, a.signum() == 0 ? BigDecimal.ZERO.setScale(random.nextInt(-3, 3))
                        : a.stripTrailingZeros());
                case 2 -> a.add(BigDecimal.valueOf(random.nextBoolean() ? 1 : -1, a.scale() + random.nextInt(3)));
                default -> a.negate();
            };
            byte[] ka = key(decimal, a);
            byte[] kb = key(decimal, b);
            boolean equal = a.compareTo(b) == 0;
            equalPairs += equal ? 1 : 0;
            if (Arrays.equals(ka, kb) != equal) {
                assertThat(Arrays.equals(ka, kb)).as("%s vs %s", a, b).isEqualTo(equal);
            }
            check(decimal, a, oracle(a));
            check(decimal, a.toPlainString(), ka);
        }
        assertThat(equalPairs).as("equal pairs exercised").isGreaterThan(50_000);
    }

    @Test
    void wideDecimalsMatchTheOracle() {
        SplittableRandom random = new SplittableRandom(0xB100_0004L);
        KeyForm decimal = KeyForms.decimal(-1);
        for (int n = 0; n < 50_000; n++) {
            BigInteger unscaled = new BigInteger(1 + random.nextInt(200), new java.util.Random(random.nextLong()));
            if (random.nextBoolean()) {
                unscaled = unscaled.negate();
            }
            BigDecimal v = new BigDecimal(unscaled, random.nextInt(-20, 40));
            byte[] expected = oracle(v);
            check(decimal, v, expected);
            check(decimal, padded(random, v), expected);
            check(decimal, v.toPlainString(), expected);
        }
    }

    @Test
    void decimalsWithinTheColumnScaleAreExactAndBeyondItAreNot() {
        SplittableRandom random = new SplittableRandom(0xB100_0005L);
        for (int n = 0; n < 100_000; n++) {
            int columnScale = random.nextInt(6);
            KeyForm form = KeyForms.decimal(columnScale);
            BigDecimal v = padded(random, smallDecimal(random));
            int fractionDigits = Math.max(0, v.signum() == 0 ? 0 : v.stripTrailingZeros().scale());
            expect(fractionDigits <= columnScale ? Canonical.EXACT : Canonical.NOT_EXACT, form, v);
        }
    }

    @Test
    void integerTextIsExactPreciselyForPlainLiteralsInRange() {
        Pattern plain = Pattern.compile("[+-]?[0-9]+");
        BigInteger min = BigInteger.valueOf(Long.MIN_VALUE);
        BigInteger max = BigInteger.valueOf(Long.MAX_VALUE);
        SplittableRandom random = new SplittableRandom(0xB100_0006L);
        KeyForm bigint = KeyForms.bigint();
        for (int n = 0; n < 200_000; n++) {
            String s = numericText(random, false);
            boolean accept = plain.matcher(s).matches()
                    && new BigInteger(s).compareTo(min) >= 0 && new BigInteger(s).compareTo(max) <= 0;
            if (accept) {
                check(bigint, s, longLE(new BigInteger(s).longValueExact()));
            } else {
                expect(Canonical.NOT_EXACT, bigint, s);
            }
        }
    }

    @Test
    void decimalTextIsExactPreciselyForPlainLiterals() {
        Pattern plain = Pattern.compile("[+-]?[0-9]+(\\.[0-9]+)?");
        SplittableRandom random = new SplittableRandom(0xB100_0007L);
        KeyForm decimal = KeyForms.decimal(-1);
        for (int n = 0; n < 200_000; n++) {
            String s = numericText(random, true);
            if (plain.matcher(s).matches()) {
                check(decimal, s, oracle(new BigDecimal(s)));
            } else {
                expect(Canonical.NOT_EXACT, decimal, s);
            }
        }
    }

    @Test
    void uuidTextInRandomCaseIsTheUuidKey() {
        SplittableRandom random = new SplittableRandom(0xB100_0008L);
        KeyForm uuid = KeyForms.uuid();
        for (int n = 0; n < 200_000; n++) {
            UUID id = new UUID(random.nextLong(), random.nextLong());
            byte[] expected = key(uuid, id);
            char[] text = id.toString().toCharArray();
            for (int i = 0; i < text.length; i++) {
                if (random.nextBoolean()) {
                    text[i] = Character.toUpperCase(text[i]);
                }
            }
            check(uuid, new String(text), expected);
        }
    }

    @Test
    void paddedCharKeysAreEqualExactlyWhenEqualAfterStrippingSpaces() {
        SplittableRandom random = new SplittableRandom(0xB100_0009L);
        KeyForm chars = KeyForms.paddedChar(0);
        for (int n = 0; n < 200_000; n++) {
            String a = randomText(random, "ab \t", 4);
            String b = randomText(random, "ab \t", 4);
            boolean equal = stripTrailingSpaces(a).equals(stripTrailingSpaces(b));
            if (Arrays.equals(key(chars, a), key(chars, b)) != equal) {
                assertThat(Arrays.equals(key(chars, a), key(chars, b))).as("'%s' vs '%s'", a, b).isEqualTo(equal);
            }
        }
    }

    /** Asserts EXACT with the expected bytes; plain checks first, as this runs millions of times. */
    private void check(KeyForm form, Object value, byte[] expected) {
        Canonical c = form.canonicalize(value, out);
        if (c != Canonical.EXACT
                || !Arrays.equals(out.array(), 0, out.length(), expected, 0, expected.length)) {
            assertThat(c).as("%s (%s)", value, value.getClass().getSimpleName()).isEqualTo(Canonical.EXACT);
            assertThat(out.toByteArray()).as("%s (%s)", value, value.getClass().getSimpleName()).isEqualTo(expected);
        }
    }

    private byte[] key(KeyForm form, Object value) {
        Canonical c = form.canonicalize(value, out);
        if (c != Canonical.EXACT) {
            assertThat(c).as("%s", value).isEqualTo(Canonical.EXACT);
        }
        return out.toByteArray();
    }

    /** Asserts the outcome; plain check first, as this runs many times. */
    private void expect(Canonical expected, KeyForm form, Object value) {
        Canonical c = form.canonicalize(value, out);
        if (c != expected) {
            assertThat(c).as("'%s' in %s", value, form.describe()).isEqualTo(expected);
        }
    }

    /** The definition in docs/architecture.md: stripTrailingZeros, then scale and unscaled two's complement. */
    private static byte[] oracle(BigDecimal v) {
        BigDecimal s = v.signum() == 0 ? BigDecimal.ZERO : v.stripTrailingZeros();
        byte[] unscaled = s.unscaledValue().toByteArray();
        byte[] b = new byte[4 + unscaled.length];
        int scale = s.scale();
        b[0] = (byte) (scale >>> 24);
        b[1] = (byte) (scale >>> 16);
        b[2] = (byte) (scale >>> 8);
        b[3] = (byte) scale;
        System.arraycopy(unscaled, 0, b, 4, unscaled.length);
        return b;
    }

    /** Full-range longs, small ones, limits and round numbers. */
    private static long randomLong(SplittableRandom random) {
        switch (random.nextInt(5)) {
            case 0:
                return random.nextLong();
            case 1:
                return random.nextLong(-1000, 1000);
            case 2:
                return random.nextBoolean() ? Long.MIN_VALUE + random.nextInt(3) : Long.MAX_VALUE - random.nextInt(3);
            case 3:
                return random.nextInt();
            default:
                long v = random.nextLong(-100_000, 100_000);
                for (int k = random.nextInt(14); k > 0; k--) {
                    v *= 10;
                }
                return v;
        }
    }

    private static String withLeadingZerosAndSign(SplittableRandom random, long v) {
        String digits = Long.toString(v).replace("-", "");
        String zeros = "0".repeat(random.nextInt(4));
        String sign = v < 0 ? "-" : random.nextBoolean() ? "+" : "";
        return sign + zeros + digits;
    }

    private static BigDecimal smallDecimal(SplittableRandom random) {
        return BigDecimal.valueOf(random.nextLong(-60, 61), random.nextInt(-2, 4));
    }

    /** The same value with extra trailing zeros in its representation. */
    private static BigDecimal padded(SplittableRandom random, BigDecimal v) {
        return v.setScale(v.scale() + random.nextInt(5));
    }

    /**
     * Half well-formed literals (sign, digits, maybe a fraction; up to 25 digits, so some overflow
     * a long), half noise over an alphabet of near misses.
     */
    private static String numericText(SplittableRandom random, boolean fraction) {
        if (random.nextBoolean()) {
            return randomText(random, "0123456789+-. eEx\u0661", 12);
        }
        String[] signs = {"", "", "+", "-", "--", " "};
        StringBuilder sb = new StringBuilder(signs[random.nextInt(signs.length)]);
        sb.append(randomText(random, "0000123456789", random.nextInt(2) == 0 ? 3 : 25));
        if (fraction && random.nextBoolean()) {
            sb.append('.').append(randomText(random, "0123456789000", 8));
        }
        return sb.toString();
    }

    private static String stripTrailingSpaces(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ') {
            end--;
        }
        return s.substring(0, end);
    }

    private static String randomText(SplittableRandom random, String alphabet, int maxLength) {
        StringBuilder sb = new StringBuilder();
        for (int i = random.nextInt(maxLength + 1); i > 0; i--) {
            sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return sb.toString();
    }
}
