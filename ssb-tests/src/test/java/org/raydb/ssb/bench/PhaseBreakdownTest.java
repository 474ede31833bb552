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
        PhaseBreakdown b = PhaseBreakdown.of(List.of(timings(10, 2000, 300), timings(30, 1000, 100),
                timings(20, 3000, 200)), new double[] {3.0, 2.0, 4.0});
        // finish per run: 3000-2310 = 690, 2000-1130 = 870, 4000-3220 = 780
        assertEquals(new PhaseBreakdown(20, 2000, 200, 780), b);
        assertEquals(20 + 200 + 780, b.hostUs());
    }

    @Test
    void aRunThatWasNotOffloadedLeavesNoBreakdown() {
        assertNull(PhaseBreakdown.of(List.of(timings(1, 2, 3), Map.of()), new double[] {1, 1}));
        assertNull(PhaseBreakdown.of(List.of(), new double[0]));
    }
}
