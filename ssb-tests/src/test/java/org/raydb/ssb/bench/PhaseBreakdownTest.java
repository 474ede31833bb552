package org.raydb.ssb.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PhaseBreakdownTest {

    private static Map<String, Long> timings(long planning, long execution, long handoff) {
        return Map.of("planning_us", planning, "execution_us", execution, "handoff_us", handoff, "duckdb_us", 1L);
    }

    @Test
    void finishIsWhatTheOtherPhasesDoNotAccountForAndEachPhaseIsItsOwnMedian() {
        PhaseBreakdown b = PhaseBreakdown.of(
                List.of(timings(10, 2000, 300), timings(30, 1000, 100), timings(20, 3000, 200)),
                new double[] {3.0, 2.0, 4.0});
        // finish per run: 3000-2310 = 690, 2000-1130 = 870, 4000-3220 = 780
        assertEquals(new PhaseBreakdown(20, 2000, 200, 780, -1, -1, -1), b, "no engine figures: unknown");
        assertEquals(20 + 200 + 780, b.hostUs());
    }

    @Test
    void theEngineFiguresAreMediansAndUnknownWhenSomeRunLacksThem() {
        Map<String, Long> a = engine(timings(10, 2000, 300), 900, 400, 1_000_000);
        Map<String, Long> b = engine(timings(10, 2000, 300), 700, 300, 1_000_000);
        Map<String, Long> c = engine(timings(10, 2000, 300), 800, -1, 1_000_000);
        PhaseBreakdown measured = PhaseBreakdown.of(List.of(a, b, a), new double[] {3, 3, 3});
        assertEquals(900, measured.engineUs());
        assertEquals(400, measured.kernelUs());
        assertEquals(1_000_000, measured.bytesRead());
        PhaseBreakdown partly = PhaseBreakdown.of(List.of(a, b, c), new double[] {3, 3, 3});
        assertEquals(800, partly.engineUs());
        assertEquals(PhaseBreakdown.UNKNOWN, partly.kernelUs(), "one run without kernel time: unknown, not a mix");
    }

    private static Map<String, Long> engine(Map<String, Long> phases, long engineUs, long kernelUs, long bytes) {
        Map<String, Long> out = new java.util.HashMap<>(phases);
        out.put("engine_us", engineUs);
        out.put("kernel_us", kernelUs);
        out.put("bytes_read", bytes);
        return out;
    }

    @Test
    void aRunThatWasNotOffloadedLeavesNoBreakdown() {
        assertNull(PhaseBreakdown.of(List.of(timings(1, 2, 3), Map.of()), new double[] {1, 1}));
        assertNull(PhaseBreakdown.of(List.of(), new double[0]));
    }
}
