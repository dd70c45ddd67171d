package io.bloomgate.mysql;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The ids of the change log below the feed's high-water mark that it has not read: the <em>holes</em>.
 * Log ids are {@code AUTO_INCREMENT} values, drawn when a trigger's row is inserted, long before its
 * transaction commits; so a reader sees id 7 committed while id 6 is still in an open transaction
 * (or was drawn by one that rolled back and will never appear). A hole is kept, and read again on
 * every poll ({@link LogReader}), until it is filled or provably empty for good ({@link
 * HoleRetirement}); only then is it retired. Ranges, not single ids: a rolled-back 500-row statement
 * leaves 500 consecutive holes.
 *
 * <p>Each range remembers when it was first seen: the server's clock ({@code UNIX_TIMESTAMP(NOW(6))}
 * read after the read that revealed it, for the strict check against {@code innodb_trx}) and the
 * JVM's ({@link System#nanoTime()}, for the grace period). Not thread-safe: the feed's thread owns it.
 */
final class Holes {

    /** One range of unread ids, {@code [from, to]}. */
    record Range(long from, long to, double seenAtServer, long seenAtNanos) {
    }

    private final TreeMap<Long, Range> ranges = new TreeMap<>();
    private long ids;
    /** Counts changes, so that the feed copies the ranges for its published position only when they changed. */
    private long changes;

    /** Records {@code [from, to]} as unread (ids above everything recorded so far). */
    void add(long from, long to, double seenAtServer, long seenAtNanos) {
        if (from > to) {
            return;
        }
        ranges.put(from, new Range(from, to, seenAtServer, seenAtNanos));
        ids += to - from + 1;
        changes++;
    }

    /** Whether {@code id} is in a hole. */
    boolean contains(long id) {
        Map.Entry<Long, Range> e = ranges.floorEntry(id);
        return e != null && e.getValue().to >= id;
    }

    /** The id read (or retired): no longer a hole. */
    void remove(long id) {
        Map.Entry<Long, Range> e = ranges.floorEntry(id);
        if (e == null || e.getValue().to < id) {
            return;
        }
        Range r = e.getValue();
        ranges.remove(r.from);
        ids--;
        changes++;
        if (r.from < id) {
            ranges.put(r.from, new Range(r.from, id - 1, r.seenAtServer, r.seenAtNanos));
        }
        if (id < r.to) {
            ranges.put(id + 1, new Range(id + 1, r.to, r.seenAtServer, r.seenAtNanos));
        }
    }

    /**
     * Retires every hole within {@code [from, to]} (the caller read them once more after proving them
     * empty for good).
     */
    void retire(long from, long to) {
        List<Range> overlapping = new ArrayList<>();
        Map.Entry<Long, Range> below = ranges.floorEntry(from);
        if (below != null && below.getValue().to >= from) {
            overlapping.add(below.getValue());
        }
        for (Range r : ranges.subMap(from, true, to, true).values()) {
            if (r.from != (below == null ? Long.MIN_VALUE : below.getKey())) {
                overlapping.add(r);
            }
        }
        for (Range r : overlapping) {
            changes++;
            ranges.remove(r.from);
            ids -= r.to - r.from + 1;
            if (r.from < from) {
                add(r.from, from - 1, r.seenAtServer, r.seenAtNanos);
            }
            if (r.to > to) {
                add(to + 1, r.to, r.seenAtServer, r.seenAtNanos);
            }
        }
    }

    /** Gives every range recorded without a server time ({@code NaN}) this one. */
    void stampUnstamped(double seenAtServer) {
        for (Range r : new ArrayList<>(ranges.values())) {
            if (Double.isNaN(r.seenAtServer)) {
                ranges.put(r.from, new Range(r.from, r.to, seenAtServer, r.seenAtNanos));
                changes++;
            }
        }
    }

    boolean isEmpty() {
        return ranges.isEmpty();
    }

    /** The number of unread ids. */
    long ids() {
        return ids;
    }

    /** The lowest unread id, or {@code otherwise} if there is none. */
    long lowest(long otherwise) {
        return ranges.isEmpty() ? otherwise : ranges.firstKey();
    }

    /** The ranges, lowest first (a copy). */
    List<Range> ranges() {
        return new ArrayList<>(ranges.values());
    }

    /** Forgets every hole (a new start position replaces them). */
    void clear() {
        ranges.clear();
        ids = 0;
        changes++;
    }

    /** How many changes were made so far (equal counts: the same ranges). */
    long changes() {
        return changes;
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("[");
        Iterator<Range> it = ranges.values().iterator();
        for (int i = 0; it.hasNext() && i < 10; i++) {
            Range r = it.next();
            b.append(i > 0 ? ", " : "").append(r.from).append(r.from == r.to ? "" : "-" + r.to);
        }
        return b.append(ranges.size() > 10 ? ", ...]" : "]").toString();
    }
}
