package io.bloomgate.sql;

import static io.bloomgate.sql.Fixture.assertKeys;
import static io.bloomgate.sql.Fixture.p;
import static org.assertj.core.api.Assertions.assertThat;
import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import io.bloomgate.stats.BypassReason;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.junit.jupiter.api.Test;

/**
 * Identifiers resolve as the database resolves them: unquoted names fold (H2 upper, PostgreSQL
 * lower), quoted names are exact, schema-qualified names must name the guarded schema, unqualified
 * ones resolve through the default schema; and SQL rendered by jOOQ itself is recognised.
 */
class NameResolutionTest {

    @Test
    void h2FoldsUnquotedNamesToUpperCase() {
        Fixture f = Fixture.h2();
        f.lookup("select * from users where email = ?");
        f.lookup("select * from USERS where EMAIL = ?");
        f.lookup("select * from Users where eMail = ?");
        f.lookup("select * from \"USERS\" where \"EMAIL\" = ?");
        f.lookup("select * from public.users where email = ?");
        f.lookup("select * from \"PUBLIC\".\"USERS\" u where u.\"EMAIL\" = ?");
        // quoted lower case is another table, and another column
        assertThat(f.classify("select * from \"users\" where email = ?")).isInstanceOf(StatementPlan.Unrelated.class);
        assertThat(f.classify("select * from \"public\".users where email = ?"))
                .isInstanceOf(StatementPlan.Unrelated.class);
        f.bypass("select * from users where \"email\" = ?", BypassReason.NOT_ELIGIBLE);
    }

    @Test
    void postgresFoldsUnquotedNamesToLowerCase() {
        Fixture f = Fixture.postgres();
        f.lookup("select * from users where email = ?");
        f.lookup("select * from USERS where EMAIL = ?");
        f.lookup("select * from \"users\" where \"email\" = ?");
        f.lookup("select * from \"public\".\"users\" where \"public\".\"users\".\"email\" = ?");
        assertThat(f.classify("select * from \"USERS\" where email = ?")).isInstanceOf(StatementPlan.Unrelated.class);
        assertThat(f.classify("select * from \"Users\" where email = ?")).isInstanceOf(StatementPlan.Unrelated.class);
        f.bypass("select * from users where \"EMAIL\" = ?", BypassReason.NOT_ELIGIBLE);
    }

    @Test
    void aliasesFoldToo() {
        Fixture h2 = Fixture.h2();
        h2.lookup("select * from users u where U.email = ?");
        h2.lookup("select * from users \"U\" where u.email = ?");
        h2.bypass("select * from users \"u\" where u.email = ?", BypassReason.NOT_ELIGIBLE);
        Fixture pg = Fixture.postgres();
        pg.lookup("select * from users U where u.email = ?");
        pg.bypass("select * from users \"U\" where u.email = ?", BypassReason.NOT_ELIGIBLE);
    }

    @Test
    void otherSchemasAreOtherTables() {
        Fixture f = Fixture.h2();
        assertThat(f.classify("select * from app.users where email = ?")).isInstanceOf(StatementPlan.Unrelated.class);
        // a catalog-qualified name is the guarded table, but not matched "sanely": bypassed, counted
        f.bypass("select * from mydb.public.users where email = ?", BypassReason.NOT_ELIGIBLE);
    }

    @Test
    void unqualifiedNamesNeedTheDefaultSchema() {
        GuardedTable t = new GuardedTable("PUBLIC", "USERS", "EMAIL", List.of("ID", "EMAIL"));
        StatementClassifier other = new StatementClassifier(Dialect.H2, "APP", List.of(t));
        // APP.USERS is another table: not a lookup on the guard, and not counted against it
        assertThat(other.classify("select * from users where email = ?")).isInstanceOf(StatementPlan.Unrelated.class);
        assertThat(other.classify("select * from public.users where email = ?"))
                .isInstanceOf(StatementPlan.Lookup.class);
        StatementClassifier unknown = new StatementClassifier(Dialect.H2, null, List.of(t));
        assertThat(unknown.classify("select * from users where email = ?")).isNotInstanceOf(StatementPlan.Lookup.class);
    }

    @Test
    void quotedIdentifiersWithDoubledQuotes() {
        GuardedTable t = new GuardedTable("PUBLIC", "A\"B", "K", List.of("K"));
        StatementClassifier c = new StatementClassifier(Dialect.H2, "PUBLIC", List.of(t));
        StatementPlan plan = c.classify("select * from \"A\"\"B\" where k = ?");
        assertThat(plan).isInstanceOf(StatementPlan.Lookup.class);
    }

