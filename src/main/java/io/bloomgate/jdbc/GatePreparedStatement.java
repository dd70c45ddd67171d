package io.bloomgate.jdbc;

import io.bloomgate.key.Canonical;
import io.bloomgate.key.KeyBuffer;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.KeyFunnel;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;

/**
 * A driver prepared statement seen through the gate. Its plan is fixed at preparation; its setters
 * record what they bound (see {@link ForwardingPreparedStatement}), so an eligible lookup's key is
 * canonicalised and tested against the filter without touching the database.
 */
class GatePreparedStatement extends ForwardingPreparedStatement {

    final CachedPlan plan;
    final ParameterSlots slots;
    /** Hashes of keys from {@code addBatch()} rows, added when the batch executes. */
    private long[] batchKeys;
    /** For each of {@code batchKeys}: the index of its guard's part in {@code plan.writeParts}. */
    private int[] batchKeyParts;
    private int batchKeyCount;
    private boolean batchKeysUnknown;
    private boolean batched;

    GatePreparedStatement(GateConnection connection, PreparedStatement delegate, String sql, CachedPlan plan) {
        this(connection, delegate, sql, plan, ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
    }

    GatePreparedStatement(GateConnection connection, PreparedStatement delegate, String sql, CachedPlan plan,
            int resultSetType, int resultSetConcurrency) {
        super(connection, delegate, sql, resultSetType, resultSetConcurrency);
        this.plan = plan;
        this.slots = new ParameterSlots(Math.max(1, plan.parameterSlots()));
    }

    /** Prepared with generated keys requested: its writes with generated keys may settle from them. */
    GatePreparedStatement returningGeneratedKeys(boolean requested) {
        execution.generatedKeysRequested = requested;
        return this;
    }

    // ---- what the setters bound

    @Override
    final void boundLong(int index, long value) {
        slots.setLong(index, value);
    }

    @Override
    final void boundNull(int index) {
        slots.setNull(index);
    }

    @Override
    final void boundObject(int index, Object value) {
        slots.setObject(index, value);
    }

    @Override
    final void boundObject(int index, Object value, int targetSqlType) {
        if (targetSqlType == java.sql.Types.OTHER && context.dialect == io.bloomgate.sql.Dialect.POSTGRES
                && (value instanceof String || value instanceof java.util.UUID)) {
            slots.setUntyped(index, value); // Spring's SqlParameterValue(Types.OTHER, id), MyBatis' JdbcType.OTHER
        } else if (targetSqlType == java.sql.Types.OTHER && context.dialect == io.bloomgate.sql.Dialect.H2
                && untypedOnH2(value)) {
            // H2 reads Types.OTHER as "no target type" (unlike JAVA_OBJECT): it converts the value by its
            // Java class, exactly as setObject(i, value) does (Spring's SqlParameterValue(Types.OTHER, uuid)).
            slots.setObject(index, value);
        } else if (targetSqlType == java.sql.Types.ARRAY && (value instanceof java.sql.Array || value instanceof Object[])) {
            slots.setObject(index, value);
        } else {
            slots.setUnknown(index); // the driver converts to the target type by its own rules
        }
    }

    /** The value classes whose {@code setObject(i, v, Types.OTHER)} H2 converts as {@code setObject(i, v)}. */
    private static boolean untypedOnH2(Object value) {
        return value instanceof String || value instanceof java.util.UUID || value instanceof Long
                || value instanceof Integer || value instanceof Short || value instanceof Byte
                || value instanceof java.math.BigDecimal || value instanceof java.math.BigInteger;
    }

    @Override
    final void boundUnknown(int index) {
        slots.setUnknown(index);
    }

    @Override
    final void unbindAll() {
        slots.clear();
    }

    // ---- execution

    /**
     * SQL text passed to a prepared statement's {@code execute(String)} family: JDBC drivers refuse
     * it, so the gate neither answers it nor takes keys from it, and the driver's error surfaces.
     * MySQL Connector/J runs it as a plain statement would: there it is planned as on a plain
     * statement, else a write's keys would reach the filter only with the change feed, after the
     * writer's next lookup was answered "no rows" ({@code WritePathContract}).
     */
    @Override
    final CachedPlan planFor(String sql) {
        return context.errors.runsTextOfPreparedStatements() ? context.plan(sql) : CachedPlan.UNRELATED;
    }

    /**
     * Text given to a prepared statement's execute methods is never answered from its template
     * (most drivers refuse it; where one runs it, {@link #planFor} plans it and the ordinary path decides).
     */
    @Override
    final ResultSet answerTemplated(String sql) {
        return null;
    }

    @Override
    public ResultSet executeQuery() throws SQLException {
        newExecution();
        if (plan instanceof CachedPlan.Lookup lookup) {
            session.statementNoted(lookup);
            ResultSet empty = tryAnswer(lookup, slots);
            if (empty != null) {
                return empty; // the current result: getResultSet() returns it, getMoreResults() closes it
            }
            Guard positives = results.takePositives();
            return results.lookupResult(lookup, execution.onDatabase(lookup, preparedStatement::executeQuery),
                    positives);
        }
        return execution.run(plan, slots, () -> results.wrap(preparedStatement.executeQuery()));
    }

    @Override
    public boolean execute() throws SQLException {
        newExecution();
        return executeAnswering(plan, slots, preparedStatement::execute);
    }

    @Override
    public int executeUpdate() throws SQLException {
        newExecution();
        return execution.run(plan, slots, preparedStatement::executeUpdate);
    }

    @Override
    public long executeLargeUpdate() throws SQLException {
        newExecution();
        return execution.run(plan, slots, preparedStatement::executeLargeUpdate);
    }

    // ---- batches: each row's keys are taken when the row is added

    @Override
    public void addBatch() throws SQLException {
        preparedStatement.addBatch();
        batched = true;
        if (plan instanceof CachedPlan.Write write) {
            rememberBatchKeys(write);
        }
    }

    private void rememberBatchKeys(CachedPlan.Write write) {
        CachedPlan.Write.Part[] parts = write.parts;
        for (int p = 0; p < parts.length; p++) {
            rememberBatchKeys(parts[p], p);
        }
    }

    private void rememberBatchKeys(CachedPlan.Write.Part part, int partIndex) {
        Guard guard = part.guard();
        if (guard.syncedByTrigger()) {
            return; // the database's trigger adds the keys, inside the write
        }
        if (part.keysUnknown() || callable() || guard.keysRewritable()) {
            batchKeysUnknown = true;
        }
        KeyBuffer buffer = keyBuffer();
        for (CachedPlan.Key key : part.keys()) {
            Canonical canonical;
            long hash = 0;
            boolean known;
            if (key.isLiteral()) {
                canonical = key.literal();
                byte[] bytes = key.literalBytes();
                if (canonical == Canonical.EXACT) {
                    hash = KeyFunnel.hash(guard, bytes);
                }
                known = WriteKeys.known(canonical, guard, bytes, context.dialect);
            } else {
                canonical = BoundValues.canonicalKey(slots, key, guard, buffer, false, context.dialect);
                if (canonical == Canonical.EXACT) {
                    hash = KeyFunnel.hash(guard, buffer);
                }
                known = WriteKeys.known(canonical, guard, buffer.array(), buffer.length(), context.dialect);
            }
            if (!known) {
                batchKeysUnknown = true; // a key the database converts or generates (see WriteKeys.known)
            }
            if (canonical == Canonical.EXACT) {
                if (batchKeys == null) {
                    batchKeys = new long[16];
                    batchKeyParts = new int[16];
                } else if (batchKeyCount == batchKeys.length) {
                    batchKeys = Arrays.copyOf(batchKeys, batchKeyCount * 2);
                    batchKeyParts = Arrays.copyOf(batchKeyParts, batchKeyCount * 2);
                }
                batchKeyParts[batchKeyCount] = partIndex;
                batchKeys[batchKeyCount++] = hash;
            }
        }
    }

    @Override
    public void clearBatch() throws SQLException {
        preparedStatement.clearBatch();
        execution.clearBatch(); // addBatch(String) text, where the driver took it
        resetBatch();
    }

    private void resetBatch() {
        batchKeyCount = 0;
        batchKeysUnknown = false;
        batched = false;
    }

    @Override
    public int[] executeBatch() throws SQLException {
        newExecution();
        return runPreparedBatch(preparedStatement::executeBatch);
    }

    @Override
    public long[] executeLargeBatch() throws SQLException {
        newExecution();
        return runPreparedBatch(preparedStatement::executeLargeBatch);
    }

    private <T> T runPreparedBatch(SqlCall<T> call) throws SQLException {
        if (!batched) {
            return execution.runBatch(call); // addBatch(String) rows, if any (the driver decides whether that is legal)
        }
        if (execution.hasBatchedText()) {
            // Text beside bound rows (MySQL Connector/J runs both): the text's keys too, before the batch runs.
            return execution.runBatch(() -> runPreparedRows(call));
        }
        return runPreparedRows(call);
    }

    /** Runs a batch of bound rows: their keys, remembered at addBatch(), first. */
    private <T> T runPreparedRows(SqlCall<T> call) throws SQLException {
        int phase = context.writes.enter(); // before the keys are added: see WritesInFlight
        try {
            return runPreparedWrites(call);
        } finally {
            context.writes.exit(phase);
        }
    }

    private <T> T runPreparedWrites(SqlCall<T> call) throws SQLException {
        Guard[] unsettled = null;
        if (plan instanceof CachedPlan.Write write) {
            session.statementNoted(plan);
            for (int i = 0; i < batchKeyCount; i++) {
                write.parts[batchKeyParts[i]].guard().addWrittenHash(batchKeys[i]);
            }
            if (batchKeysUnknown) {
                unsettled = WriteKeys.unsettle(write);
            }
        } else if (plan instanceof CachedPlan.UnknownWrite unknown) {
            session.statementNoted(plan);
            unsettled = WriteKeys.unsettleUnknownWrite(unknown, context.guards);
        }
        resetBatch();
        return execution.runSettling(unsettled, () -> execution.onDatabase(plan, call));
    }
}
