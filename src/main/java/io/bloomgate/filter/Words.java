package io.bloomgate.filter;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Lock-free access to the {@code long[]} words of a filter. Sets are atomic ORs, so concurrent adds
 * never lose each other's bits; reads are volatile, so a lookup that starts after an add returned
 * sees its bits (on x86 and ARMv8 a volatile load is a plain load; the RMW carries the fence).
 */
final class Words {

    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);

    private Words() {
    }

    static long get(long[] words, int index) {
        return (long) LONGS.getVolatile(words, index);
    }

    /** Atomically ORs {@code bits} into a word; returns the word's previous value. */
    static long or(long[] words, int index, long bits) {
        return (long) LONGS.getAndBitwiseOr(words, index, bits);
    }

    static boolean compareAndSet(long[] words, int index, long expected, long value) {
        return LONGS.compareAndSet(words, index, expected, value);
    }

    /** Allocates the words for {@code bits} bits, with a clear message when the heap cannot hold them. */
    static long[] allocate(long bits, int bitsPerWordUnit) {
        long count = (bits * bitsPerWordUnit + Long.SIZE - 1) / Long.SIZE;
        if (count > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("a filter of " + bits + " positions needs " + count
                    + " long words, more than a Java array holds");
        }
        try {
            return new long[(int) count];
        } catch (OutOfMemoryError e) {
            throw new IllegalStateException(String.format(
                    "not enough heap for a filter of %,d bytes; raise -Xmx or lower the expected key count",
                    count * 8), e);
        }
    }
}
