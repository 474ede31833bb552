package org.raydb.ssb.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class VaryConstantsSideTest {

    @Test
    void percentilesAreNearestRank() {
        long[] nanos = new long[100];
        for (int i = 0; i < 100; i++) {
            nanos[i] = (i + 1) * 1_000_000L;
        }
        assertEquals(50, VaryConstantsSide.percentileMs(nanos, 0.5));
        assertEquals(99, VaryConstantsSide.percentileMs(nanos, 0.99));
        assertEquals(3, VaryConstantsSide.percentileMs(new long[] {1_000_000, 2_000_000, 3_000_000}, 0.99));
        assertEquals(1, VaryConstantsSide.percentileMs(new long[] {1_000_000}, 0.5));
        assertTrue(Double.isNaN(VaryConstantsSide.percentileMs(new long[0], 0.5)), "no query answered");
    }
}
