package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.stats.GuardStats;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * pgjdbc's URL settings change what a setter sends, and so what PostgreSQL answers for the same
 * text and value: {@code stringtype=unspecified} lets the server type a {@code setString}, {@code
 * preferQueryMode=simple} inlines values as literals, {@code extendedCacheEverything} and {@code
 * prepareThreshold} change when statements are server-prepared. For each, every lookup of a
 * differential set (keys absent, several setters per key type) must end as on a direct connection
 * with the same settings: the same rows or the same SQLState.
 */
class PostgresDriverModesTest {

    private final String table = "modes_" + Long.toHexString(System.nanoTime());
    private final PGSimpleDataSource owner = PostgresServer.dataSource();

    @BeforeEach
    void setUp() throws SQLException {
        H2Databases.run(owner, "CREATE TABLE public." + table + " (id bigint PRIMARY KEY, name text UNIQUE,"
                + " code char(5) UNIQUE, amount numeric UNIQUE, u uuid UNIQUE)",
                "INSERT INTO public." + table + " VALUES (1, 'n1', 'c1', 1.5, '00000000-0000-0000-0000-000000000001')");
    }

    @AfterEach
    void tearDown() throws SQLException {
        H2Databases.run(owner, "DROP TABLE IF EXISTS public." + table);
    }

    interface Binder {
        void bind(PreparedStatement ps) throws SQLException;
    }

    record Case(String column, String label, Binder binder) {
    }

    private static List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        cases.add(new Case("id", "setLong", ps -> ps.setLong(1, 42)));
        cases.add(new Case("id", "setInt", ps -> ps.setInt(1, 42)));
        cases.add(new Case("id", "setString 042", ps -> ps.setString(1, "042")));
        cases.add(new Case("id", "setString ' 42'", ps -> ps.setString(1, " 42")));
        cases.add(new Case("id", "setString abc", ps -> ps.setString(1, "abc")));
        cases.add(new Case("id", "setString 4.2", ps -> ps.setString(1, "4.2")));
        cases.add(new Case("id", "setObject String", ps -> ps.setObject(1, "42")));
        cases.add(new Case("id", "setBigDecimal 42", ps -> ps.setBigDecimal(1, new BigDecimal("42"))));
        cases.add(new Case("id", "setBigDecimal 42.5", ps -> ps.setBigDecimal(1, new BigDecimal("42.5"))));
        cases.add(new Case("id", "setDouble", ps -> ps.setDouble(1, 42.0)));
        cases.add(new Case("id", "setString huge", ps -> ps.setString(1, "99999999999999999999")));
        cases.add(new Case("name", "setString", ps -> ps.setString(1, "n42")));
        cases.add(new Case("name", "setInt", ps -> ps.setInt(1, 42)));
        cases.add(new Case("name", "setString NUL", ps -> ps.setString(1, "a\u0000b")));
        cases.add(new Case("code", "setString", ps -> ps.setString(1, "c42")));
        cases.add(new Case("code", "setString long", ps -> ps.setString(1, "c42   ")));
        cases.add(new Case("code", "setString too long", ps -> ps.setString(1, "abcdefg")));
        cases.add(new Case("amount", "setBigDecimal", ps -> ps.setBigDecimal(1, new BigDecimal("4.20"))));
        cases.add(new Case("amount", "setString", ps -> ps.setString(1, "4.20")));
        cases.add(new Case("amount", "setString NaN", ps -> ps.setString(1, "NaN")));
        cases.add(new Case("u", "setObject UUID", ps -> ps.setObject(1, new UUID(0, 42))));
        cases.add(new Case("u", "setString uuid", ps -> ps.setString(1, new UUID(0, 42).toString())));
        cases.add(new Case("u", "setString bad", ps -> ps.setString(1, "not-a-uuid")));
        return cases;
    }

    private static String outcome(Connection c, String sql, Binder binder) {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            binder.bind(ps);
            try (ResultSet rs = ps.executeQuery()) {
                List<String> rows = new ArrayList<>();
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    StringBuilder row = new StringBuilder();
                    for (int i = 1; i <= n; i++) {
                        row.append(rs.getString(i)).append('|');
                    }
                    rows.add(row.toString());
                }
                return rows.toString();
            }
        } catch (SQLException e) {
            return "error " + e.getSQLState();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "preferQueryMode=simple", "stringtype=unspecified",
        "preferQueryMode=simple&stringtype=unspecified", "preferQueryMode=extendedCacheEverything", "prepareThreshold=1",
        "prepareThreshold=0", "preferQueryMode=extendedForPrepared"})
    void everyLookupEndsAsOnADirectConnection(String settings) throws SQLException {
        PGSimpleDataSource mode = new PGSimpleDataSource();
        mode.setURL(owner.getURL());
        mode.setUser(owner.getUser());
        mode.setPassword(owner.getPassword());
        for (String setting : settings.isEmpty() ? new String[0] : settings.split("&")) {
            String[] kv = setting.split("=");
            mode.setProperty(kv[0], kv[1]);
        }
        try (BloomGate gate = BloomGate.builder(mode).guard("public." + table, "id").guard("public." + table, "name")
                .guard("public." + table, "code").guard("public." + table, "amount").guard("public." + table, "u").build();
                Connection direct = mode.getConnection(); Connection gated = gate.dataSource().getConnection()) {
            List<String> differences = new ArrayList<>();
            for (Case c : cases()) {
                for (String select : List.of("SELECT * FROM public." + table + " WHERE " + c.column() + " = ?",
                        "SELECT count(*) FROM public." + table + " WHERE " + c.column() + " = ?")) {
                    for (int i = 0; i < 4; i++) {
                        String expected = outcome(direct, select, c.binder());
                        String actual = outcome(gated, select, c.binder());
                        if (!expected.equals(actual)) {
                            differences.add(c.column() + " " + c.label() + " (" + select.substring(0, 15) + "), run " + i
                                    + ": direct " + expected + ", gate " + actual);
                        }
                    }
                }
            }
            long avoided = gate.stats().stream().mapToLong(GuardStats::avoided).sum();
            assertThat(differences).as(settings + " (answered " + avoided + ")").isEmpty();
            assertThat(avoided).as(settings + ": some lookups answered").isPositive();
        }
    }
}
