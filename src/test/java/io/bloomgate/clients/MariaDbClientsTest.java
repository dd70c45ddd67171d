package io.bloomgate.clients;

import io.bloomgate.clients.Shape.Db;

/**
 * The real-clients suite on MariaDB (BLOOMGATE_MYSQL_URL, see MySqlServer): Hibernate with its MariaDB
 * dialect, jOOQ's MARIADB dialect, in a database of its own. What differs is stated in {@link Shapes}
 * (UUID keys and unaliased EXISTS are compared, not answered) and in {@link Fixture}'s schema.
 */
class MariaDbClientsTest extends ClientsContract {

    @Override
    Db db() {
        return Db.MARIADB;
    }
}
