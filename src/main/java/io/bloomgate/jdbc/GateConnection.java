package io.bloomgate.jdbc;

import io.bloomgate.sync.Guard;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * A driver connection seen through the gate: its statements are the gate's, and it tracks what the
 * gate must know about the session — whether a SERIALIZABLE transaction may be open, whether the
 * schema changed, and which writes with unknown keys wait for the transaction's end.
 */
final class GateConnection extends ForwardingConnection {

    private static final int UNKNOWN_ISOLATION = -1;

    /** How unqualified names resolve on this session, compared with the gate's build. */
    private static final byte UNVERIFIED = 0;
    private static final byte AS_BUILT = 1;
    private static final byte DIFFERENT = 2;
    /** A temporary table may shadow a guarded name: unqualified lookups pass through for good. */
    private static final byte NEVER = 3;

    final GateContext context;
    private final SessionProbe probe;
    private int isolation = UNKNOWN_ISOLATION;
    private boolean serializableSuspected;
    /** SQL text may have set a snapshot isolation level: every explicit transaction counts as one. */
    private boolean snapshotSuspected;
    private byte resolution = UNVERIFIED;
    /** Guards made unsettled by writes of the open transaction; settled when it ends. */
    private List<Guard> unsettledByTransaction;
    /**
     * Guards whose table a statement of the open transaction has read or written through the
     * database: a snapshot transaction's snapshot of them exists (H2 takes it per table, at the
     * table's first use; PostgreSQL per transaction, at its first statement).
     */
    private Guard[] touched = new Guard[4];
    private int touchedCount;
    /** {@code context.filterGeneration()} when the open transaction's first statement ran; -1: none since it ended. */
    private long snapshotGeneration = -1;
    /** SQL text may have opened a transaction block the driver does not track. */
    private boolean beganBySql;
    /** The driver's auto-commit mode, tracked through the wrapper once read; null: not read yet. */
    private Boolean autoCommit;

    GateConnection(GateContext context, Connection delegate) {
        super(delegate);
        this.context = context;
        this.probe = SessionProbe.of(context.dialect);
    }

    private Object watchAttachment;
    private boolean watchAttached;

    /** What the context's {@link io.bloomgate.sync.SyncWatch} needs of this connection, computed once. */
    Object watchAttachment() {
        if (!watchAttached) {
            watchAttachment = context.watch.attach(delegate);
            watchAttached = true;
        }
        return watchAttachment;
    }

    // ---- session state the read path consults

    /**
     * Whether a SERIALIZABLE or READ UNCOMMITTED transaction may be open (lookups then pass
     * through). Read from the driver once (lazily: only connections that look something up pay for
     * it) and again after statements that may change it, tracked through the wrapper otherwise;
     * SQL text naming those levels makes the connection suspect for good.
     */
    boolean isolationForbidsAnswers() {
        if (serializableSuspected) {
            return true;
        }
        if (isolation == UNKNOWN_ISOLATION && !readFacts()) {
            return true; // fail open; ask again next time
        }
        // SERIALIZABLE: skipping a read drops its predicate locks. READ UNCOMMITTED: a dirty reader
        // can see a row between H2 storing it and the trigger adding its key.
        return isolation == Connection.TRANSACTION_SERIALIZABLE || isolation == Connection.TRANSACTION_READ_UNCOMMITTED;
    }

    /**
     * Reads isolation and name resolution from the session; false if the driver could not tell.
     * What a connection of the pool read before is reused (PostgreSQL: no round trip per checkout)
     * unless a statement through the gate may have changed it since (see {@link #sessionMoved}).
     */
    private boolean readFacts() {
        try {
            Object session = session();
            if (context.shadowedSessions.containsKey(session)) {
                resolution = NEVER;
            }
            SessionProbe.Facts facts = context.sessionFacts.getIfPresent(session);
            if (facts == null) {
                facts = probe.read(delegate, context.defaultSchema(), context.guardedTableNames());
                context.sessionFacts.put(session, facts);
            }
            isolation = facts.isolation();
            if (resolution != NEVER) {
                resolution = facts.resolvesAsBuilt() ? AS_BUILT : DIFFERENT;
            }
            return true;
        } catch (SQLException | RuntimeException e) {
            isolation = UNKNOWN_ISOLATION;
            return false;
        }
    }

