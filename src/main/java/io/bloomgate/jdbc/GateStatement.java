package io.bloomgate.jdbc;

import io.bloomgate.key.KeyBuffer;
import io.bloomgate.sql.Dialect;
import io.bloomgate.stats.BypassReason;
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

    /** The current answer from the filter, or null while the driver's results are current. */
    private EmptyResultSet answer;
    /** What the application sees of {@link #answer}: itself, or the replayed row around it. */
    private java.sql.ResultSet answerView;
    /** The lookup now running for real has absent keys: its result is the plan's answer on empty input. */
    private CachedPlan.Lookup captureEmptyInput;
    /**
     * The lookup now running passed every session check (names resolve as at build): only such an
     * execution's metadata may be copied (after USE other_schema the same text reads another table).
     */
    private boolean sessionAsBuilt;
    /** {@code execute()} was answered: the answer is this statement's current result. */
    private boolean answerIsCurrent;
    /** {@code getMoreResults()} moved past the answer: no more results. */
    private boolean answerConsumed;
    /** Lookup passed through by {@code execute()}: count its first row when the result is fetched. */
    private Guard positivesOfNextResult;
    private ResultSet lastDriverResult;
    private ResultSet lastWrapped;
    /** {@link #setMaxFieldSize}: 0, or the limit the driver cuts values to. */
    private int maxFieldSize;
    /** The application asked for {@link #closeOnCompletion()}. */
    private boolean closeOnCompletion;
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
     * Tries to answer a lookup from the filter. Returns the answer, or null when the statement
     * must run (then the counters say why, and {@link #takePositives} the guard to credit). What
     * to do is {@link LookupDecision}'s; this method does what it says.
     */
    final ResultSet tryAnswer(CachedPlan.Lookup plan, ParameterSlots slots) throws SQLException {
        captureEmptyInput = null;
        Guard guard = plan.guard;
        LookupDecision.Verdict verdict = LookupDecision.decide(plan, slots,
                resultSetType == ResultSet.TYPE_FORWARD_ONLY && resultSetConcurrency == ResultSet.CONCUR_READ_ONLY,
                callable(), session, keyBuffer());
        // The session resolves names as at build and allows answers: what this execution returns
        // is what an answer must look like (its metadata may be copied).
        // Not from a LIMIT 0 execution: MariaDB plans it as "zero limit" and describes some
        // expressions otherwise (MIN of a VARCHAR with 39 decimals, not 0), found by the fuzzer.
        sessionAsBuilt = verdict.sessionAsBuilt && !BoundValues.anyZero(slots, plan.limitParameters);
        if (verdict == LookupDecision.Verdict.MAYBE_PRESENT) {
            guard.counters().countPassedThrough();
            // A row on empty input says nothing of the key: only row-less answers tell true from false positives.
            positivesOfNextResult = plan.rowsOnEmptyInput ? null : guard;
            return null;
        }
        if (!verdict.answers()) {
            guard.counters().countBypass(verdict.reason);
            if (verdict == LookupDecision.Verdict.CAPTURE_EMPTY_INPUT && maxFieldSize == 0) {
                captureEmptyInput = plan; // its keys are absent: the database answers for empty input
            }
            return null;
        }
        if (verdict == LookupDecision.Verdict.ANSWER_ROW && maxFieldSize != 0) {
            guard.counters().countBypass(BypassReason.NOT_ELIGIBLE);
            return null; // see setMaxFieldSize
        }
        return answer(plan, verdict);
    }

    /** Answers a lookup the decision ruled out ({@code verdict} answers): counts it, returns the answer. */
    private ResultSet answer(CachedPlan.Lookup plan, LookupDecision.Verdict verdict) throws SQLException {
        Guard guard = plan.guard;
        CachedPlan.Copies copies = plan.copies();
        MetaDataCopy metaData = copies.metaData(); // set once: the decision saw it
        CapturedRow row = verdict == LookupDecision.Verdict.ANSWER_ROW ? copies.emptyInputRow : null;
        guard.counters().countAvoided();
        session.answered(guard);
        EmptyResultSet empty = new EmptyResultSet(this, metaData, context.errors);
        answer = empty;
        answerView = row == null ? empty : new RowAnswer(empty, row);
        return answerView;
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
        if (!verdict.answers() || verdict == LookupDecision.Verdict.ANSWER_ROW && maxFieldSize != 0) {
            return null;
        }
        captureEmptyInput = null;
        sessionAsBuilt = verdict.sessionAsBuilt;
        return answer(plan, verdict);
    }

    /** The guard whose true/false positives the next result counts, if the lookup passed through. */
    final Guard takePositives() {
        Guard guard = positivesOfNextResult;
        positivesOfNextResult = null;
        return guard;
    }

    /** Wraps the driver's result of a lookup that ran, copying its metadata the first time. */
    final ResultSet lookupResult(CachedPlan.Lookup plan, ResultSet rs, Guard positives) throws SQLException {
        if (rs == null) {
            return null;
        }
        CachedPlan.Copies copies = plan.copies();
        if (copies.metaData() == null && sessionAsBuilt) {
            copies.metaData(rs.getMetaData(), plan.sql);
        }
        CachedPlan.Lookup capture = captureEmptyInput;
        captureEmptyInput = null;
        if (capture != null) {
            return remember(rs, new EmptyInputCapture(this, rs, capture));
        }
        return remember(rs, positives == null ? new GateResultSet(this, rs)
                : new LookupResultSet(this, rs, positives.counters()));
    }

    final ResultSet wrap(ResultSet rs) {
        if (rs == null) {
            return null;
        }
        if (rs == lastDriverResult) {
            return lastWrapped;
        }
        return remember(rs, new GateResultSet(this, rs));
    }

    private ResultSet remember(ResultSet driver, ResultSet wrapped) {
        lastDriverResult = driver;
        lastWrapped = wrapped;
        return wrapped;
    }

    /**
     * A new execution: the previous answer, if any, is no longer the current one, and is closed if
     * the driver closes its results then.
     */
    final void newExecution() throws SQLException {
        givePendingKeysUp();
        positivesOfNextResult = null;
        captureEmptyInput = null;
        answerView = null;
        answerIsCurrent = false;
        answerConsumed = false;
        EmptyResultSet previous = answer;
        if (previous != null) {
            answer = null;
            if (context.errors.closedByNextExecution()) {
                previous.close();
            }
        }
    }

    /** {@code execute()} was answered by the filter. */
    final void answerIsCurrent() {
        answerIsCurrent = true;
    }

    /** The answer was closed by the application. */
    void answerClosed(EmptyResultSet closed) throws SQLException {
        // Asking the driver (isCloseOnCompletion) on every lookup would cost more than the lookup.
        if (closeOnCompletion && closed == answer) {
            close();
        }
    }

    /**
     * pgjdbc cuts the character and binary values of a statement's results to its {@code
     * maxFieldSize}: a one-row answer (an aggregate's row on empty input, replayed from one real
     * execution) is right only for statements without that limit, and only such executions are
     * copied. Row-less answers are unaffected.
     */
    @Override
    public void setMaxFieldSize(int max) throws SQLException {
        delegate.setMaxFieldSize(max);
        maxFieldSize = max;
    }

    @Override
    public void closeOnCompletion() throws SQLException {
        delegate.closeOnCompletion();
        closeOnCompletion = true;
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
            answerIsCurrent(); // as below
            return templated;
        }
        CachedPlan plan = planFor(sql);
        if (plan instanceof CachedPlan.Lookup lookup) {
            session.statementNoted(lookup);
            ResultSet empty = tryAnswer(lookup, null);
            if (empty != null) {
                answerIsCurrent(); // getResultSet() returns it, getMoreResults() closes it, as the driver's
                return empty;
            }
            Guard positives = takePositives();
            return lookupResult(lookup, onDatabase(lookup, () -> delegate.executeQuery(sql)), positives);
        }
        return run(plan, null, () -> wrap(delegate.executeQuery(sql)));
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
            answerIsCurrent(); // as executeAnswering
            return true;
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
                answerIsCurrent();
                return true;
            }
            boolean hasResult = onDatabase(lookup, call);
            if (hasResult && lookup.copies().metaData() == null && sessionAsBuilt) {
                ResultSet rs = delegate.getResultSet();
                if (rs != null) {
                    lookup.copies().metaData(rs.getMetaData(), lookup.sql);
                }
            }
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
        if (answerIsCurrent) {
            return answerView;
        }
        if (answerConsumed) {
            return null;
        }
        ResultSet rs = delegate.getResultSet();
        Guard positives = takePositives();
        CachedPlan.Lookup capture = captureEmptyInput;
        captureEmptyInput = null;
        if (capture != null && rs != null && rs != lastDriverResult) {
            return remember(rs, new EmptyInputCapture(this, rs, capture));
        }
        if (positives != null && rs != null) {
            return remember(rs, new LookupResultSet(this, rs, positives.counters()));
        }
        return wrap(rs);
    }

    @Override
    public int getUpdateCount() throws SQLException {
        return answerIsCurrent || answerConsumed ? -1 : delegate.getUpdateCount();
    }

    @Override
    public long getLargeUpdateCount() throws SQLException {
        return answerIsCurrent || answerConsumed ? -1 : delegate.getLargeUpdateCount();
    }

    @Override
    public boolean getMoreResults() throws SQLException {
        return getMoreResults(Statement.CLOSE_CURRENT_RESULT);
    }

    @Override
    public boolean getMoreResults(int current) throws SQLException {
        if (answerIsCurrent || answerConsumed) {
            if (answerIsCurrent && current != Statement.KEEP_CURRENT_RESULT && answer != null) {
                EmptyResultSet closing = answer;
                answer = null;
                closing.close();
            }
            answerIsCurrent = false;
            answerConsumed = true;
            return false;
        }
        return delegate.getMoreResults(current);
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
            EmptyResultSet open = answer;
            answer = null;
            if (open != null) {
                open.close();
            }
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
