package org.raydb.offload.result;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Map;

/**
 * The part of {@link DirectResultSet} that DuckDB's JDBC driver (2.0.0.1) does not support: scrolling, updates,
 * streams, LOB and exotic getters. Each throws {@link SQLFeatureNotSupportedException} named after the method,
 * without looking at the cursor state, exactly as {@code org.duckdb.DuckDBResultSet} does.
 */
abstract class DirectUnsupported implements ResultSet {

    static SQLFeatureNotSupportedException unsupported(String method) {
        return new SQLFeatureNotSupportedException(method);
    }

    // Cursor movement other than next() and cursor position queries.
    @Override
    public boolean isBeforeFirst() throws SQLException {
        throw unsupported("isBeforeFirst");
    }

    @Override
    public boolean isAfterLast() throws SQLException {
        throw unsupported("isAfterLast");
    }

    @Override
    public boolean isFirst() throws SQLException {
        throw unsupported("isFirst");
    }

    @Override
    public boolean isLast() throws SQLException {
        throw unsupported("isLast");
    }

    @Override
    public void beforeFirst() throws SQLException {
        throw unsupported("beforeFirst");
    }

    @Override
    public void afterLast() throws SQLException {
        throw unsupported("afterLast");
    }

    @Override
    public boolean first() throws SQLException {
        throw unsupported("first");
    }

    @Override
    public boolean last() throws SQLException {
        throw unsupported("last");
    }

    @Override
    public int getRow() throws SQLException {
        throw unsupported("getRow");
    }

    @Override
    public boolean absolute(int row) throws SQLException {
        throw unsupported("absolute");
    }

    @Override
    public boolean relative(int rows) throws SQLException {
        throw unsupported("relative");
    }

    @Override
    public boolean previous() throws SQLException {
        throw unsupported("previous");
    }

    @Override
    public int getHoldability() throws SQLException {
        throw unsupported("getHoldability");
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        throw unsupported("getWarnings");
    }

    @Override
    public void clearWarnings() throws SQLException {
        throw unsupported("clearWarnings");
    }

    @Override
    public String getCursorName() throws SQLException {
        throw unsupported("getCursorName");
    }

    // Row changes.
    @Override
    public boolean rowUpdated() throws SQLException {
        throw unsupported("rowUpdated");
    }

    @Override
    public boolean rowInserted() throws SQLException {
        throw unsupported("rowInserted");
    }

    @Override
    public boolean rowDeleted() throws SQLException {
        throw unsupported("rowDeleted");
    }

    @Override
    public void insertRow() throws SQLException {
        throw unsupported("insertRow");
    }

    @Override
    public void deleteRow() throws SQLException {
        throw unsupported("deleteRow");
    }

    @Override
    public void refreshRow() throws SQLException {
        throw unsupported("refreshRow");
    }

    @Override
    public void cancelRowUpdates() throws SQLException {
        throw unsupported("cancelRowUpdates");
    }

    @Override
    public void moveToInsertRow() throws SQLException {
        throw unsupported("moveToInsertRow");
    }

    @Override
    public void moveToCurrentRow() throws SQLException {
        throw unsupported("moveToCurrentRow");
    }

    // Getters DuckDB rejects whatever the column, by index and by label (so also on a closed result set).
    @Deprecated
    @Override
    public BigDecimal getBigDecimal(int column, int scale) throws SQLException {
        throw unsupported("getBigDecimal");
    }

    @Deprecated
    @Override
    public BigDecimal getBigDecimal(String label, int scale) throws SQLException {
        throw unsupported("getBigDecimal");
    }

    @Override
    public InputStream getAsciiStream(int column) throws SQLException {
        throw unsupported("getAsciiStream");
    }

    @Override
    public InputStream getAsciiStream(String label) throws SQLException {
        throw unsupported("getAsciiStream");
    }

    @Deprecated
    @Override
    public InputStream getUnicodeStream(int column) throws SQLException {
        throw unsupported("getUnicodeStream");
    }

    @Deprecated
    @Override
    public InputStream getUnicodeStream(String label) throws SQLException {
        throw unsupported("getUnicodeStream");
    }

    @Override
    public InputStream getBinaryStream(int column) throws SQLException {
        throw unsupported("getBinaryStream");
    }

