package io.bloomgate.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Which texts may redefine the guarded table USERS (docs/architecture.md section 4, "DDL through
 * the gate"): DDL naming it or reaching it indirectly, and text that may hide such DDL; not the
 * queries and writes the gate reads, whatever words their literals hold.
 */
class RedefinitionTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.bloomgate.sql.Fixture#both")
    void ddlOnTheGuardedTable(Fixture f) {
        for (String sql : new String[] {"DROP TABLE users", "drop table if exists public.users cascade",
                "CREATE TABLE users (id int)", "ALTER TABLE users RENAME TO users_old",
                "ALTER TABLE users_new RENAME TO users", "alter table users alter column email type text",
                "ALTER TABLE users DROP COLUMN email", "TRUNCATE users", "truncate table public.users",
                "/* c */ drop table users", "RENAME TABLE users TO x",
                // several statements, a DO block, EXECUTE: the DDL may be anywhere in them
                "select 1; drop table users", "DO $$ BEGIN EXECUTE 'DROP TABLE users'; END $$",
                "insert into users values (1, 'a', 'b', null); alter table users add column x int"}) {
            assertThat(f.classifier.mayRedefine(sql)).as(sql).hasSize(1);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.bloomgate.sql.Fixture#both")
    void ddlThatReachesItWithoutNamingIt(Fixture f) {
        for (String sql : new String[] {"DROP SCHEMA public CASCADE", "ALTER SCHEMA public RENAME TO p2",
                "DROP TYPE mood CASCADE", "DROP OWNED BY app"}) {
            assertThat(f.classifier.mayRedefine(sql)).as(sql).hasSize(1);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.bloomgate.sql.Fixture#both")
    void queriesWritesAndOtherDdlDoNot(Fixture f) {
        for (String sql : new String[] {"select * from users where email = ?",
                "insert into users (id, email) values (1, 'drop table users')",
                "update users set name = 'create' where id = ?", "delete from users where id = ?",
                "CREATE TABLE orders (id int)", "DROP TABLE orders", "ALTER TABLE orders ADD COLUMN x int",
                "COMMENT ON TABLE users IS 'alter me'", "GRANT SELECT ON users TO app", "ANALYZE users",
                "SET search_path TO public"}) {
            assertThat(f.classifier.mayRedefine(sql)).as(sql).isEmpty();
        }
    }
}
