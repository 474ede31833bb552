package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * SSB q3.4 packs c_city, s_city and d_yearmonth into 250 x 250 x 84 = 5.25 M Z codes, beyond exact float32
 * geometry: a range-only RayDB job (the cuda engine reads its Z ranges; optix runs RTScan), not an RTScan job.
 */
class SsbQ34RangeOnlyTest {

    @Test
    void q34IsARangeOnlyRayDbJobWithDuckDbsAnswer() throws SQLException {
        try (OffloadHarness h = OffloadHarness.forceCpu()) {
            for (String sql : SsbLikeFixture.createSql(200_000)) {
                h.exec(sql);
            }
            String q34 = SsbLikeFixture.QUERIES.get(9);
            assertTrue(q34.contains("d_yearmonth = 'Dec1997'"), q34);
            OffloadHarness.Answer expected = h.duckAnswer(q34);
            assertNull(ResultComparator.difference(
                    expected.rows(), h.offloadedAnswer(q34).rows()));
            Map<String, String> explain = h.explain(q34);
            assertEquals("RAYDB_TRIANGLES", explain.get("technique"), explain.toString());
            assertTrue(
                    explain.get("index").startsWith("RayDB Z ranges Z=[c_city, s_city, d_yearmonth]"),
                    explain.get("index"));
            assertTrue(explain.get("index").contains("optix runs RTScan"), explain.get("index"));
        }
    }
}
