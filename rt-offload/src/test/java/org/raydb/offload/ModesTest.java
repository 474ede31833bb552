package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.raydb.jdbc.offload.OffloadSettings.Engine;
import org.raydb.jdbc.offload.OffloadSettings.Mode;

/** offload=off/auto/force, engine choice, verify, parameters, invalidation, overflow and memory accounting. */
class ModesTest {

    private static final String TABLE = "CREATE TABLE t AS SELECT i::INTEGER AS a, 'v' || (i % 7) AS b,"
            + " (i * 1.25)::DECIMAL(15,2) AS m, DATE '2020-01-01' + (i % 100)::INTEGER AS d,"
            + " (i * 1000000000000)::BIGINT AS big FROM range(5000) r(i)";
    private static final String QUERY = "SELECT b, sum(a), avg(m) FROM t WHERE a < 4000 GROUP BY b ORDER BY b";

    private static OffloadHarness harness(Mode mode, Engine engine, boolean verify) throws SQLException {
        OffloadHarness h = new OffloadHarness(mode, engine, verify);
        h.exec(TABLE);
        return h;
    }

    @Test
    void offNeverOffloads() throws SQLException {
        try (OffloadHarness h = harness(Mode.OFF, Engine.CPU, false)) {
            assertNull(h.offloaded(QUERY, List.of()));
        }
    }

    @Test
    void autoWithoutGpuLeavesQueriesToDuckDb() throws SQLException {
        try (OffloadHarness h = harness(Mode.AUTO, Engine.AUTO, false)) {
            assertNull(h.offloaded(QUERY, List.of()));
            assertEquals("duckdb", h.explain(QUERY).get("engine"));
        }
    }

    @Test
    void forceWithAutoEngineUsesCpu() throws SQLException {
        try (OffloadHarness h = harness(Mode.FORCE, Engine.AUTO, false)) {
            assertEquals(h.duck(QUERY), h.offloaded(QUERY, List.of()));
            assertEquals("cpu", h.explain(QUERY).get("engine"));
        }
    }

    @Test
    void unavailableGpuEngineIsNamed() throws SQLException {
        try (OffloadHarness h = harness(Mode.FORCE, Engine.OPTIX, false)) {
            SQLException e = assertThrows(SQLException.class, () -> h.offloaded(QUERY, List.of()));
            assertEquals("0A000", e.getSQLState());
            assertTrue(e.getMessage().contains("optix"), e.getMessage());
        }
        try (OffloadHarness h = harness(Mode.AUTO, Engine.CUDA, false)) {
            assertNull(h.offloaded(QUERY, List.of()));
        }
    }

    @Test
    void verifyPassesOnCorrectAnswers() throws SQLException {
        try (OffloadHarness h = harness(Mode.FORCE, Engine.CPU, true)) {
            assertEquals(h.duck(QUERY), h.offloaded(QUERY, List.of()));
        }
    }

    @Test
    void verifyRaisesWhenTheAnswersDiffer() throws SQLException {
        try (OffloadHarness h = harness(Mode.FORCE, Engine.CPU, true)) {
            assertEquals(h.duck(QUERY), h.offloaded(QUERY, List.of()));
            // A write the offloader never hears of (another connection) leaves its resident copy stale.
            try (var other = h.duckdb.unwrap(org.duckdb.DuckDBConnection.class).duplicate();
                    var st = other.createStatement()) {
                st.execute("UPDATE t SET a = a + 1 WHERE b = 'v2'");
            }
            SQLException e = assertThrows(SQLException.class, () -> h.offloaded(QUERY, List.of()));
            assertEquals("XX000", e.getSQLState());
            assertTrue(e.getMessage().contains("differs from DuckDB"), e.getMessage());
        }
    }

    @Test
    void parametersAreBoundBeforeMatching() throws SQLException {
        try (OffloadHarness h = harness(Mode.FORCE, Engine.CPU, false)) {
            String q = "SELECT b, count(*), sum(m) FROM t WHERE a >= ? AND b <> ? AND m <= ? AND d < ? GROUP BY b";
            List<Object> params = List.of(100, "v3", new BigDecimal("4000.50"), LocalDate.of(2020, 3, 1));
            String literal = "SELECT b, count(*), sum(m) FROM t WHERE a >= 100 AND b <> 'v3' AND m <= 4000.50"
                    + " AND d < DATE '2020-03-01' GROUP BY b";
            assertNull(ResultComparator.difference(h.duck(literal), h.offloaded(q, params)));
            // A second execution with other values is planned separately (cache key includes the values).
            List<Object> other = List.of(0, "v1", new BigDecimal("10"), LocalDate.of(2021, 1, 1));
            String literal2 = "SELECT b, count(*), sum(m) FROM t WHERE a >= 0 AND b <> 'v1' AND m <= 10"
                    + " AND d < DATE '2021-01-01' GROUP BY b";
            assertNull(ResultComparator.difference(h.duck(literal2), h.offloaded(q, other)));
        }
    }

