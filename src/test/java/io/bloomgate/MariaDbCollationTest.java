package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bloomgate.key.UnsupportedKeyTypeException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Case- and accent-insensitive collations on a real MariaDB server (issue 26): the gate's answer to
 * {@code SELECT ... WHERE k = ?} must be the database's own for every probe, with keys stored
 * before the build (the scan), through the gate (the write path) and from a raw connection (the
 * trigger and the change feed). Stored keys are the server's weight strings; probes are weighed
 * from the table read at build. A seeded random differential over a tricky alphabet (ß, ı, İ,
 * emoji, NBSP, TAB, NUL, U+200B, combining marks, trailing spaces, case variants) must find no
 * difference; language-tailored collations are refused at build with a message naming them.
 */
class MariaDbCollationTest {

    private static final Duration FEED = Duration.ofSeconds(10);
    /** Symbols the random keys are made of: case pairs, expansions, ignorables, pads, supplementary. */
    private static final String[] ALPHABET = {"a", "A", "b", "B", "s", "S", "ss", "ß", "ẞ", "i", "I", "ı", "İ", "e",
        "é", "É", "e\u0301", "\u0301", "o", "ö", "Ö", "æ", "Æ", "Å", "\u212B", "И", "и", "\u0306", "й", "ﬁ", "😀",
        "🙂", " ", "\u00A0", "\t", "\0", "\u200B", "\u3000", "z", "Z", "-", "_", "?"};

    private final String database = "bloomgate_c" + Long.toHexString(System.nanoTime());
    private DataSource db;

    @BeforeEach
    void setUp() throws SQLException {
        H2Databases.run(MySqlServer.dataSource(), "CREATE DATABASE " + database);
        db = MySqlServer.forDatabase(database);
    }

    @AfterEach
    void tearDown() throws SQLException {
        if (db != null) {
            H2Databases.run(db, "DROP DATABASE " + database);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"utf8mb4 COLLATE utf8mb4_general_ci", "utf8mb4 COLLATE utf8mb4_general_nopad_ci",
        "utf8mb4 COLLATE utf8mb4_unicode_ci", "utf8mb4 COLLATE utf8mb4_unicode_520_ci",
        "utf8mb4 COLLATE utf8mb4_unicode_520_nopad_ci", "utf8mb3 COLLATE utf8mb3_general_ci",
        "utf8mb3 COLLATE utf8mb3_unicode_ci", "latin1 COLLATE latin1_swedish_ci", "latin1 COLLATE latin1_general_ci",
        "latin1 COLLATE latin1_bin", "utf8mb4 COLLATE utf8mb4_uca1400_ai_ci",
        "utf8mb4 COLLATE utf8mb4_uca1400_as_cs", "utf8mb4 COLLATE utf8mb4_uca1400_nopad_ai_ci",
        "CHAR(16) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci"})
    void gateAnswersAsTheDatabaseUnderTheCollation(String charsetAndCollation) throws Exception {
        String type = charsetAndCollation.startsWith("CHAR(") ? charsetAndCollation
                : "VARCHAR(16) CHARACTER SET " + charsetAndCollation; // CHAR: stored without trailing spaces
        H2Databases.run(db, "CREATE TABLE t (id INT AUTO_INCREMENT PRIMARY KEY, k " + type + ", v INT, KEY (k))");
        Random random = new Random(26);
        List<String> stored = new ArrayList<>();
        try (Connection raw = db.getConnection()) {
            for (int i = 0; i < 60; i++) {
                insert(raw, randomKey(random), i, stored); // before the build: the scan reads them
            }
        }
        try (BloomGate gate = BloomGate.builder(db).guard("t", "k").build()) {
            try (Connection through = gate.dataSource().getConnection(); Connection raw = db.getConnection()) {
                for (int i = 60; i < 120; i++) {
                    insert(through, randomKey(random), i, stored); // the write path
                    insert(raw, randomKey(random), i + 1000, stored); // triggers and the change feed
                }
            }
            assertThat(gate.awaitChangeFeed(FEED)).as("the change feed completed a read").isTrue();
            List<String> differences = new ArrayList<>();
            String sql = "SELECT v FROM t WHERE k = ? ORDER BY v";
            answer(gate.dataSource(), sql, "warm-up"); // copies the result metadata
            for (int i = 0; i < 1500; i++) {
                String probe = i % 2 == 0 ? randomKey(random) : variant(stored.get(random.nextInt(stored.size())), random);
                String viaGate = answer(gate.dataSource(), sql, probe);
                String viaDb = answer(db, sql, probe);
                if (!viaGate.equals(viaDb)) {
                    differences.add(escape(probe) + ": gate " + viaGate + ", database " + viaDb);
                }
            }
            assertThat(differences).as("probes the gate answered differently from the database").isEmpty();
            assertThat(gate.stats("t", "k").avoided()).as("absent keys answered from the filter (%s)",
                    gate.stats("t", "k").bypassedByReason()).isPositive();
        }
    }