    /**
     * Whether the open transaction cannot be answered for: it is aborted (the database would raise
     * an error), or it is a snapshot transaction (any level but READ COMMITTED) that has not yet
     * used {@code guard}'s table through the database, so its snapshot of the table does not exist
     * yet and would be taken after the answer. Call after {@link #isolationForbidsAnswers()}.
     */
    boolean transactionForbidsAnswer(Guard guard) {
        if (probe.transactionFailed(delegate)) {
            return true;
        }
        if (!beganBySql && autoCommit()) {
            return false; // each statement is its own transaction, snapshot and all
        }
        if (!snapshotSuspected && isolation == Connection.TRANSACTION_READ_COMMITTED) {
            return false; // each statement takes a new snapshot
        }
        if (context.dialect == io.bloomgate.sql.Dialect.MYSQL) {
            // InnoDB creates a REPEATABLE READ transaction's read view at its first consistent
            // read of any InnoDB table, not at BEGIN nor at a write, and not for a read the
            // optimizer answers without the engine: the gate cannot tell from outside whether it
            // exists yet, so it answers nothing in such a transaction (architecture.md section 5).
            return true;
        }
        for (int i = 0; i < touchedCount; i++) {
            if (touched[i] == guard) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the open transaction took its snapshot before a rebuild replaced a filter (it may
     * still see rows whose keys the new filter lacks). Conservative: a transaction started by SQL
     * text counts as open until the connection is closed or committed through JDBC.
     */
    boolean snapshotPredatesFilters() {
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

    private Object session;
    /**
     * A lookup was answered while a transaction was open (auto-commit off): the database would have
     * begun the transaction with it, so the driver's checks of "in a transaction" must see one.
     */
    private boolean answeredInTransaction;

    /**
     * Before a statement goes to the database: if only answered lookups began the open transaction,
     * the database has not seen it begin. Begin it now (PostgreSQL: a no-op query), so that the
     * statement meets the transaction state it would have met (START TRANSACTION ISOLATION LEVEL
     * after a query is an error, 25001). At most once per transaction.
     */
    void beforeDatabase() throws SQLException {
        if (answeredInTransaction && !transactionBegun) {
            transactionBegun = true;
            probe.beginIfIdle(delegate);
        }
    }

    /** The database has seen the open transaction begin (or does not need to). */
    private boolean transactionBegun;

    /** A lookup was answered from the filter. */
    void answered() {
        // Auto-commit off only: a transaction begun by SQL text (BEGIN) has already reached the
        // database, whose own state then makes the driver refuse; and beganBySql is a guess from text.
        if (!answeredInTransaction && !autoCommit()) {
            answeredInTransaction = true;
        }
    }

    /**
     * The driver refuses some calls in the middle of a transaction (pgjdbc: changing the isolation
     * level or read-only mode, 25001). When only answered lookups made the transaction, the driver
     * does not know it began: refuse as it would have.
     */
    private void refuseMidTransaction(String what) throws SQLException {
        if (answeredInTransaction) {
            SQLException refusal = probe.refusalMidTransaction(delegate, what);
            if (refusal != null) {
                throw refusal;
            }
        }
    }

    /** The driver's own connection under any pool's proxy: the session the facts are about. */
    private Object session() {
        if (session == null) {
            try {
                session = delegate.isWrapperFor(Connection.class) ? delegate.unwrap(Connection.class) : delegate;
            } catch (SQLException | RuntimeException e) {
                session = delegate;
            }
        }
        return session;
    }

    /** A statement or call through the gate may have changed the session's isolation or name resolution. */
    private void sessionMoved() {
        context.sessionFacts.invalidate(session());
        probe.forgetPreparedStatements(delegate); // prepared under the old resolution (see PostgresSessionProbe)
        isolation = UNKNOWN_ISOLATION;
        touchedCount = 0; // the isolation level may have changed under the open transaction
        if (resolution != NEVER) {
            resolution = UNVERIFIED;
        }
    }

    private boolean autoCommit() {
        if (autoCommit == null) {
            try {
                autoCommit = delegate.getAutoCommit();
            } catch (SQLException e) {
                return false; // fail open
            }
        }
        return autoCommit;
    }

    /**
     * Whether unqualified table names resolve to the schema the gate was built for. Verified with
     * the session (PostgreSQL: one round trip) on the first unqualified lookup and again after any
     * statement that may have moved the search path, the role or the schema.
     */
    boolean resolvesAsBuilt() {
        if (resolution == UNVERIFIED) {
            readFacts();
        }
        return resolution == AS_BUILT;
    }

    /** Session changes a statement's text may make, noted before it runs (or is answered). */
    void noteStatement(CachedPlan plan) {
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
        if (snapshotGeneration < 0) {
            snapshotGeneration = context.filterGeneration(); // before the statement takes its snapshot
        }
    }

    /**
     * A statement went to the database ({@code succeeded} or not): what it may have changed in the
     * session is only known afterwards (a function it called may have moved the search path).
     */
    void ranOnDatabase(CachedPlan plan, boolean succeeded) {
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
        if (plan.mayChangeAutoCommit) {
            autoCommit = null;
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
        } else if (succeeded && snapshotIsolationKnown()) {
            // Only a statement run under snapshot isolation took the transaction's snapshot of the
            // table: under READ COMMITTED (before a switch to REPEATABLE READ) it took none.
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
        for (int i = 0; i < touchedCount; i++) {
            if (touched[i] == guard) {
                return;
            }
        }
        if (touchedCount == touched.length) {
            touched = java.util.Arrays.copyOf(touched, touchedCount * 2);
        }
        touched[touchedCount++] = guard;
    }

    // ---- DDL through the gate

    /**
     * Guards whose table DDL of the open transaction may have redefined: unsynced before it ran,
     * rebuilt once the transaction has ended (a rebuild while it is open would meet the old table,
     * or wait on the DDL's locks and then install triggers on a table renamed away meanwhile).
     */
    private List<Guard> redefinedByTransaction;

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

    private boolean driverAutoCommit() {
        try {
            return delegate.getAutoCommit();
        } catch (SQLException | RuntimeException e) {
            return false; // rebuild when the transaction's end is observed
        }
    }

    // ---- writes with unknown keys

    /** A write that made {@code guards} unsettled has executed ({@code succeeded} or not). */
    void afterWrite(Guard[] guards, boolean succeeded) throws SQLException {
        boolean autoCommit;
        try {
            autoCommit = delegate.getAutoCommit();
        } catch (SQLException | RuntimeException e) {
            autoCommit = false; // settle at the transaction's end, whenever that is observed
        }
        if (autoCommit) {
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

    // ---- writes that settle from their generated keys

    /** Writes whose generated keys are awaited (see {@link GeneratedKeys}). */
    private List<GeneratedKeys> awaitingKeys;
    /** Guards of the open transaction's writes whose keys were all learned: they settle when it ends. */
    private List<Guard> settledByKeys;

    GeneratedKeys learnFrom(Guard[] guards, long rows) {
        GeneratedKeys pending = new GeneratedKeys(this, guards, rows);
        if (awaitingKeys == null) {
            awaitingKeys = new ArrayList<>(2);
        }
        awaitingKeys.add(pending);
        return pending;
    }

    void forget(GeneratedKeys pending) {
        if (awaitingKeys != null) {
            awaitingKeys.remove(pending);
        }
    }

    /** Every key of a write is in the filters: its guards settle (at once, or when its transaction ends). */
    void keysLearned(Guard[] guards) {
        boolean autoCommit;
        try {
            autoCommit = !beganBySql && delegate.getAutoCommit();
        } catch (SQLException | RuntimeException e) {
            autoCommit = false;
        }
        if (autoCommit) {
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

    @Override
    public void setReadOnly(boolean readOnly) throws SQLException {
        refuseMidTransaction("read-only property");
        delegate.setReadOnly(readOnly);
    }

    /** A statement of the open transaction may have changed the session (undone if it rolls back). */
    private boolean sessionChangedInTransaction;

    private void transactionEnded(boolean committed) {
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

    @Override
    public void commit() throws SQLException {
        delegate.commit();
        transactionEnded(true);
    }

    @Override
    public void rollback() throws SQLException {
        try {
            delegate.rollback();
        } catch (SQLException e) {
            transactionEnded(true); // outcome unknown: settle by a scan
            throw e;
        }
        transactionEnded(false);
    }

    @Override
    public void setAutoCommit(boolean autoCommit) throws SQLException {
        boolean was = delegate.getAutoCommit();
        delegate.setAutoCommit(autoCommit);
        this.autoCommit = autoCommit;
        if (autoCommit && !was) {
            transactionEnded(true); // switching autocommit on commits the open transaction
        } else if (autoCommit != was) {
            touchedCount = 0; // the next statement opens a new transaction
            answeredInTransaction = false;
            transactionBegun = false;
        }
    }

    @Override
    public void close() throws SQLException {
        try {
            delegate.close();
        } finally {
            transactionEnded(true); // a close may commit or roll back, depending on the driver
        }
    }

    @Override
    public void abort(Executor executor) throws SQLException {
        try {
            delegate.abort(executor);
        } finally {
            transactionEnded(true);
        }
    }

    @Override
    public void setTransactionIsolation(int level) throws SQLException {
        refuseMidTransaction("isolation level");
        delegate.setTransactionIsolation(level);
        context.sessionFacts.invalidate(session()); // the pool's next user reads it afresh
        isolation = level;
        touchedCount = 0; // what ran before the switch took no snapshot at this level
    }

    @Override
    public void setSchema(String schema) throws SQLException {
        delegate.setSchema(schema);
        sessionMoved();
        if (!Boolean.TRUE.equals(autoCommit)) {
            // pgjdbc sends SET inside the open transaction: a rollback (or committing a failed
            // transaction) undoes it, and the session must be read again then.
            sessionChangedInTransaction = true;
        }
    }

    @Override
    public void rollback(Savepoint savepoint) throws SQLException {
        delegate.rollback(savepoint); // the transaction goes on: its unsettled writes still wait
        touchedCount = 0; // conservative: what the snapshot covers is the database's business
        if (sessionChangedInTransaction) {
            sessionMoved(); // a SET after the savepoint is undone
        }
    }

    // ---- statements

    @Override
    public Statement createStatement() throws SQLException {
        return new GateStatement(this, delegate.createStatement(), null);
    }

    @Override
    public Statement createStatement(int type, int concurrency) throws SQLException {
        return new GateStatement(this, delegate.createStatement(type, concurrency), null, type, concurrency);
    }

    @Override
    public Statement createStatement(int type, int concurrency, int holdability) throws SQLException {
        return new GateStatement(this, delegate.createStatement(type, concurrency, holdability), null, type,
                concurrency);
    }

    @Override
    public PreparedStatement prepareStatement(String sql) throws SQLException {
        CachedPlan plan = context.plan(sql);
        return new GatePreparedStatement(this, delegate.prepareStatement(sql), sql, plan);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int type, int concurrency) throws SQLException {
        CachedPlan plan = context.plan(sql);
        return new GatePreparedStatement(this, delegate.prepareStatement(sql, type, concurrency), sql, plan, type,
                concurrency);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int type, int concurrency, int holdability)
            throws SQLException {
        CachedPlan plan = context.plan(sql);
        return new GatePreparedStatement(this, delegate.prepareStatement(sql, type, concurrency, holdability), sql,
                plan, type, concurrency);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int autoGeneratedKeys) throws SQLException {
        CachedPlan plan = context.plan(sql);
        return new GatePreparedStatement(this, delegate.prepareStatement(sql, autoGeneratedKeys), sql, plan)
                .returningGeneratedKeys(autoGeneratedKeys == Statement.RETURN_GENERATED_KEYS);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int[] columnIndexes) throws SQLException {
        CachedPlan plan = context.plan(sql);
        return new GatePreparedStatement(this, delegate.prepareStatement(sql, columnIndexes), sql, plan)
                .returningGeneratedKeys(columnIndexes != null && columnIndexes.length > 0);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, String[] columnNames) throws SQLException {
        CachedPlan plan = context.plan(sql);
        return new GatePreparedStatement(this, delegate.prepareStatement(sql, columnNames), sql, plan)
                .returningGeneratedKeys(columnNames != null && columnNames.length > 0);
    }

    @Override
    public CallableStatement prepareCall(String sql) throws SQLException {
        CachedPlan plan = context.plan(sql);
        return new GateCallableStatement(this, delegate.prepareCall(sql), sql, plan, ResultSet.TYPE_FORWARD_ONLY,
                ResultSet.CONCUR_READ_ONLY);
    }

    @Override
    public CallableStatement prepareCall(String sql, int type, int concurrency) throws SQLException {
        CachedPlan plan = context.plan(sql);
        return new GateCallableStatement(this, delegate.prepareCall(sql, type, concurrency), sql, plan, type,
                concurrency);
    }

    @Override
    public CallableStatement prepareCall(String sql, int type, int concurrency, int holdability)
            throws SQLException {
        CachedPlan plan = context.plan(sql);
        return new GateCallableStatement(this, delegate.prepareCall(sql, type, concurrency, holdability), sql, plan,
                type, concurrency);
    }

    @Override
    public DatabaseMetaData getMetaData() throws SQLException {
        return new GateDatabaseMetaData(this, delegate.getMetaData());
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        return iface.isInstance(this) ? iface.cast(this) : delegate.unwrap(iface);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) throws SQLException {
        return iface.isInstance(this) || iface.isInstance(delegate) || delegate.isWrapperFor(iface);
    }

    @Override
    public String toString() {
        return "bloomgate:" + delegate;
    }
}
