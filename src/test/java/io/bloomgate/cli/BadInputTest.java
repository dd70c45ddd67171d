package io.bloomgate.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * Bad values of demo's and bench's options are usage errors (exit 2, one line) that name the
 * option, the value and what is allowed, before any work: nothing here runs a crawl.
 */
class BadInputTest {

    @TempDir
    Path dir;

    static Stream<Arguments> badNumbers() {
        return Stream.of(
                // Before: "error: integer overflow" (exit 1), after generating nothing for a while.
                Arguments.of("demo --urls 99999999999999", "'--urls': '99999999999999' is out of range: it must be"
                        + " between 1,000 and 2,147,483,639"),
                Arguments.of("bench --urls 3000000000", "'--urls': '3000000000' is out of range"),
                Arguments.of("demo --urls 9223372036854775808", "'--urls': '9223372036854775808' is out of range"),
                Arguments.of("demo --urls -5", "'--urls': '-5' is out of range: it must be between 1,000 and"),
                Arguments.of("demo --urls 999", "'--urls': '999' is out of range"),
                Arguments.of("demo --urls abc", "'--urls': 'abc' is not a whole number (write e.g. 2000000"),
                Arguments.of("demo --urls 1.5", "'--urls': '1.5' is not a whole number"),
                Arguments.of("demo --checks 0", "'--checks': '0' is out of range: it must be between 1 and"
                        + " 1,000,000,000,000"),
                Arguments.of("bench --checks 99999999999999999999", "'--checks': '99999999999999999999' is out of"
                        + " range"),
                Arguments.of("demo --seen NaN", "'--seen': 'NaN' is not a number"),
                Arguments.of("demo --seen -0.1", "'--seen': '-0.1' is out of range: it must be between 0 and 1"),
                Arguments.of("demo --seen 1.5", "'--seen': '1.5' is out of range: it must be between 0 and 1"),
                Arguments.of("demo --fpp 0", "'--fpp': '0' is out of range: it must be at least 1.0E-14 and below"
                        + " 0.5"),
                Arguments.of("demo --fpp NaN", "'--fpp': 'NaN' is not a number"),
                Arguments.of("demo --fpp Infinity", "'--fpp': 'Infinity' is not a number"),
                Arguments.of("demo --fpp 0.5", "'--fpp': '0.5' is out of range"),
                // Before: "error: A filter for ... needs Infinity bits" (exit 1), after loading the table.
                Arguments.of("demo --fpp 1e-300", "'--fpp': '1e-300' is out of range: it must be at least 1.0E-14"),
                Arguments.of("demo --seed 9223372036854775808", "'--seed': '9223372036854775808' is out of range:"
                        + " it must be between -9,223,372,036,854,775,808 and 9,223,372,036,854,775,807"),
                Arguments.of("demo --seed 1.5", "'--seed': '1.5' is not a whole number"),
                Arguments.of("demo --cache-kb 255", "'--cache-kb': '255' is out of range: it must be between 256"
                        + " and 2,147,483,647"),
                Arguments.of("demo --cache-kb 99999999999", "'--cache-kb': '99999999999' is out of range"),
                Arguments.of("bench --batch 0", "'--batch': '0' is out of range: it must be between 1 and 1,000,000"),
                Arguments.of("bench --batch 1000001", "'--batch': '1000001' is out of range"),
                Arguments.of("demo --batch 99999999999999999999", "'--batch': '99999999999999999999' is out of"
                        + " range"));
    }

    @ParameterizedTest
    @MethodSource("badNumbers")
    void badNumbersAreUsageErrorsNamingTheOptionTheValueAndTheRange(String args, String expected) {
        Cli cli = Cli.run(args.split(" "));
        String command = args.substring(0, args.indexOf(' '));
        assertThat(cli.code).as(args).isEqualTo(2);
        assertThat(cli.err.lines()).as(args).hasSize(1);
        assertThat(cli.err).as(args).startsWith("bloomgate " + command + ": Invalid value for option " + expected)
                .endsWith("(see bloomgate " + command + " --help)" + System.lineSeparator());
        assertThat(cli.out).as(args).isEmpty();
    }

