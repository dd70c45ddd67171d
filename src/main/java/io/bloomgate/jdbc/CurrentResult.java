package io.bloomgate.jdbc;

import io.bloomgate.stats.BypassReason;
import io.bloomgate.sync.Guard;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * One statement's current result, as JDBC defines it ({@code getResultSet}, {@code
 * getUpdateCount}, {@code getMoreResults}, closing): either an answer from the filter, which the
 * driver never saw and so is tracked here, or the driver's own result, wrapped so that it reports
 * the gate's statement. It also holds what the lookup now executing asks of its result when the
 * database returns it: count its first row as a true or false positive, capture the database's row
 * on empty input, copy its metadata. {@link GateStatement} decides and executes; it tells this
 * class what was decided ({@link #decided}) and when a new execution begins ({@link
 * #newExecution}), and asks it for the results.
 */
final class CurrentResult {

    private final GateStatement statement;
    /** The driver's statement, whose results are current while no answer is. */
    private final Statement driver;

    /** The current answer from the filter, or null while the driver's results are current. */
    private EmptyResultSet answer;
    /** What the application sees of {@link #answer}: itself, or the replayed row around it. */
    private ResultSet answerView;
    /** {@code execute()} was answered: the answer is this statement's current result. */
    private boolean answerIsCurrent;
    /** {@code getMoreResults()} moved past the answer: no more results. */
    private boolean answerConsumed;
    /** The lookup now running for real has absent keys: its result is the plan's answer on empty input. */
    private CachedPlan.Lookup captureEmptyInput;
    /**
     * The lookup now running passed every session check (names resolve as at build): only such an
     * execution's metadata may be copied (after USE other_schema the same text reads another table).
     */
    private boolean sessionAsBuilt;
    /** Lookup passed through by {@code execute()}: count its first row when the result is fetched. */
    private Guard positivesOfNextResult;
    /** The driver's result last wrapped, and its wrapper: the same result is returned as the same object. */
    private ResultSet lastDriverResult;
    private ResultSet lastWrapped;
    /** {@link #maxFieldSize(int)}: 0, or the limit the driver cuts values to. */
    private int maxFieldSize;
    /** The application asked for {@code closeOnCompletion()}. */
    private boolean closeOnCompletion;

    CurrentResult(GateStatement statement, Statement driver) {
        this.statement = statement;
        this.driver = driver;
    }

    // ---------------------------------------------------------------- what was decided

    /**
     * The decision for a lookup about to execute with {@code slots} bound: counts it, and returns
     * the answer, or null when the lookup must run (its result then does what the verdict asks).
     */
    ResultSet decided(CachedPlan.Lookup plan, ParameterSlots slots, LookupDecision.Verdict verdict)
            throws SQLException {
        captureEmptyInput = null;
        Guard guard = plan.guard;
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
        if (rowCut(verdict)) {
            guard.counters().countBypass(BypassReason.NOT_ELIGIBLE);
            return null;
        }
        return answer(plan, verdict);
    }

    /**
     * The decision for SQL text a template read ({@link GateStatement#answerTemplated}): the answer,
     * or null (uncounted: the text then takes the ordinary path, which decides again and counts).
     */
    ResultSet decidedFromText(CachedPlan.Lookup plan, LookupDecision.Verdict verdict) throws SQLException {
        if (!verdict.answers() || rowCut(verdict)) {
            return null;
        }
        captureEmptyInput = null;
        sessionAsBuilt = verdict.sessionAsBuilt;
        return answer(plan, verdict);
    }

    /** Answers a lookup the decision ruled out: counts it, makes the answer current, returns it. */
    private ResultSet answer(CachedPlan.Lookup plan, LookupDecision.Verdict verdict) throws SQLException {
        Guard guard = plan.guard;
        CachedPlan.Copies copies = plan.copies();
        MetaDataCopy metaData = copies.metaData(); // set once: the decision saw it
        CapturedRow row = verdict == LookupDecision.Verdict.ANSWER_ROW ? copies.emptyInputRow : null;
        guard.counters().countAvoided();
        statement.session.answered(guard);
        EmptyResultSet empty = new EmptyResultSet(statement, metaData, statement.context.errors);
        answer = empty;
        answerView = row == null ? empty : new RowAnswer(empty, row);
        // getResultSet() returns it, getMoreResults() closes it, as the driver's
        answerIsCurrent = true;
        return answerView;
    }

    /**
     * pgjdbc cuts the character and binary values of a statement's results to its {@code
     * maxFieldSize}: a one-row answer (an aggregate's row on empty input, replayed from one real
     * execution) is right only for statements without that limit, and only such executions are
     * copied. Row-less answers are unaffected.
     */
    void maxFieldSize(int max) {
        maxFieldSize = max;
    }

    /** A one-row answer the statement's {@code maxFieldSize} would cut: see {@link #maxFieldSize(int)}. */
    private boolean rowCut(LookupDecision.Verdict verdict) {
        return verdict == LookupDecision.Verdict.ANSWER_ROW && maxFieldSize != 0;
    }

    // ---------------------------------------------------------------- the driver's results

    /** The guard whose true/false positives the next result counts, if the lookup passed through. */
    Guard takePositives() {
        Guard guard = positivesOfNextResult;
        positivesOfNextResult = null;
        return guard;
    }

    /** Wraps the driver's result of a lookup that ran, copying its metadata the first time. */
    ResultSet lookupResult(CachedPlan.Lookup plan, ResultSet rs, Guard positives) throws SQLException {
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
            return remember(rs, new EmptyInputCapture(statement, rs, capture));
        }
        return remember(rs, positives == null ? new GateResultSet(statement, rs)
                : new LookupResultSet(statement, rs, positives.counters()));
    }

    /**
     * {@code execute()} ran a lookup on the database: if it returned a result, copy that result's
     * metadata the first time (the result itself is wrapped when the application asks for it).
     */
    void lookupExecuted(CachedPlan.Lookup lookup, boolean hasResult) throws SQLException {
        if (hasResult && lookup.copies().metaData() == null && sessionAsBuilt) {
            ResultSet rs = driver.getResultSet();
            if (rs != null) {
                lookup.copies().metaData(rs.getMetaData(), lookup.sql);
            }
        }
    }

    /** The driver's result as the application sees it: the same wrapper for the same result. */
    ResultSet wrap(ResultSet rs) {
        if (rs == null) {
            return null;
        }
        if (rs == lastDriverResult) {
            return lastWrapped;
        }
        return remember(rs, new GateResultSet(statement, rs));
    }

    private ResultSet remember(ResultSet driverResult, ResultSet wrapped) {
        lastDriverResult = driverResult;
        lastWrapped = wrapped;
        return wrapped;
    }

    // ---------------------------------------------------------------- java.sql.Statement's results

    /**
     * A new execution: the previous answer, if any, is no longer the current one, and is closed if
     * the driver closes its results then.
     */
    void newExecution() throws SQLException {
        positivesOfNextResult = null;
        captureEmptyInput = null;
        answerView = null;
        answerIsCurrent = false;
        answerConsumed = false;
        EmptyResultSet previous = answer;
        if (previous != null) {
            answer = null;
            if (statement.context.errors.closedByNextExecution()) {
                previous.close();
            }
        }
    }

    /** {@code getResultSet()}: the answer while it is current, else the driver's result, wrapped. */
    ResultSet resultSet() throws SQLException {
        if (answerIsCurrent) {
            return answerView;
        }
        if (answerConsumed) {
            return null;
        }
        ResultSet rs = driver.getResultSet();
        Guard positives = takePositives();
        CachedPlan.Lookup capture = captureEmptyInput;
        captureEmptyInput = null;
        if (capture != null && rs != null && rs != lastDriverResult) {
            return remember(rs, new EmptyInputCapture(statement, rs, capture));
        }
        if (positives != null && rs != null) {
            return remember(rs, new LookupResultSet(statement, rs, positives.counters()));
        }
        return wrap(rs);
    }

    /** {@code getUpdateCount()}: an answer is a result set, so -1, as after it. */
    int updateCount() throws SQLException {
        return answerIsCurrent || answerConsumed ? -1 : driver.getUpdateCount();
    }

    /** {@code getLargeUpdateCount()}: as {@link #updateCount()}. */
    long largeUpdateCount() throws SQLException {
        return answerIsCurrent || answerConsumed ? -1 : driver.getLargeUpdateCount();
    }

    /** {@code getMoreResults(current)}: an answer is the only result; moving past it closes it unless kept. */
    boolean moreResults(int current) throws SQLException {
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
        return driver.getMoreResults(current);
    }

    /** The application asked for {@code closeOnCompletion()} (the driver handles its own results). */
    void closeOnCompletion() {
        closeOnCompletion = true;
    }

    /** An answer was closed by the application: with {@code closeOnCompletion}, the statement closes. */
    void answerClosed(EmptyResultSet closed) throws SQLException {
        // Asking the driver (isCloseOnCompletion) on every lookup would cost more than the lookup.
        if (closeOnCompletion && closed == answer) {
            statement.close();
        }
    }

    /** The statement closes: so does its answer, if open. */
    void close() throws SQLException {
        EmptyResultSet open = answer;
        answer = null;
        if (open != null) {
            open.close();
        }
    }
}
