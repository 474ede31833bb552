package org.raydb.jdbc.core;

import java.sql.SQLException;
import java.sql.Wrapper;
import org.raydb.jdbc.error.SqlErrors;

/**
 * Base of every wrapper: {@link #unwrap}/{@link #isWrapperFor} reach first the wrapper's own interfaces
 * ({@code RayConnection}, {@code RayStatement}), then DuckDB's object and whatever it wraps.
 */
abstract class JdbcWrapper<T extends Wrapper> implements Wrapper {

    /** DuckDB's object, or the SQLException that says this object is closed. */
    abstract T open() throws SQLException;

    static SQLException translate(SQLException duckdb) {
        return SqlErrors.translate(duckdb);
    }

    /**
     * DuckDB's object (or one it wraps) is about to reach the application, which can write through it without
     * the driver seeing: the connection's offloader is told.
     */
    abstract void handingOutDuckDb();

    @Override
    public <U> U unwrap(Class<U> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        T delegate = open();
        U unwrapped;
        try {
            unwrapped = iface.isInstance(delegate) ? iface.cast(delegate) : delegate.unwrap(iface);
        } catch (SQLException e) {
            throw translate(e);
        }
        handingOutDuckDb();
        return unwrapped;
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return true;
        }
        T delegate = open();
        try {
            return iface.isInstance(delegate) || delegate.isWrapperFor(iface);
        } catch (SQLException e) {
            throw translate(e);
        }
    }
}
