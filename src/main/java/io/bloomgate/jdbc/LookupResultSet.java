package io.bloomgate.jdbc;

import io.bloomgate.sync.GuardCounters;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The database's result for a lookup the filter could not rule out. Its first {@code next()} tells
 * whether the key was there (a true positive) or the filter cost a query for nothing (a false
 * positive).
 */
final class LookupResultSet extends GateResultSet {

    private GuardCounters counters; // null once counted

    LookupResultSet(Statement statement, ResultSet delegate, GuardCounters counters) {
        super(statement, delegate);
        this.counters = counters;
    }

    @Override
    public boolean next() throws SQLException {
        boolean row = delegate.next();
        if (counters != null) {
            if (row) {
                counters.countTruePositive();
            } else {
                counters.countFalsePositive();
            }
            counters = null;
        }
        return row;
    }
}