    @Test
    void numbersAreAcceptedAsPeopleWriteThem() {
        Workload w = workload("demo", "--urls", "2e6", "--checks", "50,000", "--seed", "-7", "--batch", "1_000",
                "--fpp", "1e-14", "--seen", "1", "--cache-kb", "256");
        assertThat(w).isEqualTo(new Workload(2_000_000, 50_000, 1, 1e-14, -7, null, 256, 1_000));
        assertThat(workload("bench", "--urls", "1000", "--checks", "1", "--seen", "0", "--batch", "1000000").urls())
                .isEqualTo(1_000);
    }

    @Test
    void aFilterLargerThanAJavaArrayNamesTheOptionsThatSizeIt() {
        Cli cli = Cli.run("bench", "--checks", "999,999,999,999");
        assertThat(cli.code).isEqualTo(2);
        assertThat(cli.err).startsWith("bloomgate bench: the gate's filter for --urls 1,000,000 plus --checks"
                        + " 999,999,999,999 = 1,000,000,999,999 keys at --fpp 0.01 cannot be built:")
                .contains("16 GiB").contains("its expected key count is --urls plus --checks, its rate --fpp");
    }

    @Test
    void limitsOfThisJvmsHeapSayHowMuchFitsAndHowToRaiseIt() {
        long heap = 64L << 20;
        // 1,000,000 URLs need about 122 MiB while loading: 128 bytes each, measured about 100.
        assertThat(usageError(heap, "demo", "--urls", "1000000"))
                .isEqualTo("--urls 1,000,000 needs about 122 MiB of heap to generate and sort the URLs, more than this"
                        + " JVM's maximum heap (64 MiB); lower --urls (at most 524,288 here) or raise the heap (java"
                        + " -Xmx...; under mvn exec:java, MAVEN_OPTS=-Xmx...)");
        assertThat(usageError(heap, "demo", "--urls", "1000", "--cache-kb", "40000"))
                .startsWith("--cache-kb 40,000 is more than half of this JVM's maximum heap (64 MiB)")
                .contains("at most 32,768 here");
        // 30 million keys at 1%: about 36 MiB of filter, more than half of 64 MiB.
        assertThat(usageError(heap, "bench", "--urls", "1000", "--checks", "30000000"))
                .startsWith("the gate's filter for --urls 1,000 plus --checks 30,000,000 = 30,001,000 keys at --fpp"
                        + " 0.01 needs 35 MiB, more than half of this JVM's maximum heap (64 MiB)")
                .contains("lower --urls or --checks, raise --fpp");
        // ... all of which fit a larger heap.
        String[] all = {"bench", "--urls", "1000000", "--checks", "30000000", "--cache-kb", "40000"};
        assertThat(parse(all).workload(spec(all), 1L << 30).urls()).isEqualTo(1_000_000);
    }

    @Test
    void anOutThatIsADirectoryOrUnderAFileIsAUsageErrorBeforeTheCrawl() throws IOException {
        Path file = Files.createFile(dir.resolve("plain"));
        Cli isDir = Cli.run("demo", "--urls", "1000", "--checks", "10", "--quiet", "--out", dir.toString());
        assertThat(isDir.code).isEqualTo(2);
        assertThat(isDir.out).isEmpty(); // no summary: the crawl never ran
        assertThat(isDir.err.strip()).isEqualTo("bloomgate demo: --out " + dir + ": that is a directory; pass a file"
                + " name, e.g. --out " + dir.resolve("bloomgate-demo.html") + " (see bloomgate demo --help)");

        Cli underFile = Cli.run("demo", "--urls", "1000", "--checks", "10", "--quiet", "--out",
                file.resolve("sub/report.html").toString());
        assertThat(underFile.code).isEqualTo(2);
        assertThat(underFile.out).isEmpty();
        assertThat(underFile.err).contains(": cannot create its directory: " + file + " is a file, not a directory;"
                + " pass a file you can write with --out FILE");
    }

    @Test
    void aDbThatIsAFileOrUnderAFileIsAUsageErrorSayingWhatToDo() throws IOException {
        Path file = Files.createFile(dir.resolve("plain"));
        for (String command : new String[] {"demo", "bench"}) {
            Cli isFile = Cli.run(command, "--urls", "1000", "--checks", "10", "--quiet", "--db", file.toString());
            assertThat(isFile.code).isEqualTo(2);
            assertThat(isFile.out).isEmpty();
            assertThat(isFile.err.strip()).isEqualTo("bloomgate " + command + ": --db " + file + ": that is a file, not"
                    + " a directory; pass another directory with --db DIR, or leave --db out for a temporary one (see"
                    + " bloomgate " + command + " --help)");
            Cli under = Cli.run(command, "--urls", "1000", "--checks", "10", "--quiet", "--db",
                    file.resolve("db").toString());
            assertThat(under.code).isEqualTo(2);
            assertThat(under.err).contains("--db " + file.resolve("db") + ": cannot create the directory: " + file
                    + " is a file, not a directory; pass another directory");
        }
    }

