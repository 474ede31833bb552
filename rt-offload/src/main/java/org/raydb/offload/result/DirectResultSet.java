package org.raydb.offload.result;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.util.Calendar;
import java.util.List;

/**
 * A forward-only, read-only result set over rows already in memory that answers every {@link ResultSet} call the
 * way {@code org.duckdb.DuckDBResultSet} (duckdb_jdbc 2.0.0.1) answers it for the same statement: same values and
 * classes, same exceptions (class, SQLState, vendor code, message), on rows, before the first, after the last and
 * once closed. {@code DirectResultSetParityTest} holds it to that, method by method, against DuckDB itself.
 *
 * <p>Each row holds per column exactly what DuckDB's {@code getObject} returns for that column's type, or null; the
 * list is read, not copied. The metadata is DuckDB's own for the statement. Only the column types of
 * {@link #supports} occur. DuckDB quirks kept: {@code getFloat}/{@code getDouble} give NaN for SQL NULL; labels match
 * ignoring case, the first match wins; {@code getDate/getTime/getTimestamp} parse string columns and fail on numeric
 * ones with the NullPointerException DuckDB's absent string data raises; {@code getObject(i, Object.class)} is
 * refused; {@code getDate} and {@code getObject(i, LocalDate.class)} go through {@link java.sql.Date}, so BC years
 * lose their era and days in the 1582 calendar gap shift by ten.
 * {@link #getStatement()} gives null: the driver's wrapper owns the statement.
 */
public final class DirectResultSet extends DirectUnsupported {

    /** DuckDB's vector size, what its {@code getFetchSize()} reports. */
    private static final int DUCKDB_FETCH_SIZE = 2048;

    private final ResultSetMetaData metadata;
    private final DirectColumnType[] types;
    private final String[] labels;
    private final List<Object[]> rows;
    /** 0 before the first row, rows.size() + 1 once next() has run past the last. */
    private int position;

    private Object[] row;
    private boolean wasNull;
    private boolean closed;

    /**
     * What a result set needs of a statement's metadata, read once per statement: each column's type and label.
     */
    public record Columns(ResultSetMetaData metadata, DirectColumnType[] types, String[] labels) {

        /** The columns of {@code metadata}; null when one has a type not served here. */
        public static Columns of(ResultSetMetaData metadata) throws SQLException {
            int columns = metadata.getColumnCount();
            DirectColumnType[] types = new DirectColumnType[columns];
            String[] labels = new String[columns];
            for (int i = 0; i < columns; i++) {
                types[i] = DirectColumnType.of(metadata.getColumnTypeName(i + 1));
                if (types[i] == null) return null;
                labels[i] = metadata.getColumnLabel(i + 1);
            }
            return new Columns(metadata, types, labels);
        }
    }

    public DirectResultSet(ResultSetMetaData metadata, List<Object[]> rows) throws SQLException {
        this(supported(metadata), rows);
    }

    public DirectResultSet(Columns columns, List<Object[]> rows) {
        this.metadata = columns.metadata();
        this.types = columns.types();
        this.labels = columns.labels();
        this.rows = rows;
    }

    private static Columns supported(ResultSetMetaData metadata) throws SQLException {
        Columns columns = Columns.of(metadata);
        if (columns == null) {
            throw new IllegalArgumentException("DirectResultSet does not support every column type of " + metadata);
        }
        return columns;
    }

    /** Whether a column of this DuckDB type name (as its metadata spells it, e.g. DECIMAL(18,2)) can be served. */
    public static boolean supports(String duckdbTypeName) {
        return DirectColumnType.of(duckdbTypeName) != null;
    }

    // ---- cursor and state

    @Override
    public boolean next() throws SQLException {
        checkOpen();
        if (position > rows.size()) {
            return false;
        }
        position++;
        row = position <= rows.size() ? rows.get(position - 1) : null;
        return row != null;
    }

    @Override
    public void close() {
        closed = true;
        row = null;
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public boolean wasNull() throws SQLException {
        checkOpen();
        return wasNull;
    }

    @Override
    public Statement getStatement() throws SQLException {
        checkOpen();
        return null;
    }

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        checkOpen();
        return metadata;
    }

    @Override
    public int findColumn(String label) throws SQLException {
        checkOpen();
        for (int i = 0; i < labels.length; i++) {
            if (labels[i].equalsIgnoreCase(label)) {
                return i + 1;
            }
        }
        throw DirectErrors.unknownLabel(label);
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        checkOpen();
        if (direction != ResultSet.FETCH_FORWARD && direction != ResultSet.FETCH_UNKNOWN) {
            throw unsupported("setFetchDirection");
        }
    }

