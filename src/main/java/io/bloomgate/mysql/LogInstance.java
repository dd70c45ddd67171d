package io.bloomgate.mysql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This gate instance's row in {@code bloomgate.instances}: its position (the lowest log id it has not
 * read: pruning keeps it and everything above) and its heartbeat (an instance silent for {@code
 * instanceTimeout} no longer holds the log back). Separate from the chores that call it because the
 * build registers the instance before it takes any position, and close unregisters it.
 *
 * @param id          the instance's id
 * @param description what {@code bloomgate report} shows for it: the JVM, the id, the database
 */
record LogInstance(UUID id, String description) {

    private static final Logger LOG = LoggerFactory.getLogger(LogInstance.class);
    /** The width of {@code bloomgate.instances.description}. */
    private static final int DESCRIPTION_CHARS = 512;

    /**
     * Registers the instance at position 0: no pruning passes it while it builds (nor, from then on,
     * any snapshot's position it loads); the heartbeat then reports its real position.
     */
    void register(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO bloomgate.instances (id, description, heartbeat,"
                + " position) VALUES (?, ?, NOW(6), 0)")) {
            ps.setString(1, id.toString());
            ps.setString(2, shortDescription());
            ps.executeUpdate();
        }
    }

    /**
     * Says the instance is alive, which log rows it still needs ({@code position}) and which
     * connection is its feed's; registers it again if its row was deleted (taken for dead).
     */
    void heartbeat(Connection c, long position, long feedConnection) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE bloomgate.instances SET heartbeat = NOW(6),"
                + " position = ?, feed_connection = ? WHERE id = ?")) {
            ps.setLong(1, position);
            ps.setLong(2, feedConnection);
            ps.setString(3, id.toString());
            if (ps.executeUpdate() == 0) {
                try (PreparedStatement insert = c.prepareStatement("INSERT INTO bloomgate.instances (id,"
                        + " description, heartbeat, position, feed_connection) VALUES (?, ?, NOW(6), ?, ?)")) {
                    insert.setString(1, id.toString());
                    insert.setString(2, shortDescription());
                    insert.setLong(3, position);
                    insert.setLong(4, feedConnection);
                    insert.executeUpdate();
                }
            }
        }
    }

    /** Deletes the instance's row; a failure is logged (the row then times out). */
    void unregister(Connection c) {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM bloomgate.instances WHERE id = ?")) {
            ps.setString(1, id.toString());
            ps.executeUpdate();
        } catch (SQLException | RuntimeException e) {
            LOG.warn("Unregistering the gate instance failed; it times out instead: {}", e.toString());
        }
    }

    private String shortDescription() {
        return description.length() > DESCRIPTION_CHARS ? description.substring(0, DESCRIPTION_CHARS) : description;
    }
}
