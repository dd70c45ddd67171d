package io.bloomgate.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The eligible shapes checked against a real H2 database: it counts the same parameters as the
 * classifier, and with every key absent it really answers with no rows. The aggregate bypasses are
 * checked the other way: on absent keys H2 answers one row.
 */
class AgainstH2Test {

    private static Connection connection;

    @BeforeAll
    static void open() throws SQLException {
        connection = DriverManager.getConnection("jdbc:h2:mem:sqltest" + System.nanoTime());
        try (Statement s = connection.createStatement()) {
            s.execute("create table users (id bigint primary key, email varchar(100), name varchar(100), "
                    + "created timestamp)");
            s.execute("create table orders (id bigint, uid bigint, x int, y int, u int, name varchar(100))");
            s.execute("insert into users values (1, 'present@x', 'n', null), (2, 'other@x', null, null)");
            s.execute("insert into orders values (1, 1, 1, 1, 1, 'present@x')");
        }
    }

    @AfterAll
    static void close() throws SQLException {
        connection.close();
    }

    static Stream<Arguments> eligibleH2Shapes() {
        return EligibleLookupTest.shapes().filter(a -> {
            String sql = (String) a.get()[0];
            // literal keys that are present in the table, or that H2 cannot compare with VARCHAR
            return !sql.contains("for share") // H2 has FOR UPDATE only
                    && !sql.contains("= 42") && !sql.contains("= -42") && !sql.contains("= 1.50")
                    && !sql.contains(", 7)");
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("eligibleH2Shapes")
    void eligibleLookupsAreEmptyWhenTheKeyIsAbsent(String sql) throws SQLException {
        Fixture f = Fixture.h2();
        StatementPlan.Lookup l = f.lookup(sql);
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            int count = ps.getParameterMetaData().getParameterCount();
            int seen = (int) l.keys().stream().filter(k -> k instanceof KeyOperand.Parameter).count()
                    + l.otherParameters().size() + l.limitParameters().size();
            assertThat(seen).as("parameters H2 counts").isEqualTo(count);
            for (KeyOperand k : l.keys()) {
                if (k instanceof KeyOperand.Parameter p) {
                    ps.setString(p.index(), "absent@x");
                }
            }
            for (OtherParameter o : l.otherParameters()) {
                if (o.column().equals("ID")) {
                    ps.setLong(o.index(), 1);
                } else {
                    ps.setString(o.index(), "present@x");
                }
            }
            for (int i : l.limitParameters()) {
                ps.setInt(i, 10);
            }
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).as("a row for an absent key").isFalse();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("aggregates")
    void aggregatesWithoutGroupByAnswerOneRowOnAbsentKeys(String sql) throws SQLException {
        assertThat(Fixture.h2().lookup(sql).rowsOnEmptyInput()).as(sql).isTrue();
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            ps.setString(1, "absent@x");
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
            }
        }
    }

    static Stream<String> aggregates() {
        return Stream.of("select count(*) from users where email = ?", "select max(id) from users where email = ?",
                "select 1 from users where email = ? having 1 = 1",
                "select 1 from users where email = ? order by count(*)");
    }
}
