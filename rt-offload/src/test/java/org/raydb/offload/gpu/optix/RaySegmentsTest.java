package org.raydb.offload.gpu.optix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.raydb.offload.gpu.optix.RaySegments.Interval;

class RaySegmentsTest {

    private static float z0(int[] s, int i) {
        return Float.intBitsToFloat(s[4 * i]);
    }

    private static float z1(int[] s, int i) {
        return Float.intBitsToFloat(s[4 * i + 1]);
    }

    @Test
    void boundariesFallStrictlyBetweenCodes() {
        int[] s = RaySegments.encode(
                List.of(new Interval(0, 0), new Interval(5000, 5009), new Interval((1 << 22) - 2, (1 << 22) - 1)));
        for (int i = 0; i < 3; i++) {
            int lo = s[4 * i + 2];
            int hi = s[4 * i + 3];
            assertTrue(z0(s, i) < lo && z0(s, i) > lo - 1, "z0 of segment " + i + " = " + z0(s, i));
            assertTrue(z1(s, i) > hi && z1(s, i) < hi + 1, "z1 of segment " + i + " = " + z1(s, i));
        }
        assertEquals(5000, s[6]);
        assertEquals(5009, s[7]);
    }

    @Test
    void largeCodesStayInsideTheSegmentAndNeedTheIntegerRecheck() {
        int lo = (1 << 25) + 1;
        int[] s = RaySegments.encode(List.of(new Interval(lo, lo)));
        assertTrue(z0(s, 0) < (float) lo, "the row's plane must not lie on tmin");
        assertTrue(z1(s, 0) > (float) lo);
        assertTrue(RaySegments.needsIntegerRecheck(lo));
        assertFalse(RaySegments.needsIntegerRecheck((1 << 22) - 1));
    }

    @Test
    void splittingCoversEveryCodeExactlyOnce() {
        List<Interval> pieces = RaySegments.split(
                List.of(
                        new Interval(0, 99),
                        new Interval(500, 500),
                        new Interval(Integer.MAX_VALUE - 5, Integer.MAX_VALUE)),
                32);
        assertEquals(
                List.of(
                        new Interval(0, 31),
                        new Interval(32, 63),
                        new Interval(64, 95),
                        new Interval(96, 99),
                        new Interval(500, 500),
                        new Interval(Integer.MAX_VALUE - 5, Integer.MAX_VALUE)),
                pieces);
    }

    @Test
    void emptyIntervalsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new Interval(3, 2));
    }
}
