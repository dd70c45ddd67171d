package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.GuardProbe.Answer;
import io.bloomgate.GuardProbe.Path;
import io.bloomgate.stats.GuardState;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Databases that close and reopen while a gate is open: a plain JdbcDataSource with no pool and no
 * DB_CLOSE_DELAY closes the database when its last connection closes, and the next connection
 * opens it again (H2 then loads the stored trigger anew). Writes after a reopen must still reach
 * the gate's filter; and a database that comes back without the trigger (a new in-memory database
 * under the same name, a trigger dropped before H2 loaded it) must not be answered from the old
 * filter.
 */
class H2FileDatabaseTest {

    private static final AtomicInteger NAMES = new AtomicInteger();

    @TempDir
    java.nio.file.Path dir;

    private BloomGate gate;

    @AfterEach
    void tearDown() {
        if (gate != null) {
            gate.close();
        }
    }

    private JdbcDataSource fileDatabase() {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:file:" + dir.resolve("db").toAbsolutePath());
        h2.setUser("sa");
        return h2;
    }

    /** H2's database object behind a fresh connection: the same object means it stayed open. */
    private static Object database(JdbcDataSource h2) throws SQLException {
        try (Connection c = h2.getConnection()) {
            return ((org.h2.engine.SessionLocal) c.unwrap(org.h2.jdbc.JdbcConnection.class).getSession()).getDatabase();
        }
    }

    @Test
    void rawInsertsAfterTheFileDatabaseReopenedAreFound() throws Exception {
        JdbcDataSource h2 = fileDatabase();
        H2Databases.run(h2, "CREATE TABLE items (id BIGINT PRIMARY KEY, payload VARCHAR(40))",
                "INSERT INTO items SELECT X, 'p' FROM SYSTEM_RANGE(1, 100)");
        gate = BloomGate.builder(h2).guard("items", "id", 100_000, 0.01).build();
        GuardProbe probe = new GuardProbe(gate, "items", "id").warmUp();
        assertThat(probe.lookup(-1L)).isEqualTo(new Answer(false, Path.AVOIDED));

        // The gate keeps the database open: without it, an embedded database closes with its last
        // connection, and a reopened one must be rescanned (another process may have written to the
        // file meanwhile).
        Object open = database(h2);
        for (int i = 0; i < 3; i++) {
            H2Databases.run(h2, "INSERT INTO items VALUES (" + (1000 + i) + ", 'fresh connection " + i + "')");
            assertThat(database(h2)).as("kept open by the gate").isSameAs(open);
        }
        for (int i = 0; i < 3; i++) {
            probe.assertFoundByFilter(1000L + i);
        }
        assertThat(probe.lookup(-2L)).isEqualTo(new Answer(false, Path.AVOIDED));
        // An explicit SHUTDOWN closes it anyway; writes by a fresh connection (a batch and an
        // INSERT ... SELECT) follow. The guard stops answering until a rebuild rescans the file.
        H2Databases.run(h2, "SHUTDOWN");
        try (Connection pin = h2.getConnection()) {
            try (Statement s = pin.createStatement()) {
                s.addBatch("INSERT INTO items VALUES (2001, 'after shutdown')");
                s.addBatch("INSERT INTO items VALUES (2002, 'after shutdown')");
                s.executeBatch();
                s.executeUpdate("INSERT INTO items SELECT X, 'range' FROM SYSTEM_RANGE(3001, 3050)");
            }
            assertThat(probe.find(2001L)).isTrue();
            // The background rebuild makes the guard READY again, and its filter holds every key.
            assertThat(GuardProbe.eventually(Duration.ofSeconds(30), () -> probeReady(probe))).isTrue();
            for (long id : new long[] {1000, 1001, 1002, 2001, 2002}) {
                probe.assertFoundByFilter(id);
            }
            for (long id = 3001; id <= 3050; id++) {
                probe.assertFoundByFilter(id);
            }
            // A writer through a differently spelled URL of the same file ("./" in the path).
            JdbcDataSource otherSpelling = new JdbcDataSource();
            otherSpelling.setURL("jdbc:h2:file:" + dir.toAbsolutePath() + "/./db");
            otherSpelling.setUser("sa");
            H2Databases.run(otherSpelling, "INSERT INTO items VALUES (4001, 'other spelling')");
            probe.assertFoundByFilter(4001L);
            assertThat(probe.stats().state()).isEqualTo(GuardState.READY);
        }
    }

