package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.stats.BypassReason;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Writes through the gate, on every database: a key written is found at once, and absent keys are
 * answered from the filter again once the write has settled. On PostgreSQL this is the gate's own
 * bookkeeping (bound keys enter the filter before the write executes; keys it cannot see, such as
 * identity or INSERT ... SELECT, make the guard unsettled until a scan after the commit); on H2 the
 * trigger adds every key inside the write.
 */
abstract class WritePathContract {

    private DataSource database;
    private BloomGate gate;
    private DataSource ds;

    /** A database with table {@code items} (identity id, next value 1000; ids 1..100) and {@code staging} (ids 5001..5050). */
    abstract DataSource createDatabase() throws SQLException;

    abstract void dropDatabase(DataSource database) throws SQLException;

    @BeforeEach
    void setUp() throws SQLException {
        database = createDatabase();
        gate = BloomGate.builder(database).guard("items", "id").build();
        ds = gate.dataSource();
        warmUp();
    }

    @AfterEach
    void tearDown() throws SQLException {
        if (gate != null) {
            gate.close();
            dropDatabase(database);
        }
    }

    private void warmUp() throws SQLException {
        assertThat(find(-1)).isFalse(); // the lookup's SQL runs once for real, so later ones can be answered
    }

    private boolean find(long id) throws SQLException {
        try (Connection c = ds.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT code FROM items WHERE id = ?")) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    private void awaitSettled() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (gate.stats("items", "id").filter() != null && unsettledLookupBypasses() && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(20);
        }
    }

    /** True while a probe lookup is bypassed as UNSETTLED. */
    private boolean unsettledLookupBypasses() {
        long before = gate.stats("items", "id").bypassed(BypassReason.UNSETTLED);
        try {
            find(-2);
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
        return gate.stats("items", "id").bypassed(BypassReason.UNSETTLED) > before;
    }

    @Test
    void identityKeysAreFoundAtOnceAndAnsweredFromTheFilterAfterTheRescan() throws Exception {
        long id;
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO items (code) VALUES ('generated')", Statement.RETURN_GENERATED_KEYS);
            try (ResultSet keys = s.getGeneratedKeys()) {
                assertThat(keys.next()).isTrue();
                id = keys.getLong(1);
            }
        }
        // Found immediately: until the scan has added the generated key, lookups pass through.
        assertThat(find(id)).isTrue();
        awaitSettled();
        assertThat(find(id)).isTrue();
        long avoidedBefore = gate.stats("items", "id").avoided();
        assertThat(find(999_999)).isFalse();
        assertThat(gate.stats("items", "id").avoided()).as("settled guard answers again").isGreaterThan(avoidedBefore);
    }

