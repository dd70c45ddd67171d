package io.bloomgate.cli;

import io.bloomgate.report.H2IoCounters;
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
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;

/**
 * The crawler's H2 file database: a base file holding the visited-URL table, loaded once, and a
 * fresh copy of it for each run, so the runs with and without the gate start from the same bytes
 * and do the same work. The files go to the {@code --db} directory, or to a temporary one deleted
 * at {@link #close()} (or by a shutdown hook on Ctrl-C).
 */
final class VisitedDatabase implements DemoDatabase {

    static final String TABLE = "visited";
    static final String CREATE = "CREATE TABLE visited (url VARCHAR(2048) PRIMARY KEY, depth INT NOT NULL,"
            + " visited_at TIMESTAMP NOT NULL)";
    static final String INSERT = insert(TABLE);

    /** H2's counters, as {@link H2IoCounters} reads them. */
    private static final List<Counter> COUNTERS = List.of(
            new Counter("H2 file reads (measured, info.FILE_READ)", "H2 file reads", "H2 info.FILE_READ", "fileReads",
                    false, true),
            new Counter("H2 bytes read (measured, FILE_READ_BYTES)", "H2 bytes read", "H2 info.FILE_READ_BYTES",
                    "fileReadBytes", true, false));
    /** Load timestamps start here, a second per URL: deterministic, so both runs' rows are equal. */
    static final long EPOCH_MILLIS = 1_700_000_000_000L;

    private static final String BASE = "visited-base";
    private static final int LOAD_BATCH = 1_000;
    /** Small transactions: H2 rewrites every page a transaction touched at commit, and big ones multiply that. */
    private static final int LOAD_COMMIT = 2_000;

    private final Path dir;
    private final Workload workload;
    private final Urls urls;
    /** Deletes a temporary directory on Ctrl-C (which skips {@link #close()}); null with --db. */
    private final Thread cleanUp;

    VisitedDatabase(Path dir, Workload workload, Urls urls) {
        this(dir, workload, urls, null);
    }

    private VisitedDatabase(Path dir, Workload workload, Urls urls, Thread cleanUp) {
        this.dir = dir;
        this.workload = workload;
        this.urls = urls;
        this.cleanUp = cleanUp;
    }

    /**
     * The database in the workload's --db directory (created if missing), or in a new temporary one
     * that {@link #close()} deletes; an error says why the directory cannot be.
     */
    static VisitedDatabase open(Workload workload, Urls urls) throws IOException {
        if (workload.db() != null) {
            try {
                return new VisitedDatabase(Files.createDirectories(workload.db()), workload, urls);
            } catch (IOException e) {
                throw new IOException("cannot create the --db directory " + workload.db() + ": "
                        + OutputPaths.reason(e) + "; pass another directory with --db DIR", e);
            }
        }
        Path dir;
        try {
            dir = Files.createTempDirectory("bloomgate-demo-");
        } catch (IOException e) {
            throw new IOException("cannot create a temporary directory for the database in "
                    + System.getProperty("java.io.tmpdir") + ": " + OutputPaths.reason(e) + "; pass a directory with"
                    + " --db DIR (or another temporary directory with -Djava.io.tmpdir=DIR)", e);
        }
        // Ctrl-C skips close(): the temporary directory (hundreds of MB) is deleted by a hook.
        Thread cleanUp = new Thread(() -> {
            try {
                deleteTree(dir);
            } catch (IOException | RuntimeException e) {
                // the JVM is exiting: nothing to tell
            }
        }, "bloomgate-demo-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanUp);
        return new VisitedDatabase(dir, workload, urls, cleanUp);
    }

    /** The crawl's insert into {@code table}. */
    static String insert(String table) {
        return "INSERT INTO " + table + " (url, depth, visited_at) VALUES (?, ?, ?)";
    }

    @Override
    public String name() {
        return "H2";
    }

    @Override
    public String description() {
        return String.format(Locale.ROOT, "H2 (file database, %,d KiB page cache)", workload.cacheKb());
    }

    @Override
    public String tableLabel() {
        return TABLE;
    }

    @Override
    public List<Counter> counters() {
        return COUNTERS;
    }

    @Override
    public List<String> countersNotes() {
        return List.of("(H2 counts a read for every page not in its own cache; the OS may still serve it from memory)");
    }

    @Override
    public String cacheNote(CrawlRun without) {
        return without.lookupIo().headline() < without.checks() / 100
                ? "note: H2 served nearly every lookup from its page cache (the counters show almost no file reads);"
                        + " lower --cache-kb or raise --urls to make lookups read the file"
                : null;
    }

    @Override
    public String savedWhat() {
        return "disk accesses";
    }

    @Override
    public String writeHook() {
        return "H2's trigger, inside the transaction";
    }

    @Override
    public int writeCounter() {
        return 0;
    }

    @Override
    public String writeWork() {
        return "the same work: ";
    }

    @Override
    public Side copy(String name) throws SQLException, IOException {
        copyBase(name);
        JdbcDataSource ds = dataSource(name, workload.cacheKb());
        // Open throughout the run: H2 closes a database with its last connection, and its counters
        // restart when it reopens.
        Connection counters = ds.getConnection();
        return new Side() {
            private boolean closed;

            @Override
            public String table() {
                return TABLE;
            }

            @Override
            public DataSource dataSource() {
                return ds;
            }

            @Override
            public Meter meter() {
                return session -> H2IoCounters.read(counters).map(VisitedDatabase::io).orElse(null);
            }

            @Override
            public void close(boolean keep) throws SQLException, IOException {
                if (closed) {
                    return;
                }
                closed = true;
                try (counters; Statement s = counters.createStatement()) {
                    s.execute("SHUTDOWN");
                } finally {
                    if (!keep) {
                        delete(name); // up to a few hundred MB each: do not wait for the end
                    }
                }
            }
        };
    }

    private static Io io(H2IoCounters c) {
        return new Io(c.fileReads(), c.fileReadBytes());
    }

    @Override
    public String kept() {
        return workload.db() == null ? null : OutputPaths.keptDatabase(workload.db());
    }

    @Override
    public void close() throws IOException {
        if (cleanUp != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(cleanUp);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs (or ran) anyway
            }
            deleteTree(dir);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        }
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
    @Override
    public boolean reusable() throws SQLException {
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
    @Override
    public void load(Progress progress) throws SQLException, IOException {
        Files.deleteIfExists(file(BASE));
        String[] sorted = sortedUrls(workload, urls, progress);
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

    /** The workload's visited URLs in key order (the order a bulk load should insert them in). */
    static String[] sortedUrls(Workload workload, Urls urls, Progress progress) {
        progress.begin("generating URLs", 0);
        String[] sorted = new String[Math.toIntExact(workload.urls())];
        for (int i = 0; i < sorted.length; i++) {
            sorted[i] = urls.url(i);
        }
        Arrays.parallelSort(sorted);
        progress.end();
        return sorted;
    }

    /** A fresh copy of the base file under {@code name} (replacing an older one). */
    void copyBase(String name) throws IOException {
        Files.copy(file(BASE), file(name), StandardCopyOption.REPLACE_EXISTING);
    }

    /** The size of the base file, bytes. */
    @Override
    public long baseBytes() throws IOException {
        return Files.size(file(BASE));
    }

    /** Deletes database {@code name}'s files. */
    void delete(String name) throws IOException {
        Files.deleteIfExists(file(name));
        Files.deleteIfExists(dir.resolve(name + ".trace.db"));
    }
}
