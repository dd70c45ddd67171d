package io.bloomgate.jdbc;

import java.util.Arrays;

/**
 * What a prepared statement's parameters are bound to, as far as the gate needs to know. Integers
 * keep their primitive value (no boxing per lookup); values a key may be bound as keep the object;
 * everything else is {@link #UNKNOWN} and makes a lookup that depends on it pass through.
 */
final class ParameterSlots {

    static final byte UNSET = 0;
    static final byte NULL = 1;
    static final byte LONG = 2;
    static final byte OBJECT = 3;
    static final byte UNKNOWN = 4;
    /**
     * A string or UUID bound with {@code setObject(i, v, Types.OTHER)} on PostgreSQL: sent without a
     * type, so the server types it from the column it is compared with, as it does a literal.
     */
    static final byte UNTYPED = 5;

    private byte[] kinds;
    private long[] longs;
    private Object[] objects;

    ParameterSlots(int size) {
        kinds = new byte[size];
        longs = new long[size];
        objects = new Object[size];
    }

    byte kind(int index) {
        return index >= 1 && index <= kinds.length ? kinds[index - 1] : UNSET;
    }

    long longValue(int index) {
        return longs[index - 1];
    }

    Object object(int index) {
        return objects[index - 1];
    }

    void setLong(int index, long value) {
        if (ensure(index)) {
            kinds[index - 1] = LONG;
            longs[index - 1] = value;
            objects[index - 1] = null;
        }
    }

    void setObject(int index, Object value) {
        if (ensure(index)) {
            kinds[index - 1] = value == null ? NULL : OBJECT;
            objects[index - 1] = value;
        }
    }

    void setUntyped(int index, Object value) {
        if (ensure(index)) {
            kinds[index - 1] = value == null ? NULL : UNTYPED;
            objects[index - 1] = value;
        }
    }

    void setNull(int index) {
        setObject(index, null);
    }

    void setUnknown(int index) {
        if (ensure(index)) {
            kinds[index - 1] = UNKNOWN;
            objects[index - 1] = null;
        }
    }

    void clear() {
        Arrays.fill(kinds, UNSET);
        Arrays.fill(objects, null);
    }

    /** Grows for parameter indexes beyond the plan's; invalid indexes are the driver's to refuse. */
    private boolean ensure(int index) {
        if (index < 1) {
            return false;
        }
        if (index > kinds.length) {
            int size = Math.max(index, kinds.length * 2);
            kinds = Arrays.copyOf(kinds, size);
            longs = Arrays.copyOf(longs, size);
            objects = Arrays.copyOf(objects, size);
        }
        return true;
    }
}
