package org.raydb.ssb.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.raydb.ssb.TestDatabases;
import org.raydb.ssb.query.QueryCatalog;
import org.raydb.ssb.query.QueryForm;
import org.raydb.ssb.query.SsbQuery;
import org.raydb.ssb.sql.RaydbProbe;

/**
 * On real SSB data at SF 0.1 all 13 flat queries are offloaded to the exact cpu engine
 * ({@code offload=force} turns any decline into a failure), EXPLAIN OFFLOAD says so, and every answer is
 * DuckDB's.
 */
class CpuEngineOffloadTest {

    private static final String FORCED_CPU = "?offload=force&engine=cpu";

    @Test
    void everyFlatQueryOffloadsToTheCpuEngineAndMatchesDuckdb() throws Exception {
        Path database = TestDatabases.generated(0.1);
        List<SsbQuery> flat = QueryCatalog.select(QueryCatalog.IDS, List.of(QueryForm.FLAT));
        try (Connection raydb = DriverManager.getConnection(DifferentialSuite.raydbUrl(database, FORCED_CPU))) {
            for (SsbQuery q : flat) {
                assertEquals("cpu", RaydbProbe.engine(raydb, q.sql()), q.label() + ": EXPLAIN OFFLOAD engine");
            }
        }
        List<DifferentialSuite.Outcome> outcomes = DifferentialSuite.run(database, FORCED_CPU, flat);
        assertEquals(13, outcomes.size());
        for (DifferentialSuite.Outcome o : outcomes) {
            assertTrue(o.offloaded(), o.query().label() + " was not offloaded");
            assertTrue(o.matches(), o.query().label() + ": " + o.difference().orElse(""));
        }
    }
}
