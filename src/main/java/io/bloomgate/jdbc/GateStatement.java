package io.bloomgate.jdbc;

import io.bloomgate.key.KeyBuffer;
import io.bloomgate.sql.Dialect;
import io.bloomgate.sync.Guard;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * A driver statement seen through the gate. It answers eligible lookups whose keys the filter
 * rules out with an {@link EmptyResultSet}, adds the keys of writes before they execute, and
 * otherwise behaves exactly as the driver's statement.
 */
class GateStatement extends ForwardingStatement {

    final GateConnection connection;
    /** The gate's shared parts (plans, guards, dialect, writes in flight). */
    final GateContext context;
    /** The connection's session: what its statements report and what the lookup decision asks. */
    final SessionState session;
    private final int resultSetType;
    private final int resultSetConcurrency;
    private KeyBuffer keyBuffer;
    /** Where a templated text's literals stand (see {@link #answerTemplated}); grown as templates need. */
    private int[] templateSpans;

    /** The current result: an answer from the filter or the driver's, and what the running lookup's result must do. */
    final CurrentResult results;
    /** Plans of {@code addBatch(String)}, for their keys. */
    private List<CachedPlan> batchPlans;
    /** Generated keys were requested for the statement now running (prepareStatement(sql, keys), execute(sql, keys)). */
    boolean generatedKeysRequested;
    /** The last write's generated keys, awaited to settle its guards; null: none awaited. */
    private GeneratedKeys pendingKeys;