    @Override
    public InputStream getBinaryStream(String label) throws SQLException {
        throw unsupported("getBinaryStream");
    }

    @Override
    public Reader getCharacterStream(int column) throws SQLException {
        throw unsupported("getCharacterStream");
    }

    @Override
    public Reader getCharacterStream(String label) throws SQLException {
        throw unsupported("getCharacterStream");
    }

    @Override
    public Reader getNCharacterStream(int column) throws SQLException {
        throw unsupported("getNCharacterStream");
    }

    @Override
    public Reader getNCharacterStream(String label) throws SQLException {
        throw unsupported("getNCharacterStream");
    }

    @Override
    public Object getObject(int column, Map<String, Class<?>> map) throws SQLException {
        throw unsupported("getObject");
    }

    @Override
    public Object getObject(String label, Map<String, Class<?>> map) throws SQLException {
        throw unsupported("getObject");
    }

    @Override
    public Ref getRef(int column) throws SQLException {
        throw unsupported("getRef");
    }

    @Override
    public Ref getRef(String label) throws SQLException {
        throw unsupported("getRef");
    }

    @Override
    public Clob getClob(int column) throws SQLException {
        throw unsupported("getClob");
    }

    @Override
    public Clob getClob(String label) throws SQLException {
        throw unsupported("getClob");
    }

    @Override
    public NClob getNClob(int column) throws SQLException {
        throw unsupported("getNClob");
    }

    @Override
    public NClob getNClob(String label) throws SQLException {
        throw unsupported("getNClob");
    }

    @Override
    public URL getURL(int column) throws SQLException {
        throw unsupported("getURL");
    }

    @Override
    public URL getURL(String label) throws SQLException {
        throw unsupported("getURL");
    }

    @Override
    public RowId getRowId(int column) throws SQLException {
        throw unsupported("getRowId");
    }

    @Override
    public RowId getRowId(String label) throws SQLException {
        throw unsupported("getRowId");
    }

    @Override
    public SQLXML getSQLXML(int column) throws SQLException {
        throw unsupported("getSQLXML");
    }

    @Override
    public SQLXML getSQLXML(String label) throws SQLException {
        throw unsupported("getSQLXML");
    }

    @Override
    public String getNString(int column) throws SQLException {
        throw unsupported("getNString");
    }

    @Override
    public String getNString(String label) throws SQLException {
        throw unsupported("getNString");
    }

    // Updates.
    @Override
    public void updateNull(int column) throws SQLException {
        throw unsupported("updateNull");
    }

    @Override
    public void updateBoolean(int column, boolean x) throws SQLException {
        throw unsupported("updateBoolean");
    }

    @Override
    public void updateByte(int column, byte x) throws SQLException {
        throw unsupported("updateByte");
    }

    @Override
    public void updateShort(int column, short x) throws SQLException {
        throw unsupported("updateShort");
    }

    @Override
    public void updateInt(int column, int x) throws SQLException {
        throw unsupported("updateInt");
    }

    @Override
    public void updateLong(int column, long x) throws SQLException {
        throw unsupported("updateLong");
    }

    @Override
    public void updateFloat(int column, float x) throws SQLException {
        throw unsupported("updateFloat");
    }

    @Override
    public void updateDouble(int column, double x) throws SQLException {
        throw unsupported("updateDouble");
    }

    @Override
    public void updateBigDecimal(int column, BigDecimal x) throws SQLException {
        throw unsupported("updateBigDecimal");
    }

    @Override
    public void updateString(int column, String x) throws SQLException {
        throw unsupported("updateString");
    }

    @Override
    public void updateBytes(int column, byte[] x) throws SQLException {
        throw unsupported("updateBytes");
    }

    @Override
    public void updateDate(int column, Date x) throws SQLException {
        throw unsupported("updateDate");
    }

    @Override
    public void updateTime(int column, Time x) throws SQLException {
        throw unsupported("updateTime");
    }

    @Override
    public void updateTimestamp(int column, Timestamp x) throws SQLException {
        throw unsupported("updateTimestamp");
    }

    @Override
    public void updateAsciiStream(int column, InputStream x, int y) throws SQLException {
        throw unsupported("updateAsciiStream");
    }

    @Override
    public void updateBinaryStream(int column, InputStream x, int y) throws SQLException {
        throw unsupported("updateBinaryStream");
    }

