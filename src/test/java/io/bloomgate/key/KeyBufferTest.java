package io.bloomgate.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class KeyBufferTest {

    @Test
    void startsEmptyAndResetKeepsTheArray() {
        KeyBuffer b = new KeyBuffer();
        assertThat(b.length()).isZero();
        b.putByte(7);
        byte[] array = b.array();
        b.reset();
        assertThat(b.length()).isZero();
        assertThat(b.toByteArray()).isEmpty();
        b.putByte(9);
        assertThat(b.array()).isSameAs(array);
        assertThat(b.toByteArray()).containsExactly(9);
    }

    @Test
    void writesNumbersInTheNamedByteOrder() {
        KeyBuffer b = new KeyBuffer(0);
        b.putByte(0x1FF);
        b.putIntBE(0x01020304);
        b.putLongLE(0x1122334455667788L);
        b.putLongBE(0x1122334455667788L);
        assertThat(b.toByteArray()).containsExactly(
                0xFF,
                0x01, 0x02, 0x03, 0x04,
                0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11,
                0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88);
    }

    @Test
    void negativeLongIsTwosComplement() {
        KeyBuffer b = new KeyBuffer();
        b.putLongLE(-2);
        assertThat(b.toByteArray()).containsExactly(0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF);
    }

    @Test
    void growsAndKeepsEarlierBytes() {
        KeyBuffer b = new KeyBuffer(1);
        byte[] big = new byte[1000];
        new SplittableRandom(1).nextBytes(big);
        b.putByte(42);
        b.putBytes(big);
        b.putBytes(new byte[0]);
        assertThat(b.length()).isEqualTo(1001);
        assertThat(b.toByteArray()[0]).isEqualTo((byte) 42);
        assertThat(java.util.Arrays.copyOfRange(b.toByteArray(), 1, 1001)).isEqualTo(big);
    }

    @Test
    void doesNotReallocateOnceLargeEnough() {
        KeyBuffer b = new KeyBuffer(1);
        b.putUtf8("x".repeat(100));
        byte[] array = b.array();
        for (int i = 0; i < 100; i++) {
            b.reset();
            b.putUtf8("y".repeat(i));
        }
        assertThat(b.array()).isSameAs(array);
    }

    @Test
    void rejectsNegativeCapacity() {
        assertThatThrownBy(() -> new KeyBuffer(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void utf8OfEdgeCasesMatchesStringGetBytes() {
        String[] cases = {
            "", "a", "\0", "ab\0cd", "\u007F", "\u0080", "\u07FF", "\u0800", "\uFFFF", "\uFEFF",
            "\uD83D\uDE00", // surrogate pair: U+1F600, 4 bytes
            "\uDBFF\uDFFF", // U+10FFFF
            "\uD800", "\uDC00", "x\uD800", "\uD800x", "\uDC00\uD800", "\uD800\uD800\uDC00",
            "\uD83D\uDE00\uD83D", "é漢字😀", "\uD800\uDBFF",
        };
        for (String s : cases) {
            assertUtf8(s);
        }
    }

    @Test
    void utf8OfRandomStringsMatchesStringGetBytes() {
        SplittableRandom random = new SplittableRandom(0x5EED_0001L);
        KeyBuffer b = new KeyBuffer(4);
        for (int n = 0; n < 20_000; n++) {
            String s = randomString(random, random.nextInt(40));
            b.reset();
            b.putUtf8(s);
            assertThat(b.toByteArray()).as("UTF-8 of %s", escape(s)).isEqualTo(s.getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void utf8AppendsAfterExistingBytesAndAcceptsAnyCharSequence() {
        KeyBuffer b = new KeyBuffer();
        b.putByte(1);
        b.putUtf8(new StringBuilder("h\u00e9\uD83D\uDE00"));
        byte[] expected = ("\u0001h\u00e9\uD83D\uDE00").getBytes(StandardCharsets.UTF_8);
        assertThat(b.toByteArray()).isEqualTo(expected);
    }

    @Test
    void utf8OfARangeMatchesTheSubstring() {
        KeyBuffer b = new KeyBuffer();
        String s = "ab\uD83D\uDE00cd";
        b.putUtf8(s, 1, 4);
        assertThat(b.toByteArray()).isEqualTo(s.substring(1, 4).getBytes(StandardCharsets.UTF_8));
        b.reset();
        b.putUtf8(s, 0, 3); // cuts the pair: the high surrogate is unpaired within the range
        assertThat(b.toByteArray()).isEqualTo(s.substring(0, 3).getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void toStringShowsHex() {
        KeyBuffer b = new KeyBuffer();
        b.putByte(0xAB);
        b.putByte(0x01);
        assertThat(b).hasToString("KeyBuffer[2]{ab01}");
    }

    private static void assertUtf8(String s) {
        KeyBuffer b = new KeyBuffer(0);
        b.putUtf8(s);
        assertThat(b.toByteArray()).as("UTF-8 of %s", escape(s)).isEqualTo(s.getBytes(StandardCharsets.UTF_8));
    }

    /** Mixes every UTF-8 length, NUL, paired and unpaired surrogates. */
    static String randomString(SplittableRandom random, int length) {
        StringBuilder sb = new StringBuilder(length * 2);
        for (int i = 0; i < length; i++) {
            switch (random.nextInt(8)) {
                case 0 -> sb.append((char) random.nextInt(0x80)); // 1 byte, includes NUL
                case 1 -> sb.append((char) random.nextInt(0x80, 0x800)); // 2 bytes
                case 2 -> sb.append((char) random.nextInt(0x800, 0xD800)); // 3 bytes
                case 3 -> sb.append((char) random.nextInt(0xE000, 0x10000)); // 3 bytes
                case 4 -> sb.appendCodePoint(random.nextInt(0x10000, 0x110000)); // 4 bytes: a pair
                case 5 -> sb.append((char) random.nextInt(0xD800, 0xDC00)); // lone high surrogate
                case 6 -> sb.append((char) random.nextInt(0xDC00, 0xE000)); // lone low surrogate
                default -> sb.append(random.nextBoolean() ? '\0' : 'a');
            }
        }
        return sb.toString();
    }

    private static String escape(String s) {
        StringBuilder sb = new StringBuilder();
        s.chars().forEach(c -> sb.append(c < 0x20 || c > 0x7E ? String.format("\\u%04X", c) : String.valueOf((char) c)));
        return sb.toString();
    }
}