    GateStatement(GateConnection connection, Statement delegate, String sql) {
        this(connection, delegate, sql, ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
    }

    GateStatement(GateConnection connection, Statement delegate, String sql, int resultSetType,
            int resultSetConcurrency) {
        super(delegate);
        this.connection = connection;
        this.context = connection.context;
        this.session = connection.session;
        this.resultSetType = resultSetType;
        this.resultSetConcurrency = resultSetConcurrency;
        this.results = new CurrentResult(this, delegate);
    }

    /** A functional JDBC call, for the write paths. */
    @FunctionalInterface
    interface SqlCall<T> {
        T call() throws SQLException;
    }

    final KeyBuffer keyBuffer() {
        KeyBuffer buffer = keyBuffer;
        if (buffer == null) {
            buffer = keyBuffer = new KeyBuffer();
        }
        return buffer;
    }

    // ---------------------------------------------------------------- the read path

    /**
     * Tries to answer a lookup from the filter. Returns the answer, now the current result, or null
     * when the statement must run (then the counters say why, and {@link CurrentResult#takePositives}
     * the guard to credit). What to do is {@link LookupDecision}'s; {@link CurrentResult#decided}
     * does what it says.
     */
    final ResultSet tryAnswer(CachedPlan.Lookup plan, ParameterSlots slots) throws SQLException {
        LookupDecision.Verdict verdict = LookupDecision.decide(plan, slots,
                resultSetType == ResultSet.TYPE_FORWARD_ONLY && resultSetConcurrency == ResultSet.CONCUR_READ_ONLY,
                callable(), session, keyBuffer());
        // Not from a LIMIT 0 execution: MariaDB plans it as "zero limit" and describes some
        // expressions otherwise (MIN of a VARCHAR with 39 decimals, not 0), found by the fuzzer.
        return results.decided(plan, verdict, !BoundValues.anyZero(slots, plan.limitParameters));
    }

    /**
     * Answers SQL text given to an execute method when a template reads it and the filter rules its
     * keys out, without building its plan (see {@link TemplatedLookup}); null: the text takes the
     * ordinary path ({@link #planFor}), which decides again and counts why it passes through. What
     * this answers is what that path would: the same session notes, the same decision (on the
     * shape's plan, with the keys read from the text), the same answer.
     */
    ResultSet answerTemplated(String sql) throws SQLException {
        if (sql == null) {
            return null; // the driver's to refuse
        }
        int[] spans = templateSpans;
        int needed = context.templateSpans();
        if (spans == null || spans.length < needed) {
            spans = templateSpans = new int[needed];
        }
        TemplatedLookup template = context.template(sql, spans);
        if (template == null || !template.decidesFromText) {
            return null;
        }
        CachedPlan.Lookup plan = template.plan;
        if (plan.needsOwnCopies()) {
            return null;
        }
        session.statementNoted(plan); // the text's session facts are its shape's (CachedPlan)
        LookupDecision.Verdict verdict = LookupDecision.decide(template, sql, spans,
                resultSetType == ResultSet.TYPE_FORWARD_ONLY && resultSetConcurrency == ResultSet.CONCUR_READ_ONLY,
                session, keyBuffer());
        return results.decidedFromText(plan, verdict);
    }

    /**
     * A new execution: generated keys the last write awaited and did not get settle as usual, and
     * the previous result is no longer current ({@link CurrentResult#newExecution}).
     */
    final void newExecution() throws SQLException {
        givePendingKeysUp();
        results.newExecution();
    }

    /** One-row answers depend on it: see {@link CurrentResult#maxFieldSize(int)}. */
    @Override
    public void setMaxFieldSize(int max) throws SQLException {
        delegate.setMaxFieldSize(max);
        results.maxFieldSize(max);
    }

    @Override
    public void closeOnCompletion() throws SQLException {
        delegate.closeOnCompletion();
        results.closeOnCompletion();
    }

    boolean callable() {
        return false;
    }

    /** The plan for SQL text passed to an execute method (a plain statement's only way to run). */
    CachedPlan planFor(String sql) {
        return context.plan(sql);
    }

    // ---------------------------------------------------------------- the write path

    /**
     * Before a statement runs: note its session effects, count a bypass, add the keys of a write.
     * Returns the guards it made unsettled (keys unknown), or null.
     */
    final Guard[] beforeExecute(CachedPlan plan, ParameterSlots slots) {
        session.statementNoted(plan);
        if (plan.redefines != null) {
            session.redefining(plan.redefines, plan.sql); // before it runs: see Redefinitions
        }
        if (plan instanceof CachedPlan.Bypass bypass) {
            if (bypass.guard != null) {
                bypass.guard.counters().countBypass(bypass.reason);
            }
            return null;
        }
        if (plan instanceof CachedPlan.Write write) {
            return WriteKeys.add(write, slots, callable(), keyBuffer(), context.dialect);
        }
        if (plan instanceof CachedPlan.UnknownWrite unknown) {
            Guard[] guards = WriteKeys.unsettleUnknownWrite(unknown, context.guards);
            return guards.length == 0 ? null : guards;
        }
        return null;
    }

    /** After a statement ran: writes with unknown keys settle when their transaction ends. */
    final void afterExecute(Guard[] unsettled, boolean succeeded) throws SQLException {
        if (unsettled != null) {
            session.afterWrite(unsettled, succeeded);
        }
    }

    /** Runs a statement that is not answered from the filter, with the write bookkeeping around it. */
    final <T> T run(CachedPlan plan, ParameterSlots slots, SqlCall<T> call) throws SQLException {
        if (!plan.writes) {
            return runSettling(beforeExecute(plan, slots), () -> onDatabase(plan, call));
        }
        int phase = context.writes.enter(); // before the keys are added: see WritesInFlight
        try {
            Guard[] unsettled = beforeExecute(plan, slots);
            if (unsettled != null && plan instanceof CachedPlan.Write && generatedKeysRequested) {
                return runLearningKeys(plan, unsettled, call);
            }
            return runSettling(unsettled, () -> onDatabase(plan, call));
        } finally {
            context.writes.exit(phase);
        }
    }

    /**
     * A write with unknown keys and generated keys requested: it settles from the generated keys
     * once the application has read them all (see {@link GeneratedKeys}), else as usual.
     */
    private <T> T runLearningKeys(CachedPlan plan, Guard[] unsettled, SqlCall<T> call) throws SQLException {
        T result;
        boolean succeeded = false;
        try {
            result = onDatabase(plan, call);
            succeeded = true;
        } finally {
            if (!succeeded) {
                afterExecute(unsettled, false);
            }
        }
        long rows = result instanceof Number n ? n.longValue() : delegate.getUpdateCount();
        if (rows <= 0) {
            afterExecute(unsettled, true);
        } else {
            pendingKeys = session.awaitKeys(unsettled, rows);
        }
        return result;
    }

    /** Sends a statement to the database, then notes what it may have done to the session. */
    final <T> T onDatabase(CachedPlan plan, SqlCall<T> call) throws SQLException {
        session.beforeDatabase();
        session.beforeDiagnostics(plan);
        boolean succeeded = false;
        try {
            T result = call.call();
            succeeded = true;
            return result;
        } catch (SQLException e) {
            rolledBackByDatabase(e);
            throw e;
        } finally {
            session.ranOnDatabase(plan, succeeded);
        }
    }

    /**
     * H2 answers a deadlock (40001) by rolling the whole transaction back, not the statement alone:
     * the snapshots it took of tables end with it, and the next statement begins a transaction that
     * has read nothing yet. Were the gate to keep counting the tables as read, a REPEATABLE READ
     * lookup answered next would come before the new snapshot, and a later read could show a row
     * committed after that answer.
     */
    final void rolledBackByDatabase(SQLException e) {
        if (context.dialect == Dialect.H2 && e.getErrorCode() == H2_DEADLOCK) {
            session.transactionEnded(false);
        }
    }

    /** H2's {@code ErrorCode.DEADLOCK_1}. */
    private static final int H2_DEADLOCK = 40001;

    /** Runs {@code call}; the guards it left unsettled (null: none) settle by how it ended. */
    final <T> T runSettling(Guard[] unsettled, SqlCall<T> call) throws SQLException {
        boolean succeeded = false;
        try {
            T result = call.call();
            succeeded = true;
            return result;
        } finally {
            afterExecute(unsettled, succeeded);
        }
    }

    // ---------------------------------------------------------------- java.sql.Statement

    @Override
    public ResultSet executeQuery(String sql) throws SQLException {
        newExecution();
        ResultSet templated = answerTemplated(sql);
        if (templated != null) {
            return templated;
        }
        CachedPlan plan = planFor(sql);
        if (plan instanceof CachedPlan.Lookup lookup) {
            session.statementNoted(lookup);
            ResultSet empty = tryAnswer(lookup, null);
            if (empty != null) {
                return empty;
            }
            Guard positives = results.takePositives();
            return results.lookupResult(lookup, onDatabase(lookup, () -> delegate.executeQuery(sql)), positives);
        }
        return run(plan, null, () -> results.wrap(delegate.executeQuery(sql)));
    }

    @Override
    public boolean execute(String sql) throws SQLException {
        return execute(sql, () -> delegate.execute(sql));
    }

    @Override
    public boolean execute(String sql, int autoGeneratedKeys) throws SQLException {
        return execute(sql, autoGeneratedKeys == Statement.RETURN_GENERATED_KEYS,
                () -> delegate.execute(sql, autoGeneratedKeys));
    }

    @Override
    public boolean execute(String sql, int[] columnIndexes) throws SQLException {
        return execute(sql, columnIndexes != null && columnIndexes.length > 0,
                () -> delegate.execute(sql, columnIndexes));
    }

    @Override
    public boolean execute(String sql, String[] columnNames) throws SQLException {
        return execute(sql, columnNames != null && columnNames.length > 0, () -> delegate.execute(sql, columnNames));
    }

    private boolean execute(String sql, SqlCall<Boolean> call) throws SQLException {
        return execute(sql, false, call);
    }

    private boolean execute(String sql, boolean keys, SqlCall<Boolean> call) throws SQLException {
        newExecution();
        if (!keys && answerTemplated(sql) != null) {
            return true; // the answer is the current result
        }
        generatedKeysRequested = keys;
        try {
            return executeAnswering(planFor(sql), null, call);
        } finally {
            generatedKeysRequested = false;
        }
    }

    /** {@code execute()}: a lookup may be answered; its result then is the statement's current result. */
    final boolean executeAnswering(CachedPlan plan, ParameterSlots slots, SqlCall<Boolean> call)
            throws SQLException {
        if (plan instanceof CachedPlan.Lookup lookup) {
            session.statementNoted(lookup);
            if (tryAnswer(lookup, slots) != null) {
                return true; // the answer is the current result
            }
            boolean hasResult = onDatabase(lookup, call);
            results.lookupExecuted(lookup, hasResult);
            return hasResult;
        }
        return run(plan, slots, call);
    }

    @Override
    public int executeUpdate(String sql) throws SQLException {
        return update(sql, null, () -> delegate.executeUpdate(sql));
    }

    @Override
    public int executeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
        return update(sql, autoGeneratedKeys == Statement.RETURN_GENERATED_KEYS,
                () -> delegate.executeUpdate(sql, autoGeneratedKeys));
    }

