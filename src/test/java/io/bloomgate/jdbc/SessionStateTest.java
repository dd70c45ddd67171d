package io.bloomgate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bloomgate.filter.FilterSpec;
import io.bloomgate.key.KeyForms;
import io.bloomgate.sql.Dialect;
import io.bloomgate.sql.GuardedTable;
import io.bloomgate.sync.ColumnType;
import io.bloomgate.sync.GateFence;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.Redefinitions;
import io.bloomgate.sync.Settler;
import io.bloomgate.sync.SyncWatch;
import java.sql.Connection;
import java.sql.JDBCType;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The session state as a specification: each event a connection or a statement reports, and what
 * the lookup decision is told afterwards (docs/architecture.md section 5). Real plans (the gate's
 * classifier) and real guards; no database: the driver's answers are plain values here, as a
 * connection would report them, and each call to the driver is counted. The cases named after a
 * fuzzer seed or a contract test are the session-state half of those reproductions
 * ({@code FuzzFoundTest}, {@code SessionConsistencyContract}), which run against real databases.
 */
class SessionStateTest {

    private static final String LOOKUP_T = "SELECT NAME FROM USERS WHERE ID = ?";
    private static final String LOOKUP_U = "SELECT NAME FROM ORDERS WHERE ID = ?";

    private Guard t;
    private Guard u;
    private GateFence fence;
    private Recorder recorder;
    private GateContext context;
    private FakeDriver driver;
    private SessionState state;

    @BeforeEach
    void setUp() {
        on(Dialect.H2);
    }

    /** A fresh gate of {@code dialect} (guards on USERS and ORDERS), and one session on it. */
    private void on(Dialect dialect) {
        t = guard(dialect, "USERS");
        u = guard(dialect, "ORDERS");
        fence = new GateFence();
        recorder = new Recorder();
        context = new GateContext(null, dialect == Dialect.H2 ? "H2" : "PostgreSQL", dialect,
                dialect == Dialect.H2 ? "PUBLIC" : "public", List.of(t, u), recorder, null, fence);
        context.redefinitions(recorder);
        driver = new FakeDriver(new Object());
        state = new SessionState(context, driver);
    }

    private static Guard guard(Dialect dialect, String table) {
        boolean upper = dialect == Dialect.H2;
        String id = upper ? "ID" : "id";
        String name = upper ? "NAME" : "name";
        Guard g = new Guard(new GuardedTable(upper ? "PUBLIC" : "public", upper ? table : table.toLowerCase(), id,
                List.of(id, name)), KeyForms.integer(), JDBCType.INTEGER,
                Map.of(id, new ColumnType(JDBCType.INTEGER, "INTEGER", 32, 0),
                        name, new ColumnType(JDBCType.VARCHAR, "VARCHAR", 10, 0)),
                FilterSpec.of(1_000, 0.01));
        g.ready(1);
        return g;
    }

    /** The driver's connection: its answers, and how often the state asked. */
    static final class FakeDriver implements SessionState.Driver {
        final Object session;
        int isolation = Connection.TRANSACTION_READ_COMMITTED;
        boolean resolvesAsBuilt = true;
        boolean autoCommit = true;
        boolean transactionFailed;
        /** MySQL: the server's status flags say a transaction is open. */
        boolean openOnServer;
        SQLException readFails;
        int factsRead;
        int begun;
        int forgot;
        int autoCommitAsked;
        /** pgjdbc refuses an isolation or read-only change mid-transaction; MySQL's drivers do not. */
        boolean refusesMidTransaction = true;
        final java.util.List<io.bloomgate.sql.GuardedTable> restored = new java.util.ArrayList<>();

        FakeDriver(Object session) {
            this.session = session;
        }

        @Override
        public SessionProbe.Facts readFacts() throws SQLException {
            if (readFails != null) {
                throw readFails;
            }
            factsRead++;
            return new SessionProbe.Facts(isolation, resolvesAsBuilt);
        }

        @Override
        public boolean autoCommit() {
            autoCommitAsked++;
            return autoCommit;
        }

        @Override
        public boolean transactionFailed() {
            return transactionFailed;
        }

        @Override
        public boolean transactionOpenOnServer() {
            return openOnServer;
        }

        @Override
        public void beginIfIdle(io.bloomgate.sql.GuardedTable answered) {
            begun++;
        }

        @Override
        public void restoreDiagnostics(io.bloomgate.sql.GuardedTable table) {
            restored.add(table);
        }

        @Override
        public SQLException refusalMidTransaction(String what) {
            return !refusesMidTransaction ? null : new SQLException("Cannot change " + what + " in the middle of a transaction.", "25001");
        }

        @Override
        public void forgetPreparedStatements() {
            forgot++;
        }

        @Override
        public Object session() {
            return session;
        }

        @Override
        public Object attach(SyncWatch watch) {
            return "attached";
        }
    }

