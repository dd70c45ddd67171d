package io.bloomgate.jdbc;

import java.sql.Connection;

/** For tests outside this package: what the gate does to pgjdbc's statement cache, on any connection. */
public final class PgjdbcStatements {

    private PgjdbcStatements() {
    }

    /**
     * Makes pgjdbc forget {@code connection}'s server-prepared statements, as the gate does on its
     * own connection after a session move ({@link PostgresSessionProbe#forgetPreparedStatements}).
     */
    public static void forget(Connection connection) {
        new PostgresSessionProbe().forgetPreparedStatements(connection);
    }
}