    @Override
    public void updateCharacterStream(int column, Reader x, int y) throws SQLException {
        throw unsupported("updateCharacterStream");
    }

    @Override
    public void updateObject(int column, Object x, int y) throws SQLException {
        throw unsupported("updateObject");
    }

    @Override
    public void updateObject(int column, Object x) throws SQLException {
        throw unsupported("updateObject");
    }

    @Override
    public void updateNull(String label) throws SQLException {
        throw unsupported("updateNull");
    }

    @Override
    public void updateBoolean(String label, boolean x) throws SQLException {
        throw unsupported("updateBoolean");
    }

    @Override
    public void updateByte(String label, byte x) throws SQLException {
        throw unsupported("updateByte");
    }

    @Override
    public void updateShort(String label, short x) throws SQLException {
        throw unsupported("updateShort");
    }

    @Override
    public void updateInt(String label, int x) throws SQLException {
        throw unsupported("updateInt");
    }

    @Override
    public void updateLong(String label, long x) throws SQLException {
        throw unsupported("updateLong");
    }

    @Override
    public void updateFloat(String label, float x) throws SQLException {
        throw unsupported("updateFloat");
    }

    @Override
    public void updateDouble(String label, double x) throws SQLException {
        throw unsupported("updateDouble");
    }

    @Override
    public void updateBigDecimal(String label, BigDecimal x) throws SQLException {
        throw unsupported("updateBigDecimal");
    }

    @Override
    public void updateString(String label, String x) throws SQLException {
        throw unsupported("updateString");
    }

    @Override
    public void updateBytes(String label, byte[] x) throws SQLException {
        throw unsupported("updateBytes");
    }

    @Override
    public void updateDate(String label, Date x) throws SQLException {
        throw unsupported("updateDate");
    }

    @Override
    public void updateTime(String label, Time x) throws SQLException {
        throw unsupported("updateTime");
    }

    @Override
    public void updateTimestamp(String label, Timestamp x) throws SQLException {
        throw unsupported("updateTimestamp");
    }

    @Override
    public void updateAsciiStream(String label, InputStream x, int y) throws SQLException {
        throw unsupported("updateAsciiStream");
    }

    @Override
    public void updateBinaryStream(String label, InputStream x, int y) throws SQLException {
        throw unsupported("updateBinaryStream");
    }

    @Override
    public void updateCharacterStream(String label, Reader x, int y) throws SQLException {
        throw unsupported("updateCharacterStream");
    }

    @Override
    public void updateObject(String label, Object x, int y) throws SQLException {
        throw unsupported("updateObject");
    }

    @Override
    public void updateObject(String label, Object x) throws SQLException {
        throw unsupported("updateObject");
    }

    @Override
    public void updateRow() throws SQLException {
        throw unsupported("updateRow");
    }

    @Override
    public void updateRef(int column, Ref x) throws SQLException {
        throw unsupported("updateRef");
    }

    @Override
    public void updateRef(String label, Ref x) throws SQLException {
        throw unsupported("updateRef");
    }

    @Override
    public void updateBlob(int column, Blob x) throws SQLException {
        throw unsupported("updateBlob");
    }

    @Override
    public void updateBlob(String label, Blob x) throws SQLException {
        throw unsupported("updateBlob");
    }

    @Override
    public void updateClob(int column, Clob x) throws SQLException {
        throw unsupported("updateClob");
    }

    @Override
    public void updateClob(String label, Clob x) throws SQLException {
        throw unsupported("updateClob");
    }

    @Override
    public void updateArray(int column, Array x) throws SQLException {
        throw unsupported("updateArray");
    }

    @Override
    public void updateArray(String label, Array x) throws SQLException {
        throw unsupported("updateArray");
    }

    @Override
    public void updateRowId(int column, RowId x) throws SQLException {
        throw unsupported("updateRowId");
    }

    @Override
    public void updateRowId(String label, RowId x) throws SQLException {
        throw unsupported("updateRowId");
    }

    @Override
    public void updateNString(int column, String x) throws SQLException {
        throw unsupported("updateNString");
    }

    @Override
    public void updateNString(String label, String x) throws SQLException {
        throw unsupported("updateNString");
    }

