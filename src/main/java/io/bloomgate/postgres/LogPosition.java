package io.bloomgate.postgres;

/**
 * A position in the change log: the {@code pg_snapshot} of the last read. Every log row whose
 * transaction is visible in it has been read; the next read takes exactly the rows whose
 * transactions are not ({@code xid >= xmin AND NOT pg_visible_in_snapshot(xid, position)}). A
 * sequence number would not do: log ids are drawn before commit, so a lower id can commit after a
 * higher one has been read.
 *
 * @param text its text form, {@code xmin:xmax:xip,...}
 * @param xmin every transaction below it had ended when the position was taken
 * @param xmax every transaction from it on had not started (or had no id yet)
 */
record LogPosition(String text, long xmin, long xmax) {

    static LogPosition parse(String text) {
        String[] parts = text.split(":", 3);
        if (parts.length != 3) {
            throw new IllegalArgumentException("not a pg_snapshot: " + text);
        }
        return new LogPosition(text, Long.parseLong(parts[0]), Long.parseLong(parts[1]));
    }

    @Override
    public String toString() {
        return text;
    }
}
