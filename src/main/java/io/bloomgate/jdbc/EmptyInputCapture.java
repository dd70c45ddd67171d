package io.bloomgate.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The database's result for a lookup whose keys the filter ruled out, run for real because its plan
 * has no copy of the answer on empty input yet: the row its first {@code next()} lands on (or the
 * absence of one) becomes that copy, for {@link RowAnswer} to replay.
 */
final class EmptyInputCapture extends GateResultSet {

    private CachedPlan.Lookup plan; // null once captured

    EmptyInputCapture(Statement statement, ResultSet delegate, CachedPlan.Lookup plan) {
        super(statement, delegate);
        this.plan = plan;
    }

    @Override
    public boolean next() throws SQLException {
        boolean row = delegate.next();
        CachedPlan.Lookup capturing = plan;
        if (capturing != null) {
            plan = null;
            if (capturing.copies().emptyInputRow == null) {
                try {
                    // Read through the driver's own result, not a pool's proxy: the getters that fail
                    // (an unsupported conversion is 0A000) would make HikariCP evict the connection.
                    ResultSet raw = delegate.isWrapperFor(ResultSet.class) ? delegate.unwrap(ResultSet.class) : delegate;
                    if (!row || !writtenPerSession(raw)) {
                        capturing.copies().emptyInputRow = row
                                ? CapturedRow.of(raw, raw.getMetaData().getColumnCount()) : CapturedRow.NO_ROW;
                    }
                } catch (SQLException | RuntimeException e) {
                    // Not captured: the next absent lookup runs for real and tries again.
                }
            }
        }
        return row;
    }

    /**
     * PostgreSQL sends values as text written by the session's settings: floats by {@code
     * extra_float_digits}, {@code bytea} by {@code bytea_output}, times by {@code TimeZone} and
     * {@code IntervalStyle}, money by {@code lc_monetary}. A row holding such a value (a literal
     * cast in the select list: {@code CAST(1 AS FLOAT8) / 3}) copied on one session would read
     * otherwise on another, so it is not copied and the text keeps passing through. Integers,
     * exact numerics, booleans and text read alike on every session, as does NULL (an aggregate on
     * empty input).
     */
    private boolean writtenPerSession(ResultSet raw) throws SQLException {
        Statement statement = getStatement();
        if (!(statement instanceof GateStatement gs) || gs.context.dialect != io.bloomgate.sql.Dialect.POSTGRES) {
            return false;
        }
        java.sql.ResultSetMetaData md = raw.getMetaData();
        for (int i = 1; i <= md.getColumnCount(); i++) {
            switch (md.getColumnType(i)) {
                case java.sql.Types.BIGINT, java.sql.Types.INTEGER, java.sql.Types.SMALLINT, java.sql.Types.TINYINT,
                        java.sql.Types.NUMERIC, java.sql.Types.DECIMAL, java.sql.Types.BOOLEAN, java.sql.Types.BIT,
                        java.sql.Types.CHAR, java.sql.Types.VARCHAR, java.sql.Types.LONGVARCHAR, java.sql.Types.NCHAR,
                        java.sql.Types.NVARCHAR -> {
                    continue;
                }
                default -> {
                    if (raw.getObject(i) != null) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
