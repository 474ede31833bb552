package org.raydb.offload.gpu.optix;

import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.MemorySegment;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Pins the Java layout to RdbRayJobParams in native/optix/raydb_launch_params.h (offsets in its comments). */
class RayJobParamsTest {

    @Test
    void layoutMatchesTheNativeStruct() {
        assertEquals(192, RayJobParams.BYTES);
        Map<String, Long> offsets = Map.ofEntries(
                Map.entry("traversable", 0L),
                Map.entry("originX", 8L),
                Map.entry("originY", 12L),
                Map.entry("stepX", 16L),
                Map.entry("stepY", 20L),
                Map.entry("gridX", 24L),
                Map.entry("gridY", 28L),
                Map.entry("segments", 32L),
                Map.entry("zCodes", 40L),
                Map.entry("boxCodes", 48L),
                Map.entry("boxLo", 72L),
                Map.entry("boxHi", 84L),
                Map.entry("rowFlags", 96L),
                Map.entry("resultBitmap", 104L),
                Map.entry("groupCodes", 112L),
                Map.entry("measures", 120L),
                Map.entry("measureValid", 128L),
                Map.entry("counts", 136L),
                Map.entry("validCounts", 144L),
                Map.entry("sums", 152L),
                Map.entry("mins", 160L),
                Map.entry("maxs", 168L),
                Map.entry("numRows", 176L),
                Map.entry("nMeasures", 180L),
                Map.entry("nGroups", 184L),
                Map.entry("reserved", 188L));
        offsets.forEach((field, offset) -> assertEquals(offset, RayJobParams.offsetOf(field), field));
    }

    @Test
    void writesValuesWhereTheProgramsReadThem() {
        MemorySegment bytes = new RayJobParams()
                .grid(0.25f, 0.5f, 0.5f, 1f, 2000, 200)
                .rows(1_000_000)
                .box(2, null, 7, 9)
                .asSegment();
        assertEquals(0.25f, bytes.get(JAVA_FLOAT, 8));
        assertEquals(1f, bytes.get(JAVA_FLOAT, 20));
        assertEquals(200, bytes.get(JAVA_INT, 28));
        assertEquals(7, bytes.get(JAVA_INT, 80));
        assertEquals(9, bytes.get(JAVA_INT, 92));
        assertEquals(1_000_000, bytes.get(JAVA_INT, 176));
    }
}
