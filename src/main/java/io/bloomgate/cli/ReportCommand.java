package io.bloomgate.cli;

import io.bloomgate.GateReport;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code bloomgate report}: the guards of a database, as bloomgate's text table or JSON: on H2 from
 * {@code BLOOM_STATS()}, on PostgreSQL and MySQL/MariaDB from the counters gate instances persist
 * ({@code bloomgate.instance_stats}), aggregated over instances.
 */
@Command(name = "report", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"The guards of a database, as a table or JSON.",
            "PostgreSQL: every gate instance writes its counters to bloomgate.instance_stats (at most once a second,"
                + " and on close); the report sums them per guard over instances (live ones, and ended ones for"
                + " seven days), lists the instances, and measures the key indexes' I/O since the oldest instance"
                + " started (pg_stat_user_indexes, pg_statio_user_indexes).",
            "MySQL/MariaDB: the same from the server's bloomgate database, for the URL's database (every database if"
                + " it names none), with the server's reads since the oldest instance started (SHOW GLOBAL STATUS:"
                + " Handler_read_key, Innodb_buffer_pool_read_requests, Innodb_buffer_pool_reads; server-wide).",
            "H2: prints BLOOM_STATS(). Guards live in the memory of the JVM that built them: an embedded database"
                + " shows the guards of this JVM (none, from a fresh command line); an H2 server (jdbc:h2:tcp://...)"
                + " running bloomgate with sql/h2/install.sql shows its own."},
        footer = {"", "Exit codes: 0 done, 1 failure (cannot connect, no such database, no bloomgate schema),",
            "2 usage error."})
final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--url", required = true, paramLabel = "JDBC_URL", description = "The database's JDBC URL.")
    String url;

    @Option(names = "--user", description = "User name.")
    String user;

    @Option(names = "--password", description = "Password.")
    String password;

    @Option(names = "--json", description = "Print JSON (the fields of GateReport.toJson()).")
    boolean json;

    @Mixin
    Verbosity verbosity;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        String lower = url.toLowerCase(Locale.ROOT);
        Properties props = new Properties();
        if (user != null) {
            props.setProperty("user", user);
        }
        if (password != null) {
            props.setProperty("password", password);
        }
        if (lower.startsWith("jdbc:postgresql:")) {
            PostgresStats stats;
            try (Connection c = DriverManager.getConnection(url, props)) {
                c.setReadOnly(true);
                stats = PostgresStats.read(c);
            }
            out.print(json ? PostgresReport.json(stats) + "\n" : PostgresReport.text(stats));
            out.flush();
            return 0;
        }
        if (lower.startsWith("jdbc:mariadb:") || lower.startsWith("jdbc:mysql:")) {
            MySqlStats stats;
            try (Connection c = DriverManager.getConnection(url, props)) {
                stats = MySqlStats.read(c);
            }
            out.print(json ? MySqlReport.json(stats) + "\n" : MySqlReport.text(stats));
            out.flush();
            return 0;
        }
        if (!lower.startsWith("jdbc:h2:")) {
            throw new ParameterException(spec.commandLine(), "--url must be an H2 (jdbc:h2:...), PostgreSQL"
                    + " (jdbc:postgresql:...) or MySQL/MariaDB (jdbc:mariadb:... or jdbc:mysql:...) URL, was "
                    + url);
        }
        boolean embedded = !lower.startsWith("jdbc:h2:tcp:") && !lower.startsWith("jdbc:h2:ssl:");
        BloomStatsRows.Rows rows;
        try (Connection c = DriverManager.getConnection(ifExists(url, lower), props)) {
            rows = BloomStatsRows.read(c, embedded);
        }
        GateReport report = GateReport.of(rows.guards());
        if (json) {
            out.println(report.toJson());
        } else if (rows.guards().isEmpty()) {
            out.println("No guards on this database" + (embedded ? " in this JVM (guards live in the memory of the"
                    + " JVM that built them)." : "."));
        } else {
            out.print(report.toText());
        }
        for (Map.Entry<String, Long> e : rows.unattributed().entrySet()) {
            spec.commandLine().getErr().printf(Locale.ROOT, "note: %s: %,d bypassed statements not in the figures"
                    + " (this BLOOM_STATS() has no BYPASSED_BY_REASON column)%n", e.getKey(), e.getValue());
        }
        out.flush();
        return 0;
    }

    /** An embedded file URL gets IFEXISTS=TRUE: a mistyped path must fail, not create an empty database. */
    private static String ifExists(String url, String lower) {
        boolean file = !lower.startsWith("jdbc:h2:mem:") && !lower.startsWith("jdbc:h2:tcp:")
                && !lower.startsWith("jdbc:h2:ssl:");
        return file && !lower.contains("ifexists=") ? url + ";IFEXISTS=TRUE" : url;
    }
}