    /** READY, and a lookup through the gate has verified the trigger on the open database. */
    private static boolean probeReady(GuardProbe probe) {
        try {
            probe.find(-5L); // lets the watch look at the database as it is now
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
        return probe.stats().state() == GuardState.READY;
    }

    /**
     * After a reopen H2 may not have loaded the trigger yet (it loads stored triggers lazily). A
     * DROP TRIGGER right after the reopen must still make the guard stop answering: the rows
     * written next are seen by no trigger.
     */
    @Test
    void aTriggerDroppedRightAfterTheDatabaseReopenedIsNoticed() throws Exception {
        JdbcDataSource h2 = fileDatabase();
        H2Databases.run(h2, "CREATE TABLE items (id BIGINT PRIMARY KEY, payload VARCHAR(40))",
                "INSERT INTO items SELECT X, 'p' FROM SYSTEM_RANGE(1, 100)");
        gate = BloomGate.builder(h2).guard("items", "id", 100_000, 0.01).build();
        GuardProbe probe = new GuardProbe(gate, "items", "id").warmUp();
        H2Databases.run(h2, "SHUTDOWN");
        try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
            s.execute("DROP TRIGGER \"BLOOMGATE_ITEMS\"");
            s.executeUpdate("INSERT INTO items VALUES (5001, 'no trigger')");
            assertThat(probe.find(5001L)).as("written after the drop (guard state %s)", probe.stats().state())
                    .isTrue();
        }
    }

    /**
     * A named in-memory database without DB_CLOSE_DELAY vanishes with its last connection; the next
     * connection creates a new, empty database under the same name, and an application that creates
     * its schema on connect gets a table of the same name — without the trigger. Its rows must not
     * be answered from the filter built for the vanished one.
     */
    @Test
    void aNamedInMemoryDatabaseRecreatedUnderTheSameNameIsNotAnsweredFromTheOldFilter() throws Exception {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:vanishing" + NAMES.incrementAndGet());
        h2.setUser("sa");
        String ddl = "CREATE TABLE IF NOT EXISTS items (id BIGINT PRIMARY KEY, payload VARCHAR(40))";
        try (Connection keepOpen = h2.getConnection(); Statement s = keepOpen.createStatement()) {
            s.execute(ddl);
            s.execute("INSERT INTO items SELECT X, 'p' FROM SYSTEM_RANGE(1, 100)");
            gate = BloomGate.builder(h2).guard("items", "id", 100_000, 0.01).build();
            new GuardProbe(gate, "items", "id").warmUp();
        } // the database is gone now
        try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
            s.execute(ddl);
            s.executeUpdate("INSERT INTO items VALUES (5002, 'new database')");
            GuardProbe probe = new GuardProbe(gate, "items", "id");
            // Keep c open, so the lookup below sees this same database.
            assertThat(probe.find(5002L)).as("row of the recreated database (guard state %s)", probe.stats().state())
                    .isTrue();
        }
    }

    /**
     * The same with a file database: closed, its file deleted (or restored from a copy taken before
     * the gate existed), reopened empty. The trigger is gone with the file.
     */
    @Test
    void aFileDatabaseReplacedWhileClosedIsNotAnsweredFromTheOldFilter() throws Exception {
        JdbcDataSource h2 = fileDatabase();
        String ddl = "CREATE TABLE IF NOT EXISTS items (id BIGINT PRIMARY KEY, payload VARCHAR(40))";
        H2Databases.run(h2, ddl, "INSERT INTO items SELECT X, 'p' FROM SYSTEM_RANGE(1, 100)");
        gate = BloomGate.builder(h2).guard("items", "id", 100_000, 0.01).build();
        GuardProbe probe = new GuardProbe(gate, "items", "id").warmUp();
        H2Databases.run(h2, "SHUTDOWN"); // closes it despite the gate's own connection
        Files.delete(dir.resolve("db.mv.db"));
        H2Databases.run(h2, ddl, "INSERT INTO items VALUES (5003, 'new file')");
        assertThat(probe.find(5003L)).as("row of the replaced database (guard state %s)", probe.stats().state())
                .isTrue();
    }
}
