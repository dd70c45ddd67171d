package io.bloomgate;

import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.MySQLContainer;
import org.testcontainers.containers.PostgreSQLContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * Throwaway database servers for machines without {@code BLOOMGATE_PG_URL} /
 * {@code BLOOMGATE_MYSQL_URL} but with Docker: one PostgreSQL 15 and one MySQL 8.4 per JVM. Kept
 * apart from {@link PostgresServer} and {@link MySqlServer} so that Testcontainers' classes are
 * loaded only when this path is taken. A container is started by the first test that needs it and
 * left running for the rest of the JVM; Testcontainers' reaper (Ryuk) removes it when the JVM
 * exits. A container that fails to start is an error, not a skip: Docker said it could.
 */
final class DockerDatabases {

    /** How to reach a container; plain strings, so callers need no Testcontainers types. */
    record Connection(String jdbcUrl, String user, String password) {
    }

    /** Guarded by the class: asked once per JVM, since probing Docker is slow. */
    private static Boolean dockerAvailable;
    private static PostgreSQLContainer<?> postgres;
    private static MySQLContainer<?> mysql;

    private DockerDatabases() {
    }

    /** The PostgreSQL 15 container, started now if this is the first call; null without Docker. */
    static synchronized Connection postgres() {
        if (!dockerAvailable()) {
            return null;
        }
        if (postgres == null) {
            PostgreSQLContainer<?> c = new PostgreSQLContainer<>(DockerImageName.parse("postgres:15-alpine"))
                    .withDatabaseName("bloomgate_test")
                    .withUsername("bloomgate")
                    .withPassword("bloomgate");
            c.start();
            postgres = c;
        }
        return new Connection(postgres.getJdbcUrl(), postgres.getUsername(), postgres.getPassword());
    }

    /**
     * The MySQL 8.4 container (reached with a MariaDB Connector/J URL), started now if this is the
     * first call; null without Docker. The container's own user owns its database only, while the
     * tests need the rights {@code .ci/mariadb.sh} gives (other databases, {@code PROCESS}), so the
     * root account of this throwaway server is used.
     */
    static synchronized Connection mysql() {
        if (!dockerAvailable()) {
            return null;
        }
        if (mysql == null) {
            MySQLContainer<?> c = new MySQLContainer<>(DockerImageName.parse("mysql:8.4"))
                    .withDatabaseName("bloomgate_test")
                    .withUsername("root")
                    .withPassword("bloomgate");
            c.start();
            mysql = c;
        }
        String url = "jdbc:mariadb://" + mysql.getHost() + ":" + mysql.getMappedPort(3306) + "/bloomgate_test";
        return new Connection(url, mysql.getUsername(), mysql.getPassword());
    }

    private static boolean dockerAvailable() {
        if (dockerAvailable == null) {
            dockerAvailable = DockerClientFactory.instance().isDockerAvailable();
        }
        return dockerAvailable;
    }
}
