package io.bloomgate.examples.plain;

import io.bloomgate.BloomGate;
import io.bloomgate.stats.GuardStats;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;

/**
 * The plainest way in: wrap the {@code DataSource} you already have and give {@code gate.dataSource()}
 * to the code that queries. A sign-up form checks whether e-mail addresses are taken; most are not,
 * and those lookups are answered by the filter without a query.
 */
public final class PlainDataSourceExample {

    /**
     * Whether each checked e-mail is taken (in the order checked), whether an e-mail signed up through
     * the gate is found right after, and the guard's counters at the end.
     */
    public record Result(Map<String, Boolean> taken, boolean foundAfterSignUp, GuardStats stats) {
    }

    public static void main(String[] args) throws SQLException {
        JdbcDataSource h2 = new JdbcDataSource();          // any DataSource: H2, pgjdbc, a pool ...
        h2.setURL("jdbc:h2:mem:plain;DB_CLOSE_DELAY=-1");
        h2.setUser("sa");
        Result result = run(h2);
        long taken = result.taken().values().stream().filter(t -> t).count();
        System.out.printf("%d e-mails checked: %d taken, %d free; %d lookups answered without a query;"
                + " signed up new1@example.org, then found it: %s%n", result.taken().size(), taken,
                result.taken().size() - taken, result.stats().avoided(), result.foundAfterSignUp());
    }

    /** Creates {@code ex_users} (10,000 rows) in {@code database}, then checks 1,000 e-mails through a gate. */
    public static Result run(DataSource database) throws SQLException {
        try (Connection c = database.getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE ex_users (id BIGINT PRIMARY KEY, email VARCHAR(100) NOT NULL UNIQUE)");
            s.execute("INSERT INTO ex_users SELECT X, 'user' || X || '@example.org' FROM SYSTEM_RANGE(1, 10000)");
        }
        try (BloomGate gate = BloomGate.builder(database).guard("ex_users", "email").build()) {
            DataSource ds = gate.dataSource();                 // use this one from now on
            Map<String, Boolean> taken = new LinkedHashMap<>();
            try (Connection c = ds.getConnection();
                    PreparedStatement find = c.prepareStatement("SELECT id FROM ex_users WHERE email = ?");
                    PreparedStatement signUp = c.prepareStatement("INSERT INTO ex_users VALUES (?, ?)")) {
                for (int i = 1; i <= 1_000; i++) {
                    String email = (i % 10 == 0 ? "user" + i : "new" + i) + "@example.org"; // 1 in 10 is taken
                    taken.put(email, exists(find, email));
                }
                signUp.setLong(1, 20_001);                     // a write through the gate enters the filter
                signUp.setString(2, "new1@example.org");       // before it executes: found at once
                signUp.executeUpdate();
                boolean found = exists(find, "new1@example.org");
                System.out.print(gate.report().toText());
                return new Result(taken, found, gate.stats("ex_users", "email"));
            }
        }
    }

    private static boolean exists(PreparedStatement find, String email) throws SQLException {
        find.setString(1, email);
        try (ResultSet rs = find.executeQuery()) {          // absent: an empty result, often without a query
            return rs.next();
        }
    }

    private PlainDataSourceExample() {
    }
}
