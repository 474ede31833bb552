package org.raydb.offload;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Builds the {@code (item, value)} rows of EXPLAIN OFFLOAD as a DuckDB result. */
final class ExplainRows {

    private final List<String[]> rows = new ArrayList<>();

    ExplainRows add(String item, Object value) {
        rows.add(new String[] {item, value == null ? null : value.toString()});
        return this;
    }

    ResultSet query(Statement statement) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT item, value FROM (VALUES ");
        for (int i = 0; i < rows.size(); i++) {
            sql.append(i == 0 ? "" : ", ")
                    .append('(')
                    .append(i)
                    .append(", ")
                    .append(literal(rows.get(i)[0]))
                    .append(", ")
                    .append(literal(rows.get(i)[1]))
                    .append(')');
        }
        sql.append(") AS t(n, item, value) ORDER BY n");
        return statement.executeQuery(sql.toString());
    }

    private static String literal(String s) {
        return s == null ? "NULL::VARCHAR" : "'" + s.replace("'", "''") + "'";
    }
}
