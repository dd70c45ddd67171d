package io.bloomgate.cli;

import java.util.Arrays;

/**
 * A database's own counters over a stretch of the demo, in the order its {@link DemoDatabase#counters()}
 * names them: a reading, or the difference of two. The first is the headline figure (H2's file
 * reads, MariaDB's index reads), the one "disk accesses saved, measured" is about.
 */
final class Io {

    private final long[] values;

    Io(long... values) {
        this.values = values.clone();
    }

    /** No work: the start of a sum of {@code n} counters. */
    static Io zero(int n) {
        return new Io(new long[n]);
    }

    long get(int i) {
        return values[i];
    }

    /** The headline counter. */
    long headline() {
        return values[0];
    }

    /** The work between {@code earlier} and this reading. */
    Io minus(Io earlier) {
        long[] d = new long[values.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = values[i] - earlier.values[i];
        }
        return new Io(d);
    }

    /** The sum of two stretches. */
    Io plus(Io other) {
        long[] s = new long[values.length];
        for (int i = 0; i < s.length; i++) {
            s[i] = values[i] + other.values[i];
        }
        return new Io(s);
    }

    @Override
    public String toString() {
        return Arrays.toString(values);
    }
}
