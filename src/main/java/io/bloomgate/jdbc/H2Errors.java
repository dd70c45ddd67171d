package io.bloomgate.jdbc;

import java.sql.SQLException;
import org.h2.api.ErrorCode;
import org.h2.message.DbException;

/** H2's own exceptions (messages, error codes and SQL states as H2 raises them). */
final class H2Errors implements DriverErrors {

    @Override
    public SQLException noCurrentRow() {
        return DbException.get(ErrorCode.NO_DATA_AVAILABLE).getSQLException();
    }

    @Override
    public SQLException closed() {
        return DbException.get(ErrorCode.OBJECT_CLOSED).getSQLException();
    }

    @Override
    public SQLException columnNotFound(String label) {
        return DbException.get(ErrorCode.COLUMN_NOT_FOUND_1, label).getSQLException();
    }

    @Override
    public SQLException forwardOnly() {
        return DbException.get(ErrorCode.RESULT_SET_NOT_SCROLLABLE).getSQLException();
    }

    @Override
    public SQLException readOnly() {
        return DbException.get(ErrorCode.RESULT_SET_READONLY).getSQLException();
    }
}
