package io.bloomgate.jdbc;

import io.bloomgate.jdbc.RowlessResultSet.Read;
import io.bloomgate.jdbc.RowlessResultSet.RowChange;
import io.bloomgate.jdbc.RowlessResultSet.Write;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLXML;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.util.Calendar;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.postgresql.Driver;
import org.postgresql.jdbc.PgResultSet;
import org.postgresql.jdbc.PgStatement;
import org.postgresql.util.GT;
import org.postgresql.util.PGobject;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;

/**
 * pgjdbc's exceptions (its classes, messages and SQL states) and the rules of its
 * {@code PgResultSet} (42.7.7) on a forward-only, read-only result with no rows. Where pgjdbc
 * differs from the standard rules:
 * <ul>
 *   <li>getters check the row before the column index; updaters fail as read-only without
 *       looking at the column, except updateNull (and a null stream), which checks it first, even
 *       on a closed result;</li>
 *   <li>labels are matched as pgjdbc's map of lower-cased labels does; a null label is a
 *       NullPointerException;</li>
 *   <li>methods pgjdbc does not implement fail with SQLFeatureNotSupportedException (0A000), most
 *       without checking anything else: getHoldability, getNString, getNClob, updateNString, the
 *       unsized streams, ...;</li>
 *   <li>{@code getObject(column, Class)} refuses a conversion it does not support for the column's
 *       type before it looks at the row, and an index out of range is an
 *       ArrayIndexOutOfBoundsException;</li>
 *   <li>the fetch size is the statement's when it executed; a statement whose fetch direction is
 *       not forward cannot return a forward-only result at all.</li>
 * </ul>
 */
final class PostgresErrors implements DriverErrors {

    @Override
    public SQLException noCurrentRow() {
        return new PSQLException(GT.tr("ResultSet not positioned properly, perhaps you need to call next."),
                PSQLState.INVALID_CURSOR_STATE);
    }

    @Override
    public SQLException closed() {
        return new PSQLException(GT.tr("This ResultSet is closed."), PSQLState.OBJECT_NOT_IN_STATE);
    }

    @Override
    public SQLException columnNotFound(String label) {
        return new PSQLException(GT.tr("The column name {0} was not found in this ResultSet.", label),
                PSQLState.UNDEFINED_COLUMN);
    }

    @Override
    public SQLException invalidColumnIndex(int column, int columns) {
        return new PSQLException(GT.tr("The column index is out of range: {0}, number of columns: {1}.",
                column, columns), PSQLState.INVALID_PARAMETER_VALUE);
    }

    @Override
    public SQLException forwardOnly() {
        return new PSQLException(
                GT.tr("Operation requires a scrollable ResultSet, but this ResultSet is FORWARD_ONLY."),
                PSQLState.INVALID_CURSOR_STATE);
    }

    @Override
    public SQLException readOnly() {
        return new PSQLException(GT.tr("ResultSets with concurrency CONCUR_READ_ONLY cannot be updated."),
                PSQLState.INVALID_CURSOR_STATE);
    }

    @Override
    public SQLException notSupported(String method) {
        return Driver.notImplemented(PgResultSet.class, method);
    }

    // ------------------------------------------------------------------ life cycle

    @Override
    public void opened(RowlessResultSet rs, Statement owner) throws SQLException {
        // PgStatement.createResultSet gives the result its fetch size and direction; a direction
        // other than forward needs a scrollable result, so pgjdbc's executeQuery fails.
        rs.fetchSize = owner.getFetchSize();
        if (owner.getFetchDirection() != ResultSet.FETCH_FORWARD) {
            throw forwardOnly();
        }
        // pgjdbc keeps a statement open when its connection is closed (or aborted), and refuses to
        // execute it then (08003): an answer must not come from a connection that is gone.
        java.sql.Connection connection = owner.getConnection();
        if (connection.isClosed()) {
            connection.getHoldability(); // pgjdbc's own check, with its exception
            throw new SQLException("This connection has been closed.", "08003");
        }
    }

    // ------------------------------------------------------------------ columns

    @Override
    public int findColumn(RowlessResultSet rs, String label) throws SQLException {
        checkOpen(rs);
        int index = columnIndex(rs, label);
        if (index == 0) {
            throw columnNotFound(label);
        }
        return index;
    }

