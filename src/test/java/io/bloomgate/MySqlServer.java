package io.bloomgate;

import static org.assertj.core.api.Assertions.fail;

import com.mysql.cj.jdbc.MysqlDataSource;
import java.sql.SQLException;
import javax.sql.DataSource;
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
 * The data source is MariaDB Connector/J's, which speaks to both servers; {@link Flavour} gives the
 * same server through either driver, in either prepared-statement mode (issue 26).
 */
public final class MySqlServer {

    /**
     * A way to connect to the server: a driver (MariaDB Connector/J, {@code jdbc:mariadb:}, or MySQL
     * Connector/J, {@code jdbc:mysql:}) and its prepared-statement mode (client-side, each driver's
     * default, or {@code useServerPrepStmts=true}: the server prepares the statement and rows come
     * back in the binary protocol, with the driver's own decoding and metadata). The gate must be
     * indistinguishable from the database in each; contract tests run over them.
     */
    public enum Flavour {
        MARIADB_CLIENT_PREPARE("mariadb", ""),
        MARIADB_SERVER_PREPARE("mariadb", "useServerPrepStmts=true"),
        MYSQL_CLIENT_PREPARE("mysql", ""),
        MYSQL_SERVER_PREPARE("mysql", "useServerPrepStmts=true");

        private final String scheme;
        private final String options;

        Flavour(String scheme, String options) {
            this.scheme = scheme;
            this.options = options;
        }

        /** MariaDB Connector/J (else MySQL Connector/J). */
        public boolean mariadbDriver() {
            return scheme.equals("mariadb");
        }

        /** {@link MySqlServer#url(String)} in this flavour, with {@code extra} options ({@code a=b&c=d}). */
        public String url(String database, String extra) {
            String url = MySqlServer.url(database).replaceFirst("^jdbc:[a-z]+:", "jdbc:" + scheme + ":");
            return withOptions(withOptions(url, options), extra);
        }

        /** {@link MySqlServer#dataSource()} (the URL's own database) through this flavour's driver. */
        public DataSource dataSource() throws SQLException {
            MySqlServer.dataSource(); // skips (or fails) without a server
            String url = System.getenv("BLOOMGATE_MYSQL_URL");
            String database = url != null && !url.isBlank()
                    ? url.replaceFirst("^jdbc:[a-z]+://[^/]+/([^?]*).*$", "$1")
                    : "bloomgate_test";
            return forDatabase(database, "");
        }

        /** A data source of this flavour's driver on {@code database}, with {@code extra} options. */
        public DataSource forDatabase(String database, String extra) throws SQLException {
            String url = url(database, extra);
            if (scheme.equals("mariadb")) {
                return new MariaDbDataSource(url);
            }
            MysqlDataSource ds = new MysqlDataSource();
            ds.setURL(url);
            return ds;
        }

        public DataSource forDatabase(String database) throws SQLException {
            return forDatabase(database, "");
        }
    }

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
