package io.bloomgate;

/** {@link MariaDbMySqlFormsTest} through MySQL Connector/J (client-side prepare, its default; issue 26). */
class MySqlConnectorJMySqlFormsTest extends MariaDbMySqlFormsTest {

    @Override
    javax.sql.DataSource dataSource() throws java.sql.SQLException {
        return MySqlServer.Flavour.MYSQL_CLIENT_PREPARE.dataSource();
    }
}
