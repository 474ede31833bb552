package org.raydb.ssb.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.raydb.ssb.TestDatabases;
import org.raydb.ssb.query.QueryCatalog;

/**
 * Every SSB query, star and flat, through {@code jdbc:raydb:} (default settings, and each engine the offload
 * layer may pick) and directly through {@code jdbc:duckdb:} on the same SF 0.05 file: identical results, and
 * DuckDB's star and flat answers identical too. Under {@code offload=force} every one of them is offloaded.
 */
class DifferentialSuiteTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "?engine=cpu",
                "?engine=cpu&offload=force",
                "?engine=cpu&offload=force&device=0,1&partitions=3",
                "?engine=cpu&offload=force&device=0,1,2&placement=replicated"
            })
    void raydbAnswersExactlyAsDuckdb(String parameters) throws Exception {
        Path database = TestDatabases.generated(0.05);
        List<DifferentialSuite.Outcome> outcomes = DifferentialSuite.run(database, parameters, QueryCatalog.all());
        assertEquals(26, outcomes.size());
        for (DifferentialSuite.Outcome o : outcomes) {
            System.out.printf(
                    Locale.ROOT,
                    "%-10s %-12s %4d rows offloaded=%-5s %s%n",
                    o.query().label(),
                    parameters,
                    o.rows(),
                    o.offloaded(),
                    o.difference().orElse("identical"));
        }
        assertTrue(outcomes.stream().allMatch(DifferentialSuite.Outcome::matches), "some results differ");
        if (parameters.contains("offload=force")) {
            // Star and flat alike: the star form's joins qualify.
            assertTrue(outcomes.stream().allMatch(DifferentialSuite.Outcome::offloaded), "some were not offloaded");
        }
        long nonEmpty = outcomes.stream()
                .filter(o -> o.rows() > 0 && !o.query().id().startsWith("q1"))
                .count();
        assertTrue(nonEmpty >= 14, "too few non-empty group-by results to compare: " + nonEmpty);
    }
}
