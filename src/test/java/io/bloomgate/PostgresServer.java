package io.bloomgate;

import static org.assertj.core.api.Assertions.fail;

import org.junit.jupiter.api.Assumptions;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The PostgreSQL server tests run against: the one named by {@code BLOOMGATE_PG_URL} (CI starts it
 * with {@code .ci/postgres.sh}). Without it the tests are skipped, loudly; with
 * {@code BLOOMGATE_REQUIRE_PG=true} (as CI sets) a missing server fails them instead.
 */
final class PostgresServer {

    private PostgresServer() {
    }

    static PGSimpleDataSource dataSource() {
        String url = System.getenv("BLOOMGATE_PG_URL");
        if (url == null || url.isBlank()) {
            String message = "PostgreSQL tests SKIPPED: set BLOOMGATE_PG_URL (e.g. run `bash .ci/postgres.sh`)";
            if (Boolean.parseBoolean(System.getenv("BLOOMGATE_REQUIRE_PG"))) {
                fail(message + " — required here (BLOOMGATE_REQUIRE_PG=true)");
            }
            System.err.println("WARNING: " + message);
            Assumptions.abort(message);
        }
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setURL(url);
        return ds;
    }
}
