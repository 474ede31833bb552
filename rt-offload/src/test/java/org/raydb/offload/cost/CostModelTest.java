package org.raydb.offload.cost;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.raydb.offload.encode.CodeOrder;
import org.raydb.offload.engine.Technique;
import org.raydb.offload.plan.ColumnType;

/**
 * What the estimators must satisfy whatever their constants: more work never costs less, no estimate falls
 * below the fixed cost of a launch, RT cores only help, and the choice between engines flips once, on the
 * right side of the break-even point.
 */
class CostModelTest {

    /** 3 TB/s, 10 µs launch round trip, 8 µs small copy. */
    static final DeviceConstants H100 =
            new DeviceConstants("H100", "13.0", 3e6, 10, 8, 0, DeviceConstants.Source.DEFAULTS);

    static final DeviceConstants RTX =
            new DeviceConstants("RTX", "13.0", 3e6, 10, 8, 1, DeviceConstants.Source.DEFAULTS);

    private static final long ROWS = 120_000_000;
    /** Qualifying rows from one row to the whole table, on a log scale. */
    private static final long[] QUALIFYING = {1, 10, 1_200, 12_000, 120_000, 1_200_000, 12_000_000, ROWS};

    private static JobShape raydb(long qualifying, int zIntervals, int groups, int measures) {
        return new JobShape(
                ROWS, Technique.RAYDB_TRIANGLES, qualifying, qualifying, zIntervals, 0, groups, groups, measures, 0);
    }

    private static JobShape rtscan(long rows, long qualifying, int filterColumns) {
        return new JobShape(
                rows, Technique.RTSCAN_CUBES, qualifying, qualifying * filterColumns, 0, filterColumns, 1, 10, 1, 0);
    }

    @Test
    void moreQualifyingRowsNeverCostLess() {
        for (DeviceConstants d : List.of(H100, RTX)) {
            double cuda = 0;
            double optix = 0;
            for (long q : QUALIFYING) {
                JobShape s = raydb(q, 2, 1, 1);
                assertTrue(CostModel.cudaMicros(s, d) >= cuda, "cuda at q=" + q);
                assertTrue(CostModel.optixMicros(s, d) >= optix, "optix at q=" + q);
                cuda = CostModel.cudaMicros(s, d);
                optix = CostModel.optixMicros(s, d);
            }
        }
    }

    @Test
    void moreMeasuresGroupsColumnsAndRaysNeverCostLess() {
        assertTrue(
                CostModel.cudaMicros(raydb(1_200_000, 2, 1, 2), H100)
                        > CostModel.cudaMicros(raydb(1_200_000, 2, 1, 1), H100),
                "a second measure is read per row");
        assertTrue(
                CostModel.cudaMicros(raydb(1_200_000, 2, 100, 1), H100)
                        > CostModel.cudaMicros(raydb(1_200_000, 2, 1, 1), H100),
                "group codes are read once there are groups");
        assertTrue(
                CostModel.cudaMicros(rtscan(ROWS, 1000, 3), H100) > CostModel.cudaMicros(rtscan(ROWS, 1000, 2), H100),
                "an RTScan job scans every rank of each filtered column");
        assertTrue(
                CostModel.cudaMicros(rtscan(2 * ROWS, 1000, 2), H100)
                        > CostModel.cudaMicros(rtscan(ROWS, 1000, 2), H100),
                "and every row");
        // Beyond the rays a launch aims at, one ray per Y cell and Z interval: more of either costs more.
        double few = CostModel.optixMicros(raydb(0, 1024, 1024, 1), H100);
        double many = CostModel.optixMicros(raydb(0, 4096, 1024, 1), H100);
        assertTrue(many > few, many + " vs " + few);
    }

    @Test
    void noEstimateFallsBelowOneLaunchAndFasterDevicesOnlyHelp() {
        DeviceConstants slow = new DeviceConstants("slow", "13.0", 1e6, 20, 16, 0, DeviceConstants.Source.DEFAULTS);
        for (long q : QUALIFYING) {
            for (JobShape s : List.of(raydb(q, 2, 1, 1), rtscan(ROWS, q, 2))) {
                for (DeviceConstants d : List.of(H100, RTX, slow)) {
                    assertTrue(CostModel.cudaMicros(s, d) >= d.launchMicros(), "cuda " + s);
                    assertTrue(CostModel.optixMicros(s, d) >= d.launchMicros(), "optix " + s);
                }
                assertTrue(CostModel.cudaMicros(s, slow) > CostModel.cudaMicros(s, H100), "bandwidth and latency");
                assertTrue(CostModel.optixMicros(s, slow) > CostModel.optixMicros(s, H100), "bandwidth and latency");
            }
        }
    }

