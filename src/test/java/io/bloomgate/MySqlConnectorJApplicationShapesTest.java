package io.bloomgate;

/** {@link MariaDbApplicationShapesTest} through MySQL Connector/J (client-side prepare, its default; issue 26). */
class MySqlConnectorJApplicationShapesTest extends MariaDbApplicationShapesTest {

    @Override
    MySqlServer.Flavour flavour() {
        return MySqlServer.Flavour.MYSQL_CLIENT_PREPARE;
    }
}