    /** The settler and the redefinitions: what the state handed over, in order. */
    static final class Recorder implements Settler, Redefinitions {
        final List<String> events = new ArrayList<>();

        @Override
        public void afterCommit(Guard guard) {
            events.add("afterCommit " + guard.table().table());
        }

        @Override
        public void afterRollback(Guard guard) {
            events.add("afterRollback " + guard.table().table());
        }

        @Override
        public void before(Guard guard, String why) {
            events.add("before " + guard.table().table());
        }

        @Override
        public void after(Guard guard) {
            events.add("after " + guard.table().table());
        }

        @Override
        public void close() {
        }
    }

    // ---- the events, reported as GateConnection and GateStatement report them

    /** A statement of {@code sql} went to the database and {@code succeeded} (or not). */
    private void ran(String sql, boolean succeeded) throws SQLException {
        CachedPlan plan = context.plan(sql);
        state.statementNoted(plan);
        if (plan.redefines != null) {
            state.redefining(plan.redefines, plan.sql);
        }
        state.beforeDatabase();
        state.beforeDiagnostics(plan);
        state.ranOnDatabase(plan, succeeded);
    }

    private void ran(String sql) throws SQLException {
        ran(sql, true);
    }

    /** A lookup of {@code sql} was answered from the filter (the decision asked first, as it does). */
    private void answered(String sql) {
        CachedPlan plan = context.plan(sql);
        assertThat(plan).isInstanceOf(CachedPlan.Lookup.class);
        state.statementNoted(plan);
        state.answered(plan.guard);
    }

    private void setAutoCommit(boolean on) {
        boolean was = driver.autoCommit;
        driver.autoCommit = on;
        state.autoCommitSet(was, on);
    }

    private void setIsolation(int level) throws SQLException {
        state.refuseMidTransaction("isolation level");
        driver.isolation = level;
        state.isolationSet(level);
    }

    /** Whether a lookup on {@code guard}'s table may be answered, as the decision asks (isolation first). */
    private boolean answerable(Guard guard) {
        return !state.isolationForbidsAnswers() && !state.snapshotPredatesFilters()
                && !state.transactionForbidsAnswer(guard);
    }

    // ================================================================ the cases

    /** MySQL: FOUND_ROWS(), ROW_COUNT(), warnings after an answered lookup read what its real run would have left. */
    @Nested
    class DiagnosticsAfterAnAnswer {

        @Test
        void aReaderRightAfterAnAnswerFindsThemRestored() throws SQLException {
            answered(LOOKUP_T);
            ran("SELECT ROW_COUNT(), FOUND_ROWS()");
            assertThat(driver.restored).containsExactly(t.table());
            ran("SHOW WARNINGS"); // the reader itself ran: nothing to restore
            assertThat(driver.restored).hasSize(1);
        }

        @Test
        void nothingIsRestoredOnceAnotherStatementRanOrForOtherStatements() throws SQLException {
            answered(LOOKUP_T);
            ran("SELECT 1");
            ran("SELECT @@warning_count");
            answered(LOOKUP_T);
            setAutoCommit(false);
            ran("SELECT FOUND_ROWS()");
            answered(LOOKUP_T);
            state.transactionEnded(true);
            ran("SELECT ROW_COUNT()");
            assertThat(driver.restored).isEmpty();
        }
    }

    @Nested
    class Isolation {

        @Test
        void isReadFromTheDriverOnceAndOnlyWhenAsked() {
            assertThat(driver.factsRead).isZero();
            assertThat(state.isolationForbidsAnswers()).isFalse();
            assertThat(state.isolationForbidsAnswers()).isFalse();
            assertThat(driver.factsRead).isEqualTo(1);
        }

        @Test
        void serializableAndReadUncommittedForbidAnswersRepeatableReadDoesNot() {
            driver.isolation = Connection.TRANSACTION_SERIALIZABLE;
            assertThat(state.isolationForbidsAnswers()).isTrue();
            FakeDriver dirty = new FakeDriver(new Object());
            dirty.isolation = Connection.TRANSACTION_READ_UNCOMMITTED;
            assertThat(new SessionState(context, dirty).isolationForbidsAnswers()).isTrue();
            FakeDriver rr = new FakeDriver(new Object());
            rr.isolation = Connection.TRANSACTION_REPEATABLE_READ;
            assertThat(new SessionState(context, rr).isolationForbidsAnswers()).isFalse();
        }

        @Test
        void isTrackedThroughSetTransactionIsolationWithoutReadingAgain() throws SQLException {
            assertThat(state.isolationForbidsAnswers()).isFalse();
            setIsolation(Connection.TRANSACTION_SERIALIZABLE);
            assertThat(state.isolationForbidsAnswers()).isTrue();
            assertThat(driver.factsRead).isEqualTo(1);
        }