    @Test
    void aLiteralIsComparedUnderTheColumnsCollationWhateverTheConnectionsCollation() throws Exception {
        H2Databases.run(db, "CREATE TABLE t (id INT PRIMARY KEY, k VARCHAR(16) CHARACTER SET utf8mb4 COLLATE"
                + " utf8mb4_general_ci, v INT)", "INSERT INTO t VALUES (1, 'Straße', 1)");
        try (BloomGate gate = BloomGate.builder(db).guard("t", "k").build();
                Connection c = gate.dataSource().getConnection()) {
            try (Statement s = c.createStatement()) {
                // Coercibility: the column (implicit) wins over a literal or parameter (coercible).
                s.execute("SET collation_connection = utf8mb4_bin");
            }
            String sql = "SELECT v FROM t WHERE k = ?";
            for (String key : new String[] {"STRASSE", "strasse", "STRAẞE", "Straße ", "Strasse\t", "Strase"}) {
                String viaGate = "";
                for (int i = 0; i < 3; i++) {
                    viaGate = answer(c, sql, key);
                }
                String viaDb;
                try (Connection raw = db.getConnection()) {
                    try (Statement s = raw.createStatement()) {
                        s.execute("SET collation_connection = utf8mb4_bin");
                    }
                    viaDb = answer(raw, sql, key);
                }
                assertThat(viaGate).as(escape(key)).isEqualTo(viaDb);
            }
            assertThat(answer(c, sql, "STRASSE")).as("general_ci: ß = s, not ss").isEqualTo("[]");
            assertThat(answer(c, sql, "STRASE")).isEqualTo("[1]");
        }
    }

    @Test
    void aRebuildScansTheServersWeightStrings() throws Exception {
        H2Databases.run(db, "CREATE TABLE t (id INT PRIMARY KEY, k VARCHAR(16) CHARACTER SET utf8mb4 COLLATE"
                + " utf8mb4_unicode_520_ci, v INT)", "INSERT INTO t VALUES (1, 'Straße', 1), (2, 'Ångström', 2)");
        try (BloomGate gate = BloomGate.builder(db).guard("t", "k").build()) {
            H2Databases.run(db, "DELETE FROM t WHERE id = 2");
            assertThat(gate.awaitChangeFeed(FEED)).isTrue();
            gate.rebuild(); // a new filter, from the rebuild's scan alone
            assertThat(GuardProbe.eventually(FEED, () -> gate.stats("t", "k").state()
                    == io.bloomgate.stats.GuardState.READY)).isTrue();
            assertThat(gate.stats("t", "k").rebuilds()).isPositive();
            String sql = "SELECT v FROM t WHERE k = ?";
            answer(gate.dataSource(), sql, "warm-up");
            long avoidedBefore = gate.stats("t", "k").avoided();
            for (String key : new String[] {"STRASSE", "strasse", "STRAẞE", "Straße  ", "ANGSTROM", "Ångström"}) {
                assertThat(answer(gate.dataSource(), sql, key)).as(escape(key)).isEqualTo(answer(db, sql, key));
            }
            assertThat(answer(gate.dataSource(), sql, "STRASSE")).as("unicode_520_ci: ß = ss").isEqualTo("[1]");
            assertThat(gate.stats("t", "k").avoided() - avoidedBefore).as("the deleted key's spellings")
                    .isPositive();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"utf8mb4 COLLATE utf8mb4_czech_ci", "utf8mb4 COLLATE utf8mb4_spanish2_ci",
        "utf8mb4 COLLATE utf8mb4_uca1400_swedish_ai_ci", "latin1 COLLATE latin1_german2_ci"})
    void languageTailoredCollationsAreRefusedNamingTheCollation(String charsetAndCollation) throws SQLException {
        H2Databases.run(db, "CREATE TABLE t (id INT PRIMARY KEY, k VARCHAR(16) CHARACTER SET " + charsetAndCollation
                + ")");
        String collation = charsetAndCollation.substring(charsetAndCollation.indexOf("COLLATE ") + 8);
        assertThatThrownBy(() -> BloomGate.builder(db).guard("t", "k").build())
                .isInstanceOf(UnsupportedKeyTypeException.class)
                .hasMessageContaining(".t.k")
                .hasMessageContaining("has collation " + collation)
                .hasMessageContaining("COLLATE utf8mb4_unicode_520_ci");
    }

