package io.bloomgate;

import static org.assertj.core.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.mariadb.jdbc.MariaDbDataSource;

/**
 * A MariaDB server of a test's own, for faults that must not touch the shared one (a restart, a
 * killed connection, a table lock): {@code mariadb-install-db} into a temporary data directory,
 * {@code mariadbd} on a free loopback port and a socket in that directory (as {@code
 * .ci/mariadb.sh} starts the shared one), a test user {@code bg} (PROCESS included), {@code
 * bgnoproc} (the same rights on {@code bloomgate} and {@code fault*} databases, without PROCESS) and a
 * superuser {@code bgroot} over TCP. {@link #close()} kills the server and removes the directory; a JVM that
 * dies first leaves it to a shutdown hook. Needs {@code mariadbd} and root (to run it as {@code
 * mysql}); otherwise the test is skipped, or fails with {@code BLOOMGATE_REQUIRE_MYSQL=true}.
 */
final class OwnMariaDb implements AutoCloseable {

    private static final long START_SECONDS = 60;

    private final Path dir;
    private final int port;
    private Process server;
    private final Thread cleanup;

    private OwnMariaDb(Path dir, int port) {
        this.dir = dir;
        this.port = port;
        this.cleanup = new Thread(this::removeQuietly, "own-mariadb-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
    }

    /** Installs and starts a server, or skips (fails, if required) the test when that cannot be done here. */
    static OwnMariaDb start() throws Exception {
        String why = null;
        if (!onPath("mariadbd") || !onPath("mariadb-install-db") || !onPath("mariadb") || !onPath("mariadb-admin")) {
            why = "mariadbd, mariadb-install-db, mariadb or mariadb-admin is not on the PATH (install mariadb-server)";
        } else if (!"root".equals(System.getProperty("user.name"))) {
            why = "not running as root (mariadbd is started as user mysql)";
        }
        if (why != null) {
            String message = "MariaDB fault tests SKIPPED: they start a server of their own, and " + why;
            if (Boolean.parseBoolean(System.getenv("BLOOMGATE_REQUIRE_MYSQL"))) {
                fail(message + " — required here (BLOOMGATE_REQUIRE_MYSQL=true)");
            }
            System.err.println("WARNING: " + message);
            Assumptions.abort(message);
        }
        Path dir = Files.createTempDirectory("bloomgate-mariadb-");
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        OwnMariaDb db = new OwnMariaDb(dir, port);
        try {
            // Its own temporary directory: the shared server's is /tmp, and neither should see the other's files.
            Files.createDirectories(dir.resolve("tmp"));
            run(List.of("chown", "-R", "mysql:mysql", dir.toString()));
            run(List.of("mariadb-install-db", "--no-defaults", "--user=mysql", "--datadir=" + dir.resolve("data"),
                    "--auth-root-authentication-method=socket", "--skip-test-db"));
            db.startServer();
            db.rootSql("CREATE USER bg@'127.0.0.1' IDENTIFIED BY 'bg'; CREATE USER bg@localhost IDENTIFIED BY 'bg';"
                    + " GRANT ALL PRIVILEGES ON *.* TO bg@'127.0.0.1', bg@localhost;"
                    + " CREATE USER bgnoproc@'127.0.0.1' IDENTIFIED BY 'bgnoproc';"
                    + " CREATE USER bgnoproc@localhost IDENTIFIED BY 'bgnoproc';"
                    + " GRANT ALL PRIVILEGES ON `bloomgate`.* TO bgnoproc@'127.0.0.1', bgnoproc@localhost;"
                    + " GRANT ALL PRIVILEGES ON `fault%`.* TO bgnoproc@'127.0.0.1', bgnoproc@localhost;"
                    + " CREATE USER bgroot@'127.0.0.1' IDENTIFIED BY 'bgroot';"
                    + " CREATE USER bgroot@localhost IDENTIFIED BY 'bgroot';"
                    + " GRANT ALL PRIVILEGES ON *.* TO bgroot@'127.0.0.1', bgroot@localhost WITH GRANT OPTION");
            return db;
        } catch (Exception | Error e) {
            db.close();
            throw e;
        }
    }

    private static boolean onPath(String program) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(d, program))) {
                return true;
            }
        }
        return false;
    }

    private static String run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IllegalStateException(String.join(" ", command) + " failed: " + out);
        }
        return out;
    }

    /** Starts mariadbd on the data directory and waits until it answers. */
    void startServer() throws Exception {
        List<String> command = new ArrayList<>(List.of("mariadbd", "--no-defaults", "--user=mysql",
                "--datadir=" + dir.resolve("data"), "--tmpdir=" + dir.resolve("tmp"), "--socket=" + socket(), "--port=" + port, "--bind-address=127.0.0.1",
                "--pid-file=" + dir.resolve("mariadbd.pid"), "--skip-log-bin", "--innodb-buffer-pool-size=32M",
                "--max-connections=200"));
        server = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("server.log").toFile())).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
        while (System.nanoTime() < deadline) {
            if (!server.isAlive()) {
                throw new IllegalStateException("mariadbd exited with " + server.exitValue() + "; its log: " + log());
            }
            Process ping = new ProcessBuilder("mariadb-admin", "--no-defaults", "--socket=" + socket(), "ping")
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (ping.waitFor(10, TimeUnit.SECONDS) && ping.exitValue() == 0) {
                return;
            }
            ping.destroyForcibly();
            Thread.sleep(100);
        }
        throw new IllegalStateException("mariadbd did not answer within " + START_SECONDS + " s; its log: " + log());
    }

    /** SIGKILL: a crash (InnoDB recovers on the next start). */
    void kill() throws InterruptedException {
        server.destroyForcibly();
        server.waitFor(30, TimeUnit.SECONDS);
    }

    /** A clean shutdown (SHUTDOWN from the superuser), waiting for the process to end. */
    void shutdown() throws Exception {
        try (Connection c = dataSource("mysql", "bgroot").getConnection()) {
            c.createStatement().execute("SHUTDOWN");
        } catch (SQLException e) {
            // the connection may die with the server
        }
        if (!server.waitFor(60, TimeUnit.SECONDS)) {
            kill();
        }
    }

    private String socket() {
        return dir.resolve("mariadbd.sock").toString();
    }

    private String url(String database, String user, String password) {
        return "jdbc:mariadb://127.0.0.1:" + port + "/" + database + "?user=" + user + "&password=" + password
                + "&connectTimeout=5000";
    }

    /** A data source on {@code database} as {@code user} ({@code bg}, {@code bgnoproc}, {@code bgroot}; the password is the name). */
    MariaDbDataSource dataSource(String database, String user) throws SQLException {
        return new MariaDbDataSource(url(database, user, user));
    }

    /** Runs SQL as root over the socket (the mariadb client; statements separated by semicolons). */
    void rootSql(String sql) throws IOException, InterruptedException {
        run(List.of("mariadb", "--no-defaults", "--socket=" + socket(), "-uroot", "-e", sql));
    }

    private String log() {
        try {
            List<String> lines = Files.readAllLines(dir.resolve("server.log"));
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    private void removeQuietly() {
        Process p = server;
        if (p != null && p.isAlive()) {
            p.destroyForcibly();
            try {
                p.waitFor(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (Files.exists(dir)) {
            try (Stream<Path> paths = Files.walk(dir)) {
                paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            } catch (IOException e) {
                System.err.println("WARNING: could not remove " + dir + ": " + e);
            }
        }
    }

    /** Kills the server and removes its directory. */
    @Override
    public void close() {
        removeQuietly();
        try {
            Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException e) {
            // already shutting down: the hook runs anyway
        }
    }
}