        @Test
        void sqlNamingSerializableForbidsAnswersForGood() throws SQLException {
            ran("SET TRANSACTION ISOLATION LEVEL SERIALIZABLE");
            state.transactionEnded(true);
            setIsolation(Connection.TRANSACTION_READ_COMMITTED);
            assertThat(state.isolationForbidsAnswers()).isTrue();
        }

        @Test
        void aDriverThatCannotTellForbidsAnswersAndIsAskedAgain() {
            driver.readFails = new SQLException("gone");
            assertThat(state.isolationForbidsAnswers()).isTrue();
            driver.readFails = null;
            assertThat(state.isolationForbidsAnswers()).isFalse();
            assertThat(driver.factsRead).isEqualTo(1);
        }

        @Test
        void aPooledSessionsFactsAreReusedByItsNextConnectionUnlessItMoved() throws SQLException {
            assertThat(state.isolationForbidsAnswers()).isFalse();
            SessionState next = new SessionState(context, driver); // the same session, checked out again
            assertThat(next.isolationForbidsAnswers()).isFalse();
            assertThat(driver.factsRead).as("no round trip per checkout").isEqualTo(1);
            ran("SET SCHEMA ALT");
            SessionState after = new SessionState(context, driver);
            after.isolationForbidsAnswers();
            assertThat(driver.factsRead).as("read again after a move").isEqualTo(2);
        }
    }

    @Nested
    class Snapshot {

        @BeforeEach
        void repeatableRead() {
            driver.isolation = Connection.TRANSACTION_REPEATABLE_READ;
        }

        @Test
        void autoCommitStatementsTakeTheirOwnSnapshot() {
            assertThat(answerable(t)).isTrue();
        }

        /** SessionConsistencyContract.aRepeatableReadTransactionSeesItsSnapshotNotALaterInsert. */
        @Test
        void aTransactionsFirstReadOfTheTableIsNotAnswered() {
            setAutoCommit(false);
            assertThat(answerable(t)).isFalse();
        }

        /** SessionConsistencyContract.aRepeatableReadTransactionIsAnsweredOnceItHasReadTheTable. */
        @Test
        void aTransactionIsAnsweredOnTablesItHasReadThroughTheDatabase() throws SQLException {
            setAutoCommit(false);
            assertThat(answerable(t)).isFalse(); // reads the isolation level
            ran(LOOKUP_T);
            assertThat(answerable(t)).isTrue();
            assertThat(answerable(u)).as("H2 snapshots per table").isFalse();
        }

        @Test
        void aWriteThroughTheDatabaseTakesTheSnapshotOfItsTable() throws SQLException {
            setAutoCommit(false);
            state.isolationForbidsAnswers();
            ran("INSERT INTO ORDERS (ID, NAME) VALUES (?, ?)");
            assertThat(answerable(u)).isTrue();
        }

        @Test
        void aFailedStatementTakesNoSnapshot() throws SQLException {
            setAutoCommit(false);
            state.isolationForbidsAnswers();
            ran(LOOKUP_T, false);
            assertThat(answerable(t)).isFalse();
        }

        @Test
        void theNextTransactionNeedsItsOwnSnapshot() throws SQLException {
            setAutoCommit(false);
            state.isolationForbidsAnswers();
            ran(LOOKUP_T);
            state.transactionEnded(true);
            assertThat(answerable(t)).isFalse();
        }

        @Test
        void aRollbackToASavepointForgetsWhatWasRead() throws SQLException {
            setAutoCommit(false);
            state.isolationForbidsAnswers();
            ran(LOOKUP_T);
            state.rolledBackToSavepoint();
            assertThat(answerable(t)).isFalse();
        }

        /** FuzzFoundTest.fuzzH2Seed31Episode23Step268. */
        @Test
        void whatRanUnderReadCommittedBeforeASwitchTookNoSnapshot() throws SQLException {
            driver.isolation = Connection.TRANSACTION_READ_COMMITTED;
            setAutoCommit(false);
            assertThat(answerable(t)).isTrue(); // READ COMMITTED: each statement its own snapshot
            ran(LOOKUP_T);
            setIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            assertThat(answerable(t)).isFalse();
        }

        @Test
        void aStatementRunBeforeTheLevelWasReadTakesNoSnapshotTheGateCountsOn() throws SQLException {
            setAutoCommit(false);
            ran("INSERT INTO USERS (ID, NAME) VALUES (?, ?)"); // no lookup asked yet: the level is unknown
            assertThat(answerable(t)).isFalse();
            ran(LOOKUP_T); // the decision above read the level: REPEATABLE READ
            assertThat(answerable(t)).isTrue();
        }

        @Test
        void anAbortedTransactionIsNeverAnswered() {
            driver.transactionFailed = true;
            assertThat(answerable(t)).isFalse();
        }

        @Test
        void aTransactionBegunBySqlInAutoCommitIsATransaction() throws SQLException {
            ran("BEGIN");
            assertThat(answerable(t)).isFalse();
            ran(LOOKUP_T);
            assertThat(answerable(t)).isTrue();
        }

