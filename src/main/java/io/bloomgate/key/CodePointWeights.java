package io.bloomgate.key;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * A collation's weights, one byte string per Unicode code point, as the database itself computed
 * them (MariaDB's {@code WEIGHT_STRING} of each single character): the probe side of a {@link
 * KeyForms#collated collated} key form. A code point without an entry is outside the table's
 * verified repertoire (not representable in the column's character set, or where concatenating
 * single-character weights is not known to equal the database's weight of a string): a probe
 * containing it is NOT_EXACT.
 *
 * <p>Stored as pages of 256 code points; identical pages are shared, so a table whose
 * supplementary planes all weigh the same (utf8mb4_general_ci: U+FFFD) costs little. Immutable and
 * thread-safe once built.
 */
public final class CodePointWeights {

    private static final int PAGE_BITS = 8;
    private static final int PAGE_SIZE = 1 << PAGE_BITS;
    private static final int PAGES = (Character.MAX_CODE_POINT + 1) >>> PAGE_BITS;

    /** One page: {@code data[offsets[i], offsets[i + 1])} is code point i's weight if bit i of {@code mapped} is set. */
    private record Page(byte[] data, char[] offsets, long[] mapped) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Page p && Arrays.equals(data, p.data) && Arrays.equals(offsets, p.offsets)
                    && Arrays.equals(mapped, p.mapped);
        }

        @Override
        public int hashCode() {
            return 31 * (31 * Arrays.hashCode(data) + Arrays.hashCode(offsets)) + Arrays.hashCode(mapped);
        }

        long bytes() {
            return 16 + data.length + 16 + 2L * offsets.length + 16 + 8L * mapped.length + 16;
        }
    }

    private final Page[] pages;
    private final int mappedCodePoints;
    private final long memoryBytes;

    private CodePointWeights(Page[] pages, int mappedCodePoints, long memoryBytes) {
        this.pages = pages;
        this.mappedCodePoints = mappedCodePoints;
        this.memoryBytes = memoryBytes;
    }

    /**
     * Starts a table.
     *
     * @return an empty builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Appends the weight of {@code codePoint} to {@code out}.
     *
     * @param codePoint a code point
     * @param out the buffer to append to
     * @return false, appending nothing, if the code point has no entry
     */
    boolean append(int codePoint, KeyBuffer out) {
        if (codePoint < 0 || codePoint > Character.MAX_CODE_POINT) {
            return false;
        }
        Page page = pages[codePoint >>> PAGE_BITS];
        int i = codePoint & (PAGE_SIZE - 1);
        if (page == null || (page.mapped[i >>> 6] & (1L << i)) == 0) {
            return false;
        }
        out.putBytes(page.data, page.offsets[i], page.offsets[i + 1] - page.offsets[i]);
        return true;
    }

    /**
     * The weight of one code point.
     *
     * @param codePoint a code point
     * @return a copy of its weight, or null if it has no entry
     */
    public byte[] weight(int codePoint) {
        KeyBuffer b = new KeyBuffer(8);
        return append(codePoint, b) ? b.toByteArray() : null;
    }

    /**
     * How many code points have an entry.
     *
     * @return the size of the verified repertoire
     */
    public int mappedCodePoints() {
        return mappedCodePoints;
    }

    /**
     * An estimate of the heap the table holds (its shared pages counted once).
     *
     * @return bytes
     */
    public long memoryBytes() {
        return memoryBytes;
    }

    /**
     * Collects weights, then {@link #build()}s the shared-page table. Not thread-safe. Weights are
     * appended to one byte pool (a table read costs a few MB while it is built, not a million
     * small arrays).
     */
    public static final class Builder {

        private final int[] start = new int[Character.MAX_CODE_POINT + 1];
        private final short[] length = new short[Character.MAX_CODE_POINT + 1];
        private byte[] pool = new byte[1 << 16];
        private int used;

        private Builder() {
            java.util.Arrays.fill(length, (short) -1);
        }

        /**
         * Sets the weight of a code point (replacing an earlier one).
         *
         * @param codePoint the code point
         * @param weight its weight (may be empty: an ignorable character); null removes the entry
         * @return this builder
         * @throws IllegalArgumentException if the weight is longer than 32,767 bytes
         */
        public Builder put(int codePoint, byte[] weight) {
            if (weight == null) {
                return remove(codePoint);
            }
            if (weight.length > Short.MAX_VALUE) {
                throw new IllegalArgumentException("a weight of " + weight.length + " bytes for U+"
                        + Integer.toHexString(codePoint));
            }
            if (used + weight.length > pool.length) {
                pool = Arrays.copyOf(pool, Math.max(pool.length * 2, used + weight.length));
            }
            System.arraycopy(weight, 0, pool, used, weight.length);
            start[codePoint] = used;
            length[codePoint] = (short) weight.length;
            used += weight.length;
            return this;
        }

        /**
         * Removes a code point from the repertoire.
         *
         * @param codePoint the code point
         * @return this builder
         */
        public Builder remove(int codePoint) {
            length[codePoint] = -1;
            return this;
        }

        /**
         * The length of the weight set for a code point.
         *
         * @param codePoint the code point
         * @return its weight's length in bytes, or -1 if it has none
         */
        public int length(int codePoint) {
            return length[codePoint];
        }

        /**
         * The weight set for a code point.
         *
         * @param codePoint the code point
         * @return a copy of its weight, or null
         */
        public byte[] get(int codePoint) {
            int n = length[codePoint];
            return n < 0 ? null : Arrays.copyOfRange(pool, start[codePoint], start[codePoint] + n);
        }

        /**
         * Builds the table.
         *
         * @return the immutable table
         * @throws IllegalArgumentException if one page's weights exceed 65,535 bytes
         */
        public CodePointWeights build() {
            Page[] pages = new Page[PAGES];
            Map<Page, Page> shared = new HashMap<>();
            int mapped = 0;
            long memory = 16L + 8L * PAGES;
            for (int p = 0; p < PAGES; p++) {
                int size = 0;
                long[] bits = new long[PAGE_SIZE / 64];
                for (int i = 0; i < PAGE_SIZE; i++) {
                    int n = length[(p << PAGE_BITS) + i];
                    if (n >= 0) {
                        size += n;
                        bits[i >>> 6] |= 1L << i;
                        mapped++;
                    }
                }
                if (size == 0 && Arrays.equals(bits, new long[PAGE_SIZE / 64])) {
                    continue; // no entry on the page
                }
                if (size > Character.MAX_VALUE) {
                    throw new IllegalArgumentException("weights of code points " + Integer.toHexString(p << PAGE_BITS)
                            + "... exceed 65535 bytes");
                }
                byte[] data = new byte[size];
                char[] offsets = new char[PAGE_SIZE + 1];
                int at = 0;
                for (int i = 0; i < PAGE_SIZE; i++) {
                    offsets[i] = (char) at;
                    int cp = (p << PAGE_BITS) + i;
                    if (length[cp] > 0) {
                        System.arraycopy(pool, start[cp], data, at, length[cp]);
                        at += length[cp];
                    }
                }
                offsets[PAGE_SIZE] = (char) at;
                Page page = new Page(data, offsets, bits);
                Page existing = shared.putIfAbsent(page, page);
                if (existing == null) {
                    memory += page.bytes();
                }
                pages[p] = existing == null ? page : existing;
            }
            return new CodePointWeights(pages, mapped, memory);
        }
    }
}
