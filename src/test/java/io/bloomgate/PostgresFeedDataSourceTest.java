package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.bloomgate.GuardProbe.Answer;
import io.bloomgate.GuardProbe.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The change feed holds one connection for the gate's life: by default one of the application's
 * pool, with {@code Builder.feedDataSource} one of its own, and then the pool lends the feed
 * nothing. A feed data source of another database is refused (it would read another change log).
 */
class PostgresFeedDataSourceTest {

    private PGSimpleDataSource pg;
    private final String table = "feedds_" + Long.toHexString(System.nanoTime());

    @BeforeEach
    void setUp() throws SQLException {
        pg = PostgresServer.dataSource();
        H2Databases.run(pg, "CREATE TABLE public." + table + " (id bigint PRIMARY KEY)",
                "INSERT INTO public." + table + " SELECT g FROM generate_series(1, 100) g");
    }

    @AfterEach
    void tearDown() throws SQLException {
        if (pg != null) {
            H2Databases.run(pg, "SELECT bloomgate.uninstall_guard('public." + table + "', 'id')",
                    "DROP TABLE public." + table);
        }
    }

    private HikariDataSource poolOfTwo() {
        HikariConfig config = new HikariConfig();
        config.setDataSource(pg);
        config.setMaximumPoolSize(2);
        config.setConnectionTimeout(1_000);
        config.setPoolName("app-" + table);
        return new HikariDataSource(config);
    }

    private static int backendPid(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private Set<Integer> feedBackends() throws SQLException {
        Set<Integer> pids = new HashSet<>();
        try (Connection c = pg.getConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT pid FROM pg_stat_activity WHERE application_name ="
                        + " 'bloomgate change feed' AND datname = current_database()")) {
            while (rs.next()) {
                pids.add(rs.getInt(1));
            }
        }
        return pids;
    }

    @Test
    void withAFeedDataSourceTheApplicationsPoolHoldsNoConnectionForTheFeed() throws Exception {
        try (HikariDataSource pool = poolOfTwo();
                BloomGate gate = BloomGate.builder(pool).guard("public." + table, "id").feedDataSource(pg).build()) {
            // Every connection of the pool can be borrowed while the gate is open, and none is the feed's.
            try (Connection a = pool.getConnection(); Connection b = pool.getConnection()) {
                Set<Integer> feeds = feedBackends();
                assertThat(feeds).as("the feed's backend").isNotEmpty();
                assertThat(feeds).doesNotContain(backendPid(a), backendPid(b));
            }
            // The feed works: a write from elsewhere reaches the filter.
            GuardProbe probe = new GuardProbe(gate, "public." + table, "id").warmUp();
            H2Databases.run(pg, "INSERT INTO public." + table + " VALUES (5001)");
            assertThat(gate.awaitChangeFeed(Duration.ofSeconds(10))).isTrue();
            probe.assertFoundByFilter(5001L);
            assertThat(probe.lookup(-7L)).isEqualTo(new Answer(false, Path.AVOIDED));
        }
    }

    @Test
    void withoutOneTheFeedHoldsOneSlotOfThePoolForTheGatesLife() throws Exception {
        try (HikariDataSource pool = poolOfTwo();
                BloomGate gate = BloomGate.builder(pool).guard("public." + table, "id").build();
                Connection a = pool.getConnection()) {
            assertThat(feedBackends()).isNotEmpty();
            assertThatThrownBy(pool::getConnection).as("the second slot is the feed's")
                    .isInstanceOf(SQLTransientConnectionException.class);
        }
    }

    @Test
    void aFeedDataSourceOfAnotherDatabaseIsRefused() throws SQLException {
        PGSimpleDataSource other = new PGSimpleDataSource();
        other.setURL(pg.getURL());
        other.setUser(pg.getUser());
        other.setPassword(pg.getPassword());
        other.setDatabaseName("postgres");
        assertThatThrownBy(() -> BloomGate.builder(pg).guard("public." + table, "id").feedDataSource(other).build())
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("The change feed's data source reaches database postgres of cluster")
                .hasMessageContaining("not the database the gate guards (database " + pg.getDatabaseName())
                .hasMessageContaining("give BloomGate.Builder.feedDataSource a data source of the same database");
    }
}
