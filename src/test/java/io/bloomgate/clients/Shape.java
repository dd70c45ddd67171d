package io.bloomgate.clients;

import java.util.EnumSet;
import java.util.Set;
import java.util.UUID;

/**
 * One way an application asks "is this key there?" through a client library: a row of
 * {@link Shapes#ALL}.
 *
 * @param name        stable name, {@code client.what}
 * @param client      the library that builds and sends the SQL
 * @param databases   where the shape runs (some SQL only exists on one database)
 * @param answeredOn  the databases where the gate already answers absent keys of this shape; on the
 *                    others it is a known gap: its answers are still compared on every call, only
 *                    its avoided share is reported instead of asserted (add the database when
 *                    support lands)
 * @param minShare    the avoided share (avoided / absent-key calls) the shape must reach once answered
 * @param run         one call through the library, returning a plain value both sides can be
 *                    compared on (entities turned into their column values)
 */
record Shape(String name, Client client, Set<Db> databases, Set<Db> answeredOn, double minShare, Runner run) {

    enum Client { JDBC_TEMPLATE, SPRING_DATA, HIBERNATE, MYBATIS, JOOQ }

    /** MARIADB: MariaDB 10.11 (BLOOMGATE_MYSQL_URL, see MySqlServer), Hibernate's MariaDB dialect, jOOQ's MARIADB. */
    enum Db { H2, POSTGRES, MARIADB }

    /** One call of the shape on one side (through the gate or directly), with one key. */
    @FunctionalInterface
    interface Runner {
        Object run(Clients clients, Key key) throws Exception;
    }

    /**
     * The key of one call in each key space, all present or all absent together.
     *
     * @param userId  {@code users.id}
     * @param email   {@code users.email}
     * @param token   {@code tokens.id}
     * @param eventId {@code events.id}, meaningful for absent keys only: a present event is the one
     *                the call itself has just saved
     */
    record Key(boolean present, long userId, String email, UUID token, long eventId) {

        /** An id no row has: multi-loads ask for it next to {@link #userId}. */
        long absentUserId() {
            return userId + 1_000_000_000_000L;
        }
    }

    /** Every database (the name predates MariaDB). */
    static final Set<Db> BOTH = EnumSet.allOf(Db.class);
    static final Set<Db> H2_ONLY = EnumSet.of(Db.H2);
    static final Set<Db> PG_ONLY = EnumSet.of(Db.POSTGRES);
    static final Set<Db> H2_AND_PG = EnumSet.of(Db.H2, Db.POSTGRES);
    static final Set<Db> NONE = EnumSet.noneOf(Db.class);

    /** The share every eligible shape must reach (issue 13): the gate answers at least 90% of absent keys. */
    static final double REQUIRED = 0.90;

    /** A shape the gate answers today on every database it runs on. */
    static Shape answered(String name, Client client, Set<Db> databases, Runner run) {
        return new Shape(name, client, databases, databases, REQUIRED, run);
    }

    /** A shape the gate answers on some databases ({@code answeredOn}) and not yet on the others. */
    static Shape partly(String name, Client client, Set<Db> databases, Set<Db> answeredOn, Runner run) {
        return new Shape(name, client, databases, answeredOn, REQUIRED, run);
    }

    /** A shape the gate does not answer yet: answers are compared, the share only reported. */
    static Shape gap(String name, Client client, Set<Db> databases, Runner run) {
        return new Shape(name, client, databases, NONE, REQUIRED, run);
    }

    boolean answeredOn(Db db) {
        return answeredOn.contains(db);
    }

    @Override
    public String toString() {
        return name;
    }
}
