package io.bloomgate.jdbc;

import io.bloomgate.sync.SyncWatch;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.concurrent.Executor;

/**
 * A driver connection seen through the gate: its statements are the gate's, and the calls that may
 * move the session (commit, rollback, auto-commit, isolation, schema, catalog, close) are reported
 * to its {@link SessionState}, which holds what the gate must know about the session.
 */
final class GateConnection extends ForwardingConnection {

    final GateContext context;
    /** What the gate knows of this session; every call below that may move it reports there. */
    final SessionState session;

    GateConnection(GateContext context, Connection delegate) {
        super(delegate);
        this.context = context;
        this.session = new SessionState(context, new DriverSession(context, delegate));
        transactionMayBegin();
    }

    /**
     * PostgreSQL fixes a REPEATABLE READ transaction's snapshot at its first query, and pgjdbc runs
     * queries inside the application's transaction that no statement of the gate sees: {@code
     * getSchema()} ({@code select current_schema()}), {@code DatabaseMetaData} calls, {@code
     * PreparedStatement.getMetaData()} (its Parse takes the snapshot), type lookups. The filter
     * generation the transaction is judged by (architecture.md section 5, "after a rebuild replaced a
     * filter") must therefore be the one current when the transaction may begin, not at the gate's
     * first statement in it: else a snapshot taken by such a call before a rebuild, which still sees
     * a row deleted before the rebuild, was answered from the rebuilt filter that lacks the row's key.
     * Noted where a transaction may begin: a new connection, auto-commit switched off, after commit
     * and rollback. A rebuild in between only makes that transaction pass through.
     */
    private void transactionMayBegin() {
        if (context.dialect == io.bloomgate.sql.Dialect.POSTGRES) {
            session.statementNoted(CachedPlan.UNRELATED);
        }
    }

    /** {@link SessionState}'s view of the driver's connection: the session probe of the dialect, bound to it. */
    private static final class DriverSession implements SessionState.Driver {

        private final GateContext context;
        private final Connection delegate;
        private final SessionProbe probe;

        DriverSession(GateContext context, Connection delegate) {
            this.context = context;
            this.delegate = delegate;
            this.probe = SessionProbe.of(context);
        }

        @Override
        public SessionProbe.Facts readFacts() throws SQLException {
            return probe.read(delegate, context.defaultSchema(), context.guardedTableNames());
        }

        @Override
        public boolean autoCommit() throws SQLException {
            return probe.autoCommit(delegate);
        }

        @Override
        public boolean movedUnseen(int isolation, boolean resolvesAsBuilt) {
            return probe.movedUnseen(delegate, isolation, resolvesAsBuilt, context.defaultSchema());
        }

        @Override
        public Object transaction() {
            return probe.transaction(delegate);
        }

        @Override
        public boolean transactionOpenOnServer() {
            return probe.transactionOpenOnServer(delegate);
        }

        @Override
        public boolean transactionFailed() {
            return probe.transactionFailed(delegate);
        }

        @Override
        public void beginIfIdle(io.bloomgate.sql.GuardedTable answered) throws SQLException {
            probe.beginIfIdle(delegate, answered);
        }

        @Override
        public void restoreDiagnostics(io.bloomgate.sql.GuardedTable table) throws SQLException {
            probe.restoreDiagnostics(delegate, table);
        }

        @Override
        public SQLException refusalMidTransaction(String what) {
            return probe.refusalMidTransaction(delegate, what);
        }

        @Override
        public void forgetPreparedStatements() {
            probe.forgetPreparedStatements(delegate);
        }

        @Override
        public String mayRead(String[][] tables) {
            return probe.mayRead(delegate, tables);
        }

        @Override
        public Object session() {
            try {
                return delegate.isWrapperFor(Connection.class) ? delegate.unwrap(Connection.class) : delegate;
            } catch (SQLException | RuntimeException e) {
                return delegate;
            }
        }

        @Override
        public Object attach(SyncWatch watch) {
            return watch.attach(delegate);
        }
    }

    // ---- calls that move the session: the driver first, then the session state

    @Override
    public void setReadOnly(boolean readOnly) throws SQLException {
        session.refuseMidTransaction("read-only property");
        delegate.setReadOnly(readOnly);
    }

    @Override
    public void commit() throws SQLException {
        delegate.commit();
        session.transactionEnded(true);
        transactionMayBegin();
    }

    @Override
    public void rollback() throws SQLException {
        try {
            delegate.rollback();
        } catch (SQLException e) {
            session.transactionEnded(true); // outcome unknown: settle by a scan
            transactionMayBegin();
            throw e;
        }
        session.transactionEnded(false);
        transactionMayBegin();
    }

    @Override
    public void setAutoCommit(boolean autoCommit) throws SQLException {
        boolean was = delegate.getAutoCommit();
        delegate.setAutoCommit(autoCommit);
        session.autoCommitSet(was, autoCommit);
        transactionMayBegin();
    }

    @Override
    public void close() throws SQLException {
        try {
            delegate.close();
        } finally {
            session.transactionEnded(true); // a close may commit or roll back, depending on the driver
        }
    }

    @Override
    public void abort(Executor executor) throws SQLException {
        try {
            delegate.abort(executor);
        } finally {
            session.transactionEnded(true);
        }
    }

    @Override
    public void setTransactionIsolation(int level) throws SQLException {
        session.refuseMidTransaction("isolation level");
        delegate.setTransactionIsolation(level);
        session.isolationSet(level);
    }

    @Override
    public void setSchema(String schema) throws SQLException {
        delegate.setSchema(schema);
        session.schemaSet();
    }

    /** MySQL/MariaDB drivers run {@code USE}: unqualified names move as with {@link #setSchema}. */
    @Override
    public void setCatalog(String catalog) throws SQLException {
        delegate.setCatalog(catalog);
        session.schemaSet();
    }

    @Override
    public void rollback(Savepoint savepoint) throws SQLException {
        delegate.rollback(savepoint);
        session.rolledBackToSavepoint();
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