    /** Before: a directory named "jdbc:h2:." appeared in the working directory, and the run went on. */
    @Test
    void aJdbcUrlGivenToDbIsAUsageErrorNamingThePathToPass() {
        for (String command : new String[] {"demo", "bench"}) {
            Cli url = Cli.run(command, "--urls", "1000", "--checks", "10", "--quiet", "--db", "jdbc:h2:./bloomgate-url-db");
            assertThat(url.code).isEqualTo(2);
            assertThat(url.out).isEmpty();
            assertThat(url.err.strip()).startsWith("bloomgate " + command + ": --db jdbc:h2:./bloomgate-url-db: --db takes"
                    + " the directory for the H2 database files, not a JDBC URL; pass the directory, e.g. --db"
                    + " ./bloomgate-url-db");
        }
        assertThat(Path.of("jdbc:h2:.")).doesNotExist();
        assertThat(Path.of("bloomgate-url-db")).doesNotExist();
    }

    /**
     * Before: "pass the directory", as if the demo could run on the server the URL names. A MariaDB
     * URL is pointed to --db-url; a server the demo does not run on to what measures it.
     */
    @Test
    void aServerUrlGivenToDbSaysWhereItGoesOrWhatMeasuresAServer() {
        Cli url = Cli.run("demo", "--urls", "1000", "--checks", "10", "--quiet", "--db",
                "jdbc:mariadb://127.0.0.1:3306/app?user=app&password=secret");
        assertThat(url.code).isEqualTo(2);
        assertThat(url.out).isEmpty();
        assertThat(url.err.strip()).startsWith("bloomgate demo: --db takes the directory for the demo's H2 database"
                + " files, not a JDBC URL: pass a mariadb URL with --db-url");
        assertThat(url.err).doesNotContain("secret");
        assertThat(Path.of("jdbc:mariadb:")).doesNotExist();
        Cli pg = Cli.run("demo", "--urls", "1000", "--checks", "10", "--quiet", "--db",
                "jdbc:postgresql://127.0.0.1:5432/app?user=app&password=secret");
        assertThat(pg.code).isEqualTo(2);
        assertThat(pg.err.strip()).startsWith("bloomgate demo: --db takes the directory for the demo's H2 database"
                + " files, not a JDBC URL; the demo runs on H2 files, or on MariaDB/MySQL with --db-url, not on"
                + " postgresql. To measure a postgresql database, run your application through the gate and then"
                + " bloomgate report --url <its jdbc:postgresql: URL>");
        assertThat(pg.err).doesNotContain("secret");
    }

    /** --db-url: usage errors before anything connects, the password never shown. */
    @Test
    void aDbUrlTheDemoCannotUseIsAUsageErrorSayingWhatToPass() {
        for (String command : new String[] {"demo", "bench"}) {
            Cli pg = Cli.run(command, "--quiet", "--db-url", "jdbc:postgresql://127.0.0.1:5432/app?user=a&password=secret");
            assertThat(pg.code).isEqualTo(2);
            assertThat(pg.err.strip()).startsWith("bloomgate " + command + ": --db-url"
                    + " jdbc:postgresql://127.0.0.1:5432/app?user=a&password=***: the demo runs on MariaDB and MySQL"
                    + " (jdbc:mariadb:, jdbc:mysql:) and on H2 files (--db), not yet on PostgreSQL. To measure a"
                    + " PostgreSQL database, run your application through the gate and then bloomgate report --url");
            Cli h2 = Cli.run(command, "--quiet", "--db-url", "jdbc:h2:./x");
            assertThat(h2.code).isEqualTo(2);
            assertThat(h2.err).contains("for H2 the demo makes its own file databases; pass their directory with"
                    + " --db DIR");
            Cli other = Cli.run(command, "--quiet", "--db-url", "jdbc:oracle:thin:@db:1521/x");
            assertThat(other.code).isEqualTo(2);
            assertThat(other.err).contains("--db-url must be a MariaDB or MySQL JDBC URL");
            Cli noDatabase = Cli.run(command, "--quiet", "--db-url", "jdbc:mariadb://127.0.0.1:3306/?password=secret");
            assertThat(noDatabase.code).isEqualTo(2);
            assertThat(noDatabase.err).contains("names no database: the demo creates its tables in the URL's database")
                    .doesNotContain("secret");
            Cli both = Cli.run(command, "--quiet", "--db-url", "jdbc:mysql://127.0.0.1/app", "--db", dir.toString());
            assertThat(both.code).isEqualTo(2);
            assertThat(both.err).contains("--db (a directory for H2 files) and --db-url (a MariaDB/MySQL database)"
                    + " exclude each other");
            Cli cache = Cli.run(command, "--quiet", "--db-url", "jdbc:mariadb://127.0.0.1/app", "--cache-kb", "512");
            assertThat(cache.code).isEqualTo(2);
            assertThat(cache.err).contains("--cache-kb sets H2's page cache; with --db-url the server's buffer pool");
        }
    }

