package io.bloomgate.jdbc;

import java.sql.SQLException;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;

/** pgjdbc's exceptions for a result without rows (its messages and SQL states). */
final class PostgresErrors implements DriverErrors {

    @Override
    public SQLException noCurrentRow() {
        return new PSQLException("ResultSet not positioned properly, perhaps you need to call next.",
                PSQLState.INVALID_CURSOR_STATE);
    }

    @Override
    public SQLException closed() {
        return new PSQLException("This ResultSet is closed.", PSQLState.OBJECT_NOT_IN_STATE);
    }

    @Override
    public SQLException columnNotFound(String label) {
        return new PSQLException("The column name " + label + " was not found in this ResultSet.",
                PSQLState.UNDEFINED_COLUMN);
    }

    @Override
    public SQLException forwardOnly() {
        return new PSQLException("Operation requires a scrollable ResultSet, but this ResultSet is FORWARD_ONLY.",
                PSQLState.INVALID_CURSOR_STATE);
    }

    @Override
    public SQLException readOnly() {
        return new PSQLException("ResultSets with concurrency CONCUR_READ_ONLY cannot be updated.",
                PSQLState.INVALID_CURSOR_STATE);
    }
}
