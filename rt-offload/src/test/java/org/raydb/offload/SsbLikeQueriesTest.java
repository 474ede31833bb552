package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The 13 SSB flat queries offload (force, cpu) and give DuckDB's answer, in DuckDB's order and types. */
class SsbLikeQueriesTest {

    private static OffloadHarness h;

    @BeforeAll
    static void setUp() throws SQLException {
        h = OffloadHarness.forceCpu();
        for (String sql : SsbLikeFixture.createSql(200_000)) {
            h.exec(sql);
        }
    }

    @AfterAll
    static void tearDown() throws SQLException {
        h.close();
        assertEquals(0, h.provider.allocatedBytes());
    }

    @Test
    void allThirteenQueriesOffloadAndMatch() throws SQLException {
        int nonEmpty = 0;
        for (String q : SsbLikeFixture.QUERIES) {
            OffloadHarness.Answer expected = h.duckAnswer(q);
            OffloadHarness.Answer actual = h.offloadedAnswer(q);
            assertEquals(expected.types(), actual.types(), q);
            // ORDER BY d_year, revenue DESC can tie; compare as multisets, then the order where it is defined.
            assertEquals(null, ResultComparator.difference(expected.rows(), actual.rows()), q);
            Map<String, String> explain = h.explain(q);
            assertEquals("true", explain.get("qualifies"), q);
            assertEquals("cpu", explain.get("engine"), q);
            assertFalse(explain.get("last_run").startsWith("not run"), q);
            nonEmpty += expected.rows().isEmpty() || expected.rows().get(0).get(0) == null ? 0 : 1;
        }
        assertEquals(true, nonEmpty >= 10, "the fixture should make most SSB queries non-empty");
    }

    @Test
    void orderedQueriesKeepDuckDbsOrder() throws SQLException {
        String q = SsbLikeFixture.QUERIES.get(3);
        assertEquals(h.duck(q), h.offloaded(q, List.of()));
    }
}
