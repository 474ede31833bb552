package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.raydb.jdbc.offload.OffloadSettings;

/**
 * Seeded randomized differential test: generated qualifying queries run through the offload (force, cpu)
 * and straight on DuckDB must give the same columns and rows, bit for bit. The default build runs 300 queries;
 * the {@code slow} run 5,000 ({@code mvn -pl rt-offload -am test -Dgroups=slow -Draydb.excludedGroups=none
 * -Dtest=RandomizedDifferentialTest}). {@code -Draydb.seed} and {@code -Draydb.queries} override seed and count.
 */
class RandomizedDifferentialTest {

    private static OffloadHarness h;

    @BeforeAll
    static void setUp() throws SQLException {
        h = OffloadHarness.forceCpu();
        h.exec(DifferentialFixture.createSql());
    }

    @AfterAll
    static void tearDown() throws SQLException {
        h.close();
        assertEquals(0, h.provider.allocatedBytes(), "Arrow memory held after the connection closed");
    }

    @Test
    void generatedQueriesMatchDuckDb() throws SQLException {
        generatedQueriesMatchDuckDb(300);
    }

    @Test
    @Tag("slow")
    void manyGeneratedQueriesMatchDuckDb() throws SQLException {
        generatedQueriesMatchDuckDb(5000);
    }

    /** The same over three simulated devices of two row partitions each: six partial results merged per query. */
    @Test
    void generatedQueriesOverPartitionsMatchDuckDb() throws SQLException {
        try (OffloadHarness partitioned = OffloadHarness.forceCpu(3, 2)) {
            partitioned.exec(DifferentialFixture.createSql());
            generatedQueriesMatchDuckDb(partitioned, 200);
            assertEquals(
                    "3 simulated devices x 2 row partitions, merged on the host",
                    partitioned
                            .explain("SELECT k_small, count(*) FROM r GROUP BY k_small")
                            .get("devices"));
        }
    }

    /** The same over three simulated devices each holding the whole table: each query answered by one of them. */
    @Test
    void generatedQueriesOverReplicasMatchDuckDb() throws SQLException {
        try (OffloadHarness replicated = OffloadHarness.forceCpu(3, 1, OffloadSettings.Placement.REPLICATED)) {
            replicated.exec(DifferentialFixture.createSql());
            generatedQueriesMatchDuckDb(replicated, 200);
            assertEquals(
                    "3 simulated devices, each holding the whole table; a query runs on the least busy",
                    replicated
                            .explain("SELECT k_small, count(*) FROM r GROUP BY k_small")
                            .get("devices"));
        }
    }

    private static void generatedQueriesMatchDuckDb(int defaultCount) throws SQLException {
        generatedQueriesMatchDuckDb(h, defaultCount);
    }

    private static void generatedQueriesMatchDuckDb(OffloadHarness h, int defaultCount) throws SQLException {
        long seed = Long.getLong("raydb.seed", 20261122L);
        int count = Integer.getInteger("raydb.queries", defaultCount);
        QueryGenerator generator = QueryGenerator.create(seed, h);
        List<String> failures = new ArrayList<>();
        int empty = 0;
        int manyGroups = 0;
        for (int i = 0; i < count; i++) {
            String q = generator.next();
            try {
                OffloadHarness.Answer duck = h.duckAnswer(q);
                OffloadHarness.Answer offloaded = h.offloadedAnswer(q);
                List<List<Object>> expected = duck.rows();
                String diff = offloaded.differenceFrom(duck);
                if (diff != null) {
                    failures.add(q + " -> " + diff);
                }
                empty += expected.isEmpty() || expected.get(0).stream().allMatch(v -> v == null) ? 1 : 0;
                manyGroups += expected.size() > 5000 ? 1 : 0;
            } catch (SQLException e) {
                // Declining grouped AVGs that DuckDB's plan computes in two forms (by statistics) is right.
                if (!e.getMessage().contains("computes in different forms")) {
                    failures.add(q + " -> " + e.getMessage());
                }
            }
            if (failures.size() > 10) {
                break;
            }
        }
        assertEquals(List.of(), failures, "seed " + seed);
        assertTrue(empty > 0, "the generator produced no empty results");
        assertTrue(manyGroups > 0, "the generator produced no query with thousands of groups");
    }

    @Test
    void nonQualifyingQueriesRunOnDuckDbAndExplainWhy() throws SQLException {
        Map<String, String> cases = Map.of(
                "SELECT sum(m_double) FROM r", "DOUBLE",
                "SELECT sum(DISTINCT m_int) FROM r", "DISTINCT",
                "SELECT sum(m_int) FROM r WHERE k_int = 1 OR k_small = 2", "OR across",
                "SELECT k_small, sum(m_int) OVER () FROM r", "window",
                "SELECT sum(a.m_int) FROM r a LEFT JOIN r b ON a.id = b.id", "join",
                "SELECT k_small FROM r", "no aggregation",
                "SELECT sum(m_int) FROM r WHERE k_str || k_small LIKE '%a1%'", "",
                "SELECT k_small / k_skew, sum(m_int) FROM r GROUP BY 1", "function / in an expression");
        try (OffloadHarness auto = new OffloadHarness(OffloadSettings.Mode.AUTO, OffloadSettings.Engine.CPU, false)) {
            auto.exec(DifferentialFixture.createSql());
            for (Map.Entry<String, String> c : cases.entrySet()) {
                assertNull(auto.offloaded(c.getKey(), List.of()), c.getKey());
                Map<String, String> explain = auto.explain(c.getKey());
                assertEquals("false", explain.get("qualifies"), c.getKey());
                assertNotNull(explain.get("reason"));
                assertTrue(explain.get("reason").contains(c.getValue()), c.getKey() + ": " + explain.get("reason"));
                SQLException e = assertThrows(SQLException.class, () -> h.offloaded(c.getKey(), List.of()));
                assertEquals("0A000", e.getSQLState());
                assertFalse(e.getMessage().isEmpty());
            }
        }
    }
}
