package org.raydb.offload.plan;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What DuckDB keeps about a table's columns without scanning them ({@code stats()}: bounds and distinct
 * estimate) and its row count, read in the application's session.
 *
 * @param rows  the table's row count as DuckDB keeps it ({@code estimated_size})
 * @param stats each asked column's statistics as DuckDB prints them
 */
record ColumnStatistics(long rows, Map<String, String> stats) {

    private static final Pattern MIN = Pattern.compile("'min': (-?[0-9.]+)");
    private static final Pattern MAX = Pattern.compile("'max': (-?[0-9.]+)");
    private static final Pattern DISTINCT = Pattern.compile("'approx_unique': ([0-9]+)");

    static ColumnStatistics read(Connection session, TableRef table, long oid, List<String> columns)
            throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT (SELECT estimated_size FROM duckdb_tables() WHERE table_oid = ")
                .append(oid)
                .append(")");
        for (String c : columns) {
            sql.append(", stats(").append(TableRef.quote(c)).append(")::VARCHAR");
        }
        sql.append(" FROM ").append(table.sql()).append(" LIMIT 1");
        Map<String, String> out = new HashMap<>();
        try (PreparedStatement p = session.prepareStatement(sql.toString());
                ResultSet rs = p.executeQuery()) {
            if (!rs.next()) {
                return new ColumnStatistics(0, out);
            }
            for (int i = 0; i < columns.size(); i++) {
                out.put(columns.get(i), rs.getString(i + 2));
            }
            return new ColumnStatistics(rs.getLong(1), out);
        }
    }

    /** The column's least value, or {@code null} where DuckDB keeps none. */
    BigDecimal min(String column) {
        return number(MIN, column);
    }

    BigDecimal max(String column) {
        return number(MAX, column);
    }

    /** DuckDB's estimate of the column's distinct values, or {@code null}. */
    BigDecimal distinct(String column) {
        return number(DISTINCT, column);
    }

    private BigDecimal number(Pattern p, String column) {
        String s = stats.get(column);
        Matcher m = s == null ? null : p.matcher(s);
        if (m == null || !m.find()) {
            return null;
        }
        try {
            return new BigDecimal(m.group(1));
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
