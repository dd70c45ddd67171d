package io.bloomgate.jdbc;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;

/**
 * The answer for a lookup whose keys the filter rules out and whose database answer on empty input
 * is one row ({@code COUNT(*)}, {@code EXISTS(...)}, ...): that row, replayed from {@link
 * CapturedRow}, with every behaviour that does not concern the row (metadata, close, fetch size,
 * warnings, errors past the row) taken from the empty answer it wraps.
 */
final class RowAnswer extends ForwardingResultSet {

    private static final int BEFORE = 0;
    private static final int ON = 1;
    private static final int AFTER = 2;

    private final CapturedRow row;
    private int position = BEFORE;
    private boolean wasNull;

    RowAnswer(EmptyResultSet empty, CapturedRow row) {
        super(empty);
        this.row = row;
    }

    private boolean onRow() throws SQLException {
        if (delegate.isClosed()) {
            return false; // the empty answer throws the driver's "closed" error
        }
        return position == ON;
    }

    private Object replay(int column, String getter) throws SQLException {
        if (column < 1 || column > row.columnCount()) {
            return delegate.getObject(column); // the driver's error for a bad index
        }
        CapturedRow.Outcome o = row.outcome(column, getter);
        wasNull = o.wasNull();
        return o.get();
    }

    @Override
    public boolean next() throws SQLException {
        boolean more = delegate.next(); // the driver's error once closed
        if (position == BEFORE && row.hasRow()) {
            position = ON;
            return true;
        }
        position = AFTER;
        return more;
    }

    @Override
    public boolean wasNull() throws SQLException {
        if (position == BEFORE) {
            return delegate.wasNull(); // false before any read (the driver's error once closed)
        }
        if (delegate.isClosed()) {
            delegate.wasNull(); // the driver's error once closed, where it has one (H2, pgjdbc)
        }
        // On the row and past it: the last value read (H2 and pgjdbc keep it after the end, MariaDB
        // Connector/J after close too).
        return wasNull;
    }

    @Override
    public boolean isBeforeFirst() throws SQLException {
        return row.hasRow() && !delegate.isClosed() ? position == BEFORE : delegate.isBeforeFirst();
    }

    @Override
    public boolean isAfterLast() throws SQLException {
        return row.hasRow() && !delegate.isClosed() ? position == AFTER : delegate.isAfterLast();
    }

    @Override
    public boolean isFirst() throws SQLException {
        return onRow() || delegate.isFirst();
    }

    @Override
    public boolean isLast() throws SQLException {
        return onRow() || delegate.isLast();
    }

    @Override
    public int getRow() throws SQLException {
        return onRow() ? 1 : delegate.getRow();
    }

    @Override
    public Object getObject(int column) throws SQLException {
        if (!onRow()) {
            return delegate.getObject(column);
        }
        return (Object) replay(column, "getObject");
    }

    @Override
    public Object getObject(String label) throws SQLException {
        return getObject(findColumn(label));
    }

    @Override
    public String getString(int column) throws SQLException {
        if (!onRow()) {
            return delegate.getString(column);
        }
        return (String) replay(column, "getString");
    }

    @Override
    public String getString(String label) throws SQLException {
        return getString(findColumn(label));
    }

    @Override
    public String getNString(int column) throws SQLException {
        if (!onRow()) {
            return delegate.getNString(column);
        }
        return (String) replay(column, "getNString");
    }

    @Override
    public String getNString(String label) throws SQLException {
        return getNString(findColumn(label));
    }

    @Override
    public boolean getBoolean(int column) throws SQLException {
        if (!onRow()) {
            return delegate.getBoolean(column);
        }
        return (Boolean) replay(column, "getBoolean");
    }

    @Override
    public boolean getBoolean(String label) throws SQLException {
        return getBoolean(findColumn(label));
    }

    @Override
    public byte getByte(int column) throws SQLException {
        if (!onRow()) {
            return delegate.getByte(column);
        }
        return (Byte) replay(column, "getByte");
    }

    @Override
    public byte getByte(String label) throws SQLException {
        return getByte(findColumn(label));
    }

