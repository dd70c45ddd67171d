package io.bloomgate.clients;

import static io.bloomgate.clients.Shape.BOTH;
import static io.bloomgate.clients.Shape.H2_AND_PG;
import static io.bloomgate.clients.Shape.H2_ONLY;
import static io.bloomgate.clients.Shape.Client.HIBERNATE;
import static io.bloomgate.clients.Shape.Client.JDBC_TEMPLATE;
import static io.bloomgate.clients.Shape.Client.JOOQ;
import static io.bloomgate.clients.Shape.Client.MYBATIS;
import static io.bloomgate.clients.Shape.Client.SPRING_DATA;
import static io.bloomgate.clients.Shape.PG_ONLY;
import static io.bloomgate.clients.Shape.answered;
import static io.bloomgate.clients.Shape.gap;
import static io.bloomgate.clients.Shape.partly;

import jakarta.persistence.criteria.CriteriaBuilder;
import jakarta.persistence.criteria.CriteriaQuery;
import jakarta.persistence.criteria.Root;
import java.sql.Types;
import java.util.List;
import org.hibernate.Session;
import org.springframework.jdbc.core.SqlParameterValue;

/**
 * The shapes table: every way the suite asks for a key through a client library, one row each.
 * A new shape is one more line here; {@link ClientsContract} runs each on every database it lists,
 * through the gate and directly, compares every answer and measures the share of absent keys the
 * gate answered. {@code gap(...)} and {@code partly(...)} rows are known gaps: flip them to
 * {@code answered(...)} when the gate learns them (the summary says "now answered" when one could be).
 */
final class Shapes {

    private Shapes() {
    }

    private static final String USER_BY_EMAIL = "select id, email, name from users where email = ?";

