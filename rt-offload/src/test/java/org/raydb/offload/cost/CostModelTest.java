package org.raydb.offload.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.raydb.offload.encode.CodeOrder;
import org.raydb.offload.engine.Technique;
import org.raydb.offload.plan.ColumnType;

/** The estimators' arithmetic, by hand, on fixed shapes and constants. */
class CostModelTest {

    /** 3 TB/s, 10 µs launch round trip, 8 µs small copy. */
    static final DeviceConstants H100 = new DeviceConstants("H100", "13.0", 3e6, 10, 8, 0,
            DeviceConstants.Source.DEFAULTS);
    static final DeviceConstants RTX = new DeviceConstants("RTX", "13.0", 3e6, 10, 8, 1,
            DeviceConstants.Source.DEFAULTS);

    /** 120M rows, one group, one measure, 1% qualifying in 2 Z intervals. */
    static final JobShape RAYDB = new JobShape(120_000_000, Technique.RAYDB_TRIANGLES, 1_200_000, 1_200_000, 2, 0, 1,
            1, 1, 0);

    @Test
    void cudaReadsOnlyTheQualifyingRowsOfAZSortedJob() {
        // launch 10 + 4 small copies (ranges up; counts, valid counts, sums back) x 8 + 1.2M x 8 B / 3e6 B/us
        assertEquals(10 + 4 * 8 + 1_200_000 * 8 / 3e6, CostModel.cudaMicros(RAYDB, H100), 1e-9);
    }

    @Test
    void cudaScansEveryRankOfAnRtscanJob() {
        JobShape s = new JobShape(1_000_000, Technique.RTSCAN_CUBES, 1000, 5000, 0, 2, 1, 10, 1, 2);
        // small copies: 1 up + (1 + 2 + 2 min/max) back + 2 min/max presets = 8; bytes: 2 x 4 B x 1M + 1000 x 12 B
        assertEquals(10 + 8 * 8 + (8_000_000 + 12_000) / 3e6, CostModel.cudaMicros(s, H100), 1e-9);
    }

    @Test
    void optixPaysPerRayAndPerHitAndRtCoresCutBoth() {
        double rays = (1 << 20) * CostModel.RAY_NANOS;
        double hits = 1_200_000 * CostModel.HIT_NANOS;
        assertEquals(42 + (rays + hits) / 1000, CostModel.optixMicros(RAYDB, H100), 1e-9);
        assertEquals(42 + (rays + hits) / CostModel.RT_CORE_SPEEDUP / 1000, CostModel.optixMicros(RAYDB, RTX), 1e-9);
        // Beyond 2^20 rays, one ray per Y cell and Z interval.
        JobShape wide = new JobShape(120_000_000, Technique.RAYDB_TRIANGLES, 0, 0, 4096, 0, 1000, 1000, 1, 0);
        assertEquals(42 + 4_096_000 * CostModel.RAY_NANOS / 1000, CostModel.optixMicros(wide, H100), 1e-9);
    }

    @Test
    void duckdbScansTheReferencedColumnsAtItsMeasuredRate() {
        Map<String, ColumnType> columns = new LinkedHashMap<>();
        columns.put("a", ColumnType.of(ColumnType.Kind.INTEGER));
        columns.put("m", ColumnType.decimal(15, 2));
        columns.put("b", ColumnType.of(ColumnType.Kind.VARCHAR));
        long bytes = HostScanRate.referencedBytes(columns, 1000);
        assertEquals((4 + 8 + 16) * 1000, bytes);
        assertEquals(200 + 28_000 / 100.0, CostModel.duckdbMicros(bytes, new HostScanRate(100, 200)), 1e-9);
    }

    @Test
    void qualifyingRowsOfZIntervalsAreCountedInTheZOrder() {
        CodeOrder order = CodeOrder.of(new int[] {5, 1, 0, 2, 5, 1, 5});
        assertEquals(6, JobShape.rowsIn(order, List.of(new long[] {1, 2}, new long[] {5, 9})));
        assertEquals(1, JobShape.rowsIn(order, List.<long[]>of(new long[] {-3, 0})));
        assertEquals(0, JobShape.rowsIn(order, List.<long[]>of(new long[] {3, 4}, new long[] {6, 7})));
    }

    @Test
    void theZSortedKernelBeatsTheRayJobAtEverySelectivity() {
        // Measured on the H100 at SF 20: 7-134x faster than the best ray job from 0.001% to 1% (docs/benchmarks/README.md, "Reference measurements").
        for (long q : new long[] {1_200, 12_000, 120_000, 1_200_000}) {
            JobShape s = new JobShape(120_000_000, Technique.RAYDB_TRIANGLES, q, q, 1, 0, 1, 1, 1, 0);
            assertTrue(CostModel.cudaMicros(s, H100) < CostModel.optixMicros(s, H100), "q=" + q);
        }
    }
}
