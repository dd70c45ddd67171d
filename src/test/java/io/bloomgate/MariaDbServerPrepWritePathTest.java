package io.bloomgate;

/** {@link MariaDbWritePathTest} through MariaDB Connector/J with {@code useServerPrepStmts=true} (issue 26). */
class MariaDbServerPrepWritePathTest extends MariaDbWritePathTest {

    @Override
    MySqlServer.Flavour flavour() {
        return MySqlServer.Flavour.MARIADB_SERVER_PREPARE;
    }
}
