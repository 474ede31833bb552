package org.raydb.offload.index;

import org.raydb.offload.encode.BijectivePacking;

/**
 * The RayDB geometry of one BVH-catalog entry: one right triangle per row with vertices {@code (a,b,c)},
 * {@code (a+Sx,b,c)}, {@code (a,b+Sy,c)}, where {@code a = 0} (measures are read by row index, so they never
 * travel as float coordinates), {@code b} = the entry's group code (Y) and {@code c} = the entry's Z code,
 * {@code Sx = Sy = 1}. Every coordinate is an integer below 2^22, so it and the half-integer ray bounds are
 * exact in float32.
 *
 * <p>The CPU engine's acceleration structure is a uniform grid over the XY plane (one cell per Y code, which
 * is exactly the footprint of a ray of the grid) with each cell's triangles sorted by Z: the same role a
 * BVH plays on the GPU, and the Z-sorted layout the cuda engine wants.
 */
public final class TriangleScene {

    /** Coordinates must stay below this for exact float32 geometry. */
    public static final int MAX_CODE = 1 << 22;

    private final BvhKey key;
    private final BijectivePacking packing;
    private final int[] y;
    private final int[] z;
    private final int yCells;
    private final int[] cellStart;
    private final int[] sortedRows;
    private final float[] sortedZ;

    TriangleScene(BvhKey key, BijectivePacking packing, int[] y, int[] z, int yCells) {
        this.key = key;
        this.packing = packing;
        this.y = y;
        this.z = z;
        this.yCells = yCells;
        int n = y.length;
        cellStart = new int[yCells + 1];
        for (int v : y) {
            cellStart[v + 1]++;
        }
        for (int c = 0; c < yCells; c++) {
            cellStart[c + 1] += cellStart[c];
        }
        // Bucket rows by Y cell (counting sort), then sort each cell by Z: keys are (z << 32 | row).
        long[] keys = new long[n];
        int[] next = java.util.Arrays.copyOf(cellStart, yCells);
        for (int row = 0; row < n; row++) {
            keys[next[y[row]]++] = ((long) z[row] << 32) | row;
        }
        java.util.stream.IntStream.range(0, yCells).parallel()
                .forEach(c -> java.util.Arrays.sort(keys, cellStart[c], cellStart[c + 1]));
        sortedRows = new int[n];
        sortedZ = new float[n];
        for (int i = 0; i < n; i++) {
            sortedRows[i] = (int) keys[i];
            sortedZ[i] = (float) (keys[i] >>> 32);
        }
    }

    public BvhKey key() {
        return key;
    }

    public BijectivePacking packing() {
        return packing;
    }

    public int rows() {
        return y.length;
    }

    /** Number of Y codes (grid cells). */
    public int yCells() {
        return yCells;
    }

    /** The Y coordinate (entry group code) of a row's triangle. */
    public int yOf(int row) {
        return y[row];
    }

    /** Y of every row (not a copy: for uploads; never modify). */
    public int[] yCodes() {
        return y;
    }

    /** Z of every row (not a copy: for uploads; never modify). */
    public int[] zCodes() {
        return z;
    }

    /** Start of cell {@code cell} in {@link #sortedRow}; cell {@code c} spans {@code [cellStart(c), cellStart(c+1))}. */
    public int cellStart(int cell) {
        return cellStart[cell];
    }

    public int sortedRow(int i) {
        return sortedRows[i];
    }

    /** The float32 Z of the i-th triangle in (Y, Z) order. */
    public float sortedZ(int i) {
        return sortedZ[i];
    }

    /** Host bytes of the geometry and its grid. */
    public long bytes() {
        return 4L * (3L * y.length + cellStart.length) + 4L * sortedZ.length;
    }
}
