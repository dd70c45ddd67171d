package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session modes of MySQL/MariaDB that change what a read returns without the gate's transaction
 * tracking seeing a transaction: an XA transaction (open whatever auto-commit says) and
 * locked-tables mode (LOCK TABLES: reads of other tables raise 1100).
 */
class MariaDbLockAndXaTest extends MariaDbSessionTables {

    MariaDbLockAndXaTest() {
        super("bloomgate_review_holes");
    }





    /**
     * XA START with auto-commit on opens a transaction (REPEATABLE READ, InnoDB's default) that the
     * gate takes for auto-commit statements: its first lookup is answered, the read view is created
     * later, and a later read sees a row committed after the answer.
     */
    @Test
    void xaTransactionFirstLookup() throws SQLException {
        try (Connection reader = gate.dataSource().getConnection(); Statement r = reader.createStatement();
                Connection writer = gate.dataSource().getConnection(); Statement w = writer.createStatement()) {
            warm(r);
            r.execute("XA START 'review1'");
            assertThat(answeredSoon(w)).as("the unknown write XA START was taken for has settled").isTrue();
            long before = avoided();
            assertThat(keys(r, "SELECT k FROM t WHERE k = 99")).isEmpty();
            boolean answered = avoided() > before;
            w.executeUpdate("INSERT INTO t VALUES (99, 99)");
            List<Long> later = keys(r, "SELECT k FROM t WHERE k = 99");
            r.execute("XA END 'review1'");
            r.execute("XA ROLLBACK 'review1'");
            assertThat(later).as("REPEATABLE READ: the read view predates the commit (answered first: %s)", answered)
                    .isEmpty();
        }
    }

    /** LOCK TABLES on another table: the server refuses a read of t (1100); the gate must not answer. */
    @Test
    void lockTablesOnAnotherTable() throws SQLException {
        try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement();
                Connection c2 = gate.dataSource().getConnection(); Statement s2 = c2.createStatement()) {
            warm(s);
            s.execute("LOCK TABLES other READ");
            assertThat(answeredSoon(s2)).as("the unknown write LOCK TABLES was taken for has settled").isTrue();
            try {
                assertThatThrownBy(() -> keys(s, "SELECT k FROM t WHERE k = 98")).isInstanceOf(SQLException.class)
                        .hasMessageContaining("not locked");
            } finally {
                s.execute("UNLOCK TABLES");
            }
            assertThat(answeredSoon(s)).as("after UNLOCK TABLES, answered again").isTrue();
        }
    }

    /** A closed statement refuses a templated text, as the driver's does. */
    @Test
    void closedStatement() throws SQLException {
        try (Connection c = gate.dataSource().getConnection(); Statement s = c.createStatement()) {
            warm(s);
            Statement closed = c.createStatement();
            closed.close();
            assertThatThrownBy(() -> closed.executeQuery("SELECT k FROM t WHERE k = 97"))
                    .isInstanceOf(SQLException.class);
        }
    }
}
