package io.bloomgate;

/** {@link MariaDbSessionDiagnosticsTest} through MySQL Connector/J (client-side prepare, its default; issue 26). */
class MySqlConnectorJSessionDiagnosticsTest extends MariaDbSessionDiagnosticsTest {

    @Override
    javax.sql.DataSource dataSource() throws java.sql.SQLException {
        return MySqlServer.Flavour.MYSQL_CLIENT_PREPARE.dataSource();
    }
}
