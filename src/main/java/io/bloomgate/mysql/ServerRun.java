package io.bloomgate.mysql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which run of the MySQL/MariaDB server a connection reaches: the token in {@code
 * bloomgate.server_run}, inserted by the first reader after a start. A change-log position is valid
 * only within one run ({@link FeedPosition}): InnoDB shows a commit to other sessions before its redo
 * is flushed, so a crash can undo a commit a feed read, and the restarted server then draws that log
 * id again for another row, below the feed's high-water mark. Separate from the feed because the
 * build (snapshots from an earlier run are not loaded), the start position and every reconnection
 * of the feed ask the same question.
 */
final class ServerRun {

    private static final Logger LOG = LoggerFactory.getLogger(ServerRun.class);
    private static final int ER_NO_SUCH_TABLE = 1146;
    private static final int ER_TABLE_ACCESS_DENIED = 1142;
    /** The server (or the session's transaction) is read-only: --read-only / super_read_only. */
    private static final int ER_READ_ONLY = 1290;

    private ServerRun() {
    }

    /**
     * The run of the server {@code c} reaches: the token in {@code bloomgate.server_run} (a MEMORY
     * table: every restart, a crash included, empties it, so a restart always changes the token,
     * however soon after the previous start). Null when it is unknown (the table is missing, or this
     * user may not read or write it), which callers treat as a restart. Not {@code now - Uptime}: two
     * starts a second or two apart had the same start time within its resolution, so a feed took such
     * a restart for a lost connection and resumed above ids the crash had undone and the server had
     * drawn again for other rows, never reading their keys.
     */
    static String read(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.executeUpdate("INSERT IGNORE INTO bloomgate.server_run (id, run) VALUES (1, UUID())");
            try (ResultSet rs = s.executeQuery("SELECT run FROM bloomgate.server_run WHERE id = 1")) {
                // Empty only if the row was deleted by hand between the two statements: unknown.
                return rs.next() ? rs.getString(1) : null;
            }
        } catch (SQLException e) {
            if (e.getErrorCode() == ER_NO_SUCH_TABLE || e.getErrorCode() == ER_TABLE_ACCESS_DENIED
                    || e.getErrorCode() == ER_READ_ONLY) {
                LOG.debug("The MySQL/MariaDB server's run cannot be told (bloomgate.server_run): {}", e.toString());
                return null;
            }
            throw e;
        }
    }
}
