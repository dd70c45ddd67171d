package io.bloomgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/** Options, help, exit codes and one-line errors; nothing here runs a crawl. */
class CommandLineTest {

    @TempDir
    Path dir;

    @Test
    void helpForTheRootAndEveryCommand() {
        Cli root = Cli.run("--help");
        assertThat(root.code).isZero();
        assertThat(root.out).contains("Usage: bloomgate", "demo", "report", "bench", "Exit codes: 0 done, 1 failure,"
                + " 2 usage error.");
        for (String command : new String[] {"demo", "report", "bench"}) {
            Cli help = Cli.run(command, "--help");
            assertThat(help.code).as(command).isZero();
            assertThat(help.out).as(command).contains("Usage: bloomgate " + command, "--verbose", "Exit codes");
            assertThat(help.err).as(command).isEmpty();
        }
        assertThat(Cli.run("demo", "--help").out).contains("--urls=N", "--seen=FRACTION", "--fpp=RATE", "--seed",
                "--out=FILE", "--db=DIR", "1000000)");
        assertThat(Cli.run("bench", "--help").out).contains("--json", "JSON fields");
        assertThat(Cli.run("report", "--help").out).contains("--url=JDBC_URL", "--user", "--password", "--json");
        assertThat(Cli.run("help", "demo").out).contains("Usage: bloomgate demo");
    }

    @Test
    void demoOptionsParse() {
        CommandLine cl = new CommandLine(new Main());
        ParseResult parsed = cl.parseArgs("demo", "--urls", "2_000_000", "--checks", "50,000", "--seen", "0.25",
                "--fpp", "0.001", "--seed", "7", "--out", "r.html", "--db", "d", "--cache-kb", "512", "--batch", "100");
        DemoCommand demo = (DemoCommand) parsed.subcommand().commandSpec().userObject();
        Workload w = demo.options.workload(parsed.subcommand().commandSpec());
        assertThat(w).isEqualTo(new Workload(2_000_000, 50_000, 0.25, 0.001, 7, Path.of("d"), 512, 100));
        assertThat(demo.out).isEqualTo(Path.of("r.html"));

        DemoCommand defaults = (DemoCommand) new CommandLine(new Main()).parseArgs("demo").subcommand().commandSpec()
                .userObject();
        assertThat(defaults.options.workload(defaults.spec))
                .isEqualTo(new Workload(1_000_000, 200_000, 0.1, 0.01, 42, null, 1024, 10_000));
    }

    @Test
    void noCommandMeansTheDemo() {
        assertThat(Main.withDefaultCommand(new String[0])).containsExactly("demo");
        assertThat(Main.withDefaultCommand(new String[] {"--urls", "2000000"})).containsExactly("demo", "--urls",
                "2000000");
        assertThat(Main.withDefaultCommand(new String[] {"--help"})).containsExactly("--help");
        assertThat(Main.withDefaultCommand(new String[] {"bench", "--json"})).containsExactly("bench", "--json");
    }

    @Test
    void usageErrorsAreOneLineWithExitCode2() {
        Cli unknown = Cli.run("demo", "--no-such-option");
        assertThat(unknown.code).isEqualTo(2);
        assertThat(unknown.err.lines()).hasSize(1);
        assertThat(unknown.err).startsWith("bloomgate demo: Unknown option: '--no-such-option'").contains("--help");

        Cli range = Cli.run("bench", "--seen", "1.5");
        assertThat(range.code).isEqualTo(2);
        assertThat(range.err.strip()).isEqualTo("bloomgate bench: Invalid value for option '--seen': '1.5' is out of"
                + " range: it must be between 0 and 1 (e.g. 0.1 for 10%) (see bloomgate bench --help)");

        Cli missing = Cli.run("report");
        assertThat(missing.code).isEqualTo(2);
        assertThat(missing.err).contains("Missing required option: '--url=JDBC_URL'");

        Cli notH2 = Cli.run("report", "--url", "jdbc:sqlite:x.db");
        assertThat(notH2.code).isEqualTo(2);
        assertThat(notH2.err).contains("--url must be an H2 (jdbc:h2:...), PostgreSQL (jdbc:postgresql:...) or MySQL/MariaDB");
    }

    @Test
    void runtimeFailuresAreOneLineUnlessVerbose() {
        String url = "jdbc:h2:file:" + dir.resolve("missing").toAbsolutePath();
        Cli failed = Cli.run("report", "--url", url);
        assertThat(failed.code).isEqualTo(1);
        assertThat(failed.err.lines()).hasSize(1);
        assertThat(failed.err).startsWith("bloomgate report: error: Database ").contains("not found");

        Cli verbose = Cli.run("report", "--url", url, "--verbose");
        assertThat(verbose.code).isEqualTo(1);
        assertThat(verbose.err.lines().count()).isGreaterThan(5);
        assertThat(verbose.err).contains("\tat org.h2.");
    }
}