    @Test
    void writesInvalidateTheResidentTable() throws SQLException {
        try (OffloadHarness h = harness(Mode.FORCE, Engine.CPU, false)) {
            String q = "SELECT count(*), sum(a) FROM t WHERE b = 'v1'";
            assertEquals(h.duck(q), h.offloaded(q, List.of()));
            h.exec("INSERT INTO t VALUES (100000, 'v1', 1.00, DATE '2020-01-01', 0)");
            assertEquals(h.duck(q), h.offloaded(q, List.of()));
            h.exec("UPDATE t SET a = a + 1 WHERE b = 'v1'");
            assertEquals(h.duck(q), h.offloaded(q, List.of()));
            h.exec("DELETE FROM t WHERE a < 50");
            assertEquals(h.duck(q), h.offloaded(q, List.of()));
        }
    }

    @Test
    void emptyInputWithoutGroupByIsOneRow() throws SQLException {
        try (OffloadHarness h = harness(Mode.FORCE, Engine.CPU, false)) {
            String q = "SELECT sum(a), count(*), avg(m), min(m), count(m) FROM t WHERE b = 'nope'";
            List<List<Object>> got = h.offloaded(q, List.of());
            assertEquals(h.duck(q), got);
            assertEquals(1, got.size());
            assertNull(got.get(0).get(0));
            assertEquals(0L, got.get(0).get(1));
            String grouped = "SELECT b, sum(a) FROM t WHERE b = 'nope' GROUP BY b";
            assertEquals(List.of(), h.offloaded(grouped, List.of()));
        }
    }

    @Test
    void resultTypesAreDuckDbs() throws SQLException {
        try (OffloadHarness h = harness(Mode.FORCE, Engine.CPU, false)) {
            // Small enough that DuckDB's statistics bound sum(big) over the whole table within 64 bits.
            h.exec("CREATE TABLE s AS SELECT a, b, m, d, big // 1000 AS big FROM t");
            String q = "SELECT b, d, sum(a), sum(m), avg(a), count(*), min(m), max(a), sum(big) FROM s GROUP BY b, d";
            assertEquals(h.duckTypes(q), h.offloadedTypes(q));
        }
    }

    @Test
    void sumsBeyond64BitsFallBack() throws SQLException {
        String q = "SELECT sum(big) FROM t";
        try (OffloadHarness h = harness(Mode.AUTO, Engine.CPU, false)) {
            h.exec("INSERT INTO t SELECT a, b, m, d, 9000000000000000000 FROM t LIMIT 3");
            assertNull(h.offloaded(q, List.of()), "an inexact answer must never be returned");
            assertNotNull(h.duck(q));
        }
        try (OffloadHarness h = harness(Mode.FORCE, Engine.CPU, false)) {
            h.exec("INSERT INTO t SELECT a, b, m, d, 9000000000000000000 FROM t LIMIT 3");
            SQLException e = assertThrows(SQLException.class, () -> h.offloaded(q, List.of()));
            assertEquals("0A000", e.getSQLState(), "a refusal: DuckDB answers it as HUGEINT");
        }
    }

    @Test
    void expressionOverflowLeavesDuckDbsErrorToDuckDb() throws SQLException {
        try (OffloadHarness h = harness(Mode.AUTO, Engine.CPU, false)) {
            String q = "SELECT sum(a * a * a) FROM t";
            assertNull(h.offloaded(q, List.of()));
            assertThrows(SQLException.class, () -> h.duck(q), "DuckDB raises INTEGER overflow itself");
        }
    }

    @Test
    void arrowMemoryIsReleasedWhenTheConnectionCloses() throws SQLException {
        OffloadHarness h = harness(Mode.FORCE, Engine.CPU, false);
        for (int i = 0; i < 5; i++) {
            h.offloaded(QUERY, List.of());
        }
        h.close();
        assertEquals(0, h.provider.allocatedBytes());
    }

    @Test
    void explainShowsTheDecision() throws SQLException {
        try (OffloadHarness h = harness(Mode.FORCE, Engine.CPU, false)) {
            h.offloaded(QUERY, List.of());
            var e = h.explain(QUERY);
            assertEquals("true", e.get("qualifies"));
            assertEquals("cpu", e.get("engine"));
            assertEquals("RAYDB_TRIANGLES", e.get("technique"));
            assertTrue(e.get("index").startsWith("RayDB BVH"), e.get("index"));
            assertTrue(e.get("last_run").contains("rows hit"), e.get("last_run"));
            assertNotNull(e.get("planning_us"));
            assertEquals("pinned by engine=cpu", e.get("engine_reason"));
            assertEquals("the whole table on one device", e.get("devices"));
            assertTrue(e.get("estimate_cuda_us").startsWith("unavailable"), e.get("estimate_cuda_us"));
            assertTrue(Long.parseLong(e.get("estimate_duckdb_us")) > 0, e.get("estimate_duckdb_us"));
            assertEquals("not run yet", e.get("measured_us"), "a job's first run on an engine is not kept");
            h.offloaded(QUERY, List.of());
            assertTrue(h.explain(QUERY).get("measured_us").contains("cpu="));
            // Two high-cardinality filters do not pack below 2^22 codes: RTScan.
            String cubes = "SELECT count(*) FROM t WHERE a BETWEEN 10 AND 4000 AND big > 5";
            h.offloaded(cubes, List.of());
            var r = h.explain(cubes);
            assertEquals("RTSCAN_CUBES", r.get("technique"), r.toString());
        }
    }
}