        @Test
        void sqlNamingASnapshotLevelMakesEveryTransactionASnapshotTransaction() throws SQLException {
            driver.isolation = Connection.TRANSACTION_READ_COMMITTED; // the driver does not see the default
            ran("SET DEFAULT_TRANSACTION_ISOLATION = 'REPEATABLE READ'");
            setAutoCommit(false);
            assertThat(answerable(t)).isFalse();
        }

        @Test
        void mysqlAnswersNothingInARepeatableReadTransaction() throws SQLException {
            on(Dialect.MYSQL);
            driver.isolation = Connection.TRANSACTION_REPEATABLE_READ;
            setAutoCommit(false);
            state.isolationForbidsAnswers();
            state.ranOnDatabase(context.plan("SELECT name FROM users WHERE id = ?"), true);
            assertThat(answerable(t)).isFalse();
            setAutoCommit(true);
            assertThat(answerable(t)).isTrue();
        }
    }

    /**
     * MySQL/MariaDB multi-statement transactions: InnoDB begins the server's transaction, and fixes
     * its isolation level, at the first statement that uses an InnoDB table; an answer must never
     * be that statement, and a level set inside a transaction is not the transaction's.
     */
    @Nested
    class MySqlTransactions {

        private static final String MY_LOOKUP_T = "SELECT name FROM users WHERE id = ?";
        private static final String MY_LOOKUP_U = "SELECT name FROM orders WHERE id = ?";

        @BeforeEach
        void mysql() {
            on(Dialect.MYSQL);
            driver.isolation = Connection.TRANSACTION_READ_COMMITTED;
            driver.refusesMidTransaction = false;
        }

