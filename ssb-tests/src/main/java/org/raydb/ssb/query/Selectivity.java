package org.raydb.ssb.query;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A query's selectivity: the share of {@code lineorder_flat} rows that pass its filters (the WHERE clause of
 * its flat form), as measured on the reference data
 * (docs/benchmarks/README.md, "Reference measurements").
 */
public final class Selectivity {

    /** Percent of the reference dbgen's SF 1 rows (6,001,215) passing each query's filters. */
    public static final Map<String, Double> REFERENCE_PERCENT = Map.ofEntries(
            Map.entry("q1.1", 1.976),
            Map.entry("q1.2", 0.0717),
            Map.entry("q1.3", 0.0159),
            Map.entry("q2.1", 0.767),
            Map.entry("q2.2", 0.178),
            Map.entry("q2.3", 0.0188),
            Map.entry("q3.1", 4.126),
            Map.entry("q3.2", 0.142),
            Map.entry("q3.3", 0.00637),
            Map.entry("q3.4", 0.00008),
            Map.entry("q4.1", 1.487),
            Map.entry("q4.2", 0.360),
            Map.entry("q4.3", 0.0077));

    private Selectivity() {}

    /** The count of flat rows passing the filters of query {@code id}. */
    public static long passingRows(Connection connection, String id) throws SQLException {
        String where = SqlClauses.where(QueryCatalog.get(id, QueryForm.FLAT).sql());
        try (Statement statement = connection.createStatement();
                ResultSet count = statement.executeQuery("SELECT count(*) FROM lineorder_flat WHERE " + where)) {
            count.next();
            return count.getLong(1);
        }
    }

    /** The fraction (0..1) of {@code totalRows} passing the filters of each query in {@code ids}. */
    public static Map<String, Double> fractions(Connection connection, List<String> ids, long totalRows)
            throws SQLException {
        Map<String, Double> result = new LinkedHashMap<>();
        for (String id : ids) {
            result.put(id, (double) passingRows(connection, id) / totalRows);
        }
        return result;
    }
}
