package io.bloomgate.key;

import java.util.Arrays;

/**
 * A growable, reusable byte buffer holding one canonical key.
 *
 * <p>Meant to be owned by one statement or one thread and reused for every key: after it has grown
 * to the largest key seen, writing allocates nothing. Not thread-safe. The valid bytes are {@code
 * array()[0 .. length())}; multi-byte numbers are written in the byte order their method names.
 */
public final class KeyBuffer {

    private static final int DEFAULT_CAPACITY = 64;
    /** Some VMs reserve header words in arrays; stay below the hard limit, as the JDK does. */
    private static final int MAX_CAPACITY = Integer.MAX_VALUE - 8;

    private byte[] bytes;
    private int length;

    /** Creates an empty buffer with a small default capacity. */
    public KeyBuffer() {
        this(DEFAULT_CAPACITY);
    }

    /**
     * Creates an empty buffer.
     *
     * @param initialCapacity bytes to reserve up front; must not be negative
     * @throws IllegalArgumentException if {@code initialCapacity} is negative
     */
    public KeyBuffer(int initialCapacity) {
        if (initialCapacity < 0) {
            throw new IllegalArgumentException("initialCapacity must not be negative: " + initialCapacity);
        }
        this.bytes = new byte[initialCapacity];
    }

    /** Empties the buffer, keeping its capacity. */
    public void reset() {
        length = 0;
    }

    /**
     * Returns the backing array (not a copy). Only the first {@link #length()} bytes are meaningful;
     * the array is replaced when the buffer grows, so do not keep it across writes.
     *
     * @return the backing array
     */
    public byte[] array() {
        return bytes;
    }

    /**
     * Returns the number of bytes written since the last {@link #reset()}.
     *
     * @return the number of valid bytes in {@link #array()}
     */
    public int length() {
        return length;
    }

    /**
     * Appends one byte.
     *
     * @param b the byte to append; only its low 8 bits are used
     */
    public void putByte(int b) {
        ensureRoom(1);
        bytes[length++] = (byte) b;
    }

    /**
     * Appends a 32-bit integer as 4 bytes, most significant first.
     *
     * @param v the value
     */
    public void putIntBE(int v) {
        ensureRoom(4);
        byte[] b = bytes;
        int i = length;
        b[i] = (byte) (v >>> 24);
        b[i + 1] = (byte) (v >>> 16);
        b[i + 2] = (byte) (v >>> 8);
        b[i + 3] = (byte) v;
        length = i + 4;
    }

    /**
     * Appends a 64-bit integer as 8 bytes, least significant first (two's complement). This is the
     * canonical form of integer keys, which the filter may hash through a fast path.
     *
     * @param v the value
     */
    public void putLongLE(long v) {
        ensureRoom(8);
        byte[] b = bytes;
        int i = length;
        for (int k = 0; k < 8; k++) {
            b[i + k] = (byte) (v >>> (8 * k));
        }
        length = i + 8;
    }

    /**
     * Appends a 64-bit integer as 8 bytes, most significant first (two's complement).
     *
     * @param v the value
     */
    public void putLongBE(long v) {
        ensureRoom(8);
        byte[] b = bytes;
        int i = length;
        for (int k = 0; k < 8; k++) {
            b[i + k] = (byte) (v >>> (56 - 8 * k));
        }
        length = i + 8;
    }

    /**
     * Appends all bytes of an array.
     *
     * @param src the bytes to append
     */
    public void putBytes(byte[] src) {
        ensureRoom(src.length);
        System.arraycopy(src, 0, bytes, length, src.length);
        length += src.length;
    }

    /** Appends {@code src[offset, offset + count)}. */
    void putBytes(byte[] src, int offset, int count) {
        ensureRoom(count);
        System.arraycopy(src, offset, bytes, length, count);
        length += count;
    }

    /** Drops the bytes from {@code newLength} on; {@code newLength} is at most {@link #length()}. */
    void truncate(int newLength) {
        if (newLength < 0 || newLength > length) {
            throw new IllegalArgumentException("cannot truncate " + length + " bytes to " + newLength);
        }
        length = newLength;
    }

    /**
     * Appends the UTF-8 encoding of a character sequence without allocating. The bytes are exactly
     * those of {@code s.toString().getBytes(StandardCharsets.UTF_8)}, including the JDK's
     * replacement of each unpaired surrogate by {@code '?'}, so a key encoded here and one encoded by
     * a JDBC driver or a trigger through {@code String.getBytes} agree.
     *
     * @param s the characters to encode
     */
    public void putUtf8(CharSequence s) {
        putUtf8(s, 0, s.length());
    }

    /** {@link #putUtf8(CharSequence)} of {@code s[from, to)}, without making the subsequence. */
    void putUtf8(CharSequence s, int from, int to) {
        // Worst case is 3 bytes per char (a surrogate pair is 4 bytes for 2 chars).
        ensureRoom(3L * (to - from));
        byte[] b = bytes;
        int p = length;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                b[p++] = (byte) c;
            } else if (c < 0x800) {
                b[p++] = (byte) (0xC0 | (c >> 6));
                b[p++] = (byte) (0x80 | (c & 0x3F));
            } else if (Character.isSurrogate(c)) {
                char low;
                if (Character.isHighSurrogate(c) && i + 1 < to && Character.isLowSurrogate(low = s.charAt(i + 1))) {
                    int cp = Character.toCodePoint(c, low);
                    b[p++] = (byte) (0xF0 | (cp >> 18));
                    b[p++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
                    b[p++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                    b[p++] = (byte) (0x80 | (cp & 0x3F));
                    i++;
                } else {
                    // Unpaired surrogate: String.getBytes(UTF_8) writes the replacement '?' and
                    // carries on with the next char (which may itself start a valid pair).
                    b[p++] = (byte) '?';
                }
            } else {
                b[p++] = (byte) (0xE0 | (c >> 12));
                b[p++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                b[p++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        length = p;
    }

    /**
     * Returns a copy of the valid bytes, for tests and debugging (allocates).
     *
     * @return a new array of {@link #length()} bytes
     */
    public byte[] toByteArray() {
        return Arrays.copyOf(bytes, length);
    }

    /** Shows the length and the bytes in hex, for test failures and debugging. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(16 + 2 * length).append("KeyBuffer[").append(length).append("]{");
        for (int i = 0; i < length; i++) {
            sb.append(Character.forDigit((bytes[i] >> 4) & 0xF, 16)).append(Character.forDigit(bytes[i] & 0xF, 16));
        }
        return sb.append('}').toString();
    }

    private void ensureRoom(long extra) {
        long needed = length + extra;
        if (needed > bytes.length) {
            grow(needed);
        }
    }

    private void grow(long needed) {
        if (needed > MAX_CAPACITY) {
            throw new OutOfMemoryError("key of " + needed + " bytes exceeds the maximum array size");
        }
        long doubled = Math.max(2L * bytes.length, DEFAULT_CAPACITY);
        bytes = Arrays.copyOf(bytes, (int) Math.min(MAX_CAPACITY, Math.max(doubled, needed)));
    }
}
