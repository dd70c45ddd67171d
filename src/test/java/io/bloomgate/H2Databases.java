package io.bloomgate;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import org.h2.jdbcx.JdbcDataSource;

/** Fresh H2 databases for tests: each call gives a new, empty in-memory database. */
final class H2Databases {

    private static final AtomicInteger COUNTER = new AtomicInteger();

    private H2Databases() {
    }

    static JdbcDataSource memory() {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:gate" + COUNTER.incrementAndGet() + ";DB_CLOSE_DELAY=-1");
        ds.setUser("sa");
        return ds;
    }

    static void run(javax.sql.DataSource ds, String... statements) throws SQLException {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }
}
