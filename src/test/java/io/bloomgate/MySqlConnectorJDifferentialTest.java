package io.bloomgate;

/** {@link MariaDbDifferentialTest} through MySQL Connector/J in its default (client-side) prepared mode (issue 26). */
class MySqlConnectorJDifferentialTest extends MariaDbDifferentialTest {

    @Override
    MySqlServer.Flavour flavour() {
        return MySqlServer.Flavour.MYSQL_CLIENT_PREPARE;
    }
}
