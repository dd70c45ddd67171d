package io.bloomgate.bench;

import com.google.common.hash.Funnels;
import io.bloomgate.filter.BloomFilter;
import io.bloomgate.filter.BloomFilters;
import io.bloomgate.filter.FilterFacts;
import io.bloomgate.key.KeyBuffer;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.apache.commons.codec.digest.MurmurHash3;
import org.apache.commons.collections4.bloomfilter.EnhancedDoubleHasher;
import org.apache.commons.collections4.bloomfilter.Shape;
import org.apache.commons.collections4.bloomfilter.SimpleBloomFilter;

/**
 * One filter implementation under test, behind the four operations the benchmarks need. Each
 * benchmark fork uses one implementation only, so these calls stay monomorphic and the JIT inlines
 * them: the adapter costs a type check, the same for all.
 *
 * <p>Each implementation is used the way its own documentation suggests, taking the cheapest path
 * its API offers. {@code scratch} is the calling thread's reusable key buffer, for implementations
 * that take keys as bytes (bloomgate, Commons); the others ignore it.
 */
public abstract class Candidate {

    /** The implementations compared. */
    public enum Impl {
        /** bloomgate's cache-blocked filter, {@link BloomFilters#blocked}. */
        bloomgate,
        /** Guava's {@code com.google.common.hash.BloomFilter}. */
        guava,
        /** Apache Commons Collections 4.5 {@code SimpleBloomFilter} with Murmur3-128 and enhanced double hashing. */
        commons,
        /** {@link TextbookBitSetFilter}: BitSet plus k seeded char-sum hashes. */
        textbook
    }

    /** The key types benchmarked. */
    public enum KeyType {
        /** 64-bit integers. */
        LONG,
        /** 16-char strings of letters and digits (UTF-8 for byte-keyed filters). */
        STRING
    }

    /** A new, empty filter of {@code impl} for {@code n} keys at rate {@code fpp}. */
    public static Candidate create(Impl impl, KeyType type, long n, double fpp) {
        return switch (impl) {
            case bloomgate -> new Bloomgate(n, fpp);
            case guava -> type == KeyType.LONG ? new GuavaLong(n, fpp) : new GuavaString(n, fpp);
            case commons -> new Commons(n, fpp);
            case textbook -> new Textbook(n, fpp);
        };
    }

    public abstract boolean addLong(long key, KeyBuffer scratch);

    public abstract boolean mightContainLong(long key, KeyBuffer scratch);

    public abstract boolean addString(String key, KeyBuffer scratch);

    public abstract boolean mightContainString(String key, KeyBuffer scratch);

    /** Bits the filter's memory holds (its bit arrays; object headers left out). */
    public abstract long memoryBits();

    /** Addressable bits {@code m}. */
    public abstract long bits();

    /** Hash functions (positions per key) {@code k}. */
    public abstract int hashes();

    /** How {@link #memoryBits()} was obtained, for the report. */
    public abstract String memorySource();

    // ---------------------------------------------------------------- bloomgate

    static final class Bloomgate extends Candidate {
        private final BloomFilter filter;

        Bloomgate(long n, double fpp) {
            filter = BloomFilters.blocked(n, fpp);
        }

        @Override
        public boolean addLong(long key, KeyBuffer scratch) {
            return filter.addLong(key);
        }

        @Override
        public boolean mightContainLong(long key, KeyBuffer scratch) {
            return filter.mightContainLong(key);
        }

        @Override
        public boolean addString(String key, KeyBuffer scratch) {
            scratch.reset();
            scratch.putUtf8(key);
            return filter.add(scratch.array(), 0, scratch.length());
        }

        @Override
        public boolean mightContainString(String key, KeyBuffer scratch) {
            scratch.reset();
            scratch.putUtf8(key);
            return filter.mightContain(scratch.array(), 0, scratch.length());
        }

        @Override
        public long memoryBits() {
            return facts().memoryBytes() * 8;
        }

        @Override
        public long bits() {
            return facts().bits();
        }

        @Override
        public int hashes() {
            return facts().hashes();
        }

        private FilterFacts facts() {
            return filter.facts();
        }

        @Override
        public String memorySource() {
            return "facts().memoryBytes()";
        }
    }

    // ---------------------------------------------------------------- Guava

    /** Guava's serialized form: strategy byte, k byte, int word count, then the words. */
    abstract static class Guava extends Candidate {
        private long serializedBytes = -1;
        private int k;

        abstract void writeTo(OutputStream out) throws IOException;

        private void measure() {
            if (serializedBytes >= 0) {
                return;
            }
            CountingHeader out = new CountingHeader();
            try {
                writeTo(out);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            serializedBytes = out.count;
            k = out.header[1] & 0xFF;
        }

        @Override
        public long memoryBits() {
            measure();
            return serializedBytes * 8;
        }

        @Override
        public long bits() {
            measure();
            return (serializedBytes - 6) * 8; // less the 6-byte header: the bit array
        }

        @Override
        public int hashes() {
            measure();
            return k;
        }

        @Override
        public String memorySource() {
            return "writeTo() byte count";
        }

        /** Counts bytes and keeps the first six. */
        private static final class CountingHeader extends OutputStream {
            final byte[] header = new byte[6];
            long count;

            @Override
            public void write(int b) {
                if (count < header.length) {
                    header[(int) count] = (byte) b;
                }
                count++;
            }

            @Override
            public void write(byte[] b, int off, int len) {
                for (int i = 0; i < len && count + i < header.length; i++) {
                    header[(int) count + i] = b[off + i];
                }
                count += len;
            }
        }
    }

