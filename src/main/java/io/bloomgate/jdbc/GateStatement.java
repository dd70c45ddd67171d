package io.bloomgate.jdbc;

import io.bloomgate.key.KeyBuffer;
import io.bloomgate.sync.Guard;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A driver statement seen through the gate. It answers eligible lookups whose keys the filter
 * rules out with an {@link EmptyResultSet}, adds the keys of writes before they execute, and
 * otherwise behaves exactly as the driver's statement.
 *
 * <p>This class chooses the path of each JDBC call: ask {@link LookupDecision} whether a lookup is
 * answered, else send the statement to the database. What it then holds is in two parts: the
 * current result and its JDBC rules ({@link CurrentResult}: an answer the driver never saw must
 * still be what {@code getResultSet}, {@code getMoreResults} and {@code getUpdateCount} report), and
 * the bookkeeping of executions that reach the database ({@link DatabaseExecution}: session notes,
 * keys of writes, unsettled guards, awaited generated keys, batches).
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
    /** Its executions on the database, with the session and write bookkeeping around them. */
    final DatabaseExecution execution;

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
        this.execution = new DatabaseExecution(this);
    }

    /** A functional JDBC call, for the paths to the database. */
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
        return results.decided(plan, slots, verdict);
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
        execution.givePendingKeysUp();
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
            return results.lookupResult(lookup, execution.onDatabase(lookup, () -> delegate.executeQuery(sql)),
                    positives);
        }
        return execution.run(plan, null, () -> results.wrap(delegate.executeQuery(sql)));
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
        execution.generatedKeysRequested = keys;
        try {
            return executeAnswering(planFor(sql), null, call);
        } finally {
            execution.generatedKeysRequested = false;
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
            boolean hasResult = execution.onDatabase(lookup, call);
            results.lookupExecuted(lookup, hasResult);
            return hasResult;
        }
        return execution.run(plan, slots, call);
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
            return execution.run(planFor(sql), null, call);
        }
        execution.generatedKeysRequested = keysRequested;
        try {
            return execution.run(planFor(sql), null, call);
        } finally {
            execution.generatedKeysRequested = false;
        }
    }

    @Override
    public void addBatch(String sql) throws SQLException {
        CachedPlan plan = planFor(sql);
        delegate.addBatch(sql);
        execution.addBatch(plan);
    }

    @Override
    public void clearBatch() throws SQLException {
        delegate.clearBatch();
        execution.clearBatch();
    }

    @Override
    public int[] executeBatch() throws SQLException {
        newExecution();
        return execution.runBatch(delegate::executeBatch);
    }

    @Override
    public long[] executeLargeBatch() throws SQLException {
        newExecution();
        return execution.runBatch(delegate::executeLargeBatch);
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
        return execution.generatedKeys();
    }

    @Override
    public Connection getConnection() throws SQLException {
        delegate.getConnection(); // the driver's checks (closed statement) first
        return connection;
    }

    @Override
    public void close() throws SQLException {
        try {
            execution.givePendingKeysUp();
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
