package org.raydb.offload.engine.cpu;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class Float32GeometryTest {

    private static boolean hits(float z, float lo, float hi) {
        float oz = lo - 0.5f;
        return Float32Geometry.rayHitsTriangle(
                0.25f, 3.25f, oz, 0f, 0f, 1f, 0f, hi + 0.5f - oz, 0f, 3f, z, 1f, 3f, z, 0f, 4f, z);
    }

    @Test
    void halfIntegerSegmentsHitExactlyTheCodesInside() {
        for (int z = 0; z < 40; z++) {
            assertTrue(hits(z, 10, 20) == (z >= 10 && z <= 20), "z " + z);
        }
    }

    @Test
    void aTriangleAtTminIsNotReported() {
        // A segment that starts exactly on the triangle (integer boundary) loses it, as OptiX does.
        assertFalse(Float32Geometry.rayHitsTriangle(
                0.25f, 3.25f, 10f, 0f, 0f, 1f, 0f, 5f, 0f, 3f, 10f, 1f, 3f, 10f, 0f, 4f, 10f));
    }

    @Test
    void codesBelow2To22AreExactButLargerOnesAreNot() {
        int big = (1 << 22) - 3;
        assertTrue(hits(big, big, big));
        assertFalse(hits(big + 1, big, big));
        // Near 2^24 neighbouring codes and half-integer bounds collapse in float32: the float test must then
        // disagree with integer logic somewhere, so a precision bug shows in the reference engine.
        boolean anyWrong = false;
        for (int z = (1 << 24) - 4; z <= (1 << 24) + 4; z++) {
            for (int code = (1 << 24) - 4; code <= (1 << 24) + 4; code++) {
                anyWrong |= hits(z, code, code) != (z == code);
            }
        }
        assertTrue(anyWrong, "precision loss must be visible to the reference engine");
    }

    @Test
    void missesOutsideTheTriangleFootprint() {
        assertFalse(Float32Geometry.rayHitsTriangle(
                0.25f, 4.25f, 9.5f, 0f, 0f, 1f, 0f, 2f, 0f, 3f, 10f, 1f, 3f, 10f, 0f, 4f, 10f));
        assertFalse(Float32Geometry.rayHitsTriangle(
                0.75f, 3.75f, 9.5f, 0f, 0f, 1f, 0f, 2f, 0f, 3f, 10f, 1f, 3f, 10f, 0f, 4f, 10f));
    }

    @Test
    void boxSlabTest() {
        assertTrue(Float32Geometry.rayHitsBox(
                -0.5f, 0f, 0f, 1f, 0f, 0f, 0f, 3f, 1.75f, -0.25f, -0.25f, 2.25f, 0.25f, 0.25f));
        assertFalse(Float32Geometry.rayHitsBox(
                -0.5f, 0f, 0f, 1f, 0f, 0f, 0f, 2f, 2.75f, -0.25f, -0.25f, 3.25f, 0.25f, 0.25f));
        assertFalse(Float32Geometry.rayHitsBox(
                -0.5f, 1f, 0f, 1f, 0f, 0f, 0f, 3f, 1.75f, -0.25f, -0.25f, 2.25f, 0.25f, 0.25f));
    }
}
