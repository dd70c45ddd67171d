package io.bloomgate;

/** {@link MariaDbLexicalGuardTest} through MySQL Connector/J (client-side prepare, its default; issue 26). */
class MySqlConnectorJLexicalGuardTest extends MariaDbLexicalGuardTest {

    @Override
    javax.sql.DataSource dataSource() throws java.sql.SQLException {
        return MySqlServer.Flavour.MYSQL_CLIENT_PREPARE.dataSource();
    }
}
