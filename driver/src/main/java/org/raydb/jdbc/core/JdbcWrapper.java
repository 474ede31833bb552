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

    @Override
    public <U> U unwrap(Class<U> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        T delegate = open();
        if (iface.isInstance(delegate)) {
            return iface.cast(delegate);
        }
        try {
            return delegate.unwrap(iface);
        } catch (SQLException e) {
            throw translate(e);
        }
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
