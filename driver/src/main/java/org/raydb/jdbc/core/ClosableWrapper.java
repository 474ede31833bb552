package org.raydb.jdbc.core;

import java.sql.SQLException;
import java.sql.Wrapper;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A wrapper with a lifetime: it belongs to a parent (a statement to its connection, a result set to its
 * statement) and owns children, which it closes, newest first, before closing DuckDB's object. Closing is
 * idempotent and safe from any thread; after it every call fails with {@link #closedError()}.
 */
@SuppressWarnings("try") // T is Connection, Statement or ResultSet, whose close() throws only SQLException
abstract class ClosableWrapper<T extends Wrapper & AutoCloseable> extends JdbcWrapper<T> {

    private final ClosableWrapper<?> parent;
    private final Set<ClosableWrapper<?>> children = new LinkedHashSet<>();
    private volatile T delegate;

    ClosableWrapper(ClosableWrapper<?> parent, T delegate) {
        this.parent = parent;
        this.delegate = delegate;
        if (parent != null) {
            parent.adopt(this);
        }
    }

    /** The SQLException for use after close. */
    abstract SQLException closedError();

    /** Whatever DuckDB object a child hands out belongs to the connection at the root. */
    @Override
    void handingOutDuckDb() {
        if (parent != null) {
            parent.handingOutDuckDb();
        }
    }

    /** Called once, after the children and DuckDB's object are closed. */
    void afterClose() {}

    /** Called when a child closed itself (not when this object closes its children). */
    void childClosed(ClosableWrapper<?> child) {}

    @Override
    final T open() throws SQLException {
        T current = delegate;
        if (current == null) {
            throw closedError();
        }
        return current;
    }

    /** Swaps in a fresh DuckDB object (DuckDB closes a statement whose execution failed). */
    final void replaceDelegate(T fresh) {
        delegate = fresh;
    }

    /** DuckDB's object without the open check, {@code null} once closed. */
    final T delegateOrNull() {
        return delegate;
    }

    public boolean isClosed() throws SQLException {
        return delegate == null;
    }

    public void close() throws SQLException {
        T closing;
        synchronized (this) {
            closing = delegate;
            if (closing == null) {
                return;
            }
            delegate = null;
        }
        SQLException failure = closeChildren();
        try {
            closing.close();
        } catch (SQLException e) {
            failure = chain(failure, translate(e));
        } catch (Exception e) {
            failure = chain(failure, new SQLException(e.getMessage(), e));
        }
        afterClose();
        if (parent != null) {
            parent.release(this);
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** Closes the children, newest first; returns the first failure with the others chained to it. */
    final SQLException closeChildren() {
        List<ClosableWrapper<?>> snapshot;
        synchronized (children) {
            snapshot = new ArrayList<>(children);
            children.clear();
        }
        SQLException failure = null;
        for (int i = snapshot.size() - 1; i >= 0; i--) {
            try {
                snapshot.get(i).close();
            } catch (SQLException e) {
                failure = chain(failure, e);
            }
        }
        return failure;
    }

    /** The open children of this object, oldest first. */
    final List<ClosableWrapper<?>> children() {
        synchronized (children) {
            return new ArrayList<>(children);
        }
    }

    private void adopt(ClosableWrapper<?> child) {
        synchronized (children) {
            children.add(child);
        }
    }

    private void release(ClosableWrapper<?> child) {
        boolean removed;
        synchronized (children) {
            removed = children.remove(child);
        }
        if (removed) {
            childClosed(child);
        }
    }

    private static SQLException chain(SQLException first, SQLException next) {
        if (first == null) {
            return next;
        }
        first.setNextException(next);
        return first;
    }
}