    @Test
    void rtCoresCutTheRayJobByAtMostTheirSpeedupAndLeaveCudaAlone() {
        for (long q : QUALIFYING) {
            JobShape s = raydb(q, 2, 1, 1);
            double without = CostModel.optixMicros(s, H100);
            double with = CostModel.optixMicros(s, RTX);
            assertTrue(with < without, "q=" + q);
            assertTrue(with * CostModel.RT_CORE_SPEEDUP >= without, "only rays and hits get faster, q=" + q);
            assertEquals(CostModel.cudaMicros(s, H100), CostModel.cudaMicros(s, RTX), "cuda has no use for RT cores");
        }
    }

    @Test
    void theZSortedKernelBeatsTheRayJobAtEverySelectivityWithoutRtCores() {
        // Measured on the H100 at SF 20: 7-134x faster than the best ray job from 0.001% to 1%
        // (docs/benchmarks/README.md, "Reference measurements").
        for (long q : QUALIFYING) {
            JobShape s = raydb(q, 1, 1, 1);
            assertTrue(CostModel.cudaMicros(s, H100) < CostModel.optixMicros(s, H100), "q=" + q);
        }
    }

    @Test
    void duckdbCostGrowsWithTheReferencedBytesAndFallsWithItsRate() {
        Map<String, ColumnType> columns = new LinkedHashMap<>();
        columns.put("a", ColumnType.of(ColumnType.Kind.INTEGER));
        long one = HostScanRate.referencedBytes(columns, 1000);
        columns.put("m", ColumnType.decimal(15, 2));
        columns.put("b", ColumnType.of(ColumnType.Kind.VARCHAR));
        long three = HostScanRate.referencedBytes(columns, 1000);
        assertTrue(three > one, "more columns, more bytes");
        assertTrue(HostScanRate.referencedBytes(columns, 2000) > three, "more rows, more bytes");
        HostScanRate rate = new HostScanRate(100, 200);
        assertTrue(CostModel.duckdbMicros(three, rate) > CostModel.duckdbMicros(one, rate));
        assertTrue(CostModel.duckdbMicros(0, rate) >= rate.fixedMicros(), "a statement costs its fixed part");
        assertTrue(CostModel.duckdbMicros(three, new HostScanRate(200, 200)) < CostModel.duckdbMicros(three, rate));
    }

    @Test
    void theChoiceFlipsOnceFromTheGpuToDuckdbAsTheJobGrows() {
        // DuckDB's time is fixed (the same table and columns), the cuda job's grows with its qualifying rows:
        // below the break-even point cuda is chosen, above it DuckDB, and never back.
        long duckdbBytes = ROWS * 12;
        double duckdb = CostModel.duckdbMicros(duckdbBytes, new HostScanRate(30_000, 300));
        HostOverhead host = new HostOverhead();
        String previous = null;
        int flips = 0;
        long lastGpu = -1;
        for (long q = 1; q <= 4 * ROWS * 1000; q *= 2) {
            JobShape s = raydb(q, 1, 1, 1);
            String chosen = CostChoice.choose(List.of("cuda"), s, H100, duckdb, host, new MeasuredTimes())
                    .engine();
            if (previous != null && !chosen.equals(previous)) flips++;
            if (chosen.equals("cuda")) lastGpu = q;
            previous = chosen;
            double offload = CostModel.cudaMicros(s, H100) + host.micros();
            assertEquals(offload <= duckdb ? "cuda" : CostChoice.DUCKDB, chosen, "q=" + q);
        }
        assertEquals(1, flips, "cuda for small jobs, DuckDB past the break-even point");
        assertTrue(lastGpu > 0 && previous.equals(CostChoice.DUCKDB));
    }

    @Test
    void qualifyingRowsOfZIntervalsAreCountedInTheZOrder() {
        int[] codes = {5, 1, 0, 2, 5, 1, 5};
        int[] starts = CodeOrder.starts(codes, 6);
        assertArrayEquals(CodeOrder.of(codes).startArray(), starts, "counted as the sort places them");
        assertEquals(6, JobShape.rowsIn(starts, List.of(new long[] {1, 2}, new long[] {5, 9})));
        assertEquals(1, JobShape.rowsIn(starts, List.<long[]>of(new long[] {-3, 0})));
        assertEquals(0, JobShape.rowsIn(starts, List.<long[]>of(new long[] {3, 4}, new long[] {6, 7})));
    }
}