        /** FuzzFoundTest.fuzzMariaDBSeed31Episode18Step242. */
        @Test
        void aTransactionBegunOnlyByAnswersIsBegunOnTheServerBeforeTheNextStatement() throws SQLException {
            setAutoCommit(false);
            assertThat(answerable(t)).as("READ COMMITTED: its first lookup too").isTrue();
            answered(MY_LOOKUP_T);
            answered(MY_LOOKUP_T);
            assertThat(driver.begun).as("nothing reached the server yet").isZero();
            ran("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
            assertThat(driver.begun).as("begun first, so SET TRANSACTION meets it (1568)").isEqualTo(1);
            assertThat(answerable(t)).as("the text named another level").isFalse();
        }

        @Test
        void anIsolationChangeAfterAnAnswerMeetsTheBegunTransaction() throws SQLException {
            setAutoCommit(false);
            answered(MY_LOOKUP_T);
            setIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            assertThat(driver.begun).as("begun at READ COMMITTED before the level moved").isEqualTo(1);
            assertThat(answerable(t)).isFalse();
            state.transactionEnded(true);
            assertThat(driver.begun).isEqualTo(1);
        }

        @Test
        void aTransactionBegunBySqlIsBegunOnTheServerToo() throws SQLException {
            ran("START TRANSACTION");
            answered(MY_LOOKUP_T);
            ran("SELECT @@in_transaction");
            assertThat(driver.begun).as("InnoDB begins it at the first table, not at START TRANSACTION").isEqualTo(1);
        }

        @Test
        void onceAStatementReachedTheServerNothingMoreIsBegun() throws SQLException {
            setAutoCommit(false);
            ran(MY_LOOKUP_T);
            answered(MY_LOOKUP_T);
            ran("INSERT INTO users (id, name) VALUES (?, ?)");
            assertThat(driver.begun).as("the driver's own transaction: asked, and it is not idle").isLessThanOrEqualTo(1);
            assertThat(answerable(t)).isTrue();
        }

        /** FuzzFoundTest.fuzzMariaDBSeed31Episode70Step263. */
        @Test
        void afterAnIsolationChangeInsideATransactionNothingIsAnsweredUntilItEnds() throws SQLException {
            driver.isolation = Connection.TRANSACTION_REPEATABLE_READ;
            setAutoCommit(false);
            state.isolationForbidsAnswers();
            ran("INSERT INTO users (id, name) VALUES (?, ?)"); // began at REPEATABLE READ, no read view yet
            setIsolation(Connection.TRANSACTION_READ_COMMITTED); // the session's level, not the transaction's
            ran(MY_LOOKUP_T);
            assertThat(answerable(t)).isFalse();
            state.transactionEnded(true);
            ran(MY_LOOKUP_T);
            assertThat(answerable(t)).as("a new transaction, at the new level").isTrue();
        }

        @Test
        void anIsolationChangeBeforeTheTransactionsFirstStatementIsItsLevel() throws SQLException {
            driver.isolation = Connection.TRANSACTION_REPEATABLE_READ;
            setAutoCommit(false);
            setIsolation(Connection.TRANSACTION_READ_COMMITTED);
            ran(MY_LOOKUP_T);
            assertThat(answerable(t)).isTrue();
        }

        @Test
        void anIsolationChangeInAutoCommitIsTheNextStatementsLevel() throws SQLException {
            driver.isolation = Connection.TRANSACTION_REPEATABLE_READ;
            ran(MY_LOOKUP_T);
            setIsolation(Connection.TRANSACTION_READ_COMMITTED);
            setAutoCommit(false);
            ran(MY_LOOKUP_U);
            assertThat(answerable(u)).isTrue();
        }

        @Test
        void aTransactionBegunBySqlStaysOpenWhenAutoCommitIsSwitchedOff() throws SQLException {
            driver.isolation = Connection.TRANSACTION_REPEATABLE_READ;
            ran("BEGIN");
            state.isolationForbidsAnswers();
            ran(MY_LOOKUP_T);
            setAutoCommit(false);
            setIsolation(Connection.TRANSACTION_READ_COMMITTED);
            ran(MY_LOOKUP_T);
            assertThat(answerable(t)).as("still the REPEATABLE READ transaction BEGIN opened").isFalse();
        }

        /** MariaDbProcedureSessionTest.procedureStartsTransaction, MariaDbPooledSessionTest.transactionLeftOpenOnThePooledSession. */
        @Test
        void aTransactionTheServerReportsButTheGateDidNotSeeBeginStopsAnswers() throws SQLException {
            ran(MY_LOOKUP_T);
            assertThat(answerable(t)).isTrue();
            driver.openOnServer = true; // a procedure's START TRANSACTION
            assertThat(answerable(t)).as("auto-commit, but a transaction is open on the server").isFalse();
            driver.openOnServer = false; // COMMIT
            assertThat(answerable(t)).isTrue();
        }

        /** MariaDbPooledSessionTest.transactionOfAnotherLevelLeftOpen. */
        @Test
        void aTransactionOpenWhenTheConnectionWasMadeIsOfAnUnknownLevel() throws SQLException {
            driver.autoCommit = false;
            driver.openOnServer = true; // the previous user of the pooled session began it
            state = new SessionState(context, driver);
            ran(MY_LOOKUP_T);
            assertThat(answerable(t)).as("READ COMMITTED now, but the transaction's level is its own").isFalse();
            state.transactionEnded(true);
            driver.openOnServer = false;
            ran(MY_LOOKUP_T);
            assertThat(answerable(t)).as("a transaction begun since, at the session's level").isTrue();
        }

        /** MariaDbPooledSessionTest.lockTablesLeftOnThePooledSession. */
        @Test
        void locksAndAPendingLevelPassToTheSessionsNextConnection() throws SQLException {
            ran("LOCK TABLES orders READ");
            SessionState next = new SessionState(context, driver); // the pool's next user of the session
            assertThat(next.transactionForbidsAnswer(t)).as("still in locked-tables mode").isTrue();
            CachedPlan unlock = context.plan("UNLOCK TABLES");
            next.statementNoted(unlock);
            next.ranOnDatabase(unlock, true);
            assertThat(new SessionState(context, driver).transactionForbidsAnswer(t)).as("unlocked").isFalse();
            ran("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ"); // for the next transaction only
            SessionState after = new SessionState(context, driver);
            assertThat(after.transactionForbidsAnswer(t)).as("the level may still be pending").isTrue();
            CachedPlan lookup = context.plan(MY_LOOKUP_T);
            after.statementNoted(lookup);
            after.ranOnDatabase(lookup, true); // auto-commit, no transaction left open: it used the level up
            assertThat(after.transactionForbidsAnswer(t)).isFalse();
            assertThat(new SessionState(context, driver).transactionForbidsAnswer(t)).isFalse();
        }

        /** MariaDbProcedureSessionTest.procedureSetsTheNextTransactionsLevel. */
        @Test
        void aProcedureMayLeaveALevelForTheNextTransaction() throws SQLException {
            ran(MY_LOOKUP_T);
            ran("CALL rr_next()");
            assertThat(answerable(t)).as("a level may be pending").isFalse();
            setAutoCommit(false);
            ran(MY_LOOKUP_T); // began the transaction at the pending level
            assertThat(answerable(t)).as("the transaction's level is unknown").isFalse();
            state.transactionEnded(true);
            ran(MY_LOOKUP_T);
            assertThat(answerable(t)).as("the level was used up by the transaction that ended").isTrue();
        }

        /** MariaDbProcedureSessionTest.procedureSwitchesAutoCommitOff. */
        @Test
        void aProcedureMaySwitchAutoCommitOff() throws SQLException {
            ran(MY_LOOKUP_T);
            assertThat(answerable(t)).isTrue();
            driver.autoCommit = false; // CALL no_autocommit(): SET autocommit = 0 inside
            ran("CALL no_autocommit()");
            ran(MY_LOOKUP_T);
            assertThat(answerable(t)).as("read again: a transaction, begun at a level that may have been pending")
                    .isFalse();
        }

        @Test
        void aSwitchOfAutoCommitEndsTheTransactionAndTheMovedLevelWithIt() throws SQLException {
            setAutoCommit(false);
            ran(MY_LOOKUP_T);
            setIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            setIsolation(Connection.TRANSACTION_READ_COMMITTED);
            ran(MY_LOOKUP_T);
            assertThat(answerable(t)).isFalse();
            setAutoCommit(true);
            setAutoCommit(false);
            ran(MY_LOOKUP_T);
            assertThat(answerable(t)).isTrue();
        }
    }

