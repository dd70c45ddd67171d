package io.bloomgate.postgres;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Reads log positions from the server. */
final class FeedPositions {

    private FeedPositions() {
    }

    /** The current position: a read from it on sees every transaction that was not visible now. */
    static LogPosition now(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT pg_current_snapshot()::text")) {
            rs.next();
            return LogPosition.parse(rs.getString(1));
        }
    }
}
