package io.bloomgate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import org.junit.jupiter.api.Test;

/** What the text of a statement says about its effects on the session (errs towards "may"). */
class SessionEffectsTest {

    private static SessionEffects of(String sql) {
        return SessionEffects.of(sql.toLowerCase(Locale.ROOT), false);
    }

    @Test
    void statementsThatMoveNameResolutionAreRecognised() {
        for (String sql : new String[] {"SET search_path = t, public", "set role tenant", "SET SESSION AUTHORIZATION t",
            "RESET ALL", "DISCARD ALL", "USE tenant", "SET SCHEMA tenant", "select set_config('search_path', 't', false)",
            "SELECT my_function()", "SELECT s.fn(1) FROM other", "CALL p()", "{call p()}", "DO $$ BEGIN END $$",
            "CREATE TEMP TABLE users (id int)", "/* c */ -- x\n  set search_path to t"}) {
            assertThat(of(sql).mayChangeSchema()).as(sql).isTrue();
        }
        assertThat(of("CREATE LOCAL TEMPORARY TABLE users (id int)").createsTemporaryTable()).isTrue();
    }

    /** PostgreSQL's SELECT ... INTO creates a table as CREATE TABLE AS does: into pg_temp, it shadows the path. */
    @Test
    void selectIntoATemporaryTableCreatesOne() {
        for (String sql : new String[] {"SELECT 1 AS id INTO TEMP users", "select * into temporary table users from t",
            "SELECT 1 AS id INTO pg_temp.users", "WITH x AS (SELECT 1 AS id) SELECT * INTO LOCAL TEMP users FROM x"}) {
            assertThat(of(sql).createsTemporaryTable()).as(sql).isTrue();
            assertThat(of(sql).mayChangeSchema()).as(sql).isTrue();
        }
        assertThat(of("SELECT temperature FROM readings WHERE id = ?").createsTemporaryTable()).isFalse();
        assertThat(of("SELECT 1 AS id INTO users_copy").createsTemporaryTable()).isFalse();
    }

    @Test
    void plainQueriesAndWritesLeaveTheSessionAlone() {
        for (String sql : new String[] {"SELECT id FROM teams WHERE id = ?",
            "insert into teams (id, name) values (?, ?)", "INSERT INTO s.t(a, b) VALUES (1, 'x(y)')",
            "select count(u1_0.id) from users u1_0 where u1_0.email=?",
            "select case when count(u1_0.id)>0 then true else false end from users u1_0 where u1_0.email=?",
            "select exists (select 1 as \"one\" from \"public\".\"users\" where \"public\".\"users\".\"email\" = ?)",
            "select * from users where email = cast(? as varchar(100))", "update t set a = coalesce(?, a) where id in (?, ?)",
            "with x(a) as (select 1) select * from x", "with x (a) as (select 1), y(b) as not materialized (select 2) select * from x, y",
            "with recursive x(a) as (select 1) select * from x", "select * from t join u on t.a = u.a, v where v.b in (1)",
            "select * from t as x(a, b)", "insert into t (id) values (1) on conflict (id) do nothing",
            "INSERT t (id, v) VALUES (?, ?)", "REPLACE t (id, v) VALUES (?, ?)", "INSERT IGNORE t (id) VALUES (?)",
            "insert low_priority ignore t (id) values (?)"}) {
            assertThat(of(sql).mayChangeSchema()).as(sql).isFalse();
            assertThat(of(sql).mayRunCode()).as(sql).isFalse();
            assertThat(of(sql).mayEndTransaction()).as(sql).isFalse();
        }
    }

    /** Code the gate does not see: a procedure, a block, a function that is not a known built-in (MySQL: it may set a level). */
    @Test
    void textsThatMayRunCode() {
        for (String sql : new String[] {"CALL p()", "{call p()}", "DO 1", "EXECUTE stmt", "SELECT my_function()",
            "INSERT t (id) VALUES (f())", "insert into t (id) values (s.f(1))", "SELECT * FROM f(1)",
            "select * from s.f(1)", "select * from t join f(1) x on true", "SELECT 1, f(2)", "select a, s.f(1) from t",
            "with x as (select 1), y as (select f(1)) select * from x", "select * from t, f('a, b)') as x(c)"}) {
            assertThat(of(sql).mayRunCode()).as(sql).isTrue();
        }
    }

    @Test
    void transactionControlAndDdlMayEndTheTransaction() {
        for (String sql : new String[] {"COMMIT", "rollback", "END", "CREATE TABLE t (id int)", "DROP TABLE t",
            "SET AUTOCOMMIT TRUE", "BEGIN"}) {
            assertThat(of(sql).mayEndTransaction()).as(sql).isTrue();
        }
    }
}
