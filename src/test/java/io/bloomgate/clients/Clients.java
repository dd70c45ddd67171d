package io.bloomgate.clients;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.table;

import io.bloomgate.clients.Shape.Db;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.util.function.Function;
import org.apache.ibatis.session.SqlSession;
import org.apache.ibatis.session.SqlSessionFactory;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Every client library, set up on one side: through the gate, or directly on the database.
 *
 * @param jooqInlined a jOOQ context with {@code StatementType.STATIC_STATEMENT}: bind values inlined
 */
record Clients(
        Db db,
        JdbcTemplate jdbc,
        DSLContext jooq,
        DSLContext jooqInlined,
        SqlSessionFactory mybatis,
        EntityManagerFactory emf,
        UserRepository users,
        EventRepository events,
        TokenRepository tokens,
        JooqTables t) {

    /** One unit of work in its own EntityManager and transaction, as plain Hibernate/JPA code does it. */
    <T> T jpa(Function<EntityManager, T> work) {
        EntityManager em = emf.createEntityManager();
        try {
            em.getTransaction().begin();
            T result = work.apply(em);
            em.getTransaction().commit();
            return result;
        } finally {
            if (em.getTransaction().isActive()) {
                em.getTransaction().rollback();
            }
            em.close();
        }
    }

    /** One MyBatis session (the default: not auto-commit), closed after the call. */
    <T> T mapper(Function<UserMapper, T> work) {
        try (SqlSession session = mybatis.openSession()) {
            return work.apply(session.getMapper(UserMapper.class));
        }
    }

    /**
     * The tables as jOOQ's code generator declares them: schema-qualified, quoted, with the
     * database's own case ({@code "PUBLIC"."USERS"} on H2, {@code "public"."users"} on PostgreSQL,
     * {@code `bloomgate_clients…`.`users`} on MariaDB, whose schema is the fixture's database).
     */
    record JooqTables(Table<Record> users, Field<Long> id, Field<String> email, Field<String> name) {

        static JooqTables of(Db db, String mariaDatabase) {
            Function<String, String> fold = db == Db.H2 ? String::toUpperCase : Function.identity();
            String schema = db == Db.MARIADB ? mariaDatabase : fold.apply("public");
            String users = fold.apply("users");
            return new JooqTables(
                    table(DSL.name(schema, users)),
                    field(DSL.name(schema, users, fold.apply("id")), SQLDataType.BIGINT.nullable(false)),
                    field(DSL.name(schema, users, fold.apply("email")), SQLDataType.VARCHAR(100).nullable(false)),
                    field(DSL.name(schema, users, fold.apply("name")), SQLDataType.VARCHAR(50)));
        }
    }
}
