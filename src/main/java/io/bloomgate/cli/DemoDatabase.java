package io.bloomgate.cli;

import java.io.IOException;
import java.sql.SQLException;
import java.util.List;
import javax.sql.DataSource;

/**
 * What the demo needs of a database, so that {@link TwoRuns}, {@link Crawl} and {@link Probes} run
 * the same way on each: a base table of visited URLs loaded once, a fresh copy of it for each run
 * (both runs start from the same rows and do the same work), the database's own counters of the
 * work each run made it do, and the words the summary says them with. {@link VisitedDatabase} is
 * H2's (files copied), {@link MySqlDemoDatabase} MariaDB's and MySQL's (tables copied in the
 * server).
 */
interface DemoDatabase extends AutoCloseable {

    /** The database's short name in the summary's rows: "sent to H2", "sent to MariaDB". */
    String name();

    /** Where the figures come from: "H2 (file database, 1,024 KiB page cache)", "MariaDB 10.11.19 at ...". */
    String description();

    /** The table the statements name, as the summary prints them. */
    String tableLabel();

    /** The counters {@link Side#meter()} reads, the headline first. */
    List<Counter> counters();

    /** Lines printed under the measured figures: what the counters count and what they cannot see. */
    List<String> countersNotes();

    /**
     * A note when the counters show the lookups never waited for the disk (the table fit in the
     * database's cache), so the summary does not claim savings it did not measure; or null.
     */
    String cacheNote(CrawlRun without);

    /** What the headline counter's savings are: "disk accesses" (H2's file reads), "index reads". */
    String savedWhat();

    /** How the gate learns an inserted key on this database, for the summary's "writes" line. */
    String writeHook();

    /** The index in {@link #counters()} of the one that shows what the inserts cost the database. */
    int writeCounter();

    /** Words before that counter's figures in the "writes" line ("the same work: "), or "". */
    String writeWork();

    /** Whether a base of the same workload is there already (loaded by an earlier run). */
    boolean reusable() throws SQLException;

    /** Loads the base: the workload's visited URLs. */
    void load(Progress progress) throws SQLException, IOException;

    /** The base's size on disk, bytes. */
    long baseBytes() throws SQLException, IOException;

    /** A fresh copy of the base under {@code name} (replacing an earlier one), open for a run. */
    Side copy(String name) throws SQLException, IOException;

    /** A line saying what stays behind once the demo is done and how to remove it, or null. */
    String kept() throws SQLException, IOException;

    /** Releases what the database holds (a temporary directory, connections). */
    @Override
    void close() throws SQLException, IOException;

    /** One run's copy of the base. */
    interface Side extends AutoCloseable {

        /** The copy's table, as the statements name it. */
        String table();

        /** Plain connections to the copy: the gate wraps it for the run with the gate. */
        DataSource dataSource();

        /** The database's counters of this side's work. */
        Meter meter();

        /**
         * The isolation level the crawl's sessions run at ({@link java.sql.Connection}'s constants),
         * or -1 for the database's default.
         */
        default int isolation() {
            return -1;
        }

        /** Ends the run on this copy, and removes the copy unless {@code keep}. */
        void close(boolean keep) throws SQLException, IOException;

        @Override
        default void close() throws SQLException, IOException {
            close(false);
        }
    }
}