    @Test
    void sqlRenderedByJooqForH2() {
        Fixture f = Fixture.h2();
        DSLContext h2 = DSL.using(SQLDialect.H2);
        Table<?> users = table(name("PUBLIC", "USERS"));
        Field<String> email = field(name("PUBLIC", "USERS", "EMAIL"), SQLDataType.VARCHAR(100));
        Field<Long> id = field(name("PUBLIC", "USERS", "ID"), SQLDataType.BIGINT);
        Field<Object> untyped = field(name("PUBLIC", "USERS", "EMAIL"));

        // the brief's example: untyped field, H2 renders cast(? as varchar)
        String sql = h2.selectFrom(users).where(untyped.eq("x")).getSQL();
        assertThat(sql).isEqualTo("select * from \"PUBLIC\".\"USERS\" where \"PUBLIC\".\"USERS\".\"EMAIL\" = cast(? as varchar)");
        StatementPlan.Lookup l = f.lookup(sql);
        assertThat(l.keys()).containsExactly(new KeyOperand.Parameter(1,
                new ParameterCast(ParameterCast.Type.VARCHAR, null, null)));
        assertThat(l.unqualifiedTable()).isFalse();

        sql = h2.select(id).from(users).where(email.in("a", "b")).and(id.gt(5L)).orderBy(id).limit(10).offset(2)
                .getSQL();
        l = f.lookup(sql);
        ParameterCast v100 = new ParameterCast(ParameterCast.Type.VARCHAR, 100, null);
        assertThat(l.keys()).containsExactly(new KeyOperand.Parameter(1, v100), new KeyOperand.Parameter(2, v100));
        assertThat(l.otherParameters()).containsExactly(
                new OtherParameter(3, "ID", new ParameterCast(ParameterCast.Type.BIGINT, null, null)));
        assertThat(l.limitParameters()).containsExactly(4, 5);

        sql = h2.selectFrom(users.as("u")).where(field(name("u", "EMAIL"), SQLDataType.VARCHAR(100)).eq("x"))
                .forUpdate().getSQL();
        assertThat(f.lookup(sql).keys()).containsExactly(new KeyOperand.Parameter(1, v100));

        sql = h2.selectOne().from(users).where(email.eq("x")).limit(1).getSQL();
        assertThat(f.lookup(sql).limitParameters()).containsExactly(2);

        // jOOQ's fetchCount and fetchExists: answered with the database's row on empty input
        assertThat(f.lookup(h2.selectCount().from(users).where(email.eq("x")).getSQL()).rowsOnEmptyInput()).isTrue();
        assertThat(f.lookup(h2.select(DSL.exists(DSL.selectOne().from(users).where(email.eq("x")))).getSQL())
                .rowsOnEmptyInput()).isTrue();
    }

    @Test
    void sqlRenderedByJooqForPostgres() {
        Fixture f = Fixture.postgres();
        DSLContext pg = DSL.using(SQLDialect.POSTGRES);
        Table<?> users = table(name("public", "users"));
        Field<String> email = field(name("public", "users", "email"), SQLDataType.VARCHAR(100));
        Field<Long> id = field(name("public", "users", "id"), SQLDataType.BIGINT);

        String sql = pg.selectFrom(users).where(email.eq("x")).getSQL();
        assertThat(sql).isEqualTo("select * from \"public\".\"users\" where \"public\".\"users\".\"email\" = ?");
        assertKeys(f.lookup(sql).keys(), p(1));

        sql = pg.select(id).from(users).where(email.in("a", "b")).and(id.gt(5L)).orderBy(id).limit(10).offset(2)
                .getSQL();
        StatementPlan.Lookup l = f.lookup(sql);
        assertKeys(l.keys(), p(1), p(2));
        assertThat(l.otherParameters()).containsExactly(new OtherParameter(3, "id"));
        assertThat(l.limitParameters()).containsExactly(4, 5);

        sql = pg.selectFrom(users.as("u")).where(field(name("u", "email"), SQLDataType.VARCHAR).eq("x")).forUpdate()
                .getSQL();
        // A locking read is no lookup on PostgreSQL (25006 in a read-only transaction: EligibleLookupTest).
        assertThat(f.classify(sql)).isNotInstanceOf(StatementPlan.Lookup.class);
        sql = pg.selectFrom(users.as("u")).where(field(name("u", "email"), SQLDataType.VARCHAR).eq("x")).getSQL();
        assertKeys(f.lookup(sql).keys(), p(1));

        Field<java.util.UUID> uuid = field(name("public", "users", "email"), SQLDataType.UUID);
        sql = pg.selectFrom(users).where(uuid.eq(java.util.UUID.randomUUID())).getSQL();
        assertThat(f.lookup(sql).keys()).containsExactly(new KeyOperand.Parameter(1,
                new ParameterCast(ParameterCast.Type.UUID, null, null)));
    }

    @Test
    void writesRenderedByJooq() {
        Fixture f = Fixture.h2();
        DSLContext h2 = DSL.using(SQLDialect.H2);
        Table<?> users = table(name("PUBLIC", "USERS"));
        Field<String> email = field(name("PUBLIC", "USERS", "EMAIL"), SQLDataType.VARCHAR(100));
        Field<Long> id = field(name("PUBLIC", "USERS", "ID"), SQLDataType.BIGINT);

        StatementPlan.Write w = f.write(h2.insertInto(users, id, email).values(1L, "a").values(2L, "b").getSQL());
        assertKeys(w.keys(), p(2), p(4));
        assertThat(w.keysUnknown()).isFalse();
        assertThat(w.unqualifiedTable()).isFalse();

        w = f.write(h2.update(users).set(email, "x").where(id.eq(1L)).getSQL());
        assertKeys(w.keys(), p(1));
        assertThat(w.keysUnknown()).isFalse();

        // jOOQ renders ON CONFLICT for H2 as a standard MERGE: keys unknown
        w = f.write(h2.insertInto(users, email, id).values("a", 1L).onConflict(email).doUpdate().set(id, 2L).getSQL());
        assertThat(w.keysUnknown()).isTrue();
    }
}