    static final class GuavaLong extends Guava {
        private final com.google.common.hash.BloomFilter<Long> filter;

        GuavaLong(long n, double fpp) {
            filter = com.google.common.hash.BloomFilter.create(Funnels.longFunnel(), n, fpp);
        }

        @Override
        public boolean addLong(long key, KeyBuffer scratch) {
            return filter.put(key);
        }

        @Override
        public boolean mightContainLong(long key, KeyBuffer scratch) {
            return filter.mightContain(key);
        }

        @Override
        public boolean addString(String key, KeyBuffer scratch) {
            throw new UnsupportedOperationException("a Guava filter of longs");
        }

        @Override
        public boolean mightContainString(String key, KeyBuffer scratch) {
            throw new UnsupportedOperationException("a Guava filter of longs");
        }

        @Override
        void writeTo(OutputStream out) throws IOException {
            filter.writeTo(out);
        }
    }

    static final class GuavaString extends Guava {
        private final com.google.common.hash.BloomFilter<CharSequence> filter;

        GuavaString(long n, double fpp) {
            filter = com.google.common.hash.BloomFilter.create(Funnels.stringFunnel(StandardCharsets.UTF_8), n, fpp);
        }

        @Override
        public boolean addLong(long key, KeyBuffer scratch) {
            throw new UnsupportedOperationException("a Guava filter of strings");
        }

        @Override
        public boolean mightContainLong(long key, KeyBuffer scratch) {
            throw new UnsupportedOperationException("a Guava filter of strings");
        }

        @Override
        public boolean addString(String key, KeyBuffer scratch) {
            return filter.put(key);
        }

        @Override
        public boolean mightContainString(String key, KeyBuffer scratch) {
            return filter.mightContain(key);
        }

        @Override
        void writeTo(OutputStream out) throws IOException {
            filter.writeTo(out);
        }
    }

    // ---------------------------------------------------------------- Commons Collections

    /**
     * Commons Collections 4.5: {@code Shape.fromNP}, a {@code SimpleBloomFilter}, and per key an
     * {@code EnhancedDoubleHasher} over the two halves of the key bytes' 128-bit Murmur3 (x64
     * variant, seed 0), as the library's documentation does it. Key bytes: UTF-8 for strings, the
     * 8 little-endian bytes for longs, written into the thread's scratch buffer so that, as for
     * bloomgate, no key array is allocated.
     */
    static final class Commons extends Candidate {
        private final Shape shape;
        private final SimpleBloomFilter filter;

        Commons(long n, double fpp) {
            shape = Shape.fromNP(Math.toIntExact(n), fpp);
            filter = new SimpleBloomFilter(shape);
        }

        private static EnhancedDoubleHasher hasher(KeyBuffer bytes) {
            long[] h = MurmurHash3.hash128x64(bytes.array(), 0, bytes.length(), 0);
            return new EnhancedDoubleHasher(h[0], h[1]);
        }

        private static KeyBuffer longBytes(long key, KeyBuffer scratch) {
            scratch.reset();
            scratch.putLongLE(key);
            return scratch;
        }

        private static KeyBuffer stringBytes(String key, KeyBuffer scratch) {
            scratch.reset();
            scratch.putUtf8(key);
            return scratch;
        }

        @Override
        public boolean addLong(long key, KeyBuffer scratch) {
            return filter.merge(hasher(longBytes(key, scratch)));
        }

        @Override
        public boolean mightContainLong(long key, KeyBuffer scratch) {
            return filter.contains(hasher(longBytes(key, scratch)));
        }

        @Override
        public boolean addString(String key, KeyBuffer scratch) {
            return filter.merge(hasher(stringBytes(key, scratch)));
        }

        @Override
        public boolean mightContainString(String key, KeyBuffer scratch) {
            return filter.contains(hasher(stringBytes(key, scratch)));
        }

        @Override
        public long memoryBits() {
            return shape.getNumberOfBits();
        }

        @Override
        public long bits() {
            return shape.getNumberOfBits();
        }

        @Override
        public int hashes() {
            return shape.getNumberOfHashFunctions();
        }

        @Override
        public String memorySource() {
            return "shape.getNumberOfBits()";
        }
    }

    // ---------------------------------------------------------------- textbook

    static final class Textbook extends Candidate {
        private final TextbookBitSetFilter filter;

        Textbook(long n, double fpp) {
            filter = new TextbookBitSetFilter(n, fpp);
        }

        @Override
        public boolean addLong(long key, KeyBuffer scratch) {
            return filter.add(key);
        }

        @Override
        public boolean mightContainLong(long key, KeyBuffer scratch) {
            return filter.mightContain(key);
        }

        @Override
        public boolean addString(String key, KeyBuffer scratch) {
            return filter.add(key);
        }

        @Override
        public boolean mightContainString(String key, KeyBuffer scratch) {
            return filter.mightContain(key);
        }

        @Override
        public long memoryBits() {
            return filter.memoryBits();
        }

        @Override
        public long bits() {
            return filter.bitCount();
        }

        @Override
        public int hashes() {
            return filter.hashCount();
        }

        @Override
        public String memorySource() {
            return "BitSet.size()";
        }
    }
}
