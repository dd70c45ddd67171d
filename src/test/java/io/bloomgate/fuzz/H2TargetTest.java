package io.bloomgate.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the fuzzer's H2 episodes may retype a key column to ({@link H2Target#alterTypes}), and why:
 * H2 itself answers a lookup on a key retyped to another ordering differently from one execution to
 * the next.
 */
class H2TargetTest {

    @Test
    void keyColumnsAreRetypedOnlyWithinTheOrderingTheirBindingsCompareIn() {
        for (KeyType t : H2Target.INSTANCE.keyTypes()) {
            List<String> alter = H2Target.INSTANCE.alterTypes(t);
            assertThat(alter).as(t.name()).contains(t.ddl());
            for (String type : alter) {
                assertThat(H2Target.ordering(type)).as(t.name() + " to " + type).isEqualTo(H2Target.ordering(t.ddl()));
            }
        }
        assertThat(H2Target.INSTANCE.alterTypes(H2Target.INSTANCE.keyType("INT")))
                .contains("BIGINT", "SMALLINT", "DECIMAL(5, 1)").doesNotContain("VARCHAR");
    }

    /**
     * The premise of the restriction, on plain H2 (no gate): FuzzFoundTest's former H2 seed 7 case
     * (episode 9, step 164). Two sessions run the same statement with the same parameter one after
     * the other, nothing written in between, and get different rows. If this fails, H2 answers such
     * lookups consistently now, and {@link H2Target#alterTypes} may offer VARCHAR to numeric keys again.
     */
    @Test
    void plainH2AnswersAnIntegerLookupOnAKeyRetypedToVarcharDifferentlyInTwoSessions() throws SQLException {
        String url = "jdbc:h2:mem:h2_target_test_" + System.nanoTime() + ";DB_CLOSE_DELAY=-1";
        try (Connection writer = DriverManager.getConnection(url, "sa", "");
                Connection first = DriverManager.getConnection(url, "sa", "");
                Connection second = DriverManager.getConnection(url, "sa", "")) {
            try (Statement s = writer.createStatement()) {
                s.execute("CREATE TABLE t_int (k INT PRIMARY KEY, v INT, s VARCHAR(20))");
                try (PreparedStatement ps = writer.prepareStatement("INSERT INTO t_int VALUES (?, 1, 's')")) {
                    for (int i = 0; i < 200; i++) { // the fuzzer's INT keys: i * 3 - 150
                        ps.setInt(1, i * 3 - 150);
                        ps.addBatch();
                    }
                    ps.executeBatch();
                }
                s.execute("ALTER TABLE t_int ALTER COLUMN k SET DATA TYPE VARCHAR");
            }
            String lookup = "SELECT k FROM t_int WHERE k = ?";
            assertThat(keys(first, lookup)).isEmpty();
            assertThat(keys(second, lookup)).isEmpty();
            try (PreparedStatement ps = writer.prepareStatement("INSERT INTO t_int (k, v, s) VALUES (?, 7, 'new')")) {
                ps.setInt(1, 894);
                ps.executeUpdate();
            }
            List<String> firstSaw = keys(first, lookup);
            List<String> secondSaw = keys(second, lookup);
            assertThat(keys(second, "SELECT k FROM t_int WHERE k = 894 AND ? IS NOT NULL"))
                    .as("the literal comparison finds the row").containsExactly("894");
            assertThat(firstSaw).as("the same statement and parameter, run by one session and then another")
                    .isNotEqualTo(secondSaw);
            try (Statement s = writer.createStatement()) {
                s.execute("SHUTDOWN");
            }
        }
    }

    private static List<String> keys(Connection c, String sql) throws SQLException {
        List<String> keys = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setInt(1, 894);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    keys.add(rs.getString(1));
                }
            }
        }
        return keys;
    }
}