    @Test
    void insertSelectKeysAreNeverMissedInsideOrAfterTheTransaction() throws Exception {
        try (Connection c = ds.getConnection()) {
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.executeUpdate("INSERT INTO items (id, code) SELECT id, 'staged' FROM staging");
            }
            // The writer sees its own uncommitted rows: the guard must not answer for it either.
            try (PreparedStatement ps = c.prepareStatement("SELECT code FROM items WHERE id = ?")) {
                ps.setLong(1, 5001);
                assertThat(ps.executeQuery().next()).isTrue();
            }
            c.commit();
        }
        for (long id = 5001; id <= 5050; id++) {
            assertThat(find(id)).as("staged id %d", id).isTrue();
        }
        awaitSettled();
        for (long id = 5001; id <= 5050; id++) {
            assertThat(find(id)).as("staged id %d after the rescan", id).isTrue();
        }
    }

    @Test
    void aRolledBackWriteWithUnknownKeysSettlesWithoutAScan() throws Exception {
        try (Connection c = ds.getConnection()) {
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.executeUpdate("INSERT INTO items (code) VALUES ('rolled back')");
            }
            c.rollback();
        }
        assertThat(unsettledLookupBypasses()).isFalse();
    }

    @Test
    void batchedInsertsAddEveryRowsKeyBeforeTheBatchRuns() throws SQLException {
        try (Connection c = ds.getConnection();
                PreparedStatement ps = c.prepareStatement("INSERT INTO items (id, code) VALUES (?, ?)")) {
            for (int i = 0; i < 1000; i++) {
                ps.setLong(1, 10_000 + i);
                ps.setString(2, "batch");
                ps.addBatch();
            }
            ps.executeBatch();
        }
        for (int i = 0; i < 1000; i++) {
            assertThat(find(10_000 + i)).isTrue();
        }
        assertThat(gate.stats("items", "id").bypassed(BypassReason.UNSETTLED)).isZero();
    }

    /**
     * The rebuild policy reads the table's size from {@code keysAdded}: a key written through the
     * gate and read back by a change feed (PostgreSQL, MySQL/MariaDB) counted twice made the table
     * look twice its size, and an online rebuild started after half the expected inserts.
     */
    @Test
    void keysWrittenThroughTheGateAreCountedOnce() throws Exception {
        long before = gate.stats("items", "id").keysAdded();
        try (Connection c = ds.getConnection();
                PreparedStatement one = c.prepareStatement("INSERT INTO items (id, code) VALUES (?, ?)");
                PreparedStatement batch = c.prepareStatement("INSERT INTO items (id, code) VALUES (?, ?)");
                Statement literal = c.createStatement()) {
            c.setAutoCommit(false);
            for (int i = 0; i < 10; i++) {
                one.setLong(1, 20_000 + i);
                one.setString(2, "single");
                one.executeUpdate();
                batch.setLong(1, 30_000 + i);
                batch.setString(2, "batched");
                batch.addBatch();
                literal.executeUpdate("INSERT INTO items (id, code) VALUES (" + (40_000 + i) + ", 'literal')");
            }
            batch.executeBatch();
            c.commit();
        }
        assertThat(gate.awaitChangeFeed(Duration.ofSeconds(30))).isTrue();
        awaitSettled();
        assertThat(gate.stats("items", "id").keysAdded() - before).as("30 rows inserted through the gate").isEqualTo(30);
    }

    /**
     * SQL text given to a prepared statement's execute methods: pgjdbc, H2 and MariaDB Connector/J
     * refuse it, MySQL Connector/J runs it as a plain statement would (measured with 9.2). Where it
     * runs, its keys must reach the filter before it does, as any write's: the gate took it for text
     * every driver refuses, and the writer's next lookup was answered "no rows" until the change feed
     * read the row (27 of 40 such lookups, each right after its write).
     */
    @Test
    void textGivenToAPreparedStatementIsAWriteWhereTheDriverRunsIt() throws SQLException {
        try (Connection c = ds.getConnection();
                PreparedStatement lookup = c.prepareStatement("SELECT code FROM items WHERE id = ?");
                PreparedStatement insert = c.prepareStatement("INSERT INTO items (id, code) VALUES (?, ?)")) {
            for (long id = 4200; id < 4210; id++) {
                String text = "INSERT INTO items (id, code) VALUES (" + id + ", 'text')";
                boolean ran = refusedOrRun(() -> lookup.executeUpdate(text));
                assertThat(found(lookup, id)).as("executeUpdate(String) of %d", id).isEqualTo(ran);
            }
            for (long id = 4210; id < 4220; id++) {
                String text = "INSERT INTO items (id, code) VALUES (" + id + ", 'text')";
                boolean ran = refusedOrRun(() -> lookup.execute(text));
                assertThat(found(lookup, id)).as("execute(String) of %d", id).isEqualTo(ran);
            }
            for (long id = 4220; id < 4230; id++) {
                String text = "INSERT INTO items (id, code) VALUES (" + id + ", 'text')";
                boolean ran = refusedOrRun(() -> {
                    lookup.addBatch(text);
                    lookup.executeBatch();
                });
                assertThat(found(lookup, id)).as("addBatch(String) of %d", id).isEqualTo(ran);
            }
            for (long id = 4230; id < 4240; id++) {
                String text = "INSERT INTO items (id, code) VALUES (" + (id + 100) + ", 'text beside a bound row')";
                long bound = id;
                boolean ran = refusedOrRun(() -> {
                    insert.setLong(1, bound);
                    insert.setString(2, "bound row");
                    insert.addBatch();
                    insert.addBatch(text);
                    insert.executeBatch();
                });
                assertThat(found(lookup, id + 100)).as("addBatch(String) of %d beside addBatch()", id + 100)
                        .isEqualTo(ran);
                insert.clearBatch(); // where addBatch(String) was refused, the bound row is still batched
            }
        }
    }

    private interface JdbcCall {
        void run() throws SQLException;
    }

    /**
     * Runs {@code call}: whether it ran (a driver that refuses it, with an SQLException, is as right
     * as one that runs it; the statement then is not the gate's to judge).
     */
    private static boolean refusedOrRun(JdbcCall call) {
        try {
            call.run();
            return true;
        } catch (SQLException refused) {
            return false; // pgjdbc, H2 and MariaDB Connector/J: the text is not a prepared statement's to run
        }
    }

    private static boolean found(PreparedStatement lookup, long id) throws SQLException {
        lookup.setLong(1, id);
        try (ResultSet rs = lookup.executeQuery()) {
            return rs.next();
        }
    }

    @Test
    void updatingTheKeyColumnAddsTheNewKey() throws SQLException {
        try (Connection c = ds.getConnection();
                PreparedStatement ps = c.prepareStatement("UPDATE items SET id = ? WHERE id = ?")) {
            ps.setLong(1, 777_777);
            ps.setLong(2, 7);
            assertThat(ps.executeUpdate()).isEqualTo(1);
        }
        assertThat(find(777_777)).isTrue();
    }
}
