package io.bloomgate;

import static org.assertj.core.api.Assertions.fail;

import org.junit.jupiter.api.Assumptions;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The PostgreSQL server tests run against, in this order:
 * <ol>
 *   <li>the one named by {@code BLOOMGATE_PG_URL} (CI starts it with {@code .ci/postgres.sh});</li>
 *   <li>otherwise, when Docker is available, one {@code postgres:15-alpine} container per JVM,
 *       started by the first test that asks (see {@link DockerDatabases#postgres()});</li>
 *   <li>otherwise the tests are skipped, loudly; with {@code BLOOMGATE_REQUIRE_PG=true} (as CI
 *       sets) a missing server fails them instead.</li>
 * </ol>
 */
public final class PostgresServer {

    private PostgresServer() {
    }

    public static PGSimpleDataSource dataSource() {
        String url = System.getenv("BLOOMGATE_PG_URL");
        if (url != null && !url.isBlank()) {
            // Checked first, and Testcontainers is not even loaded on this path: probing for Docker
            // takes seconds and logs warnings on machines that have none.
            PGSimpleDataSource ds = new PGSimpleDataSource();
            ds.setURL(url);
            return ds;
        }
        DockerDatabases.Connection container = DockerDatabases.postgres();
        if (container != null) {
            PGSimpleDataSource ds = new PGSimpleDataSource();
            ds.setURL(container.jdbcUrl());
            ds.setUser(container.user());
            ds.setPassword(container.password());
            return ds;
        }
        String message = "PostgreSQL tests SKIPPED: set BLOOMGATE_PG_URL (e.g. run `bash .ci/postgres.sh`)"
                + " or make Docker available";
        if (Boolean.parseBoolean(System.getenv("BLOOMGATE_REQUIRE_PG"))) {
            fail(message + " — required here (BLOOMGATE_REQUIRE_PG=true)");
        }
        System.err.println("WARNING: " + message);
        return Assumptions.abort(message);
    }
}
