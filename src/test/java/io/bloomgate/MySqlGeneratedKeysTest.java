package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Generated keys on MySQL/MariaDB, through both drivers in both prepared-statement modes (issue
 * 26). Neither driver asks the server for the ids a multi-row insert generated: they compute them
 * from LAST_INSERT_ID() and the update count, as if consecutive. A write that mixes generated and
 * explicit ids breaks that: the computed ids are not the rows' ids. Every row the write inserted
 * must be found through the gate at once, whatever the driver reported. The same holds for NULL
 * and 0 written to the AUTO_INCREMENT key, as literals or bound: the server generates the key.
 */
class MySqlGeneratedKeysTest {

    @ParameterizedTest
    @EnumSource(MySqlServer.Flavour.class)
    void everyInsertedRowIsFoundWhateverTheDriverReportsAsGeneratedKeys(MySqlServer.Flavour flavour)
            throws Exception {
        String database = "bloomgate_gk" + Long.toHexString(System.nanoTime());
        H2Databases.run(MySqlServer.dataSource(), "CREATE DATABASE " + database);
        try {
            DataSource db = flavour.forDatabase(database);
            H2Databases.run(db, "CREATE TABLE items (id BIGINT AUTO_INCREMENT PRIMARY KEY, code VARCHAR(40))"
                    + " AUTO_INCREMENT = 1000", "INSERT INTO items (id, code) VALUES (1, 'one')");
            try (BloomGate gate = BloomGate.builder(db).guard("items", "id")
                            // The feed would add the rows within milliseconds and hide the gate's own error.
                            .staleAfter(Duration.ofSeconds(90)).pollInterval(Duration.ofSeconds(30)).build();
                    Connection c = gate.dataSource().getConnection()) {
                assertThat(find(c, -1)).isFalse(); // the lookup ran once: later ones can be answered
                List<Long> reported = new ArrayList<>();
                try (Statement s = c.createStatement()) {
                    s.executeUpdate("INSERT INTO items (id, code) VALUES (NULL, 'a'), (5000, 'b'), (NULL, 'c')",
                            Statement.RETURN_GENERATED_KEYS);
                    try (ResultSet keys = s.getGeneratedKeys()) {
                        while (keys.next()) {
                            reported.add(keys.getLong(1));
                        }
                    }
                }
                // Bound: NULL, and 0 (the session's sql_mode lacks NO_AUTO_VALUE_ON_ZERO), generate the key.
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO items (id, code) VALUES (?, 'p')")) {
                    ps.setNull(1, java.sql.Types.BIGINT);
                    ps.executeUpdate();
                    ps.setLong(1, 0);
                    ps.executeUpdate();
                }
                try (Statement s = c.createStatement()) {
                    s.executeUpdate("INSERT INTO items (id, code) VALUES (0, 'zero')");
                }
                List<Long> stored = new ArrayList<>();
                try (Connection direct = db.getConnection(); Statement s = direct.createStatement();
                        ResultSet rs = s.executeQuery("SELECT id FROM items WHERE id > 1 ORDER BY id")) {
                    while (rs.next()) {
                        stored.add(rs.getLong(1));
                    }
                }
                List<Long> missing = new ArrayList<>();
                for (long id : stored) {
                    if (!find(c, id)) {
                        missing.add(id);
                    }
                }
                assertThat(missing).as("rows %s (driver reported generated keys %s) not found through the gate",
                        stored, reported).isEmpty();
            }
        } finally {
            H2Databases.run(MySqlServer.dataSource(), "DROP DATABASE IF EXISTS " + database);
        }
    }

    /**
     * The same through a prepared statement's batch: {@code addBatch()} rows with NULL and 0 bound to
     * the AUTO_INCREMENT key (the server generates both ids), beside rows with explicit ids.
     */
    @ParameterizedTest
    @EnumSource(MySqlServer.Flavour.class)
    void generatedIdsOfABatchAreFoundAtOnce(MySqlServer.Flavour flavour) throws Exception {
        String database = "bloomgate_gkb" + Long.toHexString(System.nanoTime());
        H2Databases.run(MySqlServer.dataSource(), "CREATE DATABASE " + database);
        try {
            DataSource db = flavour.forDatabase(database);
            H2Databases.run(db, "CREATE TABLE items (id BIGINT AUTO_INCREMENT PRIMARY KEY, code VARCHAR(40))"
                    + " AUTO_INCREMENT = 1000", "INSERT INTO items (id, code) VALUES (1, 'one')");
            try (BloomGate gate = BloomGate.builder(db).guard("items", "id")
                            .staleAfter(Duration.ofSeconds(90)).pollInterval(Duration.ofSeconds(30)).build();
                    Connection c = gate.dataSource().getConnection()) {
                assertThat(find(c, -1)).isFalse();
                for (boolean autoCommit : new boolean[] {true, false}) {
                    c.setAutoCommit(autoCommit);
                    try (PreparedStatement ps = c.prepareStatement("INSERT INTO items (id, code) VALUES (?, ?)")) {
                        ps.setNull(1, java.sql.Types.BIGINT);
                        ps.setString(2, "null");
                        ps.addBatch();
                        ps.setLong(1, autoCommit ? 7000 : 9000);
                        ps.setString(2, "explicit");
                        ps.addBatch();
                        ps.setLong(1, 0);
                        ps.setString(2, "zero");
                        ps.addBatch();
                        ps.setObject(1, null);
                        ps.setString(2, "object null");
                        ps.addBatch();
                        ps.executeBatch();
                    }
                    List<Long> missing = new ArrayList<>();
                    for (long id : storedIds(db)) {
                        if (!find(c, id)) {
                            missing.add(id);
                        }
                    }
                    assertThat(missing).as("rows inserted by a batch (autocommit %s) not found through the gate",
                            autoCommit).isEmpty();
                    if (!autoCommit) {
                        c.commit();
                    }
                }
            }
        } finally {
            H2Databases.run(MySqlServer.dataSource(), "DROP DATABASE IF EXISTS " + database);
        }
    }

    private static List<Long> storedIds(DataSource db) throws SQLException {
        List<Long> stored = new ArrayList<>();
        try (Connection direct = db.getConnection(); Statement s = direct.createStatement();
                ResultSet rs = s.executeQuery("SELECT id FROM items WHERE id > 1 ORDER BY id")) {
            while (rs.next()) {
                stored.add(rs.getLong(1));
            }
        }
        return stored;
    }

    private static boolean find(Connection c, long id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT code FROM items WHERE id = ?")) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }
}