    @Test
    void charWithANoPadCollationIsRefused() throws SQLException {
        H2Databases.run(db, "CREATE TABLE t (id INT PRIMARY KEY, k CHAR(8) CHARACTER SET utf8mb4 COLLATE"
                + " utf8mb4_general_nopad_ci)");
        assertThatThrownBy(() -> BloomGate.builder(db).guard("t", "k").build())
                .isInstanceOf(UnsupportedKeyTypeException.class).hasMessageContaining("NO PAD");
    }

    private static void insert(Connection c, String key, int v, List<String> stored) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO t (k, v) VALUES (?, ?)")) {
            ps.setString(1, key);
            ps.setInt(2, v);
            ps.executeUpdate();
            stored.add(key);
        } catch (SQLException e) {
            // Not storable in the column's character set (1366) or too long: the database refuses it.
            if (e.getErrorCode() != 1366 && e.getErrorCode() != 1406 && e.getErrorCode() != 1267) {
                throw e;
            }
        }
    }

    /** The rows' v values, or the error the database raised (its code). */
    private static String answer(DataSource ds, String sql, String key) throws SQLException {
        try (Connection c = ds.getConnection()) {
            return answer(c, sql, key);
        }
    }

    private static String answer(Connection c, String sql, String key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, key);
            List<Integer> rows = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows.add(rs.getInt(1));
                }
            }
            return rows.toString();
        } catch (SQLException e) {
            return "error " + e.getErrorCode();
        }
    }

    private static String randomKey(Random random) {
        StringBuilder s = new StringBuilder();
        int n = 1 + random.nextInt(4);
        for (int i = 0; i < n; i++) {
            s.append(ALPHABET[random.nextInt(ALPHABET.length)]);
        }
        if (random.nextInt(4) == 0) {
            s.append(" ".repeat(1 + random.nextInt(2)));
        }
        return s.toString();
    }

    /** A stored key as an application might spell it differently: case, trailing blanks, expansions. */
    private static String variant(String key, Random random) {
        return switch (random.nextInt(8)) {
            // Decomposed spellings: contractions (И + U+0306 is one weight under uca1400) split them.
            case 7 -> key.replace("й", "и\u0306").replace("é", "e\u0301").replace("Å", "A\u030A");
            case 0 -> key.toUpperCase(Locale.ROOT);
            case 1 -> key.toLowerCase(Locale.ROOT);
            case 2 -> key + " ";
            case 3 -> key + "\u00A0";
            case 4 -> key.replace("ß", "ss").replace("é", "e\u0301").replace("ı", "i");
            case 5 -> key.strip();
            default -> key;
        };
    }

    private static String escape(String s) {
        StringBuilder b = new StringBuilder("'");
        s.codePoints().forEach(cp -> b.append(cp >= 0x20 && cp < 0x7F ? String.valueOf((char) cp)
                : String.format("\\u{%X}", cp)));
        return b.append('\'').toString();
    }
}
