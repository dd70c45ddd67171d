package io.bloomgate.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * MySQL/MariaDB forms jOOQ's parser does not read, classified as the forms it does read
 * ({@link MySqlForms}); the behaviour on the server is {@code MariaDbMySqlFormsTest}'s.
 */
class MySqlFormsTest {

    private final Fixture my = Fixture.mysql();

    @ParameterizedTest
    @ValueSource(strings = {"INSERT IGNORE INTO users (id, email) VALUES (1, ?)", "INSERT IGNORE users (id, email) VALUES (1, ?)",
        "REPLACE INTO users (id, email) VALUES (1, ?)", "REPLACE users (id, email) VALUES (1, ?)",
        "REPLACE INTO users SET id = 1, email = ?", "insert ignore into `users` (`id`, `email`) values (1, ?)"})
    void insertIgnoreAndReplaceAreWritesOfTheirKeys(String sql) {
        StatementPlan plan = my.classify(sql);
        assertThat(plan).as(sql).isInstanceOf(StatementPlan.Write.class);
        StatementPlan.Write w = (StatementPlan.Write) plan;
        assertThat(w.keysUnknown()).as(sql).isFalse();
        assertThat(w.keys()).containsExactly(new KeyOperand.Parameter(1, null));
    }

    @ParameterizedTest
    @ValueSource(strings = {"INSERT IGNORE INTO users (id, email) SELECT id, email FROM users",
        "REPLACE INTO users (id) VALUES (1)", "INSERT LOW_PRIORITY IGNORE INTO users (id, email) VALUES (1, ?)"})
    void insertIgnoreAndReplaceWithUnknownKeysStayUnknown(String sql) {
        StatementPlan plan = my.classify(sql);
        boolean unknown = plan instanceof StatementPlan.UnknownWrite
                || plan instanceof StatementPlan.Write w && w.keysUnknown();
        assertThat(unknown).as("%s: %s", sql, plan).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"SELECT name FROM users WHERE email = ? FOR UPDATE SKIP LOCKED",
        "SELECT name FROM users WHERE email = ? FOR SHARE SKIP LOCKED",
        "SELECT name FROM users WHERE email = ? LOCK IN SHARE MODE SKIP LOCKED"})
    void skipLockedReadsAreLookupsAnsweredOnlyAtReadCommitted(String sql) {
        assertThat(my.lookup(sql).readCommittedOnly()).isTrue();
        assertThat(my.lookup("SELECT name FROM users WHERE email = ?").readCommittedOnly()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"SELECT name FROM users WHERE email = ? FOR UPDATE",
        "SELECT name FROM users WHERE email = ? FOR SHARE", "SELECT name FROM users WHERE email = ? LOCK IN SHARE MODE",
        "SELECT name FROM users WHERE email = ? FOR UPDATE NOWAIT", "SELECT name FROM users WHERE email = ? FOR UPDATE WAIT 1",
        "SELECT name FROM users WHERE email = ? LOCK IN SHARE MODE NOWAIT",
        "SELECT name FROM users WHERE email IN (SELECT email FROM users FOR UPDATE SKIP LOCKED) AND email = ?"})
    void otherLockingReadsAreNotLookups(String sql) {
        assertThat(my.classify(sql)).as(sql).isNotInstanceOf(StatementPlan.Lookup.class);
    }

    @Test
    void onH2ALockingReadNeedsNoReadCommittedAndOnPostgresItIsNoLookup() {
        for (Fixture f : Fixture.both()) {
            String sql = "SELECT name FROM users WHERE email = ? FOR UPDATE";
            if (f.dialect == Dialect.POSTGRES) {
                // It raises 25006 in a read-only transaction, which an answer would not (EligibleLookupTest).
                assertThat(f.classify(sql)).isNotInstanceOf(StatementPlan.Lookup.class);
            } else {
                assertThat(f.lookup(sql).readCommittedOnly()).isFalse();
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"SET STATEMENT max_statement_time = 10 FOR INSERT INTO users (id, email) VALUES (1, ?)",
        "set statement sql_mode = '' for update users set email = ? where id = 1"})
    void setStatementForRunsItsStatementAnUnknownWrite(String sql) {
        assertThat(my.classify(sql)).as(sql).isInstanceOf(StatementPlan.UnknownWrite.class);
    }
}
