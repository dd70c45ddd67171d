package io.bloomgate.sql;

import static io.bloomgate.sql.Fixture.assertKeys;
import static io.bloomgate.sql.Fixture.lit;
import static io.bloomgate.sql.Fixture.p;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Writes through the gate and the keys they add (docs/architecture.md section 4). USERS(ID, EMAIL, NAME, CREATED). */
class WriteClassificationTest {

    private static void known(StatementPlan.Write w, KeyOperand... keys) {
        assertKeys(w.keys(), keys);
        assertThat(w.keysUnknown()).as("keysUnknown").isFalse();
    }

    private static void unknown(StatementPlan.Write w, KeyOperand... keys) {
        assertKeys(w.keys(), keys);
        assertThat(w.keysUnknown()).as("keysUnknown").isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.bloomgate.sql.Fixture#both")
    void insertValues(Fixture f) {
        known(f.write("insert into users (id, email) values (1, ?)"), p(1));
        known(f.write("insert into users (email, id) values (?, ?), ('lit', 3), (?, 4)"), p(1), lit("lit"), p(3));
        known(f.write("insert into users (id, name, email) values (?, ?, ?)"), p(3));
        known(f.write("INSERT INTO USERS (ID, EMAIL) VALUES (1, NULL)"), lit(null));
        known(f.write("insert into public.users (email) values (?)"), p(1));
        assertThat(f.write("insert into public.users (email) values (?)").unqualifiedTable()).isFalse();
        assertThat(f.write("insert into users (email) values (?)").unqualifiedTable()).isTrue();
        // positional: the key's position in GuardedTable.columns (ID, EMAIL, NAME, CREATED)
        known(f.write("insert into users values (?, ?, ?, ?)"), p(2));
        known(f.write("insert into users values (1, 'a', 'n', null), (2, ?, 'm', null)"), lit("a"), p(1));
        // '?' inside literals and comments are not parameters
        known(f.write("insert into users (name, email) values ('?', ?) -- ?"), p(1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.bloomgate.sql.Fixture#both")
    void insertWithKeysTheGateCannotSee(Fixture f) {
        unknown(f.write("insert into users (id, name) values (?, ?)")); // identity or default key
        unknown(f.write("insert into users (id, email) values (1, default)"));
        unknown(f.write("insert into users (id, email) values (1, lower(?))"));
        unknown(f.write("insert into users (id, email) values (1, ?), (2, ? || 'x')"), p(1));
        unknown(f.write("insert into users (email) select name from orders"));
        unknown(f.write("insert into users select * from orders"));
        unknown(f.write("insert into users default values"));
        unknown(f.write("insert into users values (1)")); // short positional row: key from its default
        unknown(f.write("insert into users (email) values (cast(? as varchar(3)))"),
                new KeyOperand.Parameter(1, new ParameterCast(ParameterCast.Type.VARCHAR, 3, null)));
        unknown(f.write("with x as (select 1 a) insert into users (email) select a from x"));
    }

    @Test
    void postgresOnConflict() {
        Fixture f = Fixture.postgres();
        known(f.write("insert into users (email) values (?) on conflict do nothing"), p(1));
        known(f.write("insert into users (email) values (?) on conflict on constraint users_pk do nothing"), p(1));
        known(f.write("insert into users (email, name) values (?, ?) on conflict (email) "
                + "do update set email = excluded.email, name = excluded.name"), p(1));
        // the key set to another column of the proposed row: that column's operands are keys too
        known(f.write("insert into users (id, email, name) values (?, ?, ?) on conflict (id) "
                + "do update set email = excluded.name"), p(2), p(3));
        known(f.write("insert into users (id, email) values (?, ?) on conflict (id) do update set email = ?"),
                p(2), p(3));
        unknown(f.write("insert into users (email) values (?) on conflict (email) "
                + "do update set email = users.email || 'x'"), p(1));
        known(f.write("insert into users (email) values (?) returning id"), p(1));
        known(f.write("insert into users as u (email) values (?)"), p(1));
    }

    @Test
    void h2Merge() {
        Fixture f = Fixture.h2();
        known(f.write("merge into users (id, email) key (id) values (?, ?)"), p(2));
        known(f.write("MERGE INTO USERS KEY (ID) VALUES (1, ?, 'n', NULL), (2, 'b', 'm', NULL)"), p(1), lit("b"));
        known(f.write("merge into users (id, email) values (?, ?)"), p(2));
        unknown(f.write("merge into users (id, email) key (id) select id, name from orders"));
        // jOOQ's own rendering of MERGE ... KEY: cast keys are stored cast, so they are listed but unknown
        unknown(f.write("merge into \"PUBLIC\".\"USERS\" (\"EMAIL\", \"ID\") key (\"ID\") values "
                + "(cast(? as varchar(100)), cast(? as bigint))"),
                new KeyOperand.Parameter(1, new ParameterCast(ParameterCast.Type.VARCHAR, 100, null)));
    }

    @Test
    void castKeysInWritesAreUnknownBecauseTheStoredValueIsTheCastOne() {
        Fixture f = Fixture.h2();
        StatementPlan.Write w = f.write("merge into users (email) key (email) values (cast(? as varchar(100)))");
        assertThat(w.keysUnknown()).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.bloomgate.sql.Fixture#both")
    void standardMergeHasUnknownKeys(Fixture f) {
        unknown(f.write("merge into users u using (select 1 id) s on u.id = s.id "
                + "when not matched then insert (id, email) values (s.id, ?)"));
        assertThat(f.classify("merge into orders o using users u on o.id = u.id when matched then update set x = 1"))
                .isInstanceOf(StatementPlan.Unrelated.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.bloomgate.sql.Fixture#both")
    void updates(Fixture f) {
        known(f.write("update users set email = ? where id = ?"), p(1));
        known(f.write("update users set name = ?, email = 'x' where id = ?"), lit("x"));
        known(f.write("update users u set email = ? where u.id = ?"), p(1));
        known(f.write("update users set (name, email) = (?, ?) where id = 1"), p(2));
        unknown(f.write("update users set email = lower(email)"));
        unknown(f.write("update users set email = name"));
        unknown(f.write("update users set (email, name) = (select a, b from orders)"));
        // not assigning the key: cannot add a key
        assertThat(f.classify("update users set name = ? where email = ?")).isInstanceOf(StatementPlan.Unrelated.class);
    }

    @Test
    void postgresUpdateReturningAndOnly() {
        Fixture f = Fixture.postgres();
        known(f.write("update users set email = ? where id = ? returning id"), p(1));
        // jOOQ reads UPDATE ONLY t as a table named "only": the text's target wins, keys unknown
        StatementPlan plan = f.classify("update only users set email = ?");
        assertThat(plan).isEqualTo(new StatementPlan.UnknownWrite(f.users, "write target not understood"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.bloomgate.sql.Fixture#both")
    void deletesAndTruncatesAddNoKeys(Fixture f) {
        for (String sql : List.of("delete from users where email = ?", "DELETE FROM USERS", "truncate table users")) {
            assertThat(f.classify(sql)).as(sql).isInstanceOf(StatementPlan.Unrelated.class);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.bloomgate.sql.Fixture#both")
    void writesToOtherTables(Fixture f) {
        assertThat(f.classify("insert into orders (email) values (?)")).isInstanceOf(StatementPlan.Unrelated.class);
        assertThat(f.classify("insert into orders (uid) select id from users where email = ?"))
                .isInstanceOf(StatementPlan.Unrelated.class);
        assertThat(f.classify("insert into app.users (email) values (?)")).isInstanceOf(StatementPlan.Unrelated.class);
        assertThat(f.classify("update orders set email = ?")).isInstanceOf(StatementPlan.Unrelated.class);
    }

    @Test
    void postgresDataModifyingCtes() {
        Fixture f = Fixture.postgres();
        assertThat(f.classify("with x as (insert into users (email) values (?) returning *) select * from x"))
                .isInstanceOf(StatementPlan.UnknownWrite.class);
        assertThat(f.classify("with x as (update users set email = ? returning *) insert into orders select * from x"))
                .isInstanceOf(StatementPlan.UnknownWrite.class);
    }

    @Test
    void unqualifiedWriteOutsideTheDefaultSchemaStillAddsKeys() {
        GuardedTable t = new GuardedTable("PUBLIC", "USERS", "EMAIL", List.of("ID", "EMAIL"));
        StatementClassifier c = new StatementClassifier(Dialect.H2, "APP", List.of(t));
        StatementPlan plan = c.classify("insert into users (email) values (?)");
        assertThat(plan).isEqualTo(new StatementPlan.Write(t, List.of(p(1)), false, true));
    }

    @Test
    void aTableWithSeveralGuardsGetsOneWritePerGuardItsStatementWrites() {
        List<String> cols = List.of("ID", "EMAIL", "NAME");
        GuardedTable email = new GuardedTable("PUBLIC", "USERS", "EMAIL", cols);
        GuardedTable name = new GuardedTable("PUBLIC", "USERS", "NAME", cols);
        StatementClassifier c = new StatementClassifier(Dialect.H2, "PUBLIC", List.of(email, name));
        assertThat(c.classify("insert into users values (?, ?, ?)")).isEqualTo(new StatementPlan.Writes(List.of(
                new StatementPlan.Write(email, List.of(p(2)), false, true),
                new StatementPlan.Write(name, List.of(p(3)), false, true))));
        assertThat(c.classify("update users set name = ?, email = 'x'")).isEqualTo(new StatementPlan.Writes(List.of(
                new StatementPlan.Write(email, List.of(new KeyOperand.Literal("x")), false, true),
                new StatementPlan.Write(name, List.of(p(1)), false, true))));
        assertThat(c.classify("update users set name = ?")).isEqualTo(new StatementPlan.Write(name, List.of(p(1)), false,
                true));
        assertThat(c.classify("update users set id = ?")).isInstanceOf(StatementPlan.Unrelated.class);
    }
}