    @Override
    public int getFetchDirection() throws SQLException {
        checkOpen();
        return ResultSet.FETCH_FORWARD;
    }

    @Override
    public void setFetchSize(int rows) throws SQLException {
        checkOpen();
        if (rows < 0) {
            throw DirectErrors.badFetchSize();
        }
    }

    @Override
    public int getFetchSize() throws SQLException {
        checkOpen();
        return DUCKDB_FETCH_SIZE;
    }

    @Override
    public int getType() throws SQLException {
        checkOpen();
        return ResultSet.TYPE_FORWARD_ONLY;
    }

    @Override
    public int getConcurrency() throws SQLException {
        checkOpen();
        return ResultSet.CONCUR_READ_ONLY;
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (!iface.isInstance(this)) {
            throw DirectErrors.notUnwrappable(iface);
        }
        return iface.cast(this);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }

    private void checkOpen() throws SQLException {
        if (closed) {
            throw DirectErrors.closed();
        }
    }

    /** The column's value on the current row (null for SQL NULL), checked in DuckDB's order; sets wasNull. */
    private Object value(int column) throws SQLException {
        checkOpen();
        if (column < 1 || column > types.length) {
            throw DirectErrors.columnOutOfBounds();
        }
        if (row == null) {
            throw DirectErrors.noRow();
        }
        Object value = row[column - 1];
        wasNull = value == null;
        return value;
    }

    private DirectColumnType type(int column) {
        return types[column - 1];
    }

    /**
     * DuckDB parses date and time values of other columns from the vector's string data, which only string columns
     * have; for any other column it dereferences the absent array.
     */
    private String stringData(int column, Object value) {
        if (type(column) != DirectColumnType.VARCHAR) {
            throw new NullPointerException("DuckDB holds no string data for a " + type(column) + " column");
        }
        return (String) value;
    }

    // ---- getters by index

    @Override
    public Object getObject(int column) throws SQLException {
        return value(column);
    }

    @Override
    public String getString(int column) throws SQLException {
        Object value = value(column);
        // The same digits: BigInteger's toString divides even where the value fits a long (a HUGEINT sum).
        if (value instanceof BigInteger b && b.bitLength() < 64) return Long.toString(b.longValue());
        return value == null ? null : value.toString();
    }

    @Override
    public boolean getBoolean(int column) throws SQLException {
        Object value = value(column);
        if (value == null) {
            return false;
        }
        if (value instanceof Boolean b) {
            return b;
        }
        if (value instanceof Number n) {
            return n.byteValue() == 1;
        }
        return Boolean.parseBoolean(value.toString());
    }

    @Override
    public byte getByte(int column) throws SQLException {
        Object value = value(column);
        if (value == null) {
            return 0;
        }
        return value instanceof Number n ? n.byteValue() : Byte.parseByte(value.toString());
    }

    @Override
    public short getShort(int column) throws SQLException {
        Object value = value(column);
        if (value == null) {
            return 0;
        }
        return value instanceof Number n ? n.shortValue() : Short.parseShort(value.toString());
    }

    @Override
    public int getInt(int column) throws SQLException {
        Object value = value(column);
        if (value == null) {
            return 0;
        }
        return value instanceof Number n ? n.intValue() : Integer.parseInt(value.toString());
    }

    @Override
    public long getLong(int column) throws SQLException {
        Object value = value(column);
        if (value == null) {
            return 0;
        }
        return value instanceof Number n ? n.longValue() : Long.parseLong(value.toString());
    }

    @Override
    public float getFloat(int column) throws SQLException {
        Object value = value(column);
        if (value == null) {
            return Float.NaN;
        }
        return value instanceof Number n ? n.floatValue() : Float.parseFloat(value.toString());
    }

    @Override
    public double getDouble(int column) throws SQLException {
        Object value = value(column);
        if (value == null) {
            return Double.NaN;
        }
        return value instanceof Number n ? n.doubleValue() : Double.parseDouble(value.toString());
    }

    @Override
    public BigDecimal getBigDecimal(int column) throws SQLException {
        Object value = value(column);
        if (value == null) {
            return null;
        }
        return value instanceof BigDecimal d ? d : new BigDecimal(value.toString());
    }

