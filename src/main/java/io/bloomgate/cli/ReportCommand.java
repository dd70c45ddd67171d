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

/** {@code bloomgate report}: the guards of a database, as bloomgate's text table or JSON. */
@Command(name = "report", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"The guards of a database, as a table or JSON.",
            "Prints the guards of an H2 database (BLOOM_STATS()) as bloomgate's aligned table, or JSON. Guards live in"
                + " the memory of the JVM that built them: an embedded database shows the guards of this JVM (none, from"
                + " a fresh command line); an H2 server (jdbc:h2:tcp://...) running bloomgate with sql/h2/install.sql"
                + " shows its own."},
        footer = {"", "Exit codes: 0 done, 1 failure (cannot connect, no such database), 2 usage error,",
            "3 the database is PostgreSQL (needs the change feed's persisted stats: not available yet)."})
final class ReportCommand implements Callable<Integer> {

    /** The exit code of a report asked of PostgreSQL. */
    static final int POSTGRES_NOT_AVAILABLE = 3;

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
        if (lower.startsWith("jdbc:postgresql:")) {
            spec.commandLine().getErr().println("bloomgate report: report on PostgreSQL needs the change feed's"
                    + " persisted stats (not available yet)");
            return POSTGRES_NOT_AVAILABLE;
        }
        if (!lower.startsWith("jdbc:h2:")) {
            throw new ParameterException(spec.commandLine(), "--url must be an H2 (jdbc:h2:...) or PostgreSQL"
                    + " (jdbc:postgresql:...) URL, was " + url);
        }
        boolean embedded = !lower.startsWith("jdbc:h2:tcp:") && !lower.startsWith("jdbc:h2:ssl:");
        Properties props = new Properties();
        if (user != null) {
            props.setProperty("user", user);
        }
        if (password != null) {
            props.setProperty("password", password);
        }
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
