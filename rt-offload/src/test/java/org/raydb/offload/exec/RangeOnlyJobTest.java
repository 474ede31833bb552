package org.raydb.offload.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.raydb.offload.ResultComparator;
import org.raydb.offload.cost.CostModel;
import org.raydb.offload.cost.DeviceConstants;
import org.raydb.offload.cost.JobShape;
import org.raydb.offload.engine.EngineException;
import org.raydb.offload.engine.GroupAggregates;
import org.raydb.offload.engine.OffloadJob;
import org.raydb.offload.engine.Technique;
import org.raydb.offload.engine.cpu.CpuEngine;
import org.raydb.offload.index.TriangleScene;
import org.raydb.offload.plan.NotQualified;
import org.raydb.offload.plan.PlannedQuery;
import org.raydb.offload.plan.QueryPlanner;

/**
 * SSB q3.4's shape at small scale: three filter columns of 240-250 values each pack into ~14.6 M Z codes,
 * beyond exact float32 geometry (2^22). The job is a range-only RayDB job (Z intervals read as row ranges,
 * as the cuda engine reads them) that carries its RTScan form for the optix engine; answers equal DuckDB's.
 */
class RangeOnlyJobTest {

    private static final int ROWS = 200_000;

    /** c_city-, s_city- and d_yearmonth-like filter columns, a 7-value d_year-like group key, a measure. */
    private static final String TABLE = "CREATE TABLE w AS SELECT "
            + "'city' || lpad((hash(i * 7919 + 1) % 250)::VARCHAR, 3, '0') AS c_city, "
            + "(hash(i * 7919 + 2) % 245)::INTEGER AS s_city, "
            + "(hash(i * 7919 + 3) % 240)::INTEGER AS ym, "
            + "(1992 + hash(i * 7919 + 4) % 7)::INTEGER AS yr, "
            + "(hash(i * 7919 + 5) % 100000 / 100.0)::DECIMAL(12,2) AS revenue "
            + "FROM range(" + ROWS + ") t(i)";

    /** Selective like q3.4 but with enough rows to compare; a q3.4-exact one (equalities, maybe empty). */
    private static final List<String> WIDE = List.of(
            "SELECT c_city, s_city, yr, sum(revenue) AS revenue, count(*) FROM w WHERE c_city IN ('city005', 'city009',"
                    + " 'city017', 'city100', 'city200') AND s_city BETWEEN 20 AND 60 AND ym < 100"
                    + " GROUP BY c_city, s_city, yr ORDER BY yr ASC, revenue DESC, c_city, s_city",
            "SELECT c_city, s_city, yr, sum(revenue) AS revenue FROM w WHERE (c_city = 'city001' OR c_city = 'city005')"
                    + " AND (s_city = 1 OR s_city = 5) AND ym BETWEEN 10 AND 200 GROUP BY c_city, s_city, yr"
                    + " ORDER BY yr ASC, revenue DESC, c_city, s_city");

