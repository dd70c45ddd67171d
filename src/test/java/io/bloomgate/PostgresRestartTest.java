package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.bloomgate.stats.GuardState;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A PostgreSQL server crash (stop -m immediate) and restart under two gate instances and concurrent
 * writers, on a private cluster this test creates and drops ({@code pg_createcluster}: Debian's
 * PostgreSQL 15 packages, as root, as CI runs; skipped otherwise, since restarting the shared server
 * would disturb everything else using it). The guards must pass lookups through while the server is
 * down, never answer a key committed more than staleAfter earlier absent, and be READY again soon
 * after it is back; the time is printed.
 */
class PostgresRestartTest {

    private static final Duration STALE_AFTER = Duration.ofSeconds(1);
    private static final String TABLE = "public.restart_t";

    @Test
    void aServerCrashAndRestartFailOpenAndCatchUp() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/pg_createcluster"))
                        && Files.isDirectory(Path.of("/usr/lib/postgresql/15/bin")) && "root".equals(System.getProperty("user.name")),
                "PostgreSQL restart test SKIPPED: it needs root and Debian's postgresql-15 (pg_createcluster) to run a"
                        + " private cluster; the shared server is never restarted");
        String name = "bloomgate_restart_" + ProcessHandle.current().pid();
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        List<AutoCloseable> closing = new ArrayList<>();
        try {
            run(60, "pg_createcluster", "15", name, "-p", Integer.toString(port), "-q", "-o", "fsync=off",
                    "-o", "listen_addresses=localhost", "-o", "max_connections=50", "-o", "shared_buffers=16MB",
                    "--", "--auth-host=trust", "--auth-local=trust");
            run(60, "pg_ctlcluster", "15", name, "start");
            PGSimpleDataSource admin = new PGSimpleDataSource();
            admin.setURL("jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=postgres");
            H2Databases.run(admin, "CREATE DATABASE bloomgate_restart");
            PGSimpleDataSource pg = new PGSimpleDataSource();
            pg.setURL("jdbc:postgresql://127.0.0.1:" + port + "/bloomgate_restart?user=postgres");
            H2Databases.run(pg, "CREATE TABLE " + TABLE + " (id bigint PRIMARY KEY, name text)",
                    "INSERT INTO " + TABLE + " SELECT g * 2, 'n' || g FROM generate_series(1, 3000) g");
            List<BloomGate> gates = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                HikariConfig config = new HikariConfig();
                config.setDataSource(pg);
                config.setMaximumPoolSize(4);
                config.setConnectionTimeout(20_000);
                HikariDataSource pool = new HikariDataSource(config);
                closing.add(0, pool);
                BloomGate gate = BloomGate.builder(pool).guard(TABLE, "id").staleAfter(STALE_AFTER).build();
                closing.add(0, gate);
                gates.add(gate);
            }
            List<String> report = new ArrayList<>();
            String summary;
            try (FaultWorkload workload = new FaultWorkload(TABLE, gates, pg, STALE_AFTER)) {
                Thread.sleep(700);
                long crash = System.nanoTime();
                run(30, "pg_ctlcluster", "15", name, "stop", "-m", "immediate");
                for (int i = 0; i < gates.size(); i++) {
                    long deadline = System.nanoTime() + STALE_AFTER.toNanos() + TimeUnit.SECONDS.toNanos(1);
                    while (state(gates.get(i)) == GuardState.READY && System.nanoTime() < deadline) {
                        Thread.sleep(1);
                    }
                    assertThat(state(gates.get(i))).as("gate %d while the server is down", i).isEqualTo(GuardState.UNSYNCED);
                    report.add("server crashed: gate " + i + " UNSYNCED after " + (System.nanoTime() - crash) / 1_000_000
                            + " ms");
                }
                Thread.sleep(500);
                long start = System.nanoTime();
                run(60, "pg_ctlcluster", "15", name, "start");
                long up = System.nanoTime();
                for (int i = 0; i < gates.size(); i++) {
                    long deadline = up + TimeUnit.SECONDS.toNanos(20);
                    while (state(gates.get(i)) != GuardState.READY && System.nanoTime() < deadline) {
                        Thread.sleep(1);
                    }
                    assertThat(state(gates.get(i))).as("gate %d after the restart", i).isEqualTo(GuardState.READY);
                    report.add("server restarted (pg_ctlcluster start took " + (up - start) / 1_000_000 + " ms): gate " + i
                            + " READY " + (System.nanoTime() - up) / 1_000_000 + " ms after it returned, "
                            + (System.nanoTime() - crash) / 1_000_000 + " ms after the crash");
                }
                Thread.sleep(700);
                summary = workload.finish(10_000);
            }
            System.out.println("[restart] " + summary);
            report.forEach(r -> System.out.println("[restart] " + r));
        } finally {
            for (AutoCloseable c : closing) {
                try {
                    c.close();
                } catch (Exception e) {
                    // keep closing
                }
            }
            run(60, "pg_dropcluster", "15", name, "--stop");
        }
    }

    private static GuardState state(BloomGate gate) {
        return gate.stats(TABLE, "id").state();
    }

    /** Runs a command, failing the test if it fails or outlasts {@code seconds}. */
    private static void run(int seconds, String... command) throws IOException, InterruptedException {
        Path out = Files.createTempFile("bloomgate-restart", ".log"); // a file: a daemon may keep a pipe open
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
            if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " took longer than " + seconds + " s");
            }
            if (p.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed (" + p.exitValue() + "): "
                        + Files.readString(out, StandardCharsets.UTF_8));
            }
        } finally {
            Files.deleteIfExists(out);
        }
    }
}