    @Override
    public short getShort(int column) throws SQLException {
        if (!onRow()) {
            return delegate.getShort(column);
        }
        return (Short) replay(column, "getShort");
    }

    @Override
    public short getShort(String label) throws SQLException {
        return getShort(findColumn(label));
    }

    @Override
    public int getInt(int column) throws SQLException {
        if (!onRow()) {
            return delegate.getInt(column);
        }
        return (Integer) replay(column, "getInt");
    }

    @Override
    public int getInt(String label) throws SQLException {
        return getInt(findColumn(label));
    }

    @Override
    public long getLong(int column) throws SQLException {
        if (!onRow()) {
            return delegate.getLong(column);
        }
        return (Long) replay(column, "getLong");
    }

    @Override
    public long getLong(String label) throws SQLException {
        return getLong(findColumn(label));
    }

    @Override
    public float getFloat(int column) throws SQLException {
        if (!onRow()) {
            return delegate.getFloat(column);
        }
        return (Float) replay(column, "getFloat");
    }

    @Override
    public float getFloat(String label) throws SQLException {
        return getFloat(findColumn(label));
    }

    @Override
    public double getDouble(int column) throws SQLException {
        if (!onRow()) {
            return delegate.getDouble(column);
        }
        return (Double) replay(column, "getDouble");
    }

    @Override
    public double getDouble(String label) throws SQLException {
        return getDouble(findColumn(label));
    }

    @Override
    public java.math.BigDecimal getBigDecimal(int column) throws SQLException {
        if (!onRow()) {
            return delegate.getBigDecimal(column);
        }
        return (java.math.BigDecimal) replay(column, "getBigDecimal");
    }

    @Override
    public java.math.BigDecimal getBigDecimal(String label) throws SQLException {
        return getBigDecimal(findColumn(label));
    }

    @Override
    public byte[] getBytes(int column) throws SQLException {
        if (!onRow()) {
            return delegate.getBytes(column);
        }
        return (byte[]) replay(column, "getBytes");
    }

    @Override
    public byte[] getBytes(String label) throws SQLException {
        return getBytes(findColumn(label));
    }

    @Override
    public java.sql.Date getDate(int column) throws SQLException {
        if (!onRow()) {
            return delegate.getDate(column);
        }
        return (java.sql.Date) replay(column, "getDate");
    }

    @Override
    public java.sql.Date getDate(String label) throws SQLException {
        return getDate(findColumn(label));
    }

    @Override
    public java.sql.Time getTime(int column) throws SQLException {
        if (!onRow()) {
            return delegate.getTime(column);
        }
        return (java.sql.Time) replay(column, "getTime");
    }

    @Override
    public java.sql.Time getTime(String label) throws SQLException {
        return getTime(findColumn(label));
    }

    @Override
    public java.sql.Timestamp getTimestamp(int column) throws SQLException {
        if (!onRow()) {
            return delegate.getTimestamp(column);
        }
        return (java.sql.Timestamp) replay(column, "getTimestamp");
    }

    @Override
    public java.sql.Timestamp getTimestamp(String label) throws SQLException {
        return getTimestamp(findColumn(label));
    }
    @Override
    @SuppressWarnings("unchecked")
    public <T> T getObject(int column, Class<T> type) throws SQLException {
        if (!onRow()) {
            return delegate.getObject(column, type);
        }
        if (type != null && CapturedRow.OBJECT_CLASSES.contains(type)) {
            return (T) replay(column, type.getName());
        }
        Object value = replay(column, "getObject");
        if (value == null || type == null || type.isInstance(value)) {
            return (T) value;
        }
        throw new SQLFeatureNotSupportedException("Conversion of an answer from the filter to " + type.getName()
                + " is not available; the gate kept the driver's conversions to " + CapturedRow.OBJECT_CLASSES, "0A000");
    }

    @Override
    public <T> T getObject(String label, Class<T> type) throws SQLException {
        return getObject(findColumn(label), type);
    }

    @Override
    public Object getObject(int column, java.util.Map<String, Class<?>> map) throws SQLException {
        if (!onRow()) {
            return delegate.getObject(column, map);
        }
        return map == null || map.isEmpty() ? getObject(column) : unavailable(column, "getObject(int, Map)");
    }

