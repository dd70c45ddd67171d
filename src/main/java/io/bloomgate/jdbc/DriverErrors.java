package io.bloomgate.jdbc;

import java.sql.SQLException;

/**
 * The exceptions a driver throws on a result without rows, so that an answer from the filter fails
 * exactly where, and as, the database's own empty result would. H2's and pgjdbc's own exception
 * classes are used when their driver is in use (both are optional dependencies, loaded only then).
 */
interface DriverErrors {

    /** A getter was called with no current row. */
    SQLException noCurrentRow();

    /** The result set was used after close. */
    SQLException closed();

    /** {@code findColumn} with a label the result does not have. */
    SQLException columnNotFound(String label);

    /** A scrolling method on a forward-only result. */
    SQLException forwardOnly();

    /** An update method on a read-only result. */
    SQLException readOnly();

    static DriverErrors of(String product) {
        if (product.startsWith("H2")) {
            return new H2Errors();
        }
        if (product.startsWith("PostgreSQL")) {
            return new PostgresErrors();
        }
        return new StandardErrors();
    }

    /** SQLSTATE-correct errors for any other database. */
    final class StandardErrors implements DriverErrors {

        @Override
        public SQLException noCurrentRow() {
            return new SQLException("No current row: the result is empty", "24000");
        }

        @Override
        public SQLException closed() {
            return new SQLException("The result set is closed", "24000");
        }

        @Override
        public SQLException columnNotFound(String label) {
            return new SQLException("Column " + label + " not found", "42S22");
        }

        @Override
        public SQLException forwardOnly() {
            return new SQLException("The result set is TYPE_FORWARD_ONLY", "24000");
        }

        @Override
        public SQLException readOnly() {
            return new SQLException("The result set is CONCUR_READ_ONLY", "24000");
        }
    }
}
