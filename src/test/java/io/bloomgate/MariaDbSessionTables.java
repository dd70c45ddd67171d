package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * The MariaDB session tests' database of their own: {@code t (k, v)} guarded on {@code k} with rows
 * 1 and 2, and an unguarded {@code other}, created before each test and dropped after it; with the
 * lookups those tests make (an absent key answered or not, after warming the text's shape).
 */
abstract class MariaDbSessionTables {

    private final String database;
    /** The test database, straight from the driver. */
    DataSource direct;
    BloomGate gate;

    MariaDbSessionTables(String database) {
        this.database = database;
    }

    /** The driver's data source for the database (MariaDB Connector/J, client-side prepare, by default). */
    DataSource dataSource(String name) throws SQLException {
        return MySqlServer.forDatabase(name);
    }

    /** Statements run after the tables are created (procedures, more rows). */
    String[] moreSetUp() {
        return new String[0];
    }

    /** What the gate wraps (a pool over {@code direct}, say). */
    DataSource gated(DataSource direct) {
        return direct;
    }

    /** Closes what {@link #gated} opened. */
    void closeGated() {
    }

    @BeforeEach
    void createDatabase() throws SQLException {
        H2Databases.run(MySqlServer.dataSource(), "DROP DATABASE IF EXISTS " + database, "CREATE DATABASE " + database);
        direct = dataSource(database);
        H2Databases.run(direct, "CREATE TABLE t (k BIGINT PRIMARY KEY, v INT) ENGINE=InnoDB",
                "CREATE TABLE other (k BIGINT PRIMARY KEY) ENGINE=InnoDB", "INSERT INTO t VALUES (1, 1), (2, 2)");
        String[] more = moreSetUp();
        if (more.length > 0) {
            H2Databases.run(direct, more);
        }
        gate = BloomGate.builder(gated(direct)).guard("t", "k", 10_000, 0.01).build();
    }

    @AfterEach
    void dropDatabase() throws SQLException {
        if (gate != null) {
            gate.close();
        }
        closeGated();
        H2Databases.run(MySqlServer.dataSource(), "DROP DATABASE IF EXISTS " + database);
    }

    static List<Long> keys(Statement s, String sql) throws SQLException {
        List<Long> out = new ArrayList<>();
        try (ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getLong(1));
            }
        }
        return out;
    }

    long avoided() {
        return gate.stats("t", "k").avoided();
    }

    /** Warms the text's shape: its first execution passes through and its metadata is copied. */
    void warm(Statement s) throws SQLException {
        keys(s, "SELECT k FROM t WHERE k = 1");
        keys(s, "SELECT k FROM t WHERE k = 3");
        long before = avoided();
        keys(s, "SELECT k FROM t WHERE k = 4");
        assertThat(avoided()).as("warmed: absent keys answered").isEqualTo(before + 1);
    }

    /**
     * Whether a lookup of an absent key through {@code s} is answered within a few seconds (a
     * statement the gate does not parse is an unknown write: the guard is unsettled until the
     * settler has scanned).
     */
    boolean answeredSoon(Statement s) throws SQLException {
        for (int i = 0; i < 100; i++) {
            long before = avoided();
            assertThat(keys(s, "SELECT k FROM t WHERE k = " + (1000 + i))).isEmpty();
            if (avoided() > before) {
                return true;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
        return false;
    }
}
