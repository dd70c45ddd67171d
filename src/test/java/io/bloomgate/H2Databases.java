package io.bloomgate;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import org.h2.jdbcx.JdbcDataSource;

/**
 * Fresh H2 databases for tests (each {@link #memory} call gives a new, empty in-memory database),
 * and statements run on any database's connections.
 */
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

    /** Runs {@code statements} on {@code c}, in order. */
    static void run(Connection c, String... statements) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }

    /** The first column of every row {@code sql} returns with {@code key} bound to its one parameter. */
    static java.util.List<String> firstColumn(Connection c, String sql, String key) throws SQLException {
        try (java.sql.PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, key);
            java.util.List<String> rows = new java.util.ArrayList<>();
            try (java.sql.ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows.add(rs.getString(1));
                }
            }
            return rows;
        }
    }
}
