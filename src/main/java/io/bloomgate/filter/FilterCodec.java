package io.bloomgate.filter;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32C;

/**
 * The serialized form of every layout. All integers are big-endian.
 *
 * <pre>
 * header   magic        4  "BLGF"
 *          version      2  1
 *          layout       1  {@link FilterLayout} id (1 blocked, 2 counting, 3 scalable)
 *          hash         1  hash function id (1 = XXH3-64)
 *          seed         8
 *          expectedKeys 8  (a scalable filter's initial capacity)
 *          targetFpp    8  IEEE 754 double
 *          addedKeys    8
 *          stages       4  1, or the chain length of a scalable filter
 *   per stage: bits 8, hashes 4, capacity 8, fpp 8 (double), keys 8, words 4
 *          headerCrc    4  CRC32C of the header bytes above
 * body     words        8 each, every stage in order
 * trailer  crc          4  CRC32C of everything before it
 * </pre>
 *
 * The header has its own checksum so that a corrupt size is caught before anything is allocated;
 * the trailer catches corruption in the words. A reader refuses versions and hash ids it does not
 * know rather than guess.
 */
final class FilterCodec {

    static final int MAGIC = 0x424C4746; // "BLGF"
    static final int VERSION = 1;
    private static final int MAX_STAGES = 64;
    private static final int CHUNK_WORDS = 8192;

    private FilterCodec() {
    }

    /** One array of words with the numbers that describe it. */
    private record StageData(FilterShape shape, long capacity, double fpp, long keys, long[] words) {
    }

    static void write(WordArrayFilter filter, OutputStream out) throws IOException {
        StageData stage = new StageData(filter.shape, filter.expectedKeys, filter.targetFpp,
                filter.addedKeys.sum(), filter.words);
        write(filter.layout(), filter.keyHash.seed(), filter.expectedKeys, filter.targetFpp,
                stage.keys, new StageData[] {stage}, out);
    }

    static void write(ScalableBloomFilter filter, OutputStream out) throws IOException {
        ScalableBloomFilter.Stage[] chain = filter.stages();
        StageData[] stages = new StageData[chain.length];
        long added = 0;
        for (int i = 0; i < chain.length; i++) {
            ScalableBloomFilter.Stage s = chain[i];
            stages[i] = new StageData(s.filter().shape, s.capacity(), s.fpp(), s.keys().get(), s.filter().words);
            added += stages[i].keys;
        }
        write(FilterLayout.SCALABLE, filter.keyHash().seed(), filter.initialCapacity(), filter.targetFpp(),
                added, stages, out);
    }

