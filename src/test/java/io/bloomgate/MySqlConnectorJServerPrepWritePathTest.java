package io.bloomgate;

/** {@link MariaDbWritePathTest} through MySQL Connector/J with {@code useServerPrepStmts=true} (issue 26). */
class MySqlConnectorJServerPrepWritePathTest extends MariaDbWritePathTest {

    @Override
    MySqlServer.Flavour flavour() {
        return MySqlServer.Flavour.MYSQL_SERVER_PREPARE;
    }
}
