package io.bloomgate;

/** {@link MariaDbDifferentialTest} through MySQL Connector/J with {@code useServerPrepStmts=true} (issue 26). */
class MySqlConnectorJServerPrepDifferentialTest extends MariaDbDifferentialTest {

    @Override
    MySqlServer.Flavour flavour() {
        return MySqlServer.Flavour.MYSQL_SERVER_PREPARE;
    }
}