    @Override
    public Object getObject(String label, java.util.Map<String, Class<?>> map) throws SQLException {
        return getObject(findColumn(label), map);
    }

    @Override
    public BigDecimal getBigDecimal(int column, int scale) throws SQLException {
        if (!onRow()) {
            return delegate.getBigDecimal(column, scale);
        }
        BigDecimal d = getBigDecimal(column);
        return d == null ? null : d.setScale(scale, RoundingMode.HALF_UP);
    }

    @Override
    public BigDecimal getBigDecimal(String label, int scale) throws SQLException {
        return getBigDecimal(findColumn(label), scale);
    }

    @Override
    public Reader getCharacterStream(int column) throws SQLException {
        if (!onRow()) {
            return delegate.getCharacterStream(column);
        }
        String s = getString(column);
        return s == null ? null : new StringReader(s);
    }

    @Override
    public Reader getCharacterStream(String label) throws SQLException {
        return getCharacterStream(findColumn(label));
    }

    @Override
    public Reader getNCharacterStream(int column) throws SQLException {
        return onRow() ? getCharacterStream(column) : delegate.getNCharacterStream(column);
    }

    @Override
    public Reader getNCharacterStream(String label) throws SQLException {
        return getNCharacterStream(findColumn(label));
    }

    @Override
    public InputStream getAsciiStream(int column) throws SQLException {
        if (!onRow()) {
            return delegate.getAsciiStream(column);
        }
        String s = getString(column);
        return s == null ? null : new ByteArrayInputStream(s.getBytes(StandardCharsets.US_ASCII));
    }

    @Override
    public InputStream getAsciiStream(String label) throws SQLException {
        return getAsciiStream(findColumn(label));
    }

    @Override
    public InputStream getBinaryStream(int column) throws SQLException {
        if (!onRow()) {
            return delegate.getBinaryStream(column);
        }
        byte[] b = getBytes(column);
        return b == null ? null : new ByteArrayInputStream(b);
    }

    @Override
    public InputStream getBinaryStream(String label) throws SQLException {
        return getBinaryStream(findColumn(label));
    }

    @Override
    public java.sql.Date getDate(int column, java.util.Calendar cal) throws SQLException {
        return onRow() ? nullOr(column, "getDate(int, Calendar)") : delegate.getDate(column, cal);
    }

    @Override
    public java.sql.Date getDate(String label, java.util.Calendar cal) throws SQLException {
        return getDate(findColumn(label), cal);
    }

    @Override
    public java.sql.Time getTime(int column, java.util.Calendar cal) throws SQLException {
        return onRow() ? nullOr(column, "getTime(int, Calendar)") : delegate.getTime(column, cal);
    }

    @Override
    public java.sql.Time getTime(String label, java.util.Calendar cal) throws SQLException {
        return getTime(findColumn(label), cal);
    }

    @Override
    public java.sql.Timestamp getTimestamp(int column, java.util.Calendar cal) throws SQLException {
        return onRow() ? nullOr(column, "getTimestamp(int, Calendar)") : delegate.getTimestamp(column, cal);
    }

    @Override
    public java.sql.Timestamp getTimestamp(String label, java.util.Calendar cal) throws SQLException {
        return getTimestamp(findColumn(label), cal);
    }

    /** A SQL NULL converts to null whatever the getter; other values only as the driver's getters kept them. */
    private <T> T nullOr(int column, String getter) throws SQLException {
        Object value = replay(column, "getObject");
        if (value == null) {
            return null;
        }
        return unavailable(column, getter);
    }

    private <T> T unavailable(int column, String getter) throws SQLException {
        throw new SQLFeatureNotSupportedException(getter + " on column " + column + " of an answer from the filter"
                + " is not available: use getObject or a typed getter", "0A000");
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        return iface.isInstance(this) ? iface.cast(this) : delegate.unwrap(iface);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) throws SQLException {
        return iface.isInstance(this) || delegate.isWrapperFor(iface);
    }

    @Override
    public String toString() {
        return "bloomgate answer (the database's row on empty input)";
    }
}
