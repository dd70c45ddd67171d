package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/**
 * Writes in H2's own and its MySQL mode's forms (REPLACE INTO, INSERT IGNORE, ON DUPLICATE KEY
 * UPDATE, MERGE INTO ... KEY, MERGE ... USING, INSERT ... SELECT, UPDATE of the key by an
 * expression), through the gate, in auto-commit and in a transaction: the key each one stores is
 * found by the writer's next lookup and by another connection's after commit (the trigger adds it
 * inside the write; nothing to fix on 2.3.232, kept as a specification).
 */
class H2WriteFormsTest {

    private static final String[][] WRITES = {
        {"REPLACE INTO t VALUES (1, 'replaced')", "replaced"},
        {"INSERT IGNORE INTO t VALUES (1, 'ignored')", null},
        {"INSERT INTO t VALUES (1, 'x') ON DUPLICATE KEY UPDATE k = 'odku'", "odku"},
        {"MERGE INTO t KEY (id) VALUES (5, 'merged')", "merged"},
        {"MERGE INTO t USING (SELECT 6 id, 'using' k) s ON t.id = s.id WHEN NOT MATCHED THEN INSERT VALUES (s.id, s.k)",
            "using"},
        {"INSERT INTO t SELECT 7, 'selected'", "selected"},
        {"UPDATE t SET k = CONCAT(k, '2') WHERE id = 5", "merged2"},
        {"INSERT INTO t (k) VALUES ('generated')", "generated"},
    };

    private static String lookup(Connection c, String key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT id FROM t WHERE k = ?")) {
            ps.setString(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? "a row" : "no rows";
            }
        }
    }

    @Test
    void everyWrittenKeyIsFoundRightAfter() throws SQLException {
        for (boolean autoCommit : new boolean[] {true, false}) {
            JdbcDataSource db = new JdbcDataSource();
            db.setURL("jdbc:h2:mem:writeforms" + autoCommit + ";DB_CLOSE_DELAY=-1;MODE=MySQL");
            db.setUser("sa");
            H2Databases.run(db, "CREATE TABLE t (id BIGINT AUTO_INCREMENT PRIMARY KEY, k VARCHAR(40))",
                    "INSERT INTO t VALUES (1, 'k1')", "ALTER TABLE t ALTER COLUMN id RESTART WITH 100");
            try (BloomGate gate = BloomGate.builder(db).guard("t", "k").build();
                    Connection c = gate.dataSource().getConnection();
                    Connection other = gate.dataSource().getConnection()) {
                assertThat(lookup(c, "warm")).isEqualTo("no rows");
                c.setAutoCommit(autoCommit);
                try (Statement s = c.createStatement()) {
                    for (String[] write : WRITES) {
                        s.execute(write[0]);
                        if (write[1] != null) {
                            assertThat(lookup(c, write[1])).as(write[0] + ", auto-commit " + autoCommit)
                                    .isEqualTo("a row");
                        }
                    }
                }
                if (!autoCommit) {
                    c.commit();
                }
                try (Connection raw = db.getConnection()) {
                    for (String[] write : WRITES) {
                        String key = write[1] == null ? "ignored" : write[1];
                        assertThat(lookup(other, key)).as(write[0] + ", another connection").isEqualTo(lookup(raw, key));
                    }
                    assertThat(lookup(raw, "odku")).isEqualTo("a row");
                }
            } finally {
                H2Databases.run(db, "SHUTDOWN");
            }
        }
    }
}