    @Nested
    class FilterGeneration {

        @Test
        void aTransactionOpenAcrossARebuildPassesThroughUntilItEnds() throws SQLException {
            setAutoCommit(false);
            ran(LOOKUP_T);
            assertThat(state.snapshotPredatesFilters()).isFalse();
            fence.filtersReplaced();
            assertThat(state.snapshotPredatesFilters()).isTrue();
            ran(LOOKUP_T);
            assertThat(state.snapshotPredatesFilters()).isTrue();
            state.transactionEnded(true);
            ran(LOOKUP_T);
            assertThat(state.snapshotPredatesFilters()).isFalse();
        }

        @Test
        void autoCommitStatementsTakeTheNewGeneration() throws SQLException {
            ran(LOOKUP_T);
            fence.filtersReplaced();
            assertThat(state.snapshotPredatesFilters()).isFalse();
        }

        @Test
        void aTransactionBegunBySqlCountsAsOpenUntilItsEndIsSeen() throws SQLException {
            ran("BEGIN");
            fence.filtersReplaced();
            assertThat(state.snapshotPredatesFilters()).isTrue();
            state.transactionEnded(true);
            ran(LOOKUP_T);
            assertThat(state.snapshotPredatesFilters()).isFalse();
        }
    }

    @Nested
    class Names {

        @Test
        void areVerifiedOnceUntilAStatementMayMoveThem() throws SQLException {
            assertThat(state.resolvesAsBuilt()).isTrue();
            ran(LOOKUP_T);
            ran("SELECT 1");
            assertThat(state.resolvesAsBuilt()).isTrue();
            assertThat(driver.factsRead).isEqualTo(1);
            assertThat(driver.forgot).isZero();
        }

        /**
         * SessionConsistencyContract.aSchemaSwitchBySqlIsSeenBeforeTheNextAnswer; FuzzFoundTest:
         * fuzzH2Seed11Episode3Step152 (SET SCHEMA), fuzzH2Seed21Episode13Step83 (USE),
         * fuzzH2Seed7Episode7Step11 (SET SCHEMA_SEARCH_PATH), fuzzPostgreSQLSeed61Episode21Step184
         * (SET LOCAL ROLE), fuzzPostgreSQLSeed61Episode35Step212 (set_config),
         * fuzzPostgreSQLSeed84Episode11Step93 (RESET search_path): each makes the session be read
         * again before the next answer, and the driver forget what it prepared under the old names.
         */
        @Test
        void everyStatementThatMayMoveThemIsSeenBeforeTheNextAnswer() throws SQLException {
            List<String> moves = List.of("SET SCHEMA ALT", "USE ALT", "SET SCHEMA_SEARCH_PATH ALT, PUBLIC",
                    "SET LOCAL ROLE bloomgate_fuzz", "SELECT set_config('search_path', 'alt', false)",
                    "RESET search_path", "SET search_path = alt", "CALL moves_things()");
            for (String move : moves) {
                driver = new FakeDriver(new Object());
                state = new SessionState(context, driver);
                assertThat(state.resolvesAsBuilt()).isTrue();
                int read = driver.factsRead;
                int forgot = driver.forgot;
                driver.resolvesAsBuilt = false;
                ran(move);
                assertThat(state.resolvesAsBuilt()).as("after %s", move).isFalse();
                assertThat(driver.factsRead).as("after %s", move).isEqualTo(read + 1);
                assertThat(driver.forgot).as("after %s", move).isEqualTo(forgot + 1);
            }
        }

        @Test
        void setSchemaMovesThem() {
            assertThat(state.resolvesAsBuilt()).isTrue();
            driver.resolvesAsBuilt = false;
            state.schemaSet();
            assertThat(state.resolvesAsBuilt()).isFalse();
        }

        @Test
        void aTemporaryTableStopsThemForTheRestOfTheSession() throws SQLException {
            ran("CREATE LOCAL TEMPORARY TABLE USERS (ID INT)");
            assertThat(state.resolvesAsBuilt()).isFalse();
            ran("SET SCHEMA PUBLIC");
            assertThat(state.resolvesAsBuilt()).isFalse();
            SessionState next = new SessionState(context, driver); // the pool's next user of the session
            assertThat(next.resolvesAsBuilt()).isFalse();
        }

