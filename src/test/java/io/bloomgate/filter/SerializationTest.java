package io.bloomgate.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SerializationTest {

    /** Bytes before the first stage header: magic 4, version 2, layout 1, hash 1, 4 longs and an int. */
    private static final int FIXED_HEADER = 4 + 2 + 1 + 1 + 8 * 4 + 4;
    private static final int STAGE_HEADER = 8 + 4 + 8 + 8 + 8 + 4;

    private static BloomFilter filled(FilterLayout layout, int keys) {
        BloomFilter filter = BloomFilters.create(FilterSpec.of(layout == FilterLayout.SCALABLE ? keys / 20 : keys,
                0.01).withLayout(layout).withSeed(99));
        for (int i = 0; i < keys; i++) {
            filter.add(RandomKeys.STRING.key(1, i));
        }
        return filter;
    }

    private static byte[] bytes(BloomFilter filter) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        filter.writeTo(out);
        return out.toByteArray();
    }

    private static BloomFilter read(byte[] bytes) throws IOException {
        return BloomFilters.readFrom(new ByteArrayInputStream(bytes));
    }

    @ParameterizedTest
    @EnumSource(FilterLayout.class)
    void roundTripGivesTheSameFilter(FilterLayout layout) throws IOException {
        BloomFilter original = filled(layout, 100_000);
        BloomFilter copy = read(bytes(original));
        assertThat(copy.layout()).isEqualTo(layout);
        assertThat(copy.facts()).isEqualTo(original.facts());
        for (int i = 0; i < 200_000; i++) { // the keys, then as many never added
            byte[] key = RandomKeys.STRING.key(1, i);
            assertThat(copy.mightContain(key)).isEqualTo(original.mightContain(key));
        }
        // Same seed, so the copy hashes as the original, and it keeps working as a filter.
        assertThat(copy.hash(new byte[] {1, 2}, 0, 2)).isEqualTo(original.hash(new byte[] {1, 2}, 0, 2));
        copy.add(RandomKeys.STRING.key(3, 0));
        assertThat(copy.mightContain(RandomKeys.STRING.key(3, 0))).isTrue();
        // Writing the copy gives the same bytes once the same key is added to the original.
        original.add(RandomKeys.STRING.key(3, 0));
        assertThat(bytes(copy)).isEqualTo(bytes(original));
    }

    @Test
    void aReadBackStandaloneFilterStreamEndsExactlyAfterTheFilter() throws IOException {
        byte[] one = bytes(filled(FilterLayout.BLOCKED, 1000));
        byte[] two = bytes(filled(FilterLayout.COUNTING, 1000));
        ByteArrayInputStream in = new ByteArrayInputStream(concat(one, two));
        assertThat(BloomFilters.readFrom(in).layout()).isEqualTo(FilterLayout.BLOCKED);
        assertThat(BloomFilters.readFrom(in).layout()).isEqualTo(FilterLayout.COUNTING);
        assertThat(in.read()).isEqualTo(-1);
    }

    @ParameterizedTest
    @EnumSource(FilterLayout.class)
    void everyTruncationIsReportedAsTruncated(FilterLayout layout) throws IOException {
        byte[] whole = bytes(filled(layout, 2000));
        for (int length : new int[] {0, 3, 7, FIXED_HEADER, FIXED_HEADER + STAGE_HEADER + 3, whole.length / 2,
                whole.length - 4, whole.length - 1}) {
            assertThatThrownBy(() -> read(Arrays.copyOf(whole, length)))
                    .as("cut at %d of %d bytes", length, whole.length)
                    .isInstanceOf(FilterFormatException.class)
                    .hasMessageContaining("truncated");
        }
    }

    @ParameterizedTest
    @EnumSource(FilterLayout.class)
    void everyFlippedBitIsCaught(FilterLayout layout) throws IOException {
        byte[] whole = bytes(filled(layout, 500));
        // Every bit of the header and trailer, and a sample of the words.
        for (int offset = 0; offset < whole.length; offset += offset < 128 || offset > whole.length - 8 ? 1 : 97) {
            for (int bit = 0; bit < 8; bit++) {
                byte[] corrupt = whole.clone();
                corrupt[offset] ^= (byte) (1 << bit);
                assertThatThrownBy(() -> read(corrupt)).as("bit %d of byte %d", bit, offset)
                        .isInstanceOf(FilterFormatException.class);
            }
        }
    }

    @Test
    void corruptBodyNamesTheChecksumAndCorruptHeaderIsCaughtBeforeAllocating() throws IOException {
        byte[] whole = bytes(filled(FilterLayout.BLOCKED, 5000));
        byte[] body = whole.clone();
        body[whole.length / 2] ^= 0x10;
        assertThatThrownBy(() -> read(body)).hasMessageContaining("filter bits are corrupt")
                .hasMessageContaining("checksum");
        // A header claiming a huge word count: the header checksum refuses it before any allocation.
        byte[] header = whole.clone();
        header[FIXED_HEADER + STAGE_HEADER - 4] = 0x7F;
        assertThatThrownBy(() -> read(header)).hasMessageContaining("header is corrupt");
    }

    @Test
    void refusesOtherFilesAndUnknownVersionsHashesAndLayoutsByName() throws IOException {
        byte[] whole = bytes(filled(FilterLayout.BLOCKED, 100));
        assertThatThrownBy(() -> read("PK\u0003\u0004 not a filter at all".getBytes()))
                .isInstanceOf(FilterFormatException.class).hasMessageContaining("not a bloomgate filter");
        // Well-formed headers (checksums recomputed) with values this build does not know.
        assertThatThrownBy(() -> read(withHeaderByte(whole, 5, 2)))
                .hasMessageContaining("format version 2 is not supported").hasMessageContaining("reads version 1");
        assertThatThrownBy(() -> read(withHeaderByte(whole, 7, 9))).hasMessageContaining("unknown hash function id 9");
        assertThatThrownBy(() -> read(withHeaderByte(whole, 6, 77))).hasMessageContaining("unknown filter layout id 77");
        // A blocked filter with two stages is impossible.
        assertThatThrownBy(() -> read(withHeaderByte(whole, FIXED_HEADER - 1, 2)))
                .hasMessageContaining("cannot have 2 stages");
    }

    /**
     * A single-stage filter's stream with one header byte replaced and both checksums recomputed,
     * as a writer of another version would produce it.
     */
    private static byte[] withHeaderByte(byte[] whole, int offset, int value) {
        byte[] changed = whole.clone();
        changed[offset] = (byte) value;
        int headerLength = FIXED_HEADER + STAGE_HEADER;
        CRC32C crc = new CRC32C();
        crc.update(changed, 0, headerLength);
        ByteBuffer.wrap(changed, headerLength, 4).putInt((int) crc.getValue());
        crc.reset();
        crc.update(changed, 0, changed.length - 4);
        ByteBuffer.wrap(changed, changed.length - 4, 4).putInt((int) crc.getValue());
        return changed;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }
}
