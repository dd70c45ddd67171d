package io.bloomgate;

/** {@link MariaDbSessionConsistencyTest} through MySQL Connector/J (client-side prepare, its default; issue 26). */
class MySqlConnectorJSessionConsistencyTest extends MariaDbSessionConsistencyTest {

    @Override
    MySqlServer.Flavour flavour() {
        return MySqlServer.Flavour.MYSQL_CLIENT_PREPARE;
    }
}