        /** FuzzFoundTest.fuzzPostgreSQLSeed51Episode81Step216: a SET in a transaction that rolls back is undone. */
        @Test
        void aSetInATransactionIsReadAgainWhenTheTransactionRollsBack() throws SQLException {
            on(Dialect.POSTGRES);
            setAutoCommit(false);
            driver.resolvesAsBuilt = false;
            ran("SET SESSION search_path TO DEFAULT");
            assertThat(state.resolvesAsBuilt()).isFalse();
            driver.resolvesAsBuilt = true; // the rollback undid it
            state.transactionEnded(false);
            assertThat(state.resolvesAsBuilt()).isTrue();
        }

        /** FuzzFoundTest.fuzzPostgreSQLSeed71Episode71Step264: setSchema in a transaction ended by setAutoCommit(true). */
        @Test
        void setSchemaInATransactionIsReadAgainWhenAutoCommitEndsIt() {
            setAutoCommit(false);
            driver.resolvesAsBuilt = false;
            state.schemaSet();
            assertThat(state.resolvesAsBuilt()).isFalse();
            driver.resolvesAsBuilt = true; // the failed transaction's end undid it
            setAutoCommit(true);
            assertThat(state.resolvesAsBuilt()).isTrue();
        }

        @Test
        void aSetAfterASavepointIsReadAgainWhenRolledBackToIt() throws SQLException {
            setAutoCommit(false);
            driver.resolvesAsBuilt = false;
            ran("SET search_path = alt");
            assertThat(state.resolvesAsBuilt()).isFalse();
            driver.resolvesAsBuilt = true;
            state.rolledBackToSavepoint();
            assertThat(state.resolvesAsBuilt()).isTrue();
        }

        @Test
        void setSchemaInAutoCommitIsNotReadAgainAtACommit() {
            driver.autoCommit = true;
            state.answered(t); // reads and tracks the auto-commit mode
            state.schemaSet();
            state.resolvesAsBuilt();
            int read = driver.factsRead;
            state.transactionEnded(true);
            state.resolvesAsBuilt();
            assertThat(driver.factsRead).isEqualTo(read);
        }
    }

    @Nested
    class TransactionsOnlyAnswersBegan {

        /** FuzzFoundTest.fuzzPostgreSQLSeed11Episode6Step142. */
        @Test
        void theDriversRefusalOfAnIsolationChangeIsRaisedAsTheDriverWould() throws SQLException {
            setAutoCommit(false);
            answered(LOOKUP_T);
            assertThatThrownBy(() -> setIsolation(Connection.TRANSACTION_READ_COMMITTED))
                    .isInstanceOf(SQLException.class).hasMessageContaining("isolation level");
            assertThatThrownBy(() -> state.refuseMidTransaction("read-only property"))
                    .hasMessageContaining("read-only property");
            state.transactionEnded(false);
            setIsolation(Connection.TRANSACTION_READ_COMMITTED);
            answered(LOOKUP_T);
            ran("INSERT INTO ORDERS (ID, NAME) VALUES (?, ?)");
            assertThatThrownBy(() -> setIsolation(Connection.TRANSACTION_READ_COMMITTED))
                    .isInstanceOf(SQLException.class);
        }

        /** FuzzFoundTest.fuzzPostgreSQLSeed41Episode6Step50. */
        @Test
        void inAutoCommitNothingIsRefusedWhateverSqlMentionedTransactions() throws SQLException {
            ran("SET default_transaction_isolation = 'repeatable read'");
            answered(LOOKUP_T);
            setIsolation(Connection.TRANSACTION_READ_COMMITTED);
        }

        /** FuzzFoundTest.fuzzPostgreSQLSeed51Episode80Step153. */
        @Test
        void endAsSqlEndsTheTransactionTheAnswerBegan() throws SQLException {
            setAutoCommit(false);
            answered(LOOKUP_T);
            ran("END");
            setIsolation(Connection.TRANSACTION_REPEATABLE_READ);
        }

        /** FuzzFoundTest.fuzzPostgreSQLSeed21Episode2Step262. */
        @Test
        void theDatabaseSeesTheTransactionBeginBeforeItsNextStatementOnce() throws SQLException {
            setAutoCommit(false);
            ran(LOOKUP_T);
            assertThat(driver.begun).as("nothing answered: the driver began it").isZero();
            state.transactionEnded(true);
            answered(LOOKUP_T);
            ran("START TRANSACTION ISOLATION LEVEL SERIALIZABLE");
            assertThat(driver.begun).as("before the statement").isEqualTo(1);
            answered(LOOKUP_U);
            state.beforeDatabase();
            assertThat(driver.begun).as("SQL that may begin or end one: asked again, the driver knows").isEqualTo(2);
            answered(LOOKUP_T);
            state.beforeDatabase();
            assertThat(driver.begun).as("once per transaction").isEqualTo(2);
            state.transactionEnded(true);
            answered(LOOKUP_T);
            state.beforeDatabase();
            assertThat(driver.begun).isEqualTo(3);
        }