    @Override
    public byte[] getBytes(int column) throws SQLException {
        return value(column) == null ? null : failUnsupported("getBytes");
    }

    @Override
    public Blob getBlob(int column) throws SQLException {
        return value(column) == null ? null : failUnsupported("getBlob");
    }

    @Override
    public Array getArray(int column) throws SQLException {
        return value(column) == null ? null : failUnsupported("getArray");
    }

    private static <T> T failUnsupported(String method) throws SQLException {
        throw unsupported(method);
    }

    @Override
    public Date getDate(int column) throws SQLException {
        Object value = value(column);
        if (value == null) {
            return null;
        }
        return value instanceof LocalDate d ? Date.valueOf(d) : Date.valueOf(stringData(column, value));
    }

    @Override
    public Date getDate(int column, Calendar calendar) throws SQLException {
        return getDate(column);
    }

    @Override
    public Time getTime(int column) throws SQLException {
        Object value = value(column);
        return value == null ? null : Time.valueOf(stringData(column, value));
    }

    @Override
    public Time getTime(int column, Calendar calendar) throws SQLException {
        return getTime(column);
    }

    @Override
    public Timestamp getTimestamp(int column) throws SQLException {
        Object value = value(column);
        if (value == null) {
            return null;
        }
        if (value instanceof LocalDate d) {
            return Timestamp.valueOf(d.atStartOfDay());
        }
        return Timestamp.valueOf(stringData(column, value));
    }

    @Override
    public Timestamp getTimestamp(int column, Calendar calendar) throws SQLException {
        return getTimestamp(column);
    }

    @Override
    public <T> T getObject(int column, Class<T> type) throws SQLException {
        checkOpen();
        if (type == null) {
            throw DirectErrors.nullType();
        }
        Object value = value(column);
        if (value == null) {
            return null;
        }
        return type.cast(DirectConversions.convert(type(column), value, type));
    }

    // ---- getters by label: DuckDB resolves the label first, so an unknown label wins over a missing row

    @Override
    public Object getObject(String label) throws SQLException {
        return getObject(findColumn(label));
    }

    @Override
    public String getString(String label) throws SQLException {
        return getString(findColumn(label));
    }

    @Override
    public boolean getBoolean(String label) throws SQLException {
        return getBoolean(findColumn(label));
    }

    @Override
    public byte getByte(String label) throws SQLException {
        return getByte(findColumn(label));
    }

    @Override
    public short getShort(String label) throws SQLException {
        return getShort(findColumn(label));
    }

    @Override
    public int getInt(String label) throws SQLException {
        return getInt(findColumn(label));
    }

    @Override
    public long getLong(String label) throws SQLException {
        return getLong(findColumn(label));
    }

    @Override
    public float getFloat(String label) throws SQLException {
        return getFloat(findColumn(label));
    }

    @Override
    public double getDouble(String label) throws SQLException {
        return getDouble(findColumn(label));
    }

    @Override
    public BigDecimal getBigDecimal(String label) throws SQLException {
        return getBigDecimal(findColumn(label));
    }

    @Override
    public byte[] getBytes(String label) throws SQLException {
        return getBytes(findColumn(label));
    }

    @Override
    public Blob getBlob(String label) throws SQLException {
        return getBlob(findColumn(label));
    }

    @Override
    public Array getArray(String label) throws SQLException {
        return getArray(findColumn(label));
    }

    @Override
    public Date getDate(String label) throws SQLException {
        return getDate(findColumn(label));
    }

    @Override
    public Date getDate(String label, Calendar calendar) throws SQLException {
        return getDate(findColumn(label), calendar);
    }

    @Override
    public Time getTime(String label) throws SQLException {
        return getTime(findColumn(label));
    }

    @Override
    public Time getTime(String label, Calendar calendar) throws SQLException {
        return getTime(findColumn(label), calendar);
    }

    @Override
    public Timestamp getTimestamp(String label) throws SQLException {
        return getTimestamp(findColumn(label));
    }

    @Override
    public Timestamp getTimestamp(String label, Calendar calendar) throws SQLException {
        return getTimestamp(findColumn(label), calendar);
    }

    @Override
    public <T> T getObject(String label, Class<T> type) throws SQLException {
        if (type == null) {
            throw DirectErrors.nullType();
        }
        if (label == null || label.isEmpty()) {
            throw DirectErrors.nullLabel();
        }
        return getObject(findColumn(label), type);
    }
}
