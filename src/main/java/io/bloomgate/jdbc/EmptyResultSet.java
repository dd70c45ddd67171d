package io.bloomgate.jdbc;

import java.sql.SQLException;
import java.sql.Statement;

/**
 * The answer for a lookup whose keys the filter rules out: a forward-only, read-only result with
 * the columns the database's own answer has (copied from the first real execution of the SQL
 * text) and no rows, which behaves as the driver's own empty result does (see
 * {@link RowlessResultSet} and the driver's {@link DriverErrors}). Closing it tells its statement's
 * {@link CurrentResult} (for {@code closeOnCompletion}).
 */
final class EmptyResultSet extends RowlessResultSet {

    private final GateStatement statement;

    /**
     * @throws SQLException where the driver's executeQuery would fail to return its result (e.g.
     *                      pgjdbc, with a fetch direction other than forward)
     */
    EmptyResultSet(GateStatement statement, MetaDataCopy metaData, DriverErrors errors) throws SQLException {
        super(metaData, errors);
        this.statement = statement;
        errors.opened(this, statement);
    }

    @Override
    Statement owner() {
        return statement;
    }

    @Override
    void onClose() throws SQLException {
        statement.results.answerClosed(this);
    }

    @Override
    public String toString() {
        return "bloomgate: an empty answer from the filter";
    }
}
