package io.bloomgate.mysql;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Where the MySQL/MariaDB change feed stands in {@code bloomgate.change_log}: every id up to the
 * high-water mark has been read (its key added) or retired as empty for good, except the open
 * <em>holes</em> — ids below the mark whose rows were not (yet) committed when last read. A feed
 * that starts here reads the holes again and everything above the mark, so it misses nothing a feed
 * at this position had not read. The high-water mark alone would not do: log ids are drawn before
 * commit, so a hole can fill after a higher id was read.
 *
 * <p>Its text form is what a snapshot stores: {@code hwm} followed by {@code ;from-to@seen} per hole
 * range ({@code seen}: the server's {@code UNIX_TIMESTAMP} when the range was first seen, which the
 * strict retirement check compares with {@code innodb_trx}). A hole's JVM clock is not stored: a
 * feed that loads it starts the grace period anew (later retirement is always safe).
 *
 * <p>It also holds which run of the server it was taken in ({@code serverRun}: the token in {@code
 * bloomgate.server_run}, a MEMORY table that every restart empties; {@link ServerRun#read}): InnoDB
 * shows a commit to other sessions before its redo log is flushed, so a crash can undo a commit a
 * feed had read, and the restarted server then draws that log id again for another row. A position
 * taken before a restart can therefore hold a reused id as read: it is not used across one ({@link
 * #sameServerRun}). Not the server's start time ({@code now - Uptime}): with whole seconds it took two
 * starts a second or two apart for one run, and a feed resumed past ids the crash had undone.
 *
 * @param highWaterMark the highest id read
 * @param holes         the unread ids below it, lowest first, not overlapping
 * @param serverRun     the server's run this position was taken in (null: unknown)
 */
record FeedPosition(long highWaterMark, List<Holes.Range> holes, String serverRun) {

    FeedPosition(long highWaterMark, List<Holes.Range> holes) {
        this(highWaterMark, holes, null);
    }

    /** More ranges than this are merged (into one range from the last kept one): a snapshot's text stays small. */
    static final int MAX_RANGES = 1_000;

    FeedPosition {
        holes = List.copyOf(holes);
    }

    /** Whether a server now in run {@code run} has not restarted since this position was taken (unknown: no). */
    boolean sameServerRun(String run) {
        return serverRun != null && serverRun.equals(run);
    }

    /** The lowest id not read: pruning must keep it and everything above. */
    long lowestUnread() {
        return holes.isEmpty() ? highWaterMark + 1 : holes.get(0).from();
    }

    /**
     * The same position with at most {@link #MAX_RANGES} ranges: the last ones are merged into one
     * range that also covers the ids between them, which were read. Reading those again is harmless
     * (an added key is added again; a delete counted again only brings a rebuild earlier), and the
     * merged range keeps the latest first-seen time of its parts, so it is retired no earlier than
     * any of them would have been.
     */
    FeedPosition bounded() {
        if (holes.size() <= MAX_RANGES) {
            return this;
        }
        List<Holes.Range> kept = new ArrayList<>(holes.subList(0, MAX_RANGES - 1));
        double seen = Double.NEGATIVE_INFINITY;
        for (Holes.Range r : holes.subList(MAX_RANGES - 1, holes.size())) {
            seen = Double.isNaN(r.seenAtServer()) || Double.isNaN(seen) ? Double.NaN : Math.max(seen, r.seenAtServer());
        }
        kept.add(new Holes.Range(holes.get(MAX_RANGES - 1).from(), holes.get(holes.size() - 1).to(), seen, 0));
        return new FeedPosition(highWaterMark, kept, serverRun);
    }

    /**
     * The position from which a feed misses nothing that a feed at any of {@code positions} would
     * read: the lowest high-water mark, and every hole below it of any of them (overlapping ranges
     * merged, keeping the latest first-seen time). Holes above that mark are read anyway.
     */
    static FeedPosition union(List<FeedPosition> positions) {
        if (positions.isEmpty()) {
            throw new IllegalArgumentException("no positions");
        }
        long hwm = Long.MAX_VALUE;
        String run = positions.get(0).serverRun;
        for (FeedPosition p : positions) {
            hwm = Math.min(hwm, p.highWaterMark);
            run = run != null && run.equals(p.serverRun) ? run : null; // taken in different runs: unknown
        }
        List<Holes.Range> all = new ArrayList<>();
        for (FeedPosition p : positions) {
            for (Holes.Range r : p.holes) {
                if (r.from() <= hwm) {
                    all.add(new Holes.Range(r.from(), Math.min(r.to(), hwm), r.seenAtServer(), r.seenAtNanos()));
                }
            }
        }
        all.sort(Comparator.comparingLong(Holes.Range::from));
        List<Holes.Range> merged = new ArrayList<>();
        for (Holes.Range r : all) {
            Holes.Range last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && r.from() <= last.to() + 1) {
                double seen = Double.isNaN(last.seenAtServer()) || Double.isNaN(r.seenAtServer()) ? Double.NaN
                        : Math.max(last.seenAtServer(), r.seenAtServer());
                merged.set(merged.size() - 1, new Holes.Range(last.from(), Math.max(last.to(), r.to()), seen,
                        Math.max(last.seenAtNanos(), r.seenAtNanos())));
            } else {
                merged.add(r);
            }
        }
        return new FeedPosition(hwm, merged, run);
    }

    String text() {
        StringBuilder b = new StringBuilder().append(highWaterMark);
        for (Holes.Range r : holes) {
            b.append(';').append(r.from()).append('-').append(r.to()).append('@').append(r.seenAtServer());
        }
        return serverRun == null ? b.toString() : b.append(";run=").append(serverRun).toString();
    }

    /**
     * Parses {@link #text()}; the holes' JVM clock is {@code nanos}.
     *
     * @throws IllegalArgumentException if it is not such a text, or its holes are not in order below the mark
     */
    static FeedPosition parse(String text, long nanos) {
        String[] parts = text.split(";");
        try {
            long hwm = Long.parseLong(parts[0]);
            List<Holes.Range> holes = new ArrayList<>();
            long previous = 0;
            String run = null;
            for (int i = 1; i < parts.length; i++) {
                if (parts[i].startsWith("run=")) {
                    run = parts[i].substring("run=".length());
                    continue;
                }
                if (parts[i].startsWith("started=")) {
                    continue; // an older jar's start time: too coarse to tell runs apart, so the run is unknown
                }
                int dash = parts[i].indexOf('-');
                int at = parts[i].indexOf('@');
                long from = Long.parseLong(parts[i].substring(0, dash));
                long to = Long.parseLong(parts[i].substring(dash + 1, at));
                if (from <= previous || to < from || to > hwm) {
                    throw new IllegalArgumentException("hole " + parts[i] + " out of order");
                }
                holes.add(new Holes.Range(from, to, Double.parseDouble(parts[i].substring(at + 1)), nanos));
                previous = to;
            }
            return new FeedPosition(hwm, holes, run);
        } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
            throw new IllegalArgumentException("not a MySQL change-log position: " + abbreviated(text), e);
        }
    }

    private static String abbreviated(String text) {
        return text.length() > 80 ? text.substring(0, 80) + "..." : text;
    }

    @Override
    public String toString() {
        return "id " + highWaterMark + (holes.isEmpty() ? "" : " (" + holes.size() + " hole ranges from id "
                + holes.get(0).from() + ")");
    }
}
