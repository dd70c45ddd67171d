package io.bloomgate.clients;

import io.bloomgate.clients.Shape.Db;

/** The real-clients suite on an H2 in-memory database. */
class H2ClientsTest extends ClientsContract {

    @Override
    Db db() {
        return Db.H2;
    }
}
