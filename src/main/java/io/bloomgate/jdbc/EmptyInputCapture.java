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

    private CachedPlan plan; // null once captured

    EmptyInputCapture(Statement statement, ResultSet delegate, CachedPlan plan) {
        super(statement, delegate);
        this.plan = plan;
    }

    @Override
    public boolean next() throws SQLException {
        boolean row = delegate.next();
        CachedPlan capturing = plan;
        if (capturing != null) {
            plan = null;
            if (capturing.copies.emptyInputRow == null) {
                try {
                    capturing.copies.emptyInputRow = row
                            ? CapturedRow.of(delegate, delegate.getMetaData().getColumnCount()) : CapturedRow.NO_ROW;
                } catch (SQLException | RuntimeException e) {
                    // Not captured: the next absent lookup runs for real and tries again.
                }
            }
        }
        return row;
    }
}
