package io.bloomgate.jdbc;

import io.bloomgate.sql.Dialect;
import io.bloomgate.sync.Guard;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * One statement's executions that reach the database (whatever the filter did not answer), with
 * the bookkeeping around each that keeps the filter a superset of what readers can see and the
 * session's facts true: the session notes what a statement may do before and after it runs; a
 * write's keys enter the filter before it runs, inside the gate's writes-in-flight phase; the
 * guards a write with unknown keys left unsettled settle by how it ended, or from the generated
 * keys it returns. {@link GateStatement} chooses the path of each JDBC call; this class carries
 * out the part of it that goes to the database.
 */
final class DatabaseExecution {

    /** H2's {@code ErrorCode.DEADLOCK_1}. */
    private static final int H2_DEADLOCK = 40001;

    private final GateStatement statement;
    /** The driver's statement. */
    private final Statement driver;
    private final GateContext context;
    private final SessionState session;

    /**
     * Generated keys were requested for the statement now running (prepareStatement(sql, keys),
     * execute(sql, keys)): a write with unknown keys may then settle from them.
     */
    boolean generatedKeysRequested;
    /** The last write's generated keys, awaited to settle its guards; null: none awaited. */
    private GeneratedKeys pendingKeys;
    /** Plans of {@code addBatch(String)}, for their keys. */
    private List<CachedPlan> batchPlans;

    /** For {@code statement}, once its context and session are set. */
    DatabaseExecution(GateStatement statement) {
        this.statement = statement;
        this.driver = statement.delegate;
        this.context = statement.context;
        this.session = statement.session;
    }

    /** Runs a statement that is not answered from the filter, with the write bookkeeping around it. */
    <T> T run(CachedPlan plan, ParameterSlots slots, GateStatement.SqlCall<T> call) throws SQLException {
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
     * Before a statement runs: note its session effects, count a bypass, add the keys of a write.
     * Returns the guards it made unsettled (keys unknown), or null.
     */
    private Guard[] beforeExecute(CachedPlan plan, ParameterSlots slots) {
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
            return WriteKeys.add(write, slots, statement.callable(), statement.keyBuffer(), context.dialect);
        }
        if (plan instanceof CachedPlan.UnknownWrite unknown) {
            Guard[] guards = WriteKeys.unsettleUnknownWrite(unknown, context.guards);
            return guards.length == 0 ? null : guards;
        }
        return null;
    }

    /** After a statement ran: writes with unknown keys settle when their transaction ends. */
    private void afterExecute(Guard[] unsettled, boolean succeeded) throws SQLException {
        if (unsettled != null) {
            session.afterWrite(unsettled, succeeded);
        }
    }

    /**
     * A write with unknown keys and generated keys requested: it settles from the generated keys
     * once the application has read them all (see {@link GeneratedKeys}), else as usual.
     */
    private <T> T runLearningKeys(CachedPlan plan, Guard[] unsettled, GateStatement.SqlCall<T> call)
            throws SQLException {
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
        long rows = result instanceof Number n ? n.longValue() : driver.getUpdateCount();
        if (rows <= 0) {
            afterExecute(unsettled, true);
        } else {
            pendingKeys = session.awaitKeys(unsettled, rows);
        }
        return result;
    }

    /** Sends a statement to the database, then notes what it may have done to the session. */
    <T> T onDatabase(CachedPlan plan, GateStatement.SqlCall<T> call) throws SQLException {
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
    private void rolledBackByDatabase(SQLException e) {
        if (context.dialect == Dialect.H2 && e.getErrorCode() == H2_DEADLOCK) {
            session.transactionEnded(false);
        }
    }

    /** Runs {@code call}; the guards it left unsettled (null: none) settle by how it ended. */
    <T> T runSettling(Guard[] unsettled, GateStatement.SqlCall<T> call) throws SQLException {
        boolean succeeded = false;
        try {
            T result = call.call();
            succeeded = true;
            return result;
        } finally {
            afterExecute(unsettled, succeeded);
        }
    }

    // ---------------------------------------------------------------- batches of SQL text

    /** {@code addBatch(String)} added the text planned as {@code plan}. */
    void addBatch(CachedPlan plan) {
        if (batchPlans == null) {
            batchPlans = new ArrayList<>();
        }
        batchPlans.add(plan);
    }

    /** Whether {@code addBatch(String)} added text since the last batch ran. */
    boolean hasBatchedText() {
        return batchPlans != null;
    }

    /** {@code clearBatch()}. */
    void clearBatch() {
        batchPlans = null;
    }

    /** Runs a batch: every batched write's keys first (unknown ones unsettle their guard). */
    <T> T runBatch(GateStatement.SqlCall<T> call) throws SQLException {
        int phase = context.writes.enter();
        try {
            return runBatchedPlans(call);
        } finally {
            context.writes.exit(phase);
        }
    }

    private <T> T runBatchedPlans(GateStatement.SqlCall<T> call) throws SQLException {
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

    // ---------------------------------------------------------------- generated keys

    /** {@code getGeneratedKeys()}: an awaited write learns its keys as the application reads them. */
    ResultSet generatedKeys() throws SQLException {
        ResultSet rs;
        try {
            rs = driver.getGeneratedKeys();
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
            return pending.reading(statement, rs);
        }
        return rs == null ? null : new GateResultSet(statement, rs);
    }

    /** Generated keys this statement's last write waits for, not read: settle it as usual. */
    void givePendingKeysUp() throws SQLException {
        GeneratedKeys pending = pendingKeys;
        pendingKeys = null;
        if (pending != null) {
            pending.giveUp();
        }
    }
}