    @Test
    void wideFiltersBecomeRangeOnlyJobsWithAnRtScanForm() throws SQLException, NotQualified, EngineException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                BufferAllocator allocator = new RootAllocator();
                QueryPlanner planner = new QueryPlanner(c.unwrap(org.duckdb.DuckDBConnection.class))) {
            try (Statement st = c.createStatement()) {
                st.execute(TABLE);
            }
            LoadedSnapshot snapshot = new LoadedSnapshot(c, allocator);
            for (String q : WIDE) {
                PlannedQuery pq = planner.plan(q, List.of());
                assertTrue(pq.qualifies(), pq.reason());
                PreparedJob prepared = snapshot.prepare(pq, JobPlanner.Index.OWN);
                OffloadJob job = prepared.job();
                assertEquals(Technique.RAYDB_TRIANGLES, job.technique(), prepared.index());
                assertTrue(job.rangeOnly(), prepared.index());
                assertTrue(job.scene().packing().size() >= TriangleScene.MAX_CODE);
                assertTrue(prepared.index().startsWith("RayDB Z ranges"), prepared.index());

                OffloadJob rtScan = job.rtScan();
                assertEquals(Technique.RTSCAN_CUBES, rtScan.technique());
                assertEquals(3, rtScan.rankFilters().size());
                CpuEngine cpu = new CpuEngine();
                GroupAggregates ranges = cpu.run(job).aggregates();
                GroupAggregates cubes = cpu.run(rtScan).aggregates();
                assertEquals(slots(cubes), slots(ranges), "Z ranges and RTScan select the same rows");

                JobShape shape = JobShape.of(job);
                assertEquals(ranges.totalRowsHit(), shape.qualifyingRows(), "exact from the Z order");
                assertNotNull(shape.rtScan());
                assertEquals(Technique.RTSCAN_CUBES, shape.rtScan().technique());
                assertEquals(shape.qualifyingRows(), shape.rtScan().qualifyingRows());
                DeviceConstants d = DeviceConstants.defaults("test", "test", 0);
                assertEquals(
                        CostModel.optixMicros(shape.rtScan(), d),
                        CostModel.optixMicros(shape, d),
                        "optix is costed on the RTScan form it runs");
            }
            assertEquals(1, snapshot.table().catalog().size(), "both queries share one range-only entry");

            // A narrow query on a covered subset still gets float32 geometry of its own (optix keeps its rays).
            PlannedQuery narrow =
                    planner.plan("SELECT yr, count(*) FROM w WHERE s_city < 10 AND yr = 1995 GROUP BY yr", List.of());
            PreparedJob job = snapshot.prepare(narrow, JobPlanner.Index.OWN);
            assertEquals(Technique.RAYDB_TRIANGLES, job.job().technique());
            assertFalse(job.job().rangeOnly(), job.index());
            assertNull(JobShape.of(job.job()).rtScan());
        }
    }

    @Test
    void rangeOnlyJobsMatchDuckDbThroughTheDriver() throws SQLException {
        try (Connection ray = DriverManager.getConnection("jdbc:raydb::memory:?offload=force&engine=cpu");
                Statement st = ray.createStatement();
                Connection duck = DriverManager.getConnection("jdbc:duckdb:");
                Statement d = duck.createStatement()) {
            st.execute(TABLE);
            d.execute(TABLE);
            int nonEmpty = 0;
            for (String q : WIDE) {
                List<List<Object>> expected;
                try (ResultSet rs = d.executeQuery(q)) {
                    expected = ResultComparator.rows(rs);
                }
                try (ResultSet rs = st.executeQuery(q)) {
                    assertEquals(expected, ResultComparator.rows(rs), q);
                }
                nonEmpty += expected.isEmpty() ? 0 : 1;
                Map<String, String> explain = new HashMap<>();
                try (ResultSet rs = st.executeQuery("EXPLAIN OFFLOAD " + q)) {
                    while (rs.next()) {
                        explain.put(rs.getString("item"), rs.getString("value"));
                    }
                }
                assertEquals("cpu", explain.get("engine"));
                assertEquals("RAYDB_TRIANGLES", explain.get("technique"));
                assertTrue(explain.get("index").startsWith("RayDB Z ranges"), explain.get("index"));
                assertTrue(explain.get("index").contains("optix runs RTScan"), explain.get("index"));
            }
            assertEquals(WIDE.size(), nonEmpty, "the fixture should give every query rows");
        }
    }

    /** Every present group's code, rows hit and the first aggregate's value (the SUM every query has). */
    private static List<List<Long>> slots(GroupAggregates a) {
        List<List<Long>> out = new ArrayList<>();
        for (int s = 0; s < a.slots(); s++) {
            out.add(List.of((long) a.groupAt(s), a.rowsHitAt(s), a.valueAt(0, s)));
        }
        return out;
    }
}
