package io.bloomgate;

/**
 * {@link MariaDbProcedureSessionTest} through MySQL Connector/J, whose {@code getAutoCommit()} is its
 * own flag: a procedure's {@code SET autocommit = 0} does not move it (the server's status flags do).
 */
class MySqlConnectorJProcedureSessionTest extends MariaDbProcedureSessionTest {

    @Override
    MySqlServer.Flavour flavour() {
        return MySqlServer.Flavour.MYSQL_CLIENT_PREPARE;
    }
}