    @Override
    public void updateNClob(int column, NClob x) throws SQLException {
        throw unsupported("updateNClob");
    }

    @Override
    public void updateNClob(String label, NClob x) throws SQLException {
        throw unsupported("updateNClob");
    }

    @Override
    public void updateSQLXML(int column, SQLXML x) throws SQLException {
        throw unsupported("updateSQLXML");
    }

    @Override
    public void updateSQLXML(String label, SQLXML x) throws SQLException {
        throw unsupported("updateSQLXML");
    }

    @Override
    public void updateNCharacterStream(int column, Reader x, long y) throws SQLException {
        throw unsupported("updateNCharacterStream");
    }

    @Override
    public void updateNCharacterStream(String label, Reader x, long y) throws SQLException {
        throw unsupported("updateNCharacterStream");
    }

    @Override
    public void updateAsciiStream(int column, InputStream x, long y) throws SQLException {
        throw unsupported("updateAsciiStream");
    }

    @Override
    public void updateBinaryStream(int column, InputStream x, long y) throws SQLException {
        throw unsupported("updateBinaryStream");
    }

    @Override
    public void updateCharacterStream(int column, Reader x, long y) throws SQLException {
        throw unsupported("updateCharacterStream");
    }

    @Override
    public void updateAsciiStream(String label, InputStream x, long y) throws SQLException {
        throw unsupported("updateAsciiStream");
    }

    @Override
    public void updateBinaryStream(String label, InputStream x, long y) throws SQLException {
        throw unsupported("updateBinaryStream");
    }

    @Override
    public void updateCharacterStream(String label, Reader x, long y) throws SQLException {
        throw unsupported("updateCharacterStream");
    }

    @Override
    public void updateBlob(int column, InputStream x, long y) throws SQLException {
        throw unsupported("updateBlob");
    }

    @Override
    public void updateBlob(String label, InputStream x, long y) throws SQLException {
        throw unsupported("updateBlob");
    }

    @Override
    public void updateClob(int column, Reader x, long y) throws SQLException {
        throw unsupported("updateClob");
    }

    @Override
    public void updateClob(String label, Reader x, long y) throws SQLException {
        throw unsupported("updateClob");
    }

    @Override
    public void updateNClob(int column, Reader x, long y) throws SQLException {
        throw unsupported("updateNClob");
    }

    @Override
    public void updateNClob(String label, Reader x, long y) throws SQLException {
        throw unsupported("updateNClob");
    }

    @Override
    public void updateNCharacterStream(int column, Reader x) throws SQLException {
        throw unsupported("updateNCharacterStream");
    }

    @Override
    public void updateNCharacterStream(String label, Reader x) throws SQLException {
        throw unsupported("updateNCharacterStream");
    }

    @Override
    public void updateAsciiStream(int column, InputStream x) throws SQLException {
        throw unsupported("updateAsciiStream");
    }

    @Override
    public void updateBinaryStream(int column, InputStream x) throws SQLException {
        throw unsupported("updateBinaryStream");
    }

    @Override
    public void updateCharacterStream(int column, Reader x) throws SQLException {
        throw unsupported("updateCharacterStream");
    }

    @Override
    public void updateAsciiStream(String label, InputStream x) throws SQLException {
        throw unsupported("updateAsciiStream");
    }

    @Override
    public void updateBinaryStream(String label, InputStream x) throws SQLException {
        throw unsupported("updateBinaryStream");
    }

    @Override
    public void updateCharacterStream(String label, Reader x) throws SQLException {
        throw unsupported("updateCharacterStream");
    }

    @Override
    public void updateBlob(int column, InputStream x) throws SQLException {
        throw unsupported("updateBlob");
    }

    @Override
    public void updateBlob(String label, InputStream x) throws SQLException {
        throw unsupported("updateBlob");
    }

    @Override
    public void updateClob(int column, Reader x) throws SQLException {
        throw unsupported("updateClob");
    }

    @Override
    public void updateClob(String label, Reader x) throws SQLException {
        throw unsupported("updateClob");
    }

    @Override
    public void updateNClob(int column, Reader x) throws SQLException {
        throw unsupported("updateNClob");
    }

    @Override
    public void updateNClob(String label, Reader x) throws SQLException {
        throw unsupported("updateNClob");
    }
}
