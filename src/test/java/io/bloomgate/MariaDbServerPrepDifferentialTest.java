package io.bloomgate;

/** {@link MariaDbDifferentialTest} through MariaDB Connector/J with {@code useServerPrepStmts=true} (issue 26). */
class MariaDbServerPrepDifferentialTest extends MariaDbDifferentialTest {

    @Override
    MySqlServer.Flavour flavour() {
        return MySqlServer.Flavour.MARIADB_SERVER_PREPARE;
    }
}
