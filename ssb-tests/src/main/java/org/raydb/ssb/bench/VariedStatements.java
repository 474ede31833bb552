package org.raydb.ssb.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.raydb.ssb.query.SqlLiterals;
import org.raydb.ssb.query.SsbQuery;
import org.raydb.ssb.query.VariedQuery;
import org.raydb.ssb.suite.QueryExecution;

/**
 * Runs queries with drawn constants on one connection, which it owns: as SQL text, or, prepared, through one
 * statement per template (prepared up front with {@code ?} in place of the constants, so that preparing is not
 * timed) with the constants bound.
 */
final class VariedStatements implements AutoCloseable {

    private final Connection connection;
    private final Map<String, PreparedStatement> prepared = new HashMap<>();

    VariedStatements(Connection connection, List<SsbQuery> templates, boolean prepare) throws SQLException {
        this.connection = connection;
        try {
            if (prepare) {
                for (SsbQuery template : templates) {
                    prepared.put(template.id(), connection.prepareStatement(SqlLiterals.parameterized(template.sql())));
                }
            }
        } catch (SQLException e) {
            close();
            throw e;
        }
    }

    Connection connection() {
        return connection;
    }

    /** Runs the query until its last row is read. */
    QueryExecution run(VariedQuery query) throws SQLException {
        PreparedStatement statement = prepared.get(query.id());
        if (statement == null) {
            return QueryExecution.run(connection, query.sql());
        }
        query.bind(statement);
        return QueryExecution.run(statement);
    }

    /** Closes the statements and the connection. */
    @Override
    public void close() throws SQLException {
        try {
            for (PreparedStatement statement : prepared.values()) {
                statement.close();
            }
        } finally {
            connection.close();
        }
    }
}