    /**
     * pgjdbc's {@code findColumnIndex}: a map from each label, lower-cased unless the connection
     * disables the column sanitiser (the first column keeps a label), looked up with the label as
     * given, lower-cased, then upper-cased. 0 when nothing matches; a null label fails as in pgjdbc.
     */
    private static int columnIndex(RowlessResultSet rs, String label) throws SQLException {
        MetaDataCopy metaData = rs.metaData;
        int columns = metaData.getColumnCount();
        String[] keys = new String[columns];
        boolean mixedCase = false;
        for (int c = 0; c < columns; c++) {
            String l = metaData.getColumnLabel(c + 1);
            keys[c] = l;
            mixedCase |= !l.equals(l.toLowerCase(Locale.US));
        }
        if (mixedCase && !sanitiserDisabled(rs)) {
            for (int c = 0; c < columns; c++) {
                keys[c] = keys[c].toLowerCase(Locale.US);
            }
        }
        int index = indexOf(keys, label);
        if (index == 0) {
            index = indexOf(keys, label.toLowerCase(Locale.US));
        }
        if (index == 0) {
            index = indexOf(keys, label.toUpperCase(Locale.US));
        }
        return index;
    }

    private static int indexOf(String[] keys, String key) {
        for (int c = 0; c < keys.length; c++) {
            if (keys[c].equals(key)) {
                return c + 1;
            }
        }
        return 0;
    }

    private static boolean sanitiserDisabled(RowlessResultSet rs) throws SQLException {
        // Through the driver's statement: asking the connection itself fails once it is closed,
        // when pgjdbc's result still answers.
        return rs.owner().unwrap(PgStatement.class).getPGConnection().isColumnSanitiserDisabled();
    }

    /** What pgjdbc's getters do before reading the row: check that the result is open, then the row. */
    private SQLException value(RowlessResultSet rs) throws SQLException {
        checkOpen(rs);
        return noCurrentRow();
    }

    @Override
    public SQLException read(RowlessResultSet rs, Read kind, String method, int column, Object argument)
            throws SQLException {
        switch (kind) {
            case REF:
            case URL:
                checkOpen(rs);
                return notSupported(method + "(int)");
            case ROW_ID:
            case NCLOB:
            case NSTRING:
            case NCHARACTER_STREAM:
                return notSupported(method + "(int)");
            case OBJECT_WITH_MAP:
                checkOpen(rs);
                Map<?, ?> map = (Map<?, ?>) argument;
                return map == null || map.isEmpty() ? value(rs) : notSupported("getObjectImpl(int,Map)");
            case OBJECT_AS_TYPE:
                return objectAsType(rs, column, (Class<?>) argument);
            default:
                return value(rs);
        }
    }

    @Override
    public SQLException read(RowlessResultSet rs, Read kind, String method, String label, Object argument)
            throws SQLException {
        return read(rs, kind, method, findColumn(rs, label), argument);
    }

    /** {@code PgResultSet.getObject(int, Class)}: the conversions it supports per SQL type. */
    private SQLException objectAsType(RowlessResultSet rs, int column, Class<?> type) throws SQLException {
        if (type == null) {
            return new SQLException("type is null");
        }
        int columns = rs.metaData.getColumnCount();
        if (column < 1 || column > columns) {
            // pgjdbc reads its array of fields at column - 1 unchecked
            throw new ArrayIndexOutOfBoundsException("Index " + (column - 1) + " out of bounds for length " + columns);
        }
        int sqlType = rs.metaData.getColumnType(column);
        boolean converts;
        if (type == BigDecimal.class) {
            converts = sqlType == Types.NUMERIC || sqlType == Types.DECIMAL;
        } else if (type == String.class) {
            converts = sqlType == Types.CHAR || sqlType == Types.VARCHAR;
        } else if (type == Boolean.class) {
            converts = sqlType == Types.BOOLEAN || sqlType == Types.BIT;
        } else if (type == Short.class) {
            converts = sqlType == Types.SMALLINT;
        } else if (type == Integer.class) {
            converts = sqlType == Types.INTEGER || sqlType == Types.SMALLINT;
        } else if (type == Long.class || type == BigInteger.class) {
            converts = sqlType == Types.BIGINT;
        } else if (type == Float.class) {
            converts = sqlType == Types.REAL;
        } else if (type == Double.class) {
            converts = sqlType == Types.FLOAT || sqlType == Types.DOUBLE;
        } else if (type == java.sql.Date.class) {
            converts = sqlType == Types.DATE;
        } else if (type == Time.class) {
            converts = sqlType == Types.TIME;
        } else if (type == Timestamp.class || type == Calendar.class) {
            converts = sqlType == Types.TIMESTAMP || sqlType == Types.TIMESTAMP_WITH_TIMEZONE;
        } else if (type == Blob.class) {
            converts = sqlType == Types.BLOB || sqlType == Types.BINARY || sqlType == Types.BIGINT;
        } else if (type == Clob.class) {
            converts = sqlType == Types.CLOB || sqlType == Types.BIGINT;
        } else if (type == byte[].class) {
            converts = sqlType == Types.BINARY || sqlType == Types.VARBINARY || sqlType == Types.LONGVARBINARY;
        } else if (type == java.util.Date.class) {
            converts = sqlType == Types.TIMESTAMP;
        } else if (type == Array.class) {
            converts = sqlType == Types.ARRAY;
        } else if (type == SQLXML.class) {
            converts = sqlType == Types.SQLXML;
        } else {
            // These read the value, whatever the column's type. (A PGobject of a column that
            // pgjdbc received in binary would fail otherwise; the answer's columns are read as text.)
            converts = type == UUID.class || type == InetAddress.class || type == LocalDate.class
                    || type == LocalTime.class || type == LocalDateTime.class || type == OffsetDateTime.class
                    || type == OffsetTime.class || PGobject.class.isAssignableFrom(type);
        }
        if (converts) {
            return value(rs);
        }
        return new PSQLException(GT.tr("conversion to {0} from {1} not supported", type,
                rs.metaData.getColumnTypeName(column)), PSQLState.INVALID_PARAMETER_VALUE);
    }