    /** Java's own messages are the bare path ("error: /proc/x.html"); the reason must be there. */
    @Test
    void aPathTheFileSystemRefusesGivesTheReason() {
        assumeThat(Files.isDirectory(Path.of("/proc/self"))).as("Linux /proc, where nothing can be created").isTrue();
        Cli out = Cli.run("demo", "--urls", "1000", "--checks", "10", "--quiet", "--out", "/proc/bloomgate-test.html");
        assertThat(out.code).isEqualTo(2);
        assertThat(out.err).startsWith("bloomgate demo: --out /proc/bloomgate-test.html: cannot write the file:"
                + " /proc/bloomgate-test.html cannot be created (the file system says: no such file or directory);"
                + " pass a file you can write with --out FILE");
        Cli db = Cli.run("bench", "--urls", "1000", "--checks", "10", "--quiet", "--db", "/proc/bloomgate-test/db");
        assertThat(db.code).isEqualTo(2);
        assertThat(db.err).startsWith("bloomgate bench: --db /proc/bloomgate-test/db: cannot create the directory:")
                .contains("no such file or directory").contains("pass another directory with --db DIR");
    }

    /** Root may write anywhere: this runs only where permissions apply. */
    @Test
    void aDirectoryWithoutWritePermissionSaysSo() throws IOException {
        Path locked = Files.createDirectory(dir.resolve("locked"));
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            assumeThat(Files.isWritable(locked)).as("permissions apply to this user (not root)").isFalse();
            Cli db = Cli.run("bench", "--urls", "1000", "--checks", "10", "--quiet", "--db", locked.toString());
            assertThat(db.code).isEqualTo(2);
            assertThat(db.err).contains("--db " + locked + ": cannot create files in the directory: permission denied");
            Cli out = Cli.run("demo", "--urls", "1000", "--checks", "10", "--quiet", "--out",
                    locked.resolve("r.html").toString());
            assertThat(out.code).isEqualTo(2);
            assertThat(out.err).contains("cannot write the file: permission denied for " + locked.resolve("r.html"));
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void reasonsNameWhatWasWrong() {
        assertThat(OutputPaths.reason(new java.nio.file.AccessDeniedException("/x/y"))).isEqualTo(
                "permission denied for /x/y (this user may not write there)");
        assertThat(OutputPaths.reason(new java.nio.file.NoSuchFileException(dir.resolve("a/b").toString())))
                .isEqualTo("directory " + dir.resolve("a") + " does not exist");
        assertThat(OutputPaths.reason(new java.nio.file.FileSystemException("/sys/x", null, "Read-only file system")))
                .isEqualTo("/sys/x: Read-only file system");
    }

    private static WorkloadOptions parse(String... args) {
        CommandLine.ParseResult parsed = new CommandLine(new Main()).parseArgs(args);
        Object command = parsed.subcommand().commandSpec().userObject();
        return command instanceof DemoCommand d ? d.options : ((BenchCommand) command).options;
    }

    private static CommandLine.Model.CommandSpec spec(String... args) {
        return new CommandLine(new Main()).parseArgs(args).subcommand().commandSpec();
    }

    private static Workload workload(String... args) {
        return parse(args).workload(spec(args));
    }

    private static String usageError(long heap, String... args) {
        try {
            parse(args).workload(spec(args), heap);
        } catch (ParameterException e) {
            return e.getMessage();
        }
        throw new AssertionError("no usage error for " + String.join(" ", args));
    }
}
