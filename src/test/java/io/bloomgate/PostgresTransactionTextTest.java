package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.stats.GuardStats;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Transactions and their settings given as SQL text on PostgreSQL, and code the gate does not see
 * (a trigger) changing the session: a snapshot transaction's first lookup must not be answered
 * (its snapshot would be taken later, and a later read would see a row committed meanwhile), and
 * savepoints rolled back must not leave the gate's view of the transaction behind.
 */
class PostgresTransactionTextTest {

    private final String suffix = "x" + Long.toHexString(System.nanoTime());
    private final String users = "users_" + suffix;
    private final String lookup = "SELECT id FROM public." + users + " WHERE email = ?";
    private DataSource db;
    private BloomGate gate;

    @BeforeEach
    void setUp() throws SQLException {
        db = PostgresServer.dataSource();
        H2Databases.run(db, "CREATE TABLE public." + users + " (id bigint PRIMARY KEY, email text NOT NULL)",
                "INSERT INTO public." + users + " VALUES (1, 'a@x')");
        gate = BloomGate.builder(db).guard("public." + users, "email").build();
    }

    @AfterEach
    void tearDown() throws SQLException {
        if (gate != null) {
            gate.close();
        }
        H2Databases.run(db, "DROP TABLE IF EXISTS public." + users, "DROP TABLE IF EXISTS public.log_" + suffix,
                "DROP SCHEMA IF EXISTS tenant_" + suffix + " CASCADE", "DROP FUNCTION IF EXISTS public.moved_" + suffix + "()");
    }

    private long avoided() {
        return gate.stats().stream().mapToLong(GuardStats::avoided).sum();
    }

    /** Another session inserts {@code key} and the gate's filter has it (the feed read it). */
    private void insertElsewhere(long id, String key) throws Exception {
        H2Databases.run(db, "INSERT INTO public." + users + " VALUES (" + id + ", '" + key + "')");
        assertThat(gate.awaitChangeFeed(10_000)).isTrue();
    }

    /**
     * Each way of opening a REPEATABLE READ transaction by text: its first lookup takes the snapshot,
     * so a row another session commits afterwards stays invisible to the transaction.
     */
    @ParameterizedTest
    @ValueSource(strings = {"BEGIN ISOLATION LEVEL REPEATABLE READ", "START TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY",
        "SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL REPEATABLE READ; BEGIN",
        "SET default_transaction_isolation = 'repeatable read'; BEGIN",
        "SELECT set_config('default_transaction_isolation', 'repeatable read', false); BEGIN",
        "BEGIN; SET TRANSACTION ISOLATION LEVEL REPEATABLE READ",
        "BEGIN; SET LOCAL transaction_isolation = 'repeatable read'"})
    void aRepeatableReadTransactionOpenedByTextTakesItsSnapshotAtItsFirstLookup(String begin) throws Exception {
        try (Connection c = gate.dataSource().getConnection()) {
            H2Databases.firstColumn(c, lookup, "warm@x");
            H2Databases.firstColumn(c, lookup, "absent@x");
            for (String sql : begin.split("; ")) {
                H2Databases.run(c, sql);
            }
            assertThat(H2Databases.firstColumn(c, lookup, "late@x")).isEmpty();
            insertElsewhere(2, "late@x");
            assertThat(H2Databases.firstColumn(c, lookup, "late@x")).as("the snapshot predates the insert").isEmpty();
            H2Databases.run(c, "COMMIT");
            assertThat(H2Databases.firstColumn(c, lookup, "late@x")).containsExactly("2");
            H2Databases.run(c, "RESET default_transaction_isolation");
            H2Databases.run(c, "SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL READ COMMITTED");
        }
    }

    /**
     * A savepoint rolled back by text in a REPEATABLE READ transaction: the transaction and its
     * snapshot go on; lookups stay right (answered or not).
     */
    @Test
    void rollbackToASavepointKeepsTheSnapshot() throws Exception {
        try (Connection c = gate.dataSource().getConnection()) {
            H2Databases.firstColumn(c, lookup, "warm@x");
            H2Databases.run(c, "BEGIN ISOLATION LEVEL REPEATABLE READ");
            assertThat(H2Databases.firstColumn(c, lookup, "a@x")).containsExactly("1");
            H2Databases.run(c, "SAVEPOINT s1");
            assertThat(H2Databases.firstColumn(c, lookup, "late@x")).isEmpty();
            H2Databases.run(c, "ROLLBACK TO SAVEPOINT s1");
            insertElsewhere(2, "late@x");
            assertThat(H2Databases.firstColumn(c, lookup, "late@x")).isEmpty();
            H2Databases.run(c, "RELEASE SAVEPOINT s1");
            assertThat(H2Databases.firstColumn(c, lookup, "late@x")).isEmpty();
            H2Databases.run(c, "COMMIT");
            assertThat(H2Databases.firstColumn(c, lookup, "late@x")).containsExactly("2");
        }
    }

    /**
     * A trigger of a table written through the gate moves the session's search path (nothing in the
     * INSERT's text says so): the gate reads the session again within a second.
     */
    @Test
    void aSearchPathMovedByATriggerIsSeenWithinASecond() throws Exception {
        String tenant = "tenant_" + suffix;
        H2Databases.run(db, "CREATE SCHEMA " + tenant,
                "CREATE TABLE " + tenant + "." + users + " (id bigint PRIMARY KEY, email text NOT NULL)",
                "INSERT INTO " + tenant + "." + users + " VALUES (7, 'b@x')",
                "CREATE TABLE public.log_" + suffix + " (v int)",
                "CREATE FUNCTION public.moved_" + suffix + "() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
                        + " PERFORM set_config('search_path', '" + tenant + ", public', false); RETURN NEW; END $$",
                "CREATE TRIGGER t BEFORE INSERT ON public.log_" + suffix + " FOR EACH ROW EXECUTE FUNCTION public.moved_"
                        + suffix + "()");
        String unqualified = "SELECT id FROM " + users + " WHERE email = ?";
        try (Connection c = gate.dataSource().getConnection()) {
            H2Databases.run(c, "SET search_path = public");
            H2Databases.firstColumn(c, unqualified, "warm@x");
            long before = avoided();
            assertThat(H2Databases.firstColumn(c, unqualified, "b@x")).isEmpty();
            assertThat(avoided()).isEqualTo(before + 1);
            H2Databases.run(c, "INSERT INTO log_" + suffix + " VALUES (1)");
            Thread.sleep(1_100);
            assertThat(H2Databases.firstColumn(c, unqualified, "b@x")).as("the trigger moved the session to " + tenant).containsExactly("7");
        }
    }
}