    @Override
    public int executeUpdate(String sql, int[] columnIndexes) throws SQLException {
        return update(sql, columnIndexes != null && columnIndexes.length > 0,
                () -> delegate.executeUpdate(sql, columnIndexes));
    }

    @Override
    public int executeUpdate(String sql, String[] columnNames) throws SQLException {
        return update(sql, columnNames != null && columnNames.length > 0,
                () -> delegate.executeUpdate(sql, columnNames));
    }

    @Override
    public long executeLargeUpdate(String sql) throws SQLException {
        return update(sql, null, () -> delegate.executeLargeUpdate(sql));
    }

    @Override
    public long executeLargeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
        return update(sql, autoGeneratedKeys == Statement.RETURN_GENERATED_KEYS,
                () -> delegate.executeLargeUpdate(sql, autoGeneratedKeys));
    }

    @Override
    public long executeLargeUpdate(String sql, int[] columnIndexes) throws SQLException {
        return update(sql, columnIndexes != null && columnIndexes.length > 0,
                () -> delegate.executeLargeUpdate(sql, columnIndexes));
    }

    @Override
    public long executeLargeUpdate(String sql, String[] columnNames) throws SQLException {
        return update(sql, columnNames != null && columnNames.length > 0,
                () -> delegate.executeLargeUpdate(sql, columnNames));
    }

    /**
     * The one path of {@code executeUpdate} and {@code executeLargeUpdate} with SQL text.
     *
     * @param keysRequested whether the overload asked for generated keys; null for the overloads that
     *                      say nothing of them (a prepared statement keeps what it was prepared with)
     */
    private <T> T update(String sql, Boolean keysRequested, SqlCall<T> call) throws SQLException {
        newExecution();
        if (keysRequested == null) {
            return run(planFor(sql), null, call);
        }
        generatedKeysRequested = keysRequested;
        try {
            return run(planFor(sql), null, call);
        } finally {
            generatedKeysRequested = false;
        }
    }

    @Override
    public void addBatch(String sql) throws SQLException {
        CachedPlan plan = planFor(sql);
        delegate.addBatch(sql);
        if (batchPlans == null) {
            batchPlans = new ArrayList<>();
        }
        batchPlans.add(plan);
    }

    @Override
    public void clearBatch() throws SQLException {
        delegate.clearBatch();
        batchPlans = null;
    }

    @Override
    public int[] executeBatch() throws SQLException {
        newExecution();
        return runBatch(delegate::executeBatch);
    }

    @Override
    public long[] executeLargeBatch() throws SQLException {
        newExecution();
        return runBatch(delegate::executeLargeBatch);
    }

    /** Runs a batch: every batched write's keys first (unknown ones unsettle their guard). */
    <T> T runBatch(SqlCall<T> call) throws SQLException {
        int phase = context.writes.enter();
        try {
            return runBatchedPlans(call);
        } finally {
            context.writes.exit(phase);
        }
    }

    private <T> T runBatchedPlans(SqlCall<T> call) throws SQLException {
        List<CachedPlan> plans = batchPlans;
        batchPlans = null; // the driver clears its batch on execution
        List<Guard> unsettled = new ArrayList<>();
        if (plans != null) {
            for (CachedPlan plan : plans) {
                Guard[] guards = beforeExecute(plan, null);
                if (guards != null) {
                    unsettled.addAll(List.of(guards));
                }
            }
        }
        return runSettling(unsettled.isEmpty() ? null : unsettled.toArray(new Guard[0]), () -> {
            boolean succeeded = false;
            try {
                // As onDatabase: a transaction only answers made is begun on the server first (a
                // batched SET TRANSACTION must meet it, and raise 1568 on MySQL as it would have).
                session.beforeDatabase();
                T result = call.call();
                succeeded = true;
                return result;
            } catch (SQLException e) {
                rolledBackByDatabase(e);
                throw e;
            } finally {
                if (plans != null) {
                    for (CachedPlan plan : plans) {
                        session.ranOnDatabase(plan, succeeded);
                    }
                }
            }
        });
    }

    @Override
    public ResultSet getResultSet() throws SQLException {
        return results.resultSet();
    }

    @Override
    public int getUpdateCount() throws SQLException {
        return results.updateCount();
    }

    @Override
    public long getLargeUpdateCount() throws SQLException {
        return results.largeUpdateCount();
    }

    @Override
    public boolean getMoreResults() throws SQLException {
        return getMoreResults(Statement.CLOSE_CURRENT_RESULT);
    }

    @Override
    public boolean getMoreResults(int current) throws SQLException {
        return results.moreResults(current);
    }

    @Override
    public ResultSet getGeneratedKeys() throws SQLException {
        ResultSet rs;
        try {
            rs = delegate.getGeneratedKeys();
        } catch (SQLException | RuntimeException e) {
            givePendingKeysUp();
            throw e;
        }
        GeneratedKeys pending = pendingKeys;
        pendingKeys = null;
        if (pending != null) {
            if (rs == null) {
                pending.giveUp();
                return null;
            }
            return pending.reading(this, rs);
        }
        return rs == null ? null : new GateResultSet(this, rs);
    }

    /** Generated keys this statement's last write waits for, not read: settle it as usual. */
    private void givePendingKeysUp() throws SQLException {
        GeneratedKeys pending = pendingKeys;
        pendingKeys = null;
        if (pending != null) {
            pending.giveUp();
        }
    }

    @Override
    public Connection getConnection() throws SQLException {
        delegate.getConnection(); // the driver's checks (closed statement) first
        return connection;
    }

    @Override
    public void close() throws SQLException {
        try {
            givePendingKeysUp();
            results.close();
        } finally {
            delegate.close();
        }
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
