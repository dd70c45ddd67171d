package io.bloomgate.mysql;

import io.bloomgate.sql.GuardedTable;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * What a guard's hook fingerprint ({@link MySqlSchema#hookFingerprint}) covers of the table itself,
 * besides its triggers: changes made around the gate (another connection, a migration tool) that the
 * triggers never see.
 *
 * <ul>
 *   <li><b>The columns</b> (position, name, type, character set and collation): answers copy the
 *       metadata of an earlier execution ({@code SELECT *}) and bound values are checked against the
 *       types at build. A column added, dropped, renamed or retyped changes the fingerprint; the
 *       watchdog (2 s) sends the guard to a rebuild, whose definition check keeps it UNSYNCED
 *       ({@code TableDefinition}). Without it, such lookups were answered with the old columns.</li>
 *   <li><b>InnoDB's table ids and tablespaces</b> of the table and its partitions (with the
 *       {@code PROCESS} privilege, which {@code information_schema.INNODB_SYS_TABLES} /
 *       {@code INNODB_TABLES} need): {@code ALTER TABLE ... EXCHANGE PARTITION} and {@code IMPORT
 *       TABLESPACE} bring in rows no trigger logged, and change nothing else the catalog shows but
 *       these ids. A change sends the guard to a rebuild by scan, which reads the rows. Without
 *       {@code PROCESS} this part is empty (documented: rebuild after such DDL).</li>
 * </ul>
 */
final class TableState {

    /** {@code ER_SPECIFIC_ACCESS_DENIED_ERROR}: the user lacks {@code PROCESS}. */
    private static final int ACCESS_DENIED = 1227;
    /** {@code ER_UNKNOWN_TABLE} in information_schema: MySQL 8 names the view INNODB_TABLES. */
    private static final int UNKNOWN_TABLE = 1109;

    private TableState() {
    }

    /**
     * Whether the current user holds {@code PROCESS} globally, as {@code USER_PRIVILEGES} shows it
     * (a privilege held only through a role is not listed: the query below then fails with 1227,
     * which counts the same).
     */
    private static boolean mayProcess(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM information_schema.USER_PRIVILEGES"
                + " WHERE PRIVILEGE_TYPE = 'PROCESS' AND GRANTEE = CONCAT('''', SUBSTRING_INDEX(CURRENT_USER(), '@', 1),"
                + " '''@''', SUBSTRING_INDEX(CURRENT_USER(), '@', -1), '''')");
                ResultSet rs = ps.executeQuery()) {
            return rs.next() && rs.getLong(1) > 0;
        }
    }

    /** The table's columns and storage, as text to append to a fingerprint. */
    static String of(Connection c, GuardedTable table) throws SQLException {
        StringBuilder state = new StringBuilder("#columns:");
        try (PreparedStatement ps = c.prepareStatement("SELECT ORDINAL_POSITION, COLUMN_NAME, COLUMN_TYPE,"
                + " CHARACTER_SET_NAME, COLLATION_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ?"
                + " AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION")) {
            ps.setString(1, table.schema());
            ps.setString(2, table.table());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    state.append(rs.getInt(1)).append('/').append(rs.getString(2)).append('/').append(rs.getString(3))
                            .append('/').append(rs.getString(4)).append('/').append(rs.getString(5)).append(',');
                }
            }
        }
        state.append("#innodb:");
        appendInnoDbIds(c, table, state);
        return state.toString();
    }

    private static void appendInnoDbIds(Connection c, GuardedTable table, StringBuilder state) throws SQLException {
        if (!mayProcess(c)) {
            // Asked first: the server's 1227 for every check (every 2 s) would be logged by the
            // MariaDB driver at WARN each time.
            state.append("no PROCESS");
            return;
        }
        // InnoDB names a table schema/table and a partition schema/table#P#name (#p# on MySQL 8); the
        // names are compared case-insensitively there. Names with characters InnoDB encodes (@0024)
        // match nothing: the part stays empty for them, as without PROCESS.
        String name = table.schema() + "/" + table.table();
        for (String view : new String[] {"INNODB_SYS_TABLES", "INNODB_TABLES"}) {
            try (PreparedStatement ps = c.prepareStatement("SELECT NAME, TABLE_ID, SPACE FROM information_schema." + view
                    + " WHERE NAME = ? OR NAME LIKE ? ESCAPE '!' ORDER BY NAME")) {
                ps.setString(1, name);
                ps.setString(2, name.replace("!", "!!").replace("%", "!%").replace("_", "!_") + "#p#%");
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        state.append(rs.getString(1)).append('=').append(rs.getLong(2)).append('/').append(rs.getLong(3))
                                .append(',');
                    }
                }
                return;
            } catch (SQLException e) {
                if (e.getErrorCode() == ACCESS_DENIED) {
                    state.append("no PROCESS");
                    return;
                }
                if (e.getErrorCode() != UNKNOWN_TABLE) {
                    throw e;
                }
            }
        }
    }
}
