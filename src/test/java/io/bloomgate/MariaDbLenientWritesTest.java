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
import org.junit.jupiter.api.Test;

/**
 * Without a strict {@code sql_mode}, MySQL and MariaDB store another key than the statement wrote
 * and only warn: a string longer than the column is cut, an integer out of range is clamped, a
 * string that is not a number is read up to its first non-digit, a fraction is rounded. The writer
 * and every other session of the instance must find the key that was stored, at once (before the change
 * feed brings it), whatever the statement bound.
 */
class MariaDbLenientWritesTest {

    @Test
    void theStoredKeyOfALenientWriteIsFoundAtOnce() throws Exception {
        String database = "bloomgate_lenient" + Long.toHexString(System.nanoTime());
        H2Databases.run(MySqlServer.dataSource(), "CREATE DATABASE " + database);
        try {
            DataSource db = MySqlServer.forDatabase(database);
            H2Databases.run(db, "CREATE TABLE s (k VARCHAR(5) PRIMARY KEY, v INT)",
                    "CREATE TABLE n (k INT PRIMARY KEY, v INT)", "INSERT INTO s VALUES ('seed', 1)",
                    "INSERT INTO n VALUES (1, 1)");
            try (BloomGate gate = BloomGate.builder(db).guard("s", "k").guard("n", "k")
                            // The feed would add the stored keys within milliseconds and hide the gate's own error.
                            .staleAfter(Duration.ofSeconds(90)).pollInterval(Duration.ofSeconds(30)).build();
                    Connection c = gate.dataSource().getConnection();
                    // The reader keeps the server's strict mode: the gate answers only in sessions whose
                    // sql_mode is the one it read first, so the lenient writer's own lookups all run.
                    Connection reader = gate.dataSource().getConnection()) {
                assertThat(found(reader, "n", "-1")).isFalse();
                assertThat(found(reader, "s", "-1")).isFalse();
                long answeredBefore = gate.stats("n", "k").avoided() + gate.stats("s", "k").avoided();
                try (Statement s = c.createStatement()) {
                    s.execute("SET SESSION sql_mode = ''");
                }
                List<String> missing = new ArrayList<>();
                for (String text : new String[] {"INSERT INTO s VALUES ('abcdefgh', 1)",
                        "INSERT INTO n VALUES (99999999999, 1)", "INSERT INTO n VALUES ('12abc', 1)",
                        "INSERT INTO n VALUES (7.6, 1)"}) {
                    try (Statement s = c.createStatement()) {
                        s.executeUpdate(text);
                    }
                }
                write(c, "INSERT INTO s VALUES (?, 2)", ps -> ps.setString(1, "zyxwvuts"));
                write(c, "INSERT INTO n VALUES (?, 2)", ps -> ps.setLong(1, -88888888888L));
                write(c, "INSERT INTO n VALUES (?, 2)", ps -> ps.setString(1, "34xyz"));
                write(c, "INSERT INTO n VALUES (?, 2)", ps -> ps.setBigDecimal(1, new java.math.BigDecimal("55.5")));
                write(c, "INSERT INTO n VALUES (?, 2)", ps -> ps.setDouble(1, 70.7));
                for (String stored : storedKeys(db, "s")) {
                    if (!found(reader, "s", stored)) {
                        missing.add("s." + stored);
                    }
                }
                for (String stored : storedKeys(db, "n")) {
                    if (!found(reader, "n", stored)) {
                        missing.add("n." + stored);
                    }
                }
                assertThat(missing).as("keys stored by lenient writes, not found by another session").isEmpty();
                // Writes with unknown keys settle after the feed's next complete read, which the commit
                // wakes: on a loaded machine that can take a while, so the reader asks until answered.
                long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
                long answered;
                do {
                    assertThat(found(reader, "n", "-5")).isFalse();
                    answered = gate.stats("n", "k").avoided() + gate.stats("s", "k").avoided();
                } while (answered == answeredBefore && System.nanoTime() < deadline && pause());
                assertThat(answered).as("the reader's lookups can be answered once the feed has read the writes")
                        .isGreaterThan(answeredBefore);
            }
        } finally {
            H2Databases.run(MySqlServer.dataSource(), "DROP DATABASE IF EXISTS " + database);
        }
    }

    private static boolean pause() throws InterruptedException {
        Thread.sleep(50);
        return true;
    }

    private interface Binder {
        void bind(PreparedStatement ps) throws SQLException;
    }

    private static void write(Connection c, String sql, Binder binder) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            binder.bind(ps);
            ps.executeUpdate();
        }
    }

    private static List<String> storedKeys(DataSource db, String table) throws SQLException {
        List<String> keys = new ArrayList<>();
        try (Connection c = db.getConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT k FROM " + table)) {
            while (rs.next()) {
                keys.add(rs.getString(1));
            }
        }
        return keys;
    }

    private static boolean found(Connection c, String table, String key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT v FROM " + table + " WHERE k = ?")) {
            if (table.equals("n")) {
                ps.setLong(1, Long.parseLong(key));
            } else {
                ps.setString(1, key);
            }
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    return true;
                }
            }
        }
        // The same lookup again, so that a first execution (which runs) is not what finds it.
        try (PreparedStatement ps = c.prepareStatement("SELECT v FROM " + table + " WHERE k = ?")) {
            if (table.equals("n")) {
                ps.setLong(1, Long.parseLong(key));
            } else {
                ps.setString(1, key);
            }
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }
}
