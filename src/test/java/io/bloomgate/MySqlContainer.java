package io.bloomgate;

import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.MySQLContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * One throwaway MySQL 8.4 per JVM, for machines without {@code BLOOMGATE_MYSQL_URL} but with
 * Docker (as {@link PostgresContainer}). Kept apart from {@link MySqlServer} so that
 * Testcontainers' classes are loaded only when this path is taken.
 */
final class MySqlContainer {

    /** How to reach the container (MariaDB Connector/J URL); plain strings. */
    record Connection(String jdbcUrl, String user, String password) {
    }

    private static final DockerImageName IMAGE = DockerImageName.parse("mysql:8.4");

    /** Guarded by the class: asked once per JVM, since probing Docker is slow. */
    private static Boolean dockerAvailable;
    private static MySQLContainer<?> container;

    private MySqlContainer() {
    }

    /** The running container, started now if this is the first call; null without Docker. */
    static synchronized Connection startedIfDockerIsAvailable() {
        if (dockerAvailable == null) {
            dockerAvailable = DockerClientFactory.instance().isDockerAvailable();
        }
        if (!dockerAvailable) {
            return null;
        }
        if (container == null) {
            // The same users and rights as .ci/mariadb.sh gives; the container's user owns its
            // database only, so the root account is used (a throwaway server).
            MySQLContainer<?> c = new MySQLContainer<>(IMAGE)
                    .withDatabaseName("bloomgate_test")
                    .withUsername("root")
                    .withPassword("bloomgate");
            c.start();
            container = c;
        }
        String url = "jdbc:mariadb://" + container.getHost() + ":" + container.getMappedPort(3306)
                + "/bloomgate_test";
        return new Connection(url, container.getUsername(), container.getPassword());
    }
}
