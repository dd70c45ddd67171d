package io.bloomgate.clients;

import io.bloomgate.clients.Shape.Db;

/** The real-clients suite on PostgreSQL (BLOOMGATE_PG_URL, or a container; see PostgresServer). */
class PostgresClientsTest extends ClientsContract {

    @Override
    Db db() {
        return Db.POSTGRES;
    }
}
