package io.bloomgate;

import static org.assertj.core.api.Assertions.fail;

import java.sql.SQLException;
import org.junit.jupiter.api.Assumptions;
import org.mariadb.jdbc.MariaDbDataSource;

/**
 * The MySQL or MariaDB server the MySQL tests ({@code MariaDb*Test}, {@code MySql*Test}) run
 * against, in this order:
 * <ol>
 *   <li>the one named by {@code BLOOMGATE_MYSQL_URL} (CI starts MariaDB 10.11 with {@code
 *       .ci/mariadb.sh});</li>
 *   <li>otherwise, when Docker is available, one {@code mysql:8.4} container per JVM, started by
 *       the first test that asks (see {@link DockerDatabases#mysql()});</li>
 *   <li>otherwise the tests are skipped, loudly; with {@code BLOOMGATE_REQUIRE_MYSQL=true} (as CI
 *       sets) a missing server fails them instead.</li>
 * </ol>
 * The data source is MariaDB Connector/J's, which speaks to both servers.
 */
public final class MySqlServer {

    private MySqlServer() {
    }

    public static MariaDbDataSource dataSource() {
        String url = System.getenv("BLOOMGATE_MYSQL_URL");
        try {
            if (url != null && !url.isBlank()) {
                // Checked first, and Testcontainers is not even loaded on this path (as PostgresServer).
                return new MariaDbDataSource(url);
            }
            DockerDatabases.Connection container = DockerDatabases.mysql();
            if (container != null) {
                MariaDbDataSource ds = new MariaDbDataSource(container.jdbcUrl());
                ds.setUser(container.user());
                ds.setPassword(container.password());
                return ds;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("BLOOMGATE_MYSQL_URL is not a MariaDB Connector/J URL: " + url, e);
        }
        String message = "MySQL/MariaDB tests SKIPPED: set BLOOMGATE_MYSQL_URL (e.g. run `bash .ci/mariadb.sh`)"
                + " or make Docker available";
        if (Boolean.parseBoolean(System.getenv("BLOOMGATE_REQUIRE_MYSQL"))) {
            fail(message + " — required here (BLOOMGATE_REQUIRE_MYSQL=true)");
        }
        System.err.println("WARNING: " + message);
        return Assumptions.abort(message);
    }

    /**
     * The same server and user with {@code database} as the connection's database (the tests
     * create their own, named {@code bloomgate_*}, on which the test user has every right).
     */
    public static MariaDbDataSource forDatabase(String database) throws SQLException {
        return forDatabase(database, "");
    }

    /**
     * {@link #forDatabase(String)} with Connector/J {@code options} added to the URL ({@code
     * "allowMultiQueries=true"}; several joined with {@code &}).
     */
    public static MariaDbDataSource forDatabase(String database, String options) throws SQLException {
        MariaDbDataSource server = dataSource();
        String url = System.getenv("BLOOMGATE_MYSQL_URL");
        if (url == null || url.isBlank()) {
            DockerDatabases.Connection c = DockerDatabases.mysql();
            MariaDbDataSource ds = new MariaDbDataSource(withOptions(
                    c.jdbcUrl().replaceFirst("/bloomgate_test$", "/" + database), options));
            ds.setUser(c.user());
            ds.setPassword(c.password());
            return ds;
        }
        // The URL's own string: getUrl() leaves the password out.
        return new MariaDbDataSource(withOptions(url.replaceFirst("^(jdbc:[a-z]+://[^/]+/)[^?]*", "$1" + database),
                options));
    }

    /**
     * The MariaDB Connector/J URL of {@link #forDatabase(String)}, credentials included: for what
     * takes a URL rather than a data source (Spring Boot's {@code spring.datasource.url}, {@code
     * jdbc:bloomgate:} URLs, the command line). Skips (or fails) as {@link #dataSource()} without a server.
     */
    public static String url(String database) {
        dataSource();
        String url = System.getenv("BLOOMGATE_MYSQL_URL");
        if (url == null || url.isBlank()) {
            DockerDatabases.Connection c = DockerDatabases.mysql();
            return withOptions(c.jdbcUrl().replaceFirst("/bloomgate_test$", "/" + database),
                    "user=" + c.user() + "&password=" + c.password());
        }
        return url.replaceFirst("^(jdbc:[a-z]+://[^/]+/)[^?]*", "$1" + database);
    }

    private static String withOptions(String url, String options) {
        return options.isEmpty() ? url : url + (url.contains("?") ? "&" : "?") + options;
    }
}
