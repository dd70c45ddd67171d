package io.bloomgate.cli;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * The demo on a MySQL or MariaDB database ({@code --db-url}): the visited-URL table loaded once
 * into a base table, and for each run a fresh copy of it made in the server ({@code CREATE TABLE
 * ... LIKE}, {@code INSERT ... SELECT}), so both runs start from the same rows.
 *
 * <p>Two tables in the URL's database rather than two databases: the user the gate runs as needs
 * CREATE, DROP, INSERT, SELECT and TRIGGER on its database anyway, while creating databases takes a
 * server-wide right most application users lack. The demo's tables are {@code bloomgate_demo_*},
 * created with the comment {@link #MARK}; it drops and re-creates those, and refuses to drop a
 * table of one of those names without the comment (someone else's).
 *
 * <p>The counters are the server's status variables. {@code Handler_read_key}, {@code Com_select}
 * and {@code Handler_write} are the session's own, read with {@code SHOW SESSION STATUS} on the
 * connection each side's crawl runs on (through the gate for the gate's side: the statement names
 * no guarded table, so it passes through), so each side's figures are its own work, and the gate's
 * change feed (its own connections) is not in them. {@code Innodb_buffer_pool_read_requests} and
 * {@code Innodb_buffer_pool_reads} exist only server-wide ({@code SHOW SESSION STATUS} shows the
 * global values): taken around each side's batch (the sides take turns, never overlap), they hold
 * that side's page reads plus whatever every other session did meanwhile — the gate's change feed,
 * other clients of the server. The summary says so.
 */
final class MySqlDemoDatabase implements DemoDatabase {

    static final String PREFIX = "bloomgate_demo_";
    static final String BASE = PREFIX + "base";
    static final String SETUP = PREFIX + "setup";
    /** The comment of every table the demo creates: it drops no table without it. */
    static final String MARK = "bloomgate demo";

    /**
     * The visited-URL table. {@code VARCHAR(768)} in {@code utf8mb4}: InnoDB's index keys hold at
     * most 3,072 bytes (DYNAMIC rows), 768 characters of up to 4 bytes; H2's {@code VARCHAR(2048)}
     * key would be refused (error 1071). {@code utf8mb4_bin} compares URLs exactly, as a crawler
     * must (paths are case-sensitive), and the gate guards it with the exact key form. {@code
     * DATETIME}, not {@code TIMESTAMP}: no time-zone conversion and no automatic defaults.
     */
    private static final String COLUMNS = "(url VARCHAR(768) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL"
            + " PRIMARY KEY, depth INT NOT NULL, visited_at DATETIME NOT NULL)";
    /** Rows per INSERT while loading: one round trip per thousand URLs. */
    private static final int LOAD_ROWS = 1_000;
    private static final String[] STATUS = {"Handler_read_key", "Com_select", "Handler_write",
        "Innodb_buffer_pool_read_requests", "Innodb_buffer_pool_reads"};
    private static final String STATUS_QUERY = "SHOW SESSION STATUS WHERE Variable_name IN ('"
            + String.join("', '", STATUS) + "')";
    private static final int HANDLER_WRITE = 2;
    private static final int DISK_READS = 4;
    private static final List<Counter> COUNTERS = List.of(
            new Counter("index reads (Handler_read_key)", "index reads (Handler_read_key)",
                    "Handler_read_key, per session", "indexReads", false, true),
            new Counter("SELECTs run (Com_select)", "SELECTs run (Com_select)", "Com_select, per session",
                    "selects", false, false),
            new Counter("rows written (Handler_write)", "rows written (Handler_write)",
                    "Handler_write, per session (with the gate: its trigger's change-log rows too)", "rowsWritten",
                    false, true),
            new Counter("buffer pool page reads, server-wide", "buffer pool page reads",
                    "Innodb_buffer_pool_read_requests, server-wide", "pageReads", false, true),
            new Counter("  of them from disk, server-wide", "pages read from disk",
                    "Innodb_buffer_pool_reads, server-wide", "diskReads", false, false));
    private static final Pattern URL = Pattern.compile("(?i)^jdbc:(mariadb|mysql)://([^/?]*)/([^?;]*).*$");

    private final Workload workload;
    private final Urls urls;
    private final DataSource source;
    private final Connection admin;
    private final String database;
    private final String product;
    private final String description;

    private MySqlDemoDatabase(Workload workload, Urls urls, DataSource source, Connection admin, String database,
            String product, String description) {
        this.workload = workload;
        this.urls = urls;
        this.source = source;
        this.admin = admin;
        this.database = database;
        this.product = product;
        this.description = description;
    }

    /**
     * Connects to the workload's {@code --db-url}.
     *
     * @throws SQLException naming what is wrong and what to do: no such database, access denied, no server
     */
    static MySqlDemoDatabase open(Workload workload, Urls urls) throws SQLException {
        String url = workload.dbUrl();
        Matcher m = URL.matcher(url);
        if (!m.matches() || m.group(3).isEmpty()) { // WorkloadOptions checked it: set otherwise (tests)
            throw new SQLException("--db-url must be jdbc:mariadb://HOST[:PORT]/DATABASE?... or jdbc:mysql://...,"
                    + " naming the database the demo creates its tables in, was " + redacted(url));
        }
        String hostPort = m.group(2).contains(":") ? m.group(2) : m.group(2) + ":3306";
        DataSource source = new UrlDataSource(url);
        Connection admin;
        try {
            admin = source.getConnection();
        } catch (SQLException e) {
            throw new SQLException(connectFailure(e, m.group(3), hostPort, url), e.getSQLState(), e.getErrorCode(), e);
        }
        try {
            String database;
            String version;
            long bufferPool;
            try (Statement s = admin.createStatement();
                    ResultSet rs = s.executeQuery("SELECT DATABASE(), VERSION(), @@innodb_buffer_pool_size")) {
                rs.next();
                database = rs.getString(1);
                version = rs.getString(2);
                bufferPool = rs.getLong(3);
            }
            if (database == null) {
                throw new SQLException("--db-url names no database (" + redacted(url) + "): name the one the demo may"
                        + " create its tables in, jdbc:mariadb://" + hostPort + "/DATABASE?...");
            }
            // VERSION() is "10.11.19-MariaDB-0+deb12u1" on MariaDB, "8.4.3" on MySQL.
            String product = version.contains("MariaDB") ? "MariaDB" : "MySQL";
            String number = version.replaceFirst("^([0-9.]+).*$", "$1");
            String description = String.format(Locale.ROOT, "%s %s at %s (database %s, InnoDB buffer pool %,d MiB)",
                    product, number, hostPort, database, bufferPool >> 20);
            return new MySqlDemoDatabase(workload, urls, source, admin, database, product, description);
        } catch (SQLException | RuntimeException e) {
            admin.close();
            throw e;
        }
    }

    /** Why the connection failed, and what to do about it. */
    private static String connectFailure(SQLException e, String database, String hostPort, String url) {
        String what = "cannot connect to --db-url " + redacted(url) + ": " + e.getMessage();
        String message = String.valueOf(e.getMessage());
        if (e.getErrorCode() == 1049 || message.contains("Unknown database")) {
            return "database " + database + " does not exist on the server at " + hostPort + ": create it (CREATE"
                    + " DATABASE " + database + ", as a user who may) or name another one in --db-url";
        }
        if (e.getErrorCode() == 1044) {
            return what + "; GRANT CREATE, DROP, SELECT, INSERT, TRIGGER ON `" + database + "`.* to this user (as an"
                    + " administrator), or name a database it may use in --db-url";
        }
        if (e.getErrorCode() == 1045) {
            return what + "; check user= and password= in --db-url";
        }
        return what;
    }

    /** The URL without its password, for messages. */
    static String redacted(String url) {
        return url.replaceAll("(?i)(password=)[^&;]*", "$1***");
    }

    @Override
    public String name() {
        return product;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public String tableLabel() {
        return PREFIX + "run_with_gate (and _without_gate)";
    }

    @Override
    public List<Counter> counters() {
        return COUNTERS;
    }

    @Override
    public List<String> countersNotes() {
        return List.of("(index reads, SELECTs and rows written: SHOW SESSION STATUS on each side's own connection, so"
                + " only that side's statements; the gate's change feed polls on its own connections and is not in"
                + " them; with the gate, rows written include its trigger's change-log rows)",
                "(buffer pool page reads: server-wide counters, the only kind " + product + " keeps for them, read"
                        + " around each side's batches: they include the gate's change feed and any other client of"
                        + " the server meanwhile)");
    }

    @Override
    public String cacheNote(CrawlRun without) {
        return without.lookupIo().get(DISK_READS) < without.checks() / 100
                ? "note: the buffer pool held the table (almost no pages read from disk while looking up): the lookups"
                        + " were served from memory, and what the gate saves is the server's CPU and the round trips;"
                        + " with a table larger than innodb_buffer_pool_size they would also read the disk"
                : null;
    }

    @Override
    public String savedWhat() {
        return "index reads";
    }

    @Override
    public String writeHook() {
        return "the gate adds it as it sends the insert; bloomgate's trigger also writes it to bloomgate.change_log"
                + " in the same transaction, for every instance's change feed";
    }

    @Override
    public int writeCounter() {
        return HANDLER_WRITE;
    }

    @Override
    public String writeWork() {
        return "";
    }

    @Override
    public boolean reusable() throws SQLException {
        if (!ours(BASE) || !ours(SETUP)) {
            return false;
        }
        try (Statement s = admin.createStatement(); ResultSet rs = s.executeQuery("SELECT urls, seed FROM " + SETUP)) {
            return rs.next() && rs.getLong(1) == workload.urls() && rs.getLong(2) == workload.seed();
        }
    }

    /**
     * Loads the base: the URLs in key order (InnoDB appends to the clustered index instead of
     * splitting pages), a thousand rows per INSERT. The setup row goes in last: a load interrupted
     * by Ctrl-C leaves none, and is loaded again.
     */
    @Override
    public void load(Progress progress) throws SQLException {
        String[] sorted = VisitedDatabase.sortedUrls(workload, urls, progress);
        progress.begin("loading visited URLs", sorted.length);
        dropOwn(SETUP);
        dropOwn(BASE);
        ddl("CREATE TABLE " + BASE + " " + COLUMNS + " ENGINE=InnoDB COMMENT='" + MARK + "'");
        ddl("CREATE TABLE " + SETUP + " (urls BIGINT NOT NULL, seed BIGINT NOT NULL) COMMENT='" + MARK + "'");
        int full = Math.min(LOAD_ROWS, sorted.length);
        try (PreparedStatement insert = admin.prepareStatement(multiRowInsert(full))) {
            int i = 0;
            while (i < sorted.length) {
                int n = Math.min(full, sorted.length - i);
                if (n == full) {
                    bind(insert, sorted, i, n);
                    insert.executeUpdate();
                } else {
                    try (PreparedStatement last = admin.prepareStatement(multiRowInsert(n))) {
                        bind(last, sorted, i, n);
                        last.executeUpdate();
                    }
                }
                i += n;
                progress.advance(i);
            }
        }
        try (Statement s = admin.createStatement()) {
            s.executeUpdate("INSERT INTO " + SETUP + " VALUES (" + workload.urls() + ", " + workload.seed() + ")");
        }
        progress.end();
    }

    private static String multiRowInsert(int rows) {
        StringBuilder sql = new StringBuilder("INSERT INTO " + BASE + " (url, depth, visited_at) VALUES ");
        for (int r = 0; r < rows; r++) {
            sql.append(r == 0 ? "(?, ?, ?)" : ", (?, ?, ?)");
        }
        return sql.toString();
    }

    /** Binds rows {@code from .. from+n-1} as H2's load does: the same depths and times. */
    private static void bind(PreparedStatement insert, String[] sorted, int from, int n) throws SQLException {
        for (int r = 0; r < n; r++) {
            String url = sorted[from + r];
            insert.setString(3 * r + 1, url);
            insert.setInt(3 * r + 2, url.length() % 8);
            insert.setTimestamp(3 * r + 3, new Timestamp(VisitedDatabase.EPOCH_MILLIS + 1000L * (from + r)));
        }
    }

    /** The base's size: InnoDB's estimate of its data and index, bytes. */
    @Override
    public long baseBytes() throws SQLException {
        try (PreparedStatement ps = admin.prepareStatement("SELECT DATA_LENGTH + INDEX_LENGTH FROM"
                + " information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?")) {
            ps.setString(1, BASE);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0;
            }
        }
    }

    @Override
    public Side copy(String name) throws SQLException {
        String table = PREFIX + name.replace('-', '_');
        dropOwn(table);
        ddl("CREATE TABLE " + table + " LIKE " + BASE); // the comment (MARK) comes along
        try (Statement s = admin.createStatement()) {
            s.executeUpdate("INSERT INTO " + table + " SELECT * FROM " + BASE);
        }
        return new Side() {
            private boolean closed;

            @Override
            public String table() {
                return table;
            }

            @Override
            public DataSource dataSource() {
                return source;
            }

            @Override
            public Meter meter() {
                return MySqlDemoDatabase::status;
            }

            /**
             * READ COMMITTED, both sides alike, as H2's crawl runs (its default). At InnoDB's default,
             * REPEATABLE READ, the gate answers nothing inside an explicit transaction: InnoDB creates
             * the read view at the transaction's first consistent read, which the gate cannot see from
             * outside, and an answer given before it could contradict a later read (architecture.md,
             * section 5). The crawl's lookups run inside the batch's transaction.
             */
            @Override
            public int isolation() {
                return Connection.TRANSACTION_READ_COMMITTED;
            }

            /** Drops the copy whatever {@code keep} says: the base stays, and a copy is made in seconds. */
            @Override
            public void close(boolean keep) throws SQLException {
                if (!closed) {
                    closed = true;
                    dropOwn(table);
                }
            }
        };
    }

    /** The counters of {@link #COUNTERS} on {@code session}: its own, and the server's where only those exist. */
    private static Io status(Connection session) throws SQLException {
        Map<String, Long> values = new HashMap<>();
        try (Statement s = session.createStatement(); ResultSet rs = s.executeQuery(STATUS_QUERY)) {
            while (rs.next()) {
                values.put(rs.getString(1).toLowerCase(Locale.ROOT), Long.parseLong(rs.getString(2).trim()));
            }
        } catch (NumberFormatException e) {
            return null;
        }
        long[] io = new long[STATUS.length];
        for (int i = 0; i < io.length; i++) {
            Long v = values.get(STATUS[i].toLowerCase(Locale.ROOT));
            if (v == null) {
                return null; // a server without one of them: no measured figures rather than wrong ones
            }
            io[i] = v;
        }
        return new Io(io);
    }

    @Override
    public String kept() throws SQLException {
        return String.format(Locale.ROOT, "  tables kept in database %s: %s and %s (%,.1f MB; a run with the same --urls"
                + " and --seed reuses them; DROP TABLE %s, %s when done)", database, BASE, SETUP, baseBytes() / 1e6,
                BASE, SETUP);
    }

    @Override
    public void close() throws SQLException {
        admin.close();
    }

    /** Whether the demo's table {@code table} exists (with the demo's comment). */
    private boolean ours(String table) throws SQLException {
        String comment = comment(table);
        return comment != null && comment.equals(MARK);
    }

    /** The comment of {@code table} in the database, or null if there is no such table. */
    private String comment(String table) throws SQLException {
        try (PreparedStatement ps = admin.prepareStatement("SELECT TABLE_COMMENT FROM information_schema.TABLES"
                + " WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    /** Drops the demo's table {@code table} if it exists; refuses to drop a table of that name the demo did not create. */
    private void dropOwn(String table) throws SQLException {
        String comment = comment(table);
        if (comment == null) {
            return;
        }
        if (!comment.equals(MARK)) {
            throw new SQLException("database " + database + " has a table " + table + " that the demo did not create"
                    + " (its comment is not '" + MARK + "'): the demo drops and re-creates the tables it names "
                    + PREFIX + "*, and will not drop this one; rename it, or name another database in --db-url");
        }
        ddl("DROP TABLE " + table);
    }

    /** Runs the demo's DDL; an error for missing rights names the rights and where. */
    private void ddl(String sql) throws SQLException {
        try (Statement s = admin.createStatement()) {
            s.execute(sql);
        } catch (SQLException e) {
            if (e.getErrorCode() == 1142 || e.getErrorCode() == 1044) { // command denied / access denied
                throw new SQLException("the demo creates and drops its own tables (" + PREFIX + "*) in database "
                        + database + ", and this user may not (" + e.getMessage() + "): GRANT CREATE, DROP, SELECT,"
                        + " INSERT, TRIGGER ON `" + database + "`.* to it (as an administrator), or name a database"
                        + " where it may in --db-url", e.getSQLState(), e.getErrorCode(), e);
            }
            throw e;
        }
    }
}
