package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * DDL sent around the gate (another connection, a migration tool) on MySQL/MariaDB. Answers copy the
 * metadata of an earlier execution ({@code SELECT *}) and check bound values against the columns'
 * types at build: a column added, dropped, renamed or retyped must stop the guard from answering
 * with the old columns. Rows swapped in by {@code EXCHANGE PARTITION} were never logged by a trigger:
 * they must be found.
 */
class MariaDbRawDdlTest extends MariaDbGuardedTable {

    MariaDbRawDdlTest() {
        super("rawddl", "(id INT PRIMARY KEY, v INT)", "(1, 1)");
    }

    @Test
    void aColumnAddedAroundTheGateIsInEveryLaterAnswer() throws Exception {
        try (Connection c = gate.dataSource().getConnection()) {
            assertThat(columnsOfAbsent(c)).containsExactly("id", "v");
            assertThat(columnsOfAbsent(c)).containsExactly("id", "v");
            H2Databases.run(db, "ALTER TABLE " + t + " ADD COLUMN w INT");
            assertThat(columnsWithin(c, List.of("id", "v", "w"))).as("columns of SELECT * after ADD COLUMN")
                    .containsExactly("id", "v", "w");
        }
    }

    @Test
    void aColumnRenamedAroundTheGateIsInEveryLaterAnswer() throws Exception {
        try (Connection c = gate.dataSource().getConnection()) {
            assertThat(columnsOfAbsent(c)).containsExactly("id", "v");
            assertThat(columnsOfAbsent(c)).containsExactly("id", "v");
            H2Databases.run(db, "ALTER TABLE " + t + " RENAME COLUMN v TO renamed");
            assertThat(columnsWithin(c, List.of("id", "renamed"))).containsExactly("id", "renamed");
        }
    }

    @Test
    void rowsExchangedIntoAPartitionAreFound() throws Exception {
        gate.close();
        String x = t + "_x";
        H2Databases.run(db, "DROP TABLE " + t, "CREATE TABLE " + t + " (id INT PRIMARY KEY, v INT) PARTITION BY RANGE (id)"
                + " (PARTITION p0 VALUES LESS THAN (1000), PARTITION p1 VALUES LESS THAN (2000))",
                "INSERT INTO " + t + " VALUES (1, 1)", "CREATE TABLE " + x + " (id INT PRIMARY KEY, v INT)",
                "INSERT INTO " + x + " VALUES (1500, 1)");
        try {
            gate = BloomGate.builder(db).guard(t, "id").build();
            try (Connection c = gate.dataSource().getConnection()) {
                assertThat(found(c, 1500)).isFalse();
                assertThat(found(c, 1500)).isFalse();
                assertThat(gate.stats(t, "id").avoided()).as("answered before the exchange").isPositive();
                H2Databases.run(db, "ALTER TABLE " + t + " EXCHANGE PARTITION p1 WITH TABLE " + x);
                long deadline = System.nanoTime() + 15_000_000_000L;
                boolean found;
                while (!(found = found(c, 1500)) && System.nanoTime() < deadline) {
                    Thread.sleep(50);
                }
                assertThat(found).as("a row exchanged into the guarded table").isTrue();
            }
        } finally {
            H2Databases.run(db, "DROP TABLE IF EXISTS " + x);
        }
    }

    private List<String> columnsWithin(Connection c, List<String> expected) throws Exception {
        long deadline = System.nanoTime() + 15_000_000_000L;
        List<String> columns;
        while (!(columns = columnsOfAbsent(c)).equals(expected) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        return columns;
    }

    private List<String> columnsOfAbsent(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT * FROM " + t + " WHERE id = ?")) {
            ps.setInt(1, 999);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isFalse();
                ResultSetMetaData md = rs.getMetaData();
                List<String> names = new ArrayList<>();
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    names.add(md.getColumnLabel(i));
                }
                return names;
            }
        }
    }

    private boolean found(Connection c, int id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT v FROM " + t + " WHERE id = ?")) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }
}