    static final List<Shape> ALL = List.of(
        // Plain lookups the gate answers already: kept here so the suite guards them against regressions.
        answered("jdbc.query", JDBC_TEMPLATE, BOTH, (c, k) -> c.jdbc().queryForList(USER_BY_EMAIL, k.email())),
        answered("mybatis.select", MYBATIS, BOTH, (c, k) -> c.mapper(m -> m.findByEmail(k.email()))),
        answered("jooq.fetch", JOOQ, BOTH, (c, k) -> c.jooq().select(c.t().id(), c.t().email(), c.t().name())
                .from(c.t().users()).where(c.t().email().eq(k.email())).fetchMaps()),
        answered("data.findByEmail", SPRING_DATA, BOTH, (c, k) -> c.users().findByEmail(k.email()).map(User::toString)),
        // UUID keys are not guarded on MySQL/MariaDB yet (refused at build): compared, not answered there.
        partly("data.findById.uuid", SPRING_DATA, BOTH, H2_AND_PG, (c, k) -> c.tokens().findById(k.token()).map(Token::toString)),
        answered("hibernate.jpql.select", HIBERNATE, BOTH, (c, k) -> c.jpa(em -> em.createQuery(
                "select u from User u where u.email = :email", User.class).setParameter("email", k.email()).getResultList().toString())),

        // Sign-up checks: counts (one row even when nothing matches); Spring Data's derived exists is a
        // plain "select id ... fetch first ? rows only".
        answered("jdbc.count", JDBC_TEMPLATE, BOTH, (c, k) -> c.jdbc().queryForObject(
                "select count(*) from users where email = ?", Integer.class, k.email())),
        answered("data.existsById", SPRING_DATA, BOTH, (c, k) -> c.users().existsById(k.userId())),
        answered("data.countByEmail", SPRING_DATA, BOTH, (c, k) -> c.users().countByEmail(k.email())),
        answered("data.existsByEmail", SPRING_DATA, BOTH, (c, k) -> c.users().existsByEmail(k.email())),
        answered("hibernate.jpql.count", HIBERNATE, BOTH, (c, k) -> c.jpa(em -> em.createQuery(
                "select count(u) from User u where u.email = :email", Long.class).setParameter("email", k.email()).getSingleResult())),
        answered("hibernate.criteria.count", HIBERNATE, BOTH, (c, k) -> c.jpa(em -> criteriaCount(em.getCriteriaBuilder(), em, k.email()))),
        answered("mybatis.count", MYBATIS, BOTH, (c, k) -> c.mapper(m -> m.countByEmail(k.email()))),
        answered("jooq.fetchCount", JOOQ, BOTH, (c, k) -> c.jooq().fetchCount(c.t().users(), c.t().email().eq(k.email()))),
        answered("data.query.caseWhen", SPRING_DATA, BOTH, (c, k) -> c.users().emailTaken(k.email())),

        // Sign-up checks: exists(...).
        // MySQL/MariaDB label an unaliased EXISTS with its text, the key's value inlined: not answered there.
        partly("jdbc.exists", JDBC_TEMPLATE, BOTH, H2_AND_PG, (c, k) -> c.jdbc().queryForObject(
                "select exists(select 1 from users where email = ?)", Boolean.class, k.email())),
        partly("mybatis.exists", MYBATIS, BOTH, H2_AND_PG, (c, k) -> c.mapper(m -> m.existsByEmail(k.email()))),
        partly("jooq.fetchExists", JOOQ, BOTH, H2_AND_PG, (c, k) -> c.jooq().fetchExists(
                c.jooq().selectOne().from(c.t().users()).where(c.t().email().eq(k.email())))),

        // Entity loads with a default EAGER @ManyToOne: a left join to the team.
        answered("hibernate.find.eager", HIBERNATE, BOTH, (c, k) -> c.jpa(em -> String.valueOf(em.find(User.class, k.userId())))),
        answered("data.findById.eager", SPRING_DATA, BOTH, (c, k) -> c.users().findById(k.userId()).map(User::toString)),
        answered("hibernate.multiLoad", HIBERNATE, BOTH, (c, k) -> c.jpa(em -> em.unwrap(Session.class)
                .byMultipleIds(User.class).multiLoad(k.userId(), k.absentUserId()).toString())),

        // UUID keys bound as strings with a cast, or as Types.OTHER.
        partly("jdbc.uuid.cast", JDBC_TEMPLATE, BOTH, H2_AND_PG, (c, k) -> c.jdbc().queryForList(
                "select id, label from tokens where id = cast(? as uuid)", k.token().toString())),
        answered("jdbc.uuid.colons", JDBC_TEMPLATE, H2_AND_PG, (c, k) -> c.jdbc().queryForList(
                "select id, label from tokens where id = ?::uuid", k.token().toString())),
        answered("jdbc.uuid.other", JDBC_TEMPLATE, PG_ONLY, (c, k) -> c.jdbc().queryForList(
                "select id, label from tokens where id = ?", new SqlParameterValue(Types.OTHER, k.token()))),
        partly("mybatis.uuid.cast", MYBATIS, BOTH, H2_AND_PG, (c, k) -> c.mapper(m -> m.findToken(k.token().toString()))),

        // The key inlined in the text: a new SQL text per key.
        answered("jdbc.inlined", JDBC_TEMPLATE, BOTH, (c, k) -> c.jdbc().queryForList(
                "select id, email, name from users where email = '" + k.email() + "'")),
        answered("mybatis.inlined", MYBATIS, BOTH, (c, k) -> c.mapper(m -> m.findByEmailInlined(k.email()))),
        answered("jooq.inlined", JOOQ, BOTH, (c, k) -> c.jooqInlined().select(c.t().id(), c.t().email(), c.t().name())
                .from(c.t().users()).where(c.t().email().eq(k.email())).fetchMaps()),

        // An IDENTITY insert (generated keys) through Spring Data, then a lookup: of the row just saved
        // for a present key (read-your-write through the gate), of an id no row has for an absent one.
        // H2's trigger adds the generated key inside the insert; PostgreSQL's guard stays unsettled.
        // On MariaDB the gate does not learn the keys from getGeneratedKeys() (Connector/J returns a
        // column "insert_id" derived from the OK packet's LAST_INSERT_ID, which LAST_INSERT_ID(expr)
        // sets and which multi-row inserts extrapolate): the guard settles through the change feed,
        // and the lookup right after the save passes through (a known gap).
        partly("data.save.identity", SPRING_DATA, BOTH, H2_AND_PG, (c, k) -> {
            Event saved = c.events().save(new Event("ext-" + k.eventId(), "payload"));
            return c.events().findById(k.present() ? saved.getId() : k.eventId()).map(Event::content);
        }));

    private static long criteriaCount(CriteriaBuilder cb, jakarta.persistence.EntityManager em, String email) {
        CriteriaQuery<Long> query = cb.createQuery(Long.class);
        Root<User> user = query.from(User.class);
        query.select(cb.count(user)).where(cb.equal(user.get("email"), email));
        return em.createQuery(query).getSingleResult();
    }
}
