package org.raydb.ssb.suite;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A query result read completely: column labels and SQL type names, and every value as its exact text
 * ({@code getString}) together with the Java class {@code getObject} returns for it, so that two results
 * compare exactly, types included.
 */
public record ResultTable(List<String> labels, List<String> typeNames, List<List<String>> rows) {

    public static ResultTable read(ResultSet resultSet) throws SQLException {
        ResultSetMetaData meta = resultSet.getMetaData();
        int columns = meta.getColumnCount();
        List<String> labels = new ArrayList<>(columns);
        List<String> types = new ArrayList<>(columns);
        for (int c = 1; c <= columns; c++) {
            labels.add(meta.getColumnLabel(c).toLowerCase(Locale.ROOT));
            types.add(meta.getColumnTypeName(c));
        }
        List<List<String>> rows = new ArrayList<>();
        while (resultSet.next()) {
            List<String> row = new ArrayList<>(columns);
            for (int c = 1; c <= columns; c++) {
                Object value = resultSet.getObject(c);
                row.add(
                        value == null
                                ? "NULL"
                                : resultSet.getString(c) + " :"
                                        + value.getClass().getSimpleName());
            }
            rows.add(List.copyOf(row));
        }
        return new ResultTable(List.copyOf(labels), List.copyOf(types), List.copyOf(rows));
    }

    public int rowCount() {
        return rows.size();
    }
}
