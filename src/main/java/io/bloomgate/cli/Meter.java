package io.bloomgate.cli;

import java.sql.Connection;
import java.sql.SQLException;

/** Reads one side's counters ({@link DemoDatabase.Side#meter()}). */
@FunctionalInterface
interface Meter {

    /**
     * The counters now, or null when the database keeps none here (an H2 in-memory database).
     *
     * @param session the connection the side's crawl or requests run on: databases that count per
     *                session (MariaDB's {@code SHOW SESSION STATUS}) read their counters there
     */
    Io read(Connection session) throws SQLException;
}
