package org.raydb.ssb.suite;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.raydb.ssb.query.QueryForm;
import org.raydb.ssb.query.SsbQuery;

/**
 * Runs SSB queries through {@code jdbc:raydb:} and directly through {@code jdbc:duckdb:} on the same database
 * file and requires identical results. Where both forms of a query ran, DuckDB's star and flat answers must
 * agree too, which checks {@code lineorder_flat} and the flat query texts.
 */
public final class DifferentialSuite {

    /** The outcome of one query in one form; {@code difference} is empty when the results are identical. */
    public record Outcome(SsbQuery query, int rows, boolean offloaded, Optional<String> difference) {
        public boolean matches() {
            return difference.isEmpty();
        }
    }

    private DifferentialSuite() {}

    /** {@code jdbc:raydb:<file>} plus {@code parameters} (e.g. {@code ?engine=cpu}, or empty). */
    public static String raydbUrl(Path database, String parameters) {
        return "jdbc:raydb:" + database + parameters;
    }

    public static List<Outcome> run(Path database, String raydbParameters, List<SsbQuery> queries) throws SQLException {
        List<Outcome> outcomes = new ArrayList<>();
        Map<String, ResultTable> duckdbByQuery = new HashMap<>();
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:" + database);
                Connection raydb = DriverManager.getConnection(raydbUrl(database, raydbParameters))) {
            for (SsbQuery query : queries) {
                ResultTable expected = QueryExecution.run(duckdb, query.sql()).result();
                QueryExecution actual;
                try {
                    actual = QueryExecution.run(raydb, query.sql());
                } catch (SQLException | RuntimeException e) {
                    outcomes.add(
                            new Outcome(query, expected.rowCount(), false, Optional.of("jdbc:raydb: failed: " + e)));
                    continue;
                }
                Optional<String> difference = ResultComparison.difference(
                                expected, actual.result(), query.orderByNames())
                        .map(d -> "raydb vs duckdb: " + d);
                ResultTable otherForm = duckdbByQuery.put(query.id(), expected);
                if (difference.isEmpty() && otherForm != null) {
                    difference = ResultComparison.difference(otherForm, expected, query.orderByNames())
                            .map(d -> otherFormLabel(query.form()) + " vs "
                                    + query.form().label() + ": " + d);
                }
                outcomes.add(new Outcome(query, expected.rowCount(), actual.offloaded(), difference));
            }
        }
        return outcomes;
    }

    private static String otherFormLabel(QueryForm form) {
        return form == QueryForm.FLAT ? QueryForm.STAR.label() : QueryForm.FLAT.label();
    }
}
