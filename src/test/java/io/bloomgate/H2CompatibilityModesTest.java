package io.bloomgate;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * H2's compatibility modes and settings that could change how a key compares or a name resolves:
 * each mode in the URL, and each mode set at runtime on the session, must leave every lookup's
 * outcome (a row, no rows, or the error's SQLSTATE) what H2 gives without the gate. Keys of every
 * guarded type are looked up by literals and by parameters bound with {@code setString} and {@code
 * setObject}, in other letter cases, with trailing and leading spaces, as other numeric spellings.
 * Probed on H2 2.3.232; nothing differed (kept as a specification). {@code IGNORECASE=TRUE} makes
 * new VARCHAR columns VARCHAR_IGNORECASE, which the build refuses.
 */
class H2CompatibilityModesTest {
    private static String outcome(Statement s, String sql) {
        try (ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? "row" : "none";
        } catch (SQLException e) {
            return e.getSQLState();
        }
    }
    private static String outcomeP(Connection c, String sql, Object v, String setter) {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            if (setter.equals("str")) ps.setString(1, String.valueOf(v)); else ps.setObject(1, v);
            try (ResultSet rs = ps.executeQuery()) { return rs.next() ? "row" : "none"; }
        } catch (SQLException e) {
            return e.getSQLState();
        }
    }

    static final String[][] TABLES = {
        {"tv", "VARCHAR(20)", "'abc'", "'Abc '"},
        {"tc", "CHAR(5)", "'ab'", "'Xy '"},
        {"tn", "DECIMAL(10,2)", "1.50", "-0"},
        {"ti", "BIGINT", "42", "-7"},
        {"tu", "UUID", "'0b7e3e1c-2f4a-4d6e-9a7b-1c2d3e4f5a6b'", "'AB7E3E1C-2F4A-4D6E-9A7B-1C2D3E4F5A6B'"},
        {"tb", "VARBINARY(8)", "X'0102'", "X'41'"},
        {"tt", "VARCHAR(20)", "''", "'x'"},
    };
    static final String[][] PROBES = {
        {"'abc'", "'ABC'", "'abc '", "'Abc'", "'Abc '", "''", "' abc'", "'Abc  '", "CAST('abc' AS CHAR(5))", "1", "NULL"},
        {"'ab'", "'ab '", "'ab   '", "'AB'", "'ab    '", "'Xy'", "'Xy '", "'xy'", "''", "CAST('ab' AS VARCHAR(5))"},
        {"1.5", "1.50", "'1.5'", "1.500", "01.5", "'1.50'", "0", "-0", "0.00", "'0'", "1.5E0", "'1.5e0'"},
        {"42", "'42'", "'042'", "' 42'", "'42.0'", "42.0", "4.2E1", "-7", "'-7'", "'+42'", "TRUE", "42.4", "'42 '"},
        {"'0b7e3e1c-2f4a-4d6e-9a7b-1c2d3e4f5a6b'", "'0B7E3E1C-2F4A-4D6E-9A7B-1C2D3E4F5A6B'", "'0b7e3e1c2f4a4d6e9a7b1c2d3e4f5a6b'", "'ab7e3e1c-2f4a-4d6e-9a7b-1c2d3e4f5a6b'", "'{0b7e3e1c-2f4a-4d6e-9a7b-1c2d3e4f5a6b}'"},
        {"X'0102'", "X'010200'", "'0102'", "X'41'", "'A'", "'41'", "CAST('A' AS VARBINARY)"},
        {"''", "'x'", "NULL", "' '", "'X'"},
    };
    static final Object[][] PARAMS = {
        {"abc", "ABC", "abc ", "", " abc"},
        {"ab", "ab ", "ab   ", "AB", ""},
        {new java.math.BigDecimal("1.5"), "1.5", "1.50", 1.5d, 0},
        {42, 42L, "042", "42", " 42", "42.0", 42.0d, true},
        {"0B7E3E1C-2F4A-4D6E-9A7B-1C2D3E4F5A6B", java.util.UUID.fromString("0b7e3e1c-2f4a-4d6e-9a7b-1c2d3e4f5a6b")},
        {new byte[] {1, 2}, "0102", "A", "41", new byte[] {1, 2, 0}},
        {"", "x", " "},
    };

    private static List<String> run(DataSource ds, JdbcDataSource raw, String modeStmt, boolean twice) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            if (modeStmt != null) s.execute(modeStmt);
            for (int i = 0; i < TABLES.length; i++) {
                for (String p : PROBES[i]) {
                    String sql = "SELECT id FROM " + TABLES[i][0] + " WHERE k = " + p;
                    String o = outcome(s, sql);
                    if (twice) o = outcome(s, sql);
                    out.add(sql + " -> " + o);
                }
                for (Object v : PARAMS[i]) {
                    for (String setter : new String[] {"str", "obj"}) {
                        if (setter.equals("str") && !(v instanceof String)) continue;
                        String sql = "SELECT id FROM " + TABLES[i][0] + " WHERE k = ?";
                        String o = outcomeP(c, sql, v, setter);
                        if (twice) o = outcomeP(c, sql, v, setter);
                        out.add(sql + " [" + setter + " " + (v instanceof byte[] b ? java.util.Arrays.toString(b) : v + ":" + v.getClass().getSimpleName()) + "] -> " + o);
                    }
                }
            }
        }
        return out;
    }

    private static final String[] MODES = {"MySQL", "PostgreSQL", "MSSQLServer", "Oracle", "DB2", "Derby", "HSQLDB",
            "MariaDB", "STRICT", "LEGACY", "Regular"};

    private static int databases;

    private static JdbcDataSource database(String settings) throws SQLException {
        JdbcDataSource db = new JdbcDataSource();
        db.setURL("jdbc:h2:mem:modes" + (databases++) + ";DB_CLOSE_DELAY=-1" + settings);
        db.setUser("sa");
        try (Connection c = db.getConnection(); Statement s = c.createStatement()) {
            for (String[] t : TABLES) {
                s.execute("CREATE TABLE " + t[0] + " (id BIGINT PRIMARY KEY, k " + t[1] + ")");
                s.execute("INSERT INTO " + t[0] + " VALUES (1, " + t[2] + "), (2, " + t[3] + ")");
            }
        }
        return db;
    }

    private static BloomGate gate(JdbcDataSource db) throws SQLException {
        BloomGate.Builder b = BloomGate.builder(db);
        for (String[] t : TABLES) {
            b.guard(t[0], "k");
        }
        return b.build();
    }

    private static long avoided(BloomGate gate) {
        return gate.stats().stream().mapToLong(g -> g.avoided()).sum();
    }

    private static void compare(JdbcDataSource db, BloomGate gate, String setMode, String what) throws SQLException {
        List<String> direct = run(db, db, setMode, false);
        long before = avoided(gate);
        List<String> gated = run(gate.dataSource(), db, setMode, true);
        assertThat(gated).as(what).isEqualTo(direct);
        assertThat(avoided(gate) - before).as(what + ": answered").isGreaterThan(40);
    }

    @Test
    void everyModeInTheUrlComparesKeysAsH2Does() throws SQLException {
        for (String mode : MODES) {
            JdbcDataSource db = database(";MODE=" + mode);
            try (BloomGate gate = gate(db)) {
                compare(db, gate, null, "MODE=" + mode);
            } finally {
                H2Databases.run(db, "SHUTDOWN");
            }
        }
    }

    @Test
    void everyModeSetOnTheSessionComparesKeysAsH2Does() throws SQLException {
        JdbcDataSource db = database("");
        try (BloomGate gate = gate(db)) {
            for (String mode : MODES) {
                compare(db, gate, "SET MODE " + mode, "SET MODE " + mode);
            }
            compare(db, gate, "SET IGNORECASE TRUE", "SET IGNORECASE TRUE"); // new columns only
        } finally {
            H2Databases.run(db, "SHUTDOWN");
        }
    }

    @Test
    void ignoreCaseInTheUrlMakesTextKeysCaseInsensitiveAndIsRefused() throws SQLException {
        JdbcDataSource db = database(";IGNORECASE=TRUE");
        try {
            assertThatThrownBy(() -> BloomGate.builder(db).guard("tv", "k").build())
                    .hasMessageContaining("VARCHAR_IGNORECASE");
        } finally {
            H2Databases.run(db, "SHUTDOWN");
        }
    }
}
