package org.raydb.offload.engine.cpu;

import java.util.List;
import java.util.stream.IntStream;
import org.raydb.offload.index.TriangleScene;

/**
 * The RayDB ray job on the CPU. The ray grid is RayDB's over the whole XY extent, reduced to the one ray per
 * cell that our geometry needs: triangles sit at {@code x ∈ [0,1]}, {@code y ∈ [b, b+1]}, so the ray at
 * {@code (0.25, b + 0.25)} crosses exactly the triangles of cell {@code b}, through their interior. For each
 * Z interval {@code [lo, hi]} the ray segment runs from {@code z = lo - 0.5} to {@code hi + 0.5}: boundaries on
 * half-integers never coincide with a triangle (OptiX drops triangles exactly at tmin). Traversal uses the
 * scene's grid (cells sorted by Z) to cull candidates conservatively by float Z; the float32 ray/triangle
 * test decides every hit, and the row flags keep each row once.
 */
final class TriangleRayJob {

    private TriangleRayJob() {}

    /**
     * Sets the flag of every row whose triangle is hit; returns the number of rays cast. The scene's grid is
     * built (or awaited) here, before the parallel stage: a lazy build inside it would wait on the pool it
     * runs in.
     */
    static long run(TriangleScene scene, List<long[]> intervals, HitFlags flags) {
        TriangleScene.Grid grid = scene.grid();
        float[] lo = new float[intervals.size()];
        float[] hi = new float[intervals.size()];
        for (int i = 0; i < lo.length; i++) {
            lo[i] = intervals.get(i)[0];
            hi[i] = intervals.get(i)[1];
        }
        return IntStream.range(0, scene.yCells())
                .parallel()
                .mapToLong(cell -> traceCell(grid, cell, lo, hi, flags))
                .sum();
    }

    private static long traceCell(TriangleScene.Grid grid, int cell, float[] lo, float[] hi, HitFlags flags) {
        float[] sortedZ = grid.sortedZ();
        int start = grid.cellStart()[cell];
        int end = grid.cellStart()[cell + 1];
        float oy = cell + 0.25f;
        float y0 = cell;
        float y1 = cell + 1f;
        long rays = 0;
        int i = start;
        int k = 0;
        while (i < end && k < lo.length) {
            // Skip rays whose segment lies wholly below the next triangle: they would hit nothing.
            float next = sortedZ[i];
            k = firstIntervalEndingAtOrAfter(hi, k, next - 1f);
            if (k >= lo.length) {
                break;
            }
            float oz = lo[k] - 0.5f;
            float tmax = hi[k] + 0.5f - oz;
            rays++;
            int j = firstAtOrAbove(sortedZ, i, end, lo[k] - 1f);
            for (; j < end && sortedZ[j] <= hi[k] + 1f; j++) {
                float z = sortedZ[j];
                if (Float32Geometry.rayHitsTriangle(
                        0.25f, oy, oz, 0f, 0f, 1f, 0f, tmax, 0f, y0, z, 1f, y0, z, 0f, y1, z)) {
                    flags.claim(grid.sortedRows()[j]);
                }
            }
            i = Math.max(i, firstAtOrAbove(sortedZ, i, end, hi[k] + 0.5f));
            k++;
        }
        return rays;
    }

    private static int firstIntervalEndingAtOrAfter(float[] hi, int from, float z) {
        int a = from;
        int b = hi.length;
        while (a < b) {
            int m = (a + b) >>> 1;
            if (hi[m] < z) {
                a = m + 1;
            } else {
                b = m;
            }
        }
        return a;
    }

    private static int firstAtOrAbove(float[] sortedZ, int from, int to, float z) {
        int a = from;
        int b = to;
        while (a < b) {
            int m = (a + b) >>> 1;
            if (sortedZ[m] < z) {
                a = m + 1;
            } else {
                b = m;
            }
        }
        return a;
    }
}
