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
                    capturing.copies().emptyInputRow = row
                            ? CapturedRow.of(raw, raw.getMetaData().getColumnCount()) : CapturedRow.NO_ROW;
                } catch (SQLException | RuntimeException e) {
                    // Not captured: the next absent lookup runs for real and tries again.
                }
            }
        }
        return row;
    }
}