        @Test
        void switchingAutoCommitStartsAfresh() throws SQLException {
            setAutoCommit(false);
            answered(LOOKUP_T);
            setAutoCommit(true);
            setIsolation(Connection.TRANSACTION_READ_COMMITTED);
            state.beforeDatabase();
            assertThat(driver.begun).isZero();
        }
    }

    @Nested
    class WritesWithUnknownKeys {

        @Test
        void inAutoCommitTheySettleAsSoonAsTheyRan() {
            state.afterWrite(new Guard[] {t}, true);
            state.afterWrite(new Guard[] {u}, false);
            assertThat(recorder.events).containsExactly("afterCommit USERS", "afterRollback ORDERS");
        }

        @Test
        void inATransactionTheyWaitForItsEnd() {
            setAutoCommit(false);
            state.afterWrite(new Guard[] {t}, true);
            state.rolledBackToSavepoint();
            assertThat(recorder.events).isEmpty();
            state.transactionEnded(true);
            assertThat(recorder.events).containsExactly("afterCommit USERS");
            state.afterWrite(new Guard[] {u}, true);
            state.transactionEnded(false);
            assertThat(recorder.events).containsExactly("afterCommit USERS", "afterRollback ORDERS");
            state.transactionEnded(true);
            assertThat(recorder.events).as("settled once").hasSize(2);
        }

        @Test
        void switchingAutoCommitOnCommitsThem() {
            setAutoCommit(false);
            state.afterWrite(new Guard[] {t}, true);
            setAutoCommit(true);
            assertThat(recorder.events).containsExactly("afterCommit USERS");
        }
    }

    @Nested
    class GeneratedKeysOfWrites {

        @Test
        void keysAllLearnedSettleAtOnceInAutoCommit() {
            t.unsettle();
            GeneratedKeys pending = state.awaitKeys(new Guard[] {t}, 1);
            state.forget(pending);
            state.keysLearned(new Guard[] {t});
            assertThat(t.unsettled()).isFalse();
            assertThat(recorder.events).as("no rescan").isEmpty();
        }

        @Test
        void keysAllLearnedInATransactionSettleAtItsEnd() {
            setAutoCommit(false);
            t.unsettle();
            state.keysLearned(new Guard[] {t});
            assertThat(t.unsettled()).isTrue();
            state.transactionEnded(false);
            assertThat(t.unsettled()).isFalse();
            assertThat(recorder.events).isEmpty();
        }

        @Test
        void keysOfATransactionBegunBySqlSettleAtItsEnd() throws SQLException {
            ran("BEGIN");
            t.unsettle();
            state.keysLearned(new Guard[] {t});
            assertThat(t.unsettled()).isTrue();
            state.transactionEnded(true);
            assertThat(t.unsettled()).isFalse();
        }

        @Test
        void keysNotReadByTheTransactionsEndSettleAsAnyUnknownWrite() {
            setAutoCommit(false);
            state.awaitKeys(new Guard[] {t}, 2);
            state.transactionEnded(true);
            assertThat(recorder.events).containsExactly("afterCommit USERS");
        }

        @Test
        void keysGivenUpInAutoCommitSettleAtOnce() throws SQLException {
            state.awaitKeys(new Guard[] {t}, 2).giveUp();
            assertThat(recorder.events).containsExactly("afterCommit USERS");
            state.transactionEnded(true);
            assertThat(recorder.events).as("given up once").hasSize(1);
        }
    }

    @Nested
    class DdlThroughTheGate {

        /** FuzzFoundTest.fuzzPostgreSQLSeed5Episode1Step98 (recreated), fuzzH2Seed7Episode9Step164 (retyped key). */
        @Test
        void inAutoCommitTheGuardUnsyncsBeforeAndRebuildsRightAfter() throws SQLException {
            ran("ALTER TABLE USERS ALTER COLUMN ID VARCHAR(20)");
            ran("DROP TABLE ORDERS");
            assertThat(recorder.events).containsExactly("before USERS", "after USERS", "before ORDERS", "after ORDERS");
        }

        @Test
        void inATransactionTheRebuildWaitsForItsEnd() throws SQLException {
            setAutoCommit(false);
            ran("DROP TABLE USERS");
            ran("DROP TABLE USERS");
            assertThat(recorder.events).containsExactly("before USERS", "before USERS");
            state.transactionEnded(false);
            assertThat(recorder.events).containsExactly("before USERS", "before USERS", "after USERS");
        }
    }

    @Test
    void theDecisionsOtherQuestionsAreTheGatesAndAskedOnce() {
        assertThat(state.gateClosed()).isFalse();
        context.close();
        assertThat(state.gateClosed()).isTrue();
        assertThat(state.dialect()).isEqualTo(Dialect.H2);
        assertThat(state.watchAttachment()).isEqualTo("attached");
    }
}
