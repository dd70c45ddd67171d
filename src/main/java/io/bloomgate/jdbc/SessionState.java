package io.bloomgate.jdbc;

import io.bloomgate.sql.Dialect;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.SyncWatch;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What the gate knows of one JDBC session, and how each event moves it (docs/architecture.md
 * section 5): the isolation level and whether a snapshot transaction's snapshot of a guarded table
 * exists yet ({@code touched}), whether unqualified names resolve as at build, the filter
 * generation the open transaction began under, and what waits for the transaction's end — writes
 * with unknown keys, generated keys not read yet, DDL that may have redefined a guarded table.
 *
 * <p>The one home of these facts: {@link GateConnection} reports the calls the application makes on
 * the connection (commit, rollback, auto-commit, isolation, schema), the statements report what ran
 * ({@link #statementNoted}, {@link #beforeDatabase}, {@link #ranOnDatabase}, {@link #answered}) and
 * the writes they made, and {@link LookupDecision} asks it whether the session allows an answer. It
 * touches the database only through its {@link Driver} (lazily: only sessions that look something
 * up read their facts), so {@code SessionStateTest} states every transition without a database.
 *
 * <p>MySQL and MariaDB add rules of their own, InnoDB's (where a transaction begins and which
 * level it keeps, locked-tables mode, what procedures and a pooled session's previous user leave
 * behind): {@link MySqlTransactionRules}, which this class consults and tells of each event.
 *
 * <p>Not thread-safe, as a JDBC connection is used by one thread at a time.
 */
final class SessionState implements LookupDecision.Session {

    /**
     * What the state asks of the driver's session. Each call is the driver's own answer, uncached:
     * what to cache, and for how long, is this class's business.
     */
    interface Driver {

        /** The session's isolation level and name resolution (see {@link SessionProbe#read}). */
        SessionProbe.Facts readFacts() throws SQLException;

        /** The driver's auto-commit mode ({@link Connection#getAutoCommit()}). */
        boolean autoCommit() throws SQLException;

        /** See {@link SessionProbe#movedUnseen}: a local read, no round trip; false where the driver cannot tell. */
        default boolean movedUnseen(int isolation, boolean resolvesAsBuilt) {
            return false;
        }

        /** See {@link SessionProbe#transaction}: a local read, no round trip. */
        default Object transaction() {
            return SessionProbe.UNTRACKED;
        }

        /** See {@link SessionProbe#transactionFailed}: a local read, no round trip. */
        boolean transactionFailed();

        /** See {@link SessionProbe#transactionOpenOnServer}: a local read, no round trip; false where the driver does not tell. */
        default boolean transactionOpenOnServer() {
            return false;
        }

        /** See {@link SessionProbe#beginIfIdle}. */
        void beginIfIdle(io.bloomgate.sql.GuardedTable answered) throws SQLException;

        /** See {@link SessionProbe#restoreDiagnostics}. */
        void restoreDiagnostics(io.bloomgate.sql.GuardedTable table) throws SQLException;

        /** See {@link SessionProbe#refusalMidTransaction}; null: the driver would not refuse. */
        SQLException refusalMidTransaction(String what);

        /** See {@link SessionProbe#forgetPreparedStatements}. */
        void forgetPreparedStatements();

        /** See {@link SessionProbe#mayRead}. */
        default String mayRead(String[][] tables) {
            return "";
        }

        /** The driver's own connection under any pool's proxy: the session the gate's caches are about. */
        Object session();

        /** What {@code watch} needs of this connection (see {@link SyncWatch#attach}). */
        Object attach(SyncWatch watch);
    }

    private static final int UNKNOWN_ISOLATION = -1;

    /** How unqualified names resolve on this session, compared with the gate's build. */
    private static final byte UNVERIFIED = 0;
    private static final byte AS_BUILT = 1;
    private static final byte DIFFERENT = 2;
    /** A temporary table may shadow a guarded name: unqualified lookups pass through for good. */
    private static final byte NEVER = 3;

    private final GateContext context;
    private final Driver driver;
    /** MySQL/MariaDB's own rules of the session's transactions; null on other databases. */
    private final MySqlTransactionRules mysql;

    // ---- isolation and snapshot
    private int isolation = UNKNOWN_ISOLATION;
    private boolean serializableSuspected;
    /** SQL text may have set a snapshot isolation level: every explicit transaction counts as one. */
    private boolean snapshotSuspected;
    /**
     * Guards whose table a statement of the open transaction has read or written through the
     * database: a snapshot transaction's snapshot of them exists (H2 takes it per table, at the
     * table's first use; PostgreSQL per transaction, at its first statement); on MySQL, at any
     * level, the server's transaction has begun (InnoDB begins it at a statement's first use of
     * an InnoDB table).
     */
    private Guard[] touched = new Guard[4];
    private int touchedCount;
    /** The database's transaction object when {@code touched} was last added to (see {@link SessionProbe#transaction}). */
    private Object touchedIn;
    /** {@code context.filterGeneration()} when the open transaction's first statement ran; -1: none since it ended. */
    private long snapshotGeneration = -1;

    // ---- the transaction
    /** SQL text may have opened a transaction block the driver does not track. */
    private boolean beganBySql;
    /** The driver's auto-commit mode, tracked through the wrapper once read; null: not read yet. */
    private Boolean autoCommit;
    /**
     * A lookup was answered while a transaction was open (auto-commit off): the database would have
     * begun the transaction with it, so the driver's checks of "in a transaction" must see one.
     */
    private boolean answeredInTransaction;
    /** The guard of the first lookup answered in the open transaction (see {@link #beginIfOnlyAnswered}). */
    private Guard answeredFirst;
    /**
     * The guard of the lookup the gate answered last, while nothing has reached the session since:
     * its diagnostics (MySQL's row counts, warnings) still describe the statement before that
     * lookup. Any call that may run a statement on the session clears it.
     */
    private Guard answeredLast;
    /** {@link #answeredLast} as {@link #beforeDatabase()} found it, for {@link #beforeDiagnostics}. */
    private Guard answeredLastReached;
    /** The database has seen the open transaction begin (or does not need to). */
    private boolean transactionBegun;

    // ---- name resolution
    private byte resolution = UNVERIFIED;
    /** A statement of the open transaction may have changed the session (undone if it rolls back). */
    private boolean sessionChangedInTransaction;
    private Object session;
    /**
     * The isolation level, schema or catalog was set through JDBC on this connection: a pool under
     * the gate (HikariCP) sets them back to its defaults when the connection returns, behind the
     * gate, so what this session reads of them is not cached for the pooled session's next user
     * (who would otherwise take a REPEATABLE READ session for the READ COMMITTED one read here).
     */
    private boolean setThroughJdbc;

    // ---- what waits for the transaction's end
    /** Guards made unsettled by writes of the open transaction; settled when it ends. */
    private List<Guard> unsettledByTransaction;
    /** Writes whose generated keys are awaited (see {@link GeneratedKeys}). */
    private List<GeneratedKeys> awaitingKeys;
    /** Guards of the open transaction's writes whose keys were all learned: they settle when it ends. */
    private List<Guard> settledByKeys;
    /**
     * Guards whose table DDL of the open transaction may have redefined: unsynced before it ran,
     * rebuilt once the transaction has ended (a rebuild while it is open would meet the old table,
     * or wait on the DDL's locks and then install triggers on a table renamed away meanwhile).
     */
    private List<Guard> redefinedByTransaction;

    private Object watchAttachment;
    private boolean watchAttached;

    SessionState(GateContext context, Driver driver) {
        this.context = context;
        this.driver = driver;
        this.mysql = context.dialect == Dialect.MYSQL ? new MySqlTransactionRules(context, driver, session()) : null;
    }

    // ================================================================ what the lookup decision asks

    @Override
    public boolean gateClosed() {
        return context.closed;
    }

    @Override
    public Dialect dialect() {
        return context.dialect;
    }

    @Override
    public SyncWatch watch() {
        return context.watch;
    }

    /** What the context's {@link SyncWatch} needs of this connection, computed once. */
    @Override
    public Object watchAttachment() {
        if (!watchAttached) {
            watchAttachment = driver.attach(context.watch);
            watchAttached = true;
        }
        return watchAttachment;
    }

    /**
     * Whether a SERIALIZABLE or READ UNCOMMITTED transaction may be open (lookups then pass
     * through). Read from the driver once (lazily: only connections that look something up pay for
     * it) and again after statements that may change it, tracked through the wrapper otherwise;
     * SQL text naming those levels makes the connection suspect for good.
     */
    @Override
    public boolean isolationForbidsAnswers() {
        if (serializableSuspected) {
            return true;
        }
        if (isolation != UNKNOWN_ISOLATION && driver.movedUnseen(isolation, resolution == AS_BUILT)) {
            sessionMoved(); // user code the text does not name moved it (H2: a function behind a view)
        }
        if (isolation == UNKNOWN_ISOLATION && !readFacts()) {
            return true; // fail open; ask again next time
        }
        // SERIALIZABLE: skipping a read drops its predicate locks. READ UNCOMMITTED: a dirty reader
        // can see a row between H2 storing it and the trigger adding its key.
        return isolation == Connection.TRANSACTION_SERIALIZABLE || isolation == Connection.TRANSACTION_READ_UNCOMMITTED;
    }

    /**
     * Whether the session is known to run READ COMMITTED: read from the driver (by {@link
     * #isolationForbidsAnswers()}, asked first) and no SQL text naming another level since.
     */
    @Override
    public boolean readCommitted() {
        return isolation == Connection.TRANSACTION_READ_COMMITTED && !snapshotSuspected && !serializableSuspected;
    }

    /**
     * Whether the open transaction took its snapshot before a rebuild replaced a filter (it may
     * still see rows whose keys the new filter lacks). Conservative: a transaction started by SQL
     * text counts as open until the connection is closed or committed through JDBC.
     */
    @Override
    public boolean snapshotPredatesFilters() {
        long generation = context.filterGeneration();
        if (generation == snapshotGeneration || snapshotGeneration < 0) {
            return false;
        }
        if (!beganBySql && autoCommit()) {
            snapshotGeneration = generation; // each autocommit statement takes a new snapshot
            return false;
        }
        return true;
    }

    /**
     * Whether the open transaction cannot be answered for: it is aborted (the database would raise
     * an error), or it is a snapshot transaction (any level but READ COMMITTED) that has not yet
     * used {@code guard}'s table through the database, so its snapshot of the table does not exist
     * yet and would be taken after the answer. Call after {@link #isolationForbidsAnswers()}.
     */
    @Override
    public boolean transactionForbidsAnswer(Guard guard) {
        if (driver.transactionFailed() || mysql != null && mysql.forbidsEveryAnswer()) {
            return true;
        }
        if (!beganBySql && autoCommit()) {
            // Each statement is its own transaction, snapshot and all (MySQL: unless the server
            // reports one the gate did not see begin).
            return mysql != null && mysql.autoCommitForbidsAnswer();
        }
        if (mysql != null) {
            return mysql.transactionForbidsAnswer(isolation, snapshotSuspected);
        }
        if (!snapshotSuspected && isolation == Connection.TRANSACTION_READ_COMMITTED) {
            return false; // each statement takes a new snapshot
        }
        if (touchedCount > 0 && driver.transaction() != touchedIn) {
            touchedCount = 0; // user code the gate did not see ended the transaction (H2: a function's COMMIT)
        }
        for (int i = 0; i < touchedCount; i++) {
            if (touched[i] == guard) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether unqualified table names resolve to the schema the gate was built for. Verified with
     * the session (PostgreSQL: one round trip) on the first unqualified lookup and again after any
     * statement that may have moved the search path, the role or the schema.
     */
    @Override
    public boolean resolvesAsBuilt() {
        if (resolution == UNVERIFIED || resolution == AS_BUILT && expired(factsReadAt)) {
            readFacts();
        }
        return resolution == AS_BUILT;
    }

    /**
     * PostgreSQL: whether the session may read the tables {@code plan} joins (its role's rights, see
     * {@link SessionProbe#mayRead}), and they are still the tables its copied metadata describes: when
     * their definition differs from the one last seen for the plan (columns altered, or the name now
     * another table), or none was seen yet and the copies are more than a second old (the bound the
     * session's other facts keep too; copies made after this first read describe what it read, or
     * what a later read will compare), the copies are dropped and this lookup passes through, so the
     * next real execution copies them afresh.
     */
    @Override
    public boolean mayReadJoined(CachedPlan.Lookup plan) {
        if (context.dialect != Dialect.POSTGRES) {
            return true;
        }
        String definition = driver.mayRead(plan.joinedTables);
        if (definition == null) {
            return false;
        }
        String known = context.joinedDefinitions.put(plan.joinedTables, definition);
        CachedPlan.Copies copies = plan.copies();
        if (known == null && (copies.metaData() == null || System.nanoTime() - copies.copiedAt() <= FACTS_TTL_NANOS)) {
            return true; // not copied yet, or less than a second before this read: the same tables
        }
        if (!definition.equals(known)) {
            plan.forgetCopies();
            return false;
        }
        return true;
    }

    /**
     * PostgreSQL: how long facts read from a session are trusted. Other sessions change them with no
     * statement through this one ({@code REVOKE SELECT}, {@code REVOKE USAGE} on the schema: 42501
     * for every lookup), as can code the gate does not see run (a trigger's {@code set_config}).
     * Inside a transaction too, as the first read of a session may be: a read that begins the
     * transaction takes its snapshot at the moment the lookup that asked would have, and at
     * REPEATABLE READ that lookup then passes through (its table was not read in the snapshot yet).
     */
    static final long FACTS_TTL_NANOS = 1_000_000_000L;

    /** When the facts in use were read ({@link SessionProbe.Facts#readAt}). */
    private long factsReadAt;

    private boolean expired(long readAt) {
        return context.dialect == Dialect.POSTGRES && System.nanoTime() - readAt > FACTS_TTL_NANOS
                && !driver.transactionFailed();
    }

    /**
     * Reads isolation and name resolution from the session; false if the driver could not tell.
     * What a connection of the pool read before is reused (PostgreSQL: no round trip per checkout)
     * unless a statement through the gate may have changed it since (see {@link #sessionMoved}).
     */
    private boolean readFacts() {
        answeredLast = null; // it may have run a statement on the session
        try {
            Object session = session();
            if (context.shadowedSessions.containsKey(session)) {
                resolution = NEVER;
            }
            SessionProbe.Facts facts = setThroughJdbc ? null : context.sessionFacts.getIfPresent(session);
            if (facts != null && expired(facts.readAt())) {
                facts = null; // read by an earlier checkout too long ago
            }
            if (facts == null) {
                facts = driver.readFacts();
                if (!setThroughJdbc) {
                    context.sessionFacts.put(session, facts);
                }
            }
            isolation = facts.isolation();
            factsReadAt = facts.readAt();
            if (resolution != NEVER) {
                resolution = facts.resolvesAsBuilt() ? AS_BUILT : DIFFERENT;
            }
            return true;
        } catch (SQLException | RuntimeException e) {
            isolation = UNKNOWN_ISOLATION;
            return false;
        }
    }

    // ================================================================ statements

    /** Session changes a statement's text may make, noted before it runs (or is answered). */
    void statementNoted(CachedPlan plan) {
        if (plan.mentionsUnansweredIsolation) {
            serializableSuspected = true;
            context.sessionFacts.invalidate(session());
        }
        if (plan.mentionsSnapshotIsolation) {
            snapshotSuspected = true;
        }
        if (plan.mayBeginTransaction) {
            beganBySql = true;
        }
        if (mysql != null) {
            mysql.noted(plan);
        }
        if (snapshotGeneration < 0) {
            snapshotGeneration = context.filterGeneration(); // before the statement takes its snapshot
        }
    }

    /** A lookup was answered from the filter. */
    void answered(Guard guard) {
        answeredLast = guard;
        // Auto-commit off only: a transaction begun by SQL text (BEGIN) has already reached the
        // database, whose own state then makes the driver refuse; and beganBySql is a guess from text.
        // MySQL: START TRANSACTION too, since InnoDB begins the transaction (and fixes its level)
        // at the first table the transaction opens, not at START TRANSACTION (MySqlTransactionRules).
        if (!answeredInTransaction && (!autoCommit() || beganBySql && mysql != null)) {
            answeredInTransaction = true;
            answeredFirst = guard;
        }
    }

    /**
     * Before a statement goes to the database: if only answered lookups began the open transaction,
     * the database has not seen it begin. Begin it now (PostgreSQL: a no-op query), so that the
     * statement meets the transaction state it would have met (START TRANSACTION ISOLATION LEVEL
     * after a query is an error, 25001). At most once per transaction.
     */
    void beforeDatabase() throws SQLException {
        answeredLastReached = answeredLast;
        answeredLast = null;
        beginIfOnlyAnswered();
    }

    /**
     * If only answered lookups made the open transaction, makes the database begin it as the first
     * of them would have (PostgreSQL: a no-op query, pgjdbc sends BEGIN before it; MySQL/MariaDB: an
     * empty read of that lookup's table, which begins the server's transaction and fixes its
     * isolation level, as the lookup would have: architecture.md section 5). At most once per
     * transaction.
     */
    private void beginIfOnlyAnswered() throws SQLException {
        if (answeredInTransaction && !transactionBegun) {
            transactionBegun = true;
            driver.beginIfIdle(answeredFirst.table());
        }
    }

    /**
     * Before {@code plan} goes to the database, right after {@link #beforeDatabase()}: if the
     * statement before it was answered by the gate and this one may read the diagnostics that
     * statement would have left (MySQL's {@code FOUND_ROWS()}, {@code ROW_COUNT()}, warnings), the
     * session is made to hold what the database would have said (architecture.md, "MySQL and MariaDB").
     */
    void beforeDiagnostics(CachedPlan plan) throws SQLException {
        Guard answered = answeredLastReached;
        answeredLastReached = null;
        if (answered != null && plan.readsDiagnostics) {
            driver.restoreDiagnostics(answered.table());
        }
    }

    /**
     * A statement went to the database ({@code succeeded} or not): what it may have changed in the
     * session is only known afterwards (a function it called may have moved the search path).
     */
    void ranOnDatabase(CachedPlan plan, boolean succeeded) {
        if (mysql != null) {
            mysql.ran(plan, succeeded, beganBySql);
        }
        if (!succeeded && mysql != null) {
            // A deadlock (1213) rolls the whole transaction back, and the next statement begins another:
            // a lookup answered next must begin it on the server again before anything else reaches the
            // session (architecture.md, "MySQL/MariaDB transactions begin on the server"). If the
            // transaction goes on, that empty read inside it changes nothing.
            touchedCount = 0;
            answeredInTransaction = false;
            transactionBegun = false;
        }
        if (plan.redefines != null && redefinedByTransaction != null && !beganBySql && driverAutoCommit()) {
            redefinitionsEnded(); // the statement was its own transaction, and it has ended
        }
        if (plan instanceof CachedPlan.Unrelated && !plan.mayChangeSchema && !plan.mayEndTransaction) {
            return; // the common case: a statement on other tables, with no session effects
        }
        if (plan.createsTemporaryTable) {
            resolution = NEVER;
            context.shadowedSessions.put(session(), Boolean.TRUE); // for as long as the session lives
            context.sessionFacts.invalidate(session());
        } else if (plan.mayChangeSchema) {
            sessionMoved(); // SET ROLE, SET TRANSACTION, BEGIN ISOLATION LEVEL ...: read them again
        }
        if (plan.mayChangeAutoCommit || plan.mayRunCode) {
            autoCommit = null; // a procedure may have run SET autocommit: asked again (a local read)
        }
        if (plan.mayEndTransaction || plan.mayBeginTransaction) {
            touchedCount = 0; // a new transaction: a new snapshot
            answeredInTransaction = false; // COMMIT, END, ROLLBACK as SQL: the database knows where it stands
            transactionBegun = false;
            if (plan.mayEndTransaction && sessionChangedInTransaction) {
                sessionChangedInTransaction = false;
                sessionMoved();
            }
            if (plan.mayChangeSchema) {
                // SET is transactional on PostgreSQL (SET LOCAL ends with the transaction, a rollback
                // undoes SET): what the session was read to be may not survive the transaction.
                sessionChangedInTransaction = true;
            }
        } else if (plan.mayChangeSchema) {
            sessionChangedInTransaction = true; // a function that moved the session: as SET above
        } else if (succeeded && (snapshotIsolationKnown() || mysql != null)) {
            // Only a statement run under snapshot isolation took the transaction's snapshot of the
            // table: under READ COMMITTED (before a switch to REPEATABLE READ) it took none. On
            // MySQL, at any level: it began the server's transaction (see MySqlTransactionRules).
            touch(plan.guard);
            if (plan instanceof CachedPlan.Write write) {
                for (CachedPlan.Write.Part part : write.parts) {
                    touch(part.guard());
                }
            }
        }
    }

    /** The session is known to run a snapshot isolation level (any but READ COMMITTED and READ UNCOMMITTED). */
    private boolean snapshotIsolationKnown() {
        return isolation != UNKNOWN_ISOLATION && isolation != Connection.TRANSACTION_READ_COMMITTED
                && isolation != Connection.TRANSACTION_READ_UNCOMMITTED && isolation != Connection.TRANSACTION_NONE;
    }

    private void touch(Guard guard) {
        if (guard == null) {
            return;
        }
        Object transaction = driver.transaction();
        if (transaction == null) {
            return; // the statement's transaction ended inside it (user code committed): no snapshot survives
        }
        if (touchedCount > 0 && transaction != touchedIn) {
            touchedCount = 0;
        }
        touchedIn = transaction;
        for (int i = 0; i < touchedCount; i++) {
            if (touched[i] == guard) {
                return;
            }
        }
        if (touchedCount == touched.length) {
            touched = Arrays.copyOf(touched, touchedCount * 2);
        }
        touched[touchedCount++] = guard;
    }

    // ================================================================ calls on the connection

    /**
     * The driver refuses some calls in the middle of a transaction (pgjdbc: changing the isolation
     * level or read-only mode, 25001). When only answered lookups made the transaction, the driver
     * does not know it began: refuse as it would have. Call before passing {@code what} on.
     */
    void refuseMidTransaction(String what) throws SQLException {
        if (answeredInTransaction) {
            SQLException refusal = driver.refusalMidTransaction(what);
            if (refusal != null) {
                throw refusal;
            }
            // The driver takes the change mid-transaction (MySQL's drivers: it applies to the next
            // transaction, the open one keeps the level it began with): let that one have begun.
            beginIfOnlyAnswered();
        }
    }

    /**
     * The open transaction ended: committed, rolled back ({@code committed} false), or with an
     * outcome unknown (a failed rollback, a close, an abort: {@code committed} true, so writes with
     * unknown keys settle by the settler's scan).
     */
    void transactionEnded(boolean committed) {
        answeredLast = null; // it may have run a statement on the session
        if (mysql != null) {
            mysql.transactionEnded();
        }
        answeredInTransaction = false;
        transactionBegun = false;
        if (sessionChangedInTransaction) {
            sessionChangedInTransaction = false;
            sessionMoved(); // a rollback undoes SET; a commit ends SET LOCAL
        }
        giveUpAwaitedKeys();
        List<Guard> learned = settledByKeys;
        settledByKeys = null;
        if (learned != null) {
            for (Guard guard : learned) {
                guard.settle();
            }
        }
        snapshotGeneration = -1;
        beganBySql = false;
        touchedCount = 0;
        redefinitionsEnded();
        List<Guard> guards = unsettledByTransaction;
        if (guards == null) {
            return;
        }
        unsettledByTransaction = null;
        for (Guard guard : guards) {
            if (committed) {
                context.settler.afterCommit(guard);
            } else {
                context.settler.afterRollback(guard);
            }
        }
    }

    /** {@code setAutoCommit(now)} succeeded on a connection whose mode {@code was}. */
    void autoCommitSet(boolean was, boolean now) {
        answeredLast = null; // it may have run a statement on the session
        autoCommit = now;
        if (now && !was) {
            transactionEnded(true); // switching autocommit on commits the open transaction
        } else if (now != was) {
            touchedCount = 0; // the next statement opens a new transaction
            answeredInTransaction = false;
            transactionBegun = false;
            if (mysql != null) {
                mysql.autoCommitSwitched(beganBySql);
            }
        }
    }

    /** {@code setTransactionIsolation(level)} succeeded. */
    void isolationSet(int level) {
        answeredLast = null; // it may have run a statement on the session
        setThroughJdbc = true;
        context.sessionFacts.invalidate(session()); // the pool's next user reads it afresh
        if (mysql != null) {
            mysql.isolationSet(level, isolation, () -> beganBySql || !autoCommit());
        }
        isolation = level;
        touchedCount = 0; // what ran before the switch took no snapshot at this level
    }

    /** {@code setSchema} or {@code setCatalog} (MySQL/MariaDB: {@code USE}) succeeded. */
    void schemaSet() {
        answeredLast = null; // it may have run a statement on the session
        setThroughJdbc = true;
        sessionMoved();
        if (!Boolean.TRUE.equals(autoCommit)) {
            // pgjdbc sends SET inside the open transaction: a rollback (or committing a failed
            // transaction) undoes it, and the session must be read again then.
            sessionChangedInTransaction = true;
        }
    }

    /** {@code rollback(savepoint)} succeeded: the transaction goes on, its unsettled writes still wait. */
    void rolledBackToSavepoint() {
        answeredLast = null; // it may have run a statement on the session
        touchedCount = 0; // conservative: what the snapshot covers is the database's business
        if (sessionChangedInTransaction) {
            sessionMoved(); // a SET after the savepoint is undone
        }
    }

    /** A statement or call through the gate may have changed the session's isolation or name resolution. */
    private void sessionMoved() {
        context.sessionFacts.invalidate(session());
        driver.forgetPreparedStatements(); // prepared under the old resolution (see PostgresSessionProbe)
        isolation = UNKNOWN_ISOLATION;
        touchedCount = 0; // the isolation level may have changed under the open transaction
        if (resolution != NEVER) {
            resolution = UNVERIFIED;
        }
    }

    private Object session() {
        if (session == null) {
            session = driver.session();
        }
        return session;
    }

    /** The auto-commit mode as last tracked (read from the driver once); false if it cannot tell (fail open). */
    private boolean autoCommit() {
        if (autoCommit == null) {
            try {
                autoCommit = driver.autoCommit();
            } catch (SQLException e) {
                return false; // fail open
            }
        }
        return autoCommit;
    }

    /** The driver's auto-commit mode, asked now (SQL text may have changed it since it was tracked). */
    private boolean driverAutoCommit() {
        try {
            return driver.autoCommit();
        } catch (SQLException | RuntimeException e) {
            return false; // settle or rebuild when the transaction's end is observed
        }
    }

    // ================================================================ DDL through the gate

    /** DDL that may redefine the tables of {@code guards} is about to run (see {@link io.bloomgate.sync.Redefinitions}). */
    void redefining(Guard[] guards, String sql) {
        String text = sql.length() > 200 ? sql.substring(0, 200) + "..." : sql;
        for (Guard guard : guards) {
            context.redefinitions.before(guard, "DDL through the gate may have changed " + guard.table().schema() + "."
                    + guard.table().table() + " (" + text.replace('\n', ' ') + "); rebuilt once its transaction ends");
            if (redefinedByTransaction == null) {
                redefinedByTransaction = new ArrayList<>(2);
            }
            if (!redefinedByTransaction.contains(guard)) {
                redefinedByTransaction.add(guard);
            }
        }
    }

    /** The transaction of DDL through the gate ended (committed or not): its guards may rebuild. */
    private void redefinitionsEnded() {
        List<Guard> guards = redefinedByTransaction;
        redefinedByTransaction = null;
        if (guards != null) {
            for (Guard guard : guards) {
                context.redefinitions.after(guard);
            }
        }
    }

    // ================================================================ writes with unknown keys

    /** A write that made {@code guards} unsettled has executed ({@code succeeded} or not). */
    void afterWrite(Guard[] guards, boolean succeeded) {
        if (driverAutoCommit()) {
            for (Guard guard : guards) {
                if (succeeded) {
                    context.settler.afterCommit(guard);
                } else {
                    context.settler.afterRollback(guard);
                }
            }
        } else {
            if (unsettledByTransaction == null) {
                unsettledByTransaction = new ArrayList<>();
            }
            unsettledByTransaction.addAll(List.of(guards));
        }
    }

    /** A write of {@code rows} rows left {@code guards} unsettled; its generated keys may settle them. */
    GeneratedKeys awaitKeys(Guard[] guards, long rows) {
        GeneratedKeys pending = new GeneratedKeys(this, guards, rows);
        if (awaitingKeys == null) {
            awaitingKeys = new ArrayList<>(2);
        }
        awaitingKeys.add(pending);
        return pending;
    }

    /** {@code pending} resolved (learned or given up): no longer awaited. */
    void forget(GeneratedKeys pending) {
        if (awaitingKeys != null) {
            awaitingKeys.remove(pending);
        }
    }

    /** Every key of a write is in the filters: its guards settle (at once, or when its transaction ends). */
    void keysLearned(Guard[] guards) {
        if (!beganBySql && driverAutoCommit()) {
            for (Guard guard : guards) {
                guard.settle(); // committed already; its keys were added before anyone could rely on them
            }
        } else {
            if (settledByKeys == null) {
                settledByKeys = new ArrayList<>();
            }
            settledByKeys.addAll(List.of(guards));
        }
    }

    /** Generated keys still awaited when the transaction ends: they will not be read in time. */
    private void giveUpAwaitedKeys() {
        while (awaitingKeys != null && !awaitingKeys.isEmpty()) {
            try {
                awaitingKeys.get(0).giveUp();
            } catch (SQLException | RuntimeException e) {
                awaitingKeys.remove(0);
            }
        }
    }
}