    private static void write(FilterLayout layout, long seed, long expectedKeys, double targetFpp, long added,
            StageData[] stages, OutputStream out) throws IOException {
        ByteArrayOutputStream headerBytes = new ByteArrayOutputStream();
        DataOutputStream header = new DataOutputStream(headerBytes);
        header.writeInt(MAGIC);
        header.writeShort(VERSION);
        header.writeByte(layout.id());
        header.writeByte(KeyHash.XXH3_64);
        header.writeLong(seed);
        header.writeLong(expectedKeys);
        header.writeDouble(targetFpp);
        header.writeLong(added);
        header.writeInt(stages.length);
        for (StageData stage : stages) {
            header.writeLong(stage.shape.bits());
            header.writeInt(stage.shape.hashes());
            header.writeLong(stage.capacity);
            header.writeDouble(stage.fpp);
            header.writeLong(stage.keys);
            header.writeInt(stage.words.length);
        }
        header.flush();

        CRC32C crc = new CRC32C();
        byte[] head = headerBytes.toByteArray();
        crc.update(head);
        int headerCrc = (int) crc.getValue();
        byte[] headerCrcBytes = ByteBuffer.allocate(4).putInt(headerCrc).array();
        crc.update(headerCrcBytes);
        out.write(head);
        out.write(headerCrcBytes);

        byte[] chunk = new byte[CHUNK_WORDS * Long.BYTES];
        for (StageData stage : stages) {
            long[] words = stage.words;
            for (int from = 0; from < words.length; from += CHUNK_WORDS) {
                int count = Math.min(CHUNK_WORDS, words.length - from);
                ByteBuffer buffer = ByteBuffer.wrap(chunk);
                for (int i = 0; i < count; i++) {
                    buffer.putLong(Words.get(words, from + i));
                }
                crc.update(chunk, 0, count * Long.BYTES);
                out.write(chunk, 0, count * Long.BYTES);
            }
        }
        out.write(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
        out.flush();
    }

    static BloomFilter read(InputStream stream) throws IOException {
        CRC32C crc = new CRC32C();
        DataInputStream in = new DataInputStream(new java.util.zip.CheckedInputStream(stream, crc));
        try {
            return read(in, crc);
        } catch (EOFException e) {
            throw new FilterFormatException("filter stream is truncated: it ended before the filter did", e);
        }
    }

    private static BloomFilter read(DataInputStream in, CRC32C crc) throws IOException {
        int magic = in.readInt();
        if (magic != MAGIC) {
            throw new FilterFormatException(String.format(
                    "not a bloomgate filter: the stream starts with 0x%08X, not the magic 0x%08X (\"BLGF\")",
                    magic, MAGIC));
        }
        int version = in.readUnsignedShort();
        if (version != VERSION) {
            throw new FilterFormatException("filter format version " + version
                    + " is not supported by this build, which reads version " + VERSION
                    + "; rebuild the filter or upgrade bloomgate");
        }
        int layoutId = in.readUnsignedByte();
        FilterLayout layout = FilterLayout.ofId(layoutId);
        if (layout == null) {
            throw new FilterFormatException("unknown filter layout id " + layoutId);
        }
        int hashId = in.readUnsignedByte();
        if (hashId != KeyHash.XXH3_64) {
            throw new FilterFormatException("unknown hash function id " + hashId + " (this build knows "
                    + KeyHash.XXH3_64 + " = XXH3-64)");
        }
        long seed = in.readLong();
        long expectedKeys = in.readLong();
        double targetFpp = in.readDouble();
        in.readLong(); // added keys: the sum of the stages' counts, re-derived below
        int stageCount = in.readInt();
        if (stageCount < 1 || stageCount > MAX_STAGES || (layout != FilterLayout.SCALABLE && stageCount != 1)) {
            throw new FilterFormatException("a " + layout + " filter cannot have " + stageCount + " stages");
        }
        long[] bits = new long[stageCount];
        int[] hashes = new int[stageCount];
        long[] capacities = new long[stageCount];
        double[] fpps = new double[stageCount];
        long[] keys = new long[stageCount];
        int[] wordCounts = new int[stageCount];
        for (int i = 0; i < stageCount; i++) {
            bits[i] = in.readLong();
            hashes[i] = in.readInt();
            capacities[i] = in.readLong();
            fpps[i] = in.readDouble();
            keys[i] = in.readLong();
            wordCounts[i] = in.readInt();
        }
        int expectedHeaderCrc = (int) crc.getValue();
        int headerCrc = in.readInt();
        if (headerCrc != expectedHeaderCrc) {
            throw new FilterFormatException(String.format(
                    "filter header is corrupt: its checksum is 0x%08X but its bytes hash to 0x%08X",
                    headerCrc, expectedHeaderCrc));
        }
        // The header is intact, so its numbers are what the writer meant; still refuse impossible ones.
        try {
            Sizing.checkKeysAndRate(expectedKeys, targetFpp);
        } catch (IllegalArgumentException e) {
            throw new FilterFormatException("filter header holds an invalid sizing: " + e.getMessage(), e);
        }
        KeyHash keyHash = new KeyHash(seed);
        WordArrayFilter[] filters = new WordArrayFilter[stageCount];
        for (int i = 0; i < stageCount; i++) {
            FilterShape shape;
            try {
                shape = new FilterShape(bits[i], hashes[i]);
                Sizing.checkKeysAndRate(capacities[i], fpps[i]);
            } catch (IllegalArgumentException e) {
                throw new FilterFormatException("filter stage " + i + " has an invalid shape: " + e.getMessage(), e);
            }
            int unitBits = layout == FilterLayout.COUNTING ? 4 : 1;
            long needed = (shape.bits() * unitBits + Long.SIZE - 1) / Long.SIZE;
            if (needed != wordCounts[i] || (unitBits == 1 && shape.bits() % Sizing.BLOCK_BITS != 0)) {
                throw new FilterFormatException("filter stage " + i + " claims " + wordCounts[i]
                        + " words for " + shape.bits() + " positions");
            }
            long[] words = new long[wordCounts[i]];
            readWords(in, words);
            filters[i] = layout == FilterLayout.COUNTING
                    ? new FourBitCountingFilter(keyHash, shape, capacities[i], fpps[i], words)
                    : new BlockedBloomFilter(keyHash, shape, capacities[i], fpps[i], words);
            filters[i].addedKeys.add(keys[i]);
        }
        int expectedCrc = (int) crc.getValue();
        int trailerCrc = in.readInt();
        if (trailerCrc != expectedCrc) {
            throw new FilterFormatException(String.format(
                    "filter bits are corrupt: the stored checksum is 0x%08X but the bytes hash to 0x%08X",
                    trailerCrc, expectedCrc));
        }
        if (layout != FilterLayout.SCALABLE) {
            return filters[0];
        }
        ScalableBloomFilter.Stage[] stages = new ScalableBloomFilter.Stage[stageCount];
        for (int i = 0; i < stageCount; i++) {
            stages[i] = new ScalableBloomFilter.Stage((BlockedBloomFilter) filters[i], capacities[i], fpps[i],
                    new AtomicLong(keys[i]));
        }
        return new ScalableBloomFilter(keyHash, expectedKeys, targetFpp, stages);
    }

    private static void readWords(DataInputStream in, long[] words) throws IOException {
        byte[] chunk = new byte[CHUNK_WORDS * Long.BYTES];
        for (int from = 0; from < words.length; from += CHUNK_WORDS) {
            int count = Math.min(CHUNK_WORDS, words.length - from);
            in.readFully(chunk, 0, count * Long.BYTES);
            ByteBuffer.wrap(chunk, 0, count * Long.BYTES).asLongBuffer().get(words, from, count);
        }
    }
}