    /** pgjdbc's updateValue: the result is read-only, whatever the column. */
    private SQLException updatable(RowlessResultSet rs) throws SQLException {
        checkOpen(rs);
        return readOnly();
    }

    // pgjdbc reads a sized stream before it finds the result read-only; the answer does not, and
    // fails the same way without reading it.

    @Override
    public SQLException write(RowlessResultSet rs, Write kind, String method, int column, Object value, int length)
            throws SQLException {
        switch (kind) {
            case VALUE:
                return updatable(rs);
            case SIZED_STREAM:
                if (value != null) {
                    if (length < 0) {
                        throw new NegativeArraySizeException(String.valueOf(length)); // pgjdbc's buffer
                    }
                    return updatable(rs);
                }
                // a null stream is updateNull(column)
                checkColumn(rs, column);
                return updatable(rs);
            case NULL:
                checkColumn(rs, column);
                return updatable(rs);
            default:
                return notSupported(method);
        }
    }

    @Override
    public SQLException write(RowlessResultSet rs, Write kind, String method, String label, Object value,
            int length) throws SQLException {
        switch (kind) {
            case REF:
            case BLOB:
            case CLOB:
            case OBJECT_AS_SQL_TYPE:
                return notSupported(method); // not implemented before the label is looked up
            default:
                return write(rs, kind, method, findColumn(rs, label), value, length);
        }
    }

    // ------------------------------------------------------------------ rows and properties

    @Override
    public void changeRow(RowlessResultSet rs, RowChange change) throws SQLException {
        checkOpen(rs);
        if (change != RowChange.CANCEL_UPDATES) {
            throw readOnly(); // refreshRow too: pgjdbc checks that the result is updatable first
        }
    }

    @Override
    public int holdability(RowlessResultSet rs) throws SQLException {
        throw notSupported("getHoldability()");
    }

    @Override
    public String cursorName(RowlessResultSet rs) throws SQLException {
        checkOpen(rs);
        return null;
    }

    @Override
    public int fetchSize(RowlessResultSet rs) throws SQLException {
        checkOpen(rs);
        // With adaptive fetch, pgjdbc reports the rows of its last fetch: none.
        return rs.owner().unwrap(PgStatement.class).getAdaptiveFetch() ? 0 : rs.fetchSize;
    }

    @Override
    public void setFetchSize(RowlessResultSet rs, int rows) throws SQLException {
        checkOpen(rs);
        if (rows < 0) {
            throw new PSQLException(GT.tr("Fetch size must be a value greater than or equal to 0."),
                    PSQLState.INVALID_PARAMETER_VALUE);
        }
        rs.fetchSize = rows;
    }

    @Override
    public void setFetchDirection(RowlessResultSet rs, int direction) throws SQLException {
        checkOpen(rs);
        switch (direction) {
            case ResultSet.FETCH_FORWARD:
                return;
            case ResultSet.FETCH_REVERSE:
            case ResultSet.FETCH_UNKNOWN:
                throw forwardOnly();
            default:
                throw new PSQLException(GT.tr("Invalid fetch direction constant: {0}.", direction),
                        PSQLState.INVALID_PARAMETER_VALUE);
        }
    }

    @Override
    public <T> T unwrap(RowlessResultSet rs, Class<T> iface) throws SQLException {
        if (iface.isAssignableFrom(rs.getClass())) {
            return iface.cast(rs);
        }
        throw new SQLException("Cannot unwrap to " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(RowlessResultSet rs, Class<?> iface) {
        return iface.isAssignableFrom(rs.getClass());
    }
}
