package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bloomgate.key.UnsupportedKeyTypeException;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Key equality on a real MySQL/MariaDB server: a key the database finds must never be answered
 * absent. The default collations are case-insensitive ('ABC' finds 'abc'): guarded by their weight
 * strings on MariaDB (MariaDbCollationTest has the differential), language-tailored ones refused.
 * Binary collations are guarded, with MySQL's PAD SPACE rule ('abc ' finds 'abc' under utf8mb4_bin).
 */
class MariaDbKeyEqualityTest {

    private DataSource db;
    private final String t = "ke_" + Long.toHexString(System.nanoTime());

    @BeforeEach
    void setUp() {
        db = MySqlServer.dataSource();
    }

    @AfterEach
    void tearDown() throws SQLException {
        if (db != null) {
            H2Databases.run(db, "DROP TABLE IF EXISTS " + t);
        }
    }

    private static boolean found(DataSource ds, String sql, Object key) throws SQLException {
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    @Test
    void defaultCaseInsensitiveCollationIsGuardedByItsWeights() throws SQLException {
        // The server's default collation (utf8mb4_general_ci on Debian's MariaDB): the filter holds
        // weight strings (MariaDbCollationTest), so 'ABC' is found like the database finds it.
        H2Databases.run(db, "CREATE TABLE " + t + " (k VARCHAR(64) CHARACTER SET utf8mb4 PRIMARY KEY, v INT)",
                "INSERT INTO " + t + " VALUES ('abc', 1)");
        String sql = "SELECT v FROM " + t + " WHERE k = ?";
        assertThat(found(db, sql, "ABC")).as("the database finds 'abc' for 'ABC'").isTrue();
        try (BloomGate gate = BloomGate.builder(db).guard(t, "k").build()) {
            for (String key : new String[] {"abc", "ABC", "Abc  ", "abd", "ab"}) {
                assertThat(viaGate(gate, sql, key)).as("'%s'", key).isEqualTo(found(db, sql, key));
            }
            assertThat(gate.stats(t, "k").avoided()).isPositive();
        }
    }

    @Test
    void languageTailoredCollationIsRefusedAtBuild() throws SQLException {
        H2Databases.run(db, "CREATE TABLE " + t + " (k VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_czech_ci"
                + " PRIMARY KEY, v INT)");
        assertThatThrownBy(() -> BloomGate.builder(db).guard(t, "k").build())
                .isInstanceOf(UnsupportedKeyTypeException.class)
                .hasMessageContaining("Cannot guard ")
                .hasMessageContaining("." + t + ".k")
                .hasMessageContaining("has collation utf8mb4_czech_ci")
                .hasMessageContaining("language-tailored");
    }

    @ParameterizedTest
    @ValueSource(strings = {"FLOAT", "DOUBLE", "DATETIME", "DATE", "ENUM('a','b')", "SET('a','b')", "DECIMAL(10,2)",
        "BINARY(8)", "CHAR(8) CHARACTER SET latin1 COLLATE latin1_german2_ci", "CHAR(8) COLLATE utf8mb4_nopad_bin",
        "TEXT COLLATE utf8mb4_bin"})
    void inexactOrUnsupportedTypesAreRefused(String type) throws SQLException {
        H2Databases.run(db, "CREATE TABLE " + t + " (id INT PRIMARY KEY, k " + type + ")");
        assertThatThrownBy(() -> BloomGate.builder(db).guard(t, "k").build())
                .isInstanceOf(UnsupportedKeyTypeException.class).hasMessageContaining("." + t + ".k");
    }

    @Test
    void generatedKeyColumnsAndCascadingForeignKeysAreRefused() throws SQLException {
        H2Databases.run(db, "CREATE TABLE " + t + " (id INT PRIMARY KEY, a VARCHAR(10) COLLATE utf8mb4_bin,"
                + " k VARCHAR(20) COLLATE utf8mb4_bin AS (CONCAT(a, 'x')) PERSISTENT)");
        assertThatThrownBy(() -> BloomGate.builder(db).guard(t, "k").build())
                .isInstanceOf(UnsupportedKeyTypeException.class).hasMessageContaining("generated");
        String parent = t + "_p";
        try {
            H2Databases.run(db, "CREATE TABLE " + parent + " (id BIGINT PRIMARY KEY)",
                    "CREATE TABLE " + t + "_c (id INT PRIMARY KEY, pid BIGINT, FOREIGN KEY (pid) REFERENCES " + parent
                            + " (id) ON UPDATE CASCADE)");
            assertThatThrownBy(() -> BloomGate.builder(db).guard(t + "_c", "pid").build())
                    .isInstanceOf(UnsupportedKeyTypeException.class).hasMessageContaining("ON UPDATE CASCADE");
        } finally {
            H2Databases.run(db, "DROP TABLE IF EXISTS " + t + "_c", "DROP TABLE IF EXISTS " + parent);
        }
    }

    /** Runs {@code sql} with {@code key} through the gate until it is answered (or not), returning rows found. */
    private static boolean viaGate(BloomGate gate, String sql, Object key) throws SQLException {
        boolean any = false;
        for (int i = 0; i < 3; i++) { // the first execution copies metadata; later ones may be answered
            any = found(gate.dataSource(), sql, key);
        }
        return any;
    }

    @Test
    void binaryCollationIsGuardedWithPadSpaceAndCaseExactness() throws SQLException {
        H2Databases.run(db, "CREATE TABLE " + t + " (k VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin"
                + " PRIMARY KEY, v INT)", "INSERT INTO " + t + " VALUES ('abc', 1), ('ß', 2)");
        try (BloomGate gate = BloomGate.builder(db).guard(t, "k").build()) {
            String sql = "SELECT v FROM " + t + " WHERE k = ?";
            for (String key : new String[] {"abc", "abc ", "abc   ", "ABC", "abd", "ß", "ss", "ß ", "abc\t"}) {
                assertThat(viaGate(gate, sql, key)).as("'%s'", key).isEqualTo(found(db, sql, key));
            }
            assertThat(gate.stats(t, "k").avoided()).as("absent keys were answered from the filter: %s", gate.stats(t, "k").bypassedByReason()).isPositive();
        }
    }

    @Test
    void noPadBinaryCollationKeepsTrailingSpaces() throws SQLException {
        H2Databases.run(db, "CREATE TABLE " + t + " (k VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin"
                + " PRIMARY KEY, v INT)", "INSERT INTO " + t + " VALUES ('abc', 1), ('x ', 2)");
        try (BloomGate gate = BloomGate.builder(db).guard(t, "k").build()) {
            String sql = "SELECT v FROM " + t + " WHERE k = ?";
            for (String key : new String[] {"abc", "abc ", "x", "x ", "x  "}) {
                assertThat(viaGate(gate, sql, key)).as("'%s'", key).isEqualTo(found(db, sql, key));
            }
        }
    }

    @Test
    void unsignedBigintKeysAboveTheSignedRangeAreExact() throws SQLException {
        H2Databases.run(db, "CREATE TABLE " + t + " (k BIGINT UNSIGNED PRIMARY KEY, v INT)",
                "INSERT INTO " + t + " VALUES (18446744073709551615, 1), (9223372036854775808, 2), (42, 3)");
        try (BloomGate gate = BloomGate.builder(db).guard(t, "k").build()) {
            String sql = "SELECT v FROM " + t + " WHERE k = ?";
            Object[] keys = {new BigInteger("18446744073709551615"), new BigInteger("9223372036854775808"), 42L, 42,
                "42", "042", -1L, Long.MAX_VALUE, new BigInteger("18446744073709551614"), 43L};
            for (Object key : keys) {
                assertThat(viaGate(gate, sql, key)).as("%s (%s)", key, key.getClass().getSimpleName())
                        .isEqualTo(found(db, sql, key));
            }
            assertThat(gate.stats(t, "k").avoided()).isPositive();
        }
    }

    @Test
    void integerKeysWithStringParameters() throws SQLException {
        H2Databases.run(db, "CREATE TABLE " + t + " (k INT PRIMARY KEY, v INT)", "INSERT INTO " + t
                + " VALUES (42, 1)");
        try (BloomGate gate = BloomGate.builder(db).guard(t, "k").build()) {
            String sql = "SELECT v FROM " + t + " WHERE k = ?";
            // MySQL reads '42abc', ' 42', '42.0' and '4.2e1' as 42 (a warning, no error).
            for (Object key : new Object[] {42, "42", "042", "42abc", " 42", "42.0", "4.2e1", "43", 43, 4.2e1}) {
                assertThat(viaGate(gate, sql, key)).as("%s", key).isEqualTo(found(db, sql, key));
            }
        }
    }
}
