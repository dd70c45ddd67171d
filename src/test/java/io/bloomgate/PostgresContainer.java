package io.bloomgate;

import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.PostgreSQLContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * One throwaway PostgreSQL 15 per JVM, for machines without {@code BLOOMGATE_PG_URL} but with
 * Docker. Kept apart from {@link PostgresServer} so that Testcontainers' classes are loaded only
 * when this path is taken. The container is started by the first test that needs it and left
 * running for the rest of the JVM; Testcontainers' reaper (Ryuk) removes it when the JVM exits.
 */
final class PostgresContainer {

    /** How to reach the container; plain strings, so callers need no Testcontainers types. */
    record Connection(String jdbcUrl, String user, String password) {
    }

    private static final DockerImageName IMAGE = DockerImageName.parse("postgres:15-alpine");

    /** Guarded by the class: asked once per JVM, since probing Docker is slow. */
    private static Boolean dockerAvailable;
    private static PostgreSQLContainer<?> container;

    private PostgresContainer() {
    }

    /**
     * The running container, started now if this is the first call; null when Docker is not
     * available. A container that fails to start is an error, not a skip: Docker said it could.
     */
    static synchronized Connection startedIfDockerIsAvailable() {
        if (dockerAvailable == null) {
            dockerAvailable = DockerClientFactory.instance().isDockerAvailable();
        }
        if (!dockerAvailable) {
            return null;
        }
        if (container == null) {
            PostgreSQLContainer<?> c = new PostgreSQLContainer<>(IMAGE)
                    .withDatabaseName("bloomgate_test")
                    .withUsername("bloomgate")
                    .withPassword("bloomgate");
            c.start();
            container = c;
        }
        return new Connection(container.getJdbcUrl(), container.getUsername(), container.getPassword());
    }
}
