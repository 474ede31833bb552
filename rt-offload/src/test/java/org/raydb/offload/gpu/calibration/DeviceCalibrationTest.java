package org.raydb.offload.gpu.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.raydb.jdbc.RayConnection;
import org.raydb.offload.cost.CalibrationCache;
import org.raydb.offload.cost.DeviceConstants;
import org.raydb.offload.gpu.GpuTestSupport;

/**
 * The cost model's calibration on a real GPU: cached per GPU model and driver; and engine=auto's choice on
 * it, shown by EXPLAIN OFFLOAD before and after runs (gpu-selftest checks the calibration is short and plausible).
 */
@Tag("gpu")
class DeviceCalibrationTest {

    @Test
    void sharedCalibrationIsCachedAndReadBack(@TempDir Path dir) {
        GpuTestSupport.requireCuda("cost-model calibration cache");
        CalibrationCache cache = new CalibrationCache(dir);
        DeviceConstants c = SharedCalibration.constants(cache); // memoized: another test may have calibrated first
        System.out.println("shared calibration: " + c);
        cache.store(c);
        assertEquals(c.withSource(DeviceConstants.Source.CACHED), cache.load(c.gpu(), c.driver()));
        assertTrue(c.copyBytesPerMicro() > 0 && c.launchMicros() > 0 && c.smallCopyMicros() > 0, c.toString());
    }

    @Test
    void autoChoosesByCostOnTheGpu() throws SQLException {
        GpuTestSupport.requireCuda("engine=auto by cost");
        List<String> queries = List.of(
                "SELECT sum(price * disc) FROM f WHERE d BETWEEN 100 AND 102 AND q < 5",
                "SELECT q, sum(price) FROM f WHERE disc BETWEEN 1 AND 3 GROUP BY q",
                "SELECT q, count(*) FROM f GROUP BY q");
        try (Connection c = DriverManager.getConnection("jdbc:raydb::memory:?engine=auto&offload=auto");
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE f AS SELECT (i * 7919 % 2556)::INTEGER AS d, (i % 50 + 1)::INTEGER AS q,"
                    + " (i % 11)::INTEGER AS disc, (i * 7 % 100000)::BIGINT AS price FROM range(20000000) r(i)");
            for (String q : queries) {
                for (int run = 0; run < 3; run++) {
                    try (ResultSet rs = st.executeQuery(q)) {
                        while (rs.next()) {
                            rs.getObject(1);
                        }
                    }
                    // The first run is DuckDB's while the shape builds in the background.
                    c.unwrap(RayConnection.class).awaitBackgroundBuilds(Duration.ofMinutes(2));
                }
                Map<String, String> e = explain(st, q);
                System.out.println("EXPLAIN OFFLOAD " + q);
                e.forEach((k, v) -> System.out.println("  " + k + " = " + v));
                assertEquals("true", e.get("qualifies"), e.get("reason"));
                assertTrue(
                        e.get("engine_reason").startsWith("cheapest:")
                                || e.get("engine_reason").contains("DuckDB"),
                        e.get("engine_reason"));
                Long.parseLong(e.get("estimate_cuda_us"));
                Long.parseLong(e.get("estimate_duckdb_us"));
            }
        }
    }

    private static Map<String, String> explain(Statement st, String sql) throws SQLException {
        Map<String, String> out = new LinkedHashMap<>();
        try (ResultSet rs = st.executeQuery("EXPLAIN OFFLOAD " + sql)) {
            while (rs.next()) {
                out.put(rs.getString(1), rs.getString(2));
            }
        }
        return out;
    }
}
