package io.bloomgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.MySqlServer;
import io.bloomgate.stats.GuardStats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mariadb.jdbc.MariaDbDataSource;

/**
 * The demo on MariaDB ({@code --db-url}): both sides find and insert the same URLs, the gate avoids
 * lookups (the server's own counters say so), the figures name MariaDB, a re-run reuses the base,
 * and what the demo cannot do gets an error saying what to do. A database of its own on the server
 * of {@code BLOOMGATE_MYSQL_URL} (skipped with a warning without one, as the other MariaDB tests).
 */
class MariaDbDemoTest {

    private final String database = "bloomgate_dm" + Long.toHexString(System.nanoTime());
    private MariaDbDataSource db;

    @TempDir
    Path dir;

    @BeforeEach
    void setUp() throws SQLException {
        run(MySqlServer.dataSource(), "CREATE DATABASE " + database);
        db = MySqlServer.forDatabase(database);
    }

    @AfterEach
    void tearDown() throws SQLException {
        if (db != null) {
            run(db, "DROP DATABASE " + database);
        }
    }

    private static void run(javax.sql.DataSource ds, String... sql) throws SQLException {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            for (String q : sql) {
                s.execute(q);
            }
        }
    }

    private String baseCreated() throws SQLException {
        try (Connection c = db.getConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT CONCAT(CREATE_TIME, '/', TABLE_ROWS > 0) FROM"
                        + " information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()"
                        + " AND TABLE_NAME = 'bloomgate_demo_base'")) {
            assertThat(rs.next()).isTrue();
            return rs.getString(1);
        }
    }

    private List<String> tables() throws SQLException {
        List<String> names = new ArrayList<>();
        try (Connection c = db.getConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT TABLE_NAME FROM information_schema.TABLES"
                        + " WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME")) {
            while (rs.next()) {
                names.add(rs.getString(1));
            }
        }
        return names;
    }

    @Test
    void bothSidesAgreeTheGateAvoidsLookupsAndARerunReusesTheBase() throws Exception {
        String url = MySqlServer.url(database);
        Workload w = new Workload(20_000, 4_000, 0.1, 0.01, 42, null, 1024, 1_000, url);
        TwoRuns.Result r = new TwoRuns(w, Progress.none()).run();
        GuardStats g = r.with().guard();

        assertThat(r.reused()).isFalse();
        assertThat(r.consistent()).isTrue();
        assertThat(r.with().found()).isEqualTo(r.without().found()).isBetween(300L, 500L); // about 10% seen
        assertThat(r.with().inserted()).isEqualTo(r.without().inserted()).isEqualTo(4_000 - r.with().found());
        assertThat(g.avoided()).as("the crawl's lookups of new URLs").isGreaterThan(2_000);
        assertThat(r.without().databaseLookups()).isEqualTo(4_000);
        assertThat(r.with().databaseLookups()).isEqualTo(g.passedThrough() + g.bypassed()).isLessThan(2_000);
        // The server's own per-session counters: every lookup that reached it is one index read.
        assertThat(r.without().lookupIo().headline()).isEqualTo(4_000);
        assertThat(r.with().lookupIo().headline()).isEqualTo(r.with().databaseLookups());
        // With the gate, the trigger also writes each new key to the change log: twice the rows.
        assertThat(r.without().insertIo().get(2)).isEqualTo(r.without().inserted());
        assertThat(r.with().insertIo().get(2)).isEqualTo(2 * r.with().inserted());
        assertThat(r.probesWith().found()).isEqualTo(r.probesWithout().found()).isBetween(10L, 90L); // about 1%
        assertThat(r.probesWithout().io().headline()).isEqualTo(4_000);
        assertThat(r.probesWith().io().headline()).isLessThan(400);
        assertThat(r.crawl().size()).isEqualTo(4);
        assertThat(r.database().description()).matches("MariaDB 1[0-9.]+ at [^ ]+:[0-9]+ \\(database " + database
                + ", InnoDB buffer pool [0-9,]+ MiB\\)");
        String text = new Summary(r).text();
        assertThat(text).startsWith("bloomgate demo: a crawler's visited-URL table on MariaDB ")
                .contains("sent to MariaDB (passed through, bypassed)", "index reads (Handler_read_key)",
                        "buffer pool page reads, server-wide", "index reads saved, measured:",
                        "SHOW SESSION STATUS on each side's own connection",
                        "FROM bloomgate_demo_run_with_gate (and _without_gate) WHERE url = ?")
                .doesNotContain("H2", "MISMATCH");
        assertThat(new Summary(r).json()).contains("\"consistent\":true", "\"database\":\"MariaDB ",
                "\"measuredIndexReads\":", "\"lookupIndexReads\":", "\"withGateIndexReads\":");
        // The copies are dropped; the base stays for the next run.
        assertThat(tables()).containsExactly("bloomgate_demo_base", "bloomgate_demo_setup");
        assertThat(r.kept()).contains("tables kept in database " + database + ": bloomgate_demo_base and"
                + " bloomgate_demo_setup", "DROP TABLE bloomgate_demo_base, bloomgate_demo_setup when done");

        // Again through the command line, on the kept base (not loaded again): the same answers, and the
        // page names MariaDB.
        String created = baseCreated();
        Path html = dir.resolve("demo.html");
        Cli demo = Cli.run("demo", "--urls", "20000", "--checks", "4000", "--batch", "1000", "--quiet", "--out",
                html.toString(), "--db-url", url);
        assertThat(demo.code).as(demo.err).isZero();
        assertThat(demo.out).startsWith("bloomgate demo: a crawler's visited-URL table on MariaDB ")
                .contains(String.format(java.util.Locale.ROOT, "  %-40s %14s %14s", "URLs found (seen before)",
                        Summary.count(r.without().found()), Summary.count(r.with().found())))
                .contains("tables kept in database " + database).doesNotContain("MISMATCH");
        assertThat(baseCreated()).isEqualTo(created);
        assertThat(Files.readString(html)).contains("on MariaDB", "measured: Handler_read_key, per session",
                "lookups sent to MariaDB");
        // MySQL Connector/J's URL form works too.
        Cli bench = Cli.run("bench", "--urls", "20000", "--checks", "2000", "--batch", "1000", "--quiet", "--json",
                "--db-url", MySqlServer.Flavour.MYSQL_CLIENT_PREPARE.url(database, ""));
        assertThat(bench.code).as(bench.err).isZero();
        assertThat(bench.out.strip()).startsWith("{\"workload\":{\"urls\":20000,").contains("\"database\":\"MariaDB ")
                .endsWith("\"consistent\":true}");
        assertThat(tables()).containsExactly("bloomgate_demo_base", "bloomgate_demo_setup");
    }

    /** A table of one of the demo's names that the demo did not create is neither dropped nor used. */
    @Test
    void aTableOfTheSameNameThatIsNotTheDemosIsLeftAlone() throws Exception {
        run(db, "CREATE TABLE bloomgate_demo_base (id INT PRIMARY KEY)", "INSERT INTO bloomgate_demo_base"
                + " VALUES (7)");
        Cli demo = Cli.run("demo", "--urls", "1000", "--checks", "100", "--quiet", "--out",
                dir.resolve("d.html").toString(), "--db-url", MySqlServer.url(database));
        assertThat(demo.code).isEqualTo(1);
        assertThat(demo.err).contains("database " + database + " has a table bloomgate_demo_base that the demo did not"
                + " create (its comment is not 'bloomgate demo'): the demo drops and re-creates the tables it names"
                + " bloomgate_demo_*, and will not drop this one; rename it, or name another database in --db-url");
        try (Connection c = db.getConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT id FROM bloomgate_demo_base")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getInt(1)).isEqualTo(7);
        }
    }

    @Test
    void aMissingDatabaseOrMissingRightsSayWhatToDo() throws SQLException {
        String missing = database + "_missing";
        Cli none = Cli.run("demo", "--urls", "1000", "--checks", "100", "--quiet", "--out",
                dir.resolve("d.html").toString(), "--db-url", MySqlServer.url(missing));
        assertThat(none.code).isEqualTo(1);
        assertThat(none.err).containsPattern("database " + missing + " does not exist on the server at [^ ]+:[0-9]+:"
                + " create it \\(CREATE DATABASE " + missing + ", as a user who may\\) or name another one in --db-url")
                .doesNotContain("password=bloomgate");

        // information_schema: the user may connect to it, not create tables in it.
        Cli noCreate = Cli.run("bench", "--urls", "1000", "--checks", "100", "--quiet",
                "--db-url", MySqlServer.url("information_schema"));
        assertThat(noCreate.code).isEqualTo(1);
        assertThat(noCreate.err).contains("the demo creates and drops its own tables (bloomgate_demo_*) in database"
                + " information_schema, and this user may not (", "GRANT CREATE, DROP, SELECT, INSERT, TRIGGER ON"
                + " `information_schema`.* to it (as an administrator), or name a database where it may in --db-url");

        // A user without TRIGGER: the gate's own error names the GRANT; the demo's copies are dropped.
        String noTrigger = MySqlServer.url(database).replaceFirst("user=[^&]*", "user=bloomgate_notrigger")
                .replaceFirst("password=[^&]*", "password=bloomgate_notrigger");
        Cli trigger = Cli.run("bench", "--urls", "1000", "--checks", "100", "--quiet", "--db-url", noTrigger);
        assertThat(trigger.code).isEqualTo(1);
        assertThat(trigger.err).contains("GRANT TRIGGER ON `" + database + "`.`bloomgate_demo_run_with_gate` TO"
                + " 'bloomgate_notrigger'@");
        assertThat(tables()).containsExactly("bloomgate_demo_base", "bloomgate_demo_setup");
    }
}
