package io.bloomgate;

/** {@link MariaDbWritePathTest} through MySQL Connector/J in its default (client-side) prepared mode (issue 26). */
class MySqlConnectorJWritePathTest extends MariaDbWritePathTest {

    @Override
    MySqlServer.Flavour flavour() {
        return MySqlServer.Flavour.MYSQL_CLIENT_PREPARE;
    }
}
