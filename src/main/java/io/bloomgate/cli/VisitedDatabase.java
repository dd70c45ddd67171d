package io.bloomgate.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.Arrays;
import org.h2.jdbcx.JdbcDataSource;

/**
 * The crawler's H2 file database: a base file holding the visited-URL table, loaded once, and a
 * fresh copy of it for each run, so the runs with and without the gate start from the same bytes
 * and do the same work.
 */
final class VisitedDatabase {

    static final String TABLE = "visited";
    static final String CREATE = "CREATE TABLE visited (url VARCHAR(2048) PRIMARY KEY, depth INT NOT NULL,"
            + " visited_at TIMESTAMP NOT NULL)";
    static final String INSERT = "INSERT INTO visited (url, depth, visited_at) VALUES (?, ?, ?)";
    /** Load timestamps start here, a second per URL: deterministic, so both runs' rows are equal. */
    static final long EPOCH_MILLIS = 1_700_000_000_000L;

    private static final String BASE = "visited-base";
    private static final int LOAD_BATCH = 1_000;
    /** Small transactions: H2 rewrites every page a transaction touched at commit, and big ones multiply that. */
    private static final int LOAD_COMMIT = 2_000;

    private final Path dir;
    private final Workload workload;
    private final Urls urls;

    VisitedDatabase(Path dir, Workload workload, Urls urls) {
        this.dir = dir;
        this.workload = workload;
        this.urls = urls;
    }

    /**
     * H2's URL for the database file {@code name} in the directory, with the given page cache.
     *
     * <p>{@code WRITE_DELAY=0}: H2 writes a commit's changes to the file in the committing thread. With
     * its default (up to 500 ms later, on background threads), a run's writes were stored while the
     * other run's batch was timed, and with two cores that work landed on whichever run was running:
     * measured on the same crawl, the inserts with the gate took 16-39% longer with the default and
     * the same time (with the same file reads) with {@code WRITE_DELAY=0}; two runs without the gate
     * differed by 4%.
     */
    String url(String name, int cacheKb) {
        // DB_CLOSE_ON_EXIT=FALSE: H2's own shutdown hook would close the database under the running
        // crawl or load on Ctrl-C, which then failed with "The database is open in exclusive mode";
        // the files are crash-safe without it, and a half-loaded base is not reused (see load).
        // WRITE_DELAY=0: a commit's pages are stored by the committing thread, not up to 500 ms later
        // on background threads that land on whichever side of the comparison runs next.
        return "jdbc:h2:file:" + dir.resolve(name).toAbsolutePath() + ";CACHE_SIZE=" + cacheKb
                + ";DB_CLOSE_ON_EXIT=FALSE;WRITE_DELAY=0";
    }

    /** A data source (user {@code sa}, an admin: the gate creates a trigger) on database {@code name}. */
    JdbcDataSource dataSource(String name, int cacheKb) {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL(url(name, cacheKb));
        ds.setUser("sa");
        ds.setPassword("");
        return ds;
    }

    /** The file of database {@code name}. */
    Path file(String name) {
        return dir.resolve(name + ".mv.db");
    }

    /** Whether the base file exists already with the same URLs (a reused --db directory). */
    boolean reusable() throws SQLException {
        if (!Files.exists(file(BASE))) {
            return false;
        }
        try (Connection c = dataSource(BASE, 16_384).getConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT urls, seed FROM crawl_setup")) {
            return rs.next() && rs.getLong(1) == workload.urls() && rs.getLong(2) == workload.seed();
        } catch (SQLException e) {
            return false; // not a base this demo wrote: load it again
        }
    }

    /**
     * Creates the base file: the visited URLs inserted in key order (random order would make H2
     * rewrite most of the index at every commit: several times slower, and gigabytes of file).
     */
    void load(Progress progress) throws SQLException, IOException {
        Files.deleteIfExists(file(BASE));
        progress.begin("generating URLs", 0);
        String[] sorted = new String[Math.toIntExact(workload.urls())];
        for (int i = 0; i < sorted.length; i++) {
            sorted[i] = urls.url(i);
        }
        Arrays.parallelSort(sorted);
        progress.end();
        progress.begin("loading visited URLs", sorted.length);
        // A bigger cache while loading; the crawls reopen the copies with the small one.
        try (Connection c = dataSource(BASE, 16_384).getConnection()) {
            try (Statement s = c.createStatement()) {
                s.execute(CREATE);
                s.execute("CREATE TABLE crawl_setup (urls BIGINT NOT NULL, seed BIGINT NOT NULL)");
            }
            c.setAutoCommit(false);
            try (PreparedStatement insert = c.prepareStatement(INSERT)) {
                for (int i = 0; i < sorted.length; i++) {
                    insert.setString(1, sorted[i]);
                    insert.setInt(2, sorted[i].length() % 8);
                    insert.setTimestamp(3, new Timestamp(EPOCH_MILLIS + 1000L * i));
                    insert.addBatch();
                    if ((i + 1) % LOAD_BATCH == 0 || i == sorted.length - 1) {
                        insert.executeBatch();
                    }
                    if ((i + 1) % LOAD_COMMIT == 0 || i == sorted.length - 1) {
                        c.commit();
                        progress.advance(i + 1);
                    }
                }
            }
            try (Statement s = c.createStatement()) {
                // Last: reusable() takes a base with this row for complete (a load interrupted by Ctrl-C
                // leaves none, and is loaded again).
                s.execute("INSERT INTO crawl_setup VALUES (" + workload.urls() + ", " + workload.seed() + ")");
                c.commit();
                s.execute("SHUTDOWN");
            }
        }
        progress.end();
    }

    /** A fresh copy of the base file under {@code name} (replacing an older one). */
    void copyBase(String name) throws IOException {
        Files.copy(file(BASE), file(name), StandardCopyOption.REPLACE_EXISTING);
    }

    /** The size of the base file, bytes. */
    long baseBytes() throws IOException {
        return Files.size(file(BASE));
    }

    /** Deletes database {@code name}'s files. */
    void delete(String name) throws IOException {
        Files.deleteIfExists(file(name));
        Files.deleteIfExists(dir.resolve(name + ".trace.db"));
    }
}
