package org.raydb.offload.index;

import java.util.ArrayList;
import java.util.List;
import org.raydb.offload.build.BuildPhases;
import org.raydb.offload.build.BuiltOnce;
import org.raydb.offload.encode.BijectivePacking;
import org.raydb.offload.encode.CodeOrder;

/**
 * The RayDB geometry of one BVH-catalog entry: one right triangle per row with vertices {@code (a,b,c)},
 * {@code (a+Sx,b,c)}, {@code (a,b+Sy,c)}, where {@code a = 0} (measures are read by row index, so they never
 * travel as float coordinates), {@code b} = the entry's group code (Y) and {@code c} = the entry's Z code,
 * {@code Sx = Sy = 1}. Every coordinate is an integer below 2^22, so it and the half-integer ray bounds are
 * exact in float32.
 *
 * <p>Z codes are packed from the attributes' dictionary codes block by block: the cuda engine sorts them on the
 * device ({@link #zCodeSource}), the cpu engine's {@link #zOrder} on the host, and only the ray engines'
 * geometry keeps them per row, packed on first use.
 *
 * <p>A <em>range-only</em> entry packs a wider Z code space (up to {@link BvhCatalog#maxRangeCodes}): its codes
 * are not exact in float32, so no geometry (triangles, grid, Y codes) is ever built over it. Engines read it
 * by Z ranges only: a Z interval is one contiguous range of its {@link #zOrder}.
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
    /** The Z attributes' dictionary codes per row, in packing order. */
    private final int[][] columns;

    private final int rows;
    /** The group codes of the key's Y attributes: the table's own array (shared, never modified). */
    private final int[] y;

    private final int yCells;
    /**
     * Built on first use: the cuda engine wants the Z order, ray engines the Z codes, only the cpu engine the
     * grid. Engines ask for them before their parallel stages, never from inside one.
     */
    private final BuiltOnce<CodeOrder> zOrder = new BuiltOnce<>();

    private final BuiltOnce<int[]> zStarts = new BuiltOnce<>();

    private final BuiltOnce<int[]> z = new BuiltOnce<>();
    private final BuiltOnce<Grid> grid = new BuiltOnce<>();

    /**
     * The cpu engine's grid: rows by Y cell, each cell's rows by Z (then row), with their float32 Z. Cell
     * {@code c} spans {@code [cellStart[c], cellStart[c+1])} of {@code sortedRows} and {@code sortedZ}; the
     * arrays are shared, never modify them.
     */
    public record Grid(int[] cellStart, int[] sortedRows, float[] sortedZ) {}

    /** {@code columns}: the Z attributes' dictionary codes, in packing order, {@code rows} each. */
    TriangleScene(BvhKey key, BijectivePacking packing, int[][] columns, int rows, int[] y, int yCells) {
        this.key = key;
        this.packing = packing;
        this.columns = columns;
        this.rows = rows;
        this.y = y;
        this.yCells = yCells;
    }

    /** A range-only entry: Z codes only (its key has no Y attributes, groups are read by row). */
    static TriangleScene rangeOnly(List<String> zAttributes, BijectivePacking packing, int[][] columns, int rows) {
        return new TriangleScene(new BvhKey(zAttributes, List.of()), packing, columns, rows, null, 1);
    }

    /** Whether the Z codes may exceed exact float32 geometry, so the entry is read by Z ranges only. */
    public boolean rangeOnly() {
        return y == null;
    }

    /**
     * The positions {@code {from, to}} in a Z order of each closed Z interval (clamped to the codes present;
     * empty ones left out): the rows of the interval are {@code order.rowAt(from .. to-1)}.
     */
    public static List<int[]> zRanges(CodeOrder order, List<long[]> zIntervals) {
        return zRanges(order::start, order.maxCode(), zIntervals);
    }

    /** {@link #zRanges(CodeOrder, List)} of an order given by where each code's rows begin, up to {@code maxCode}. */
    public static List<int[]> zRanges(java.util.function.IntUnaryOperator start, int maxCode, List<long[]> zIntervals) {
        List<int[]> out = new ArrayList<>(zIntervals.size());
        for (long[] iv : zIntervals) {
            long lo = Math.max(0, iv[0]);
            long hi = Math.min(maxCode, iv[1]);
            if (lo <= hi) {
                out.add(new int[] {start.applyAsInt((int) lo), start.applyAsInt((int) hi + 1)});
            }
        }
        return out;
    }

    /** The rows in Z order (built once, on first use). */
    public CodeOrder zOrder() {
        return zOrder.get(() -> scenesPhase(() -> CodeOrder.of(packing.codes(columns), rows, codeCount())));
    }

    /**
     * Where each Z code's rows begin in Z order, and last the row count (built once, on first use): what the
     * cost model counts a query's rows with. Counted from the codes rather than taken from {@link #zOrder},
     * which only the cpu engine reads: sorting the rows on the host cost 0.2-0.6 s and 4 bytes a row per entry
     * at SF 20, for engines that sort on the device.
     */
    public int[] zStarts() {
        CodeOrder order = zOrder.ifBuilt();
        if (order != null) {
            return order.startArray();
        }
        return zStarts.get(() -> scenesPhase(() -> CodeOrder.starts(packing.codes(columns), rows, codeCount())));
    }

    /** The cpu engine's grid (built once, on first use). */
    public Grid grid() {
        requireGeometry();
        return grid.get(() -> scenesPhase(this::buildGrid));
    }

    private static <T> T scenesPhase(java.util.function.Supplier<T> build) {
        try (BuildPhases.Span _ = BuildPhases.start(BuildPhases.Phase.SCENES)) {
            return build.get();
        }
    }

    /**
     * Rows in (Y, Z, row) order by two stable counting sorts, Z first: each pass reads its input in order
     * and carries along what the next pass needs, so neither gathers from a table-ordered array.
     */
    private Grid buildGrid() {
        int n = y.length;
        int[] z = zCodes();
        int[] zStart = CodeOrder.starts(z, codeCount());
        int[] next = java.util.Arrays.copyOf(zStart, zStart.length - 1);
        int[] rowByZ = new int[n];
        int[] cellByZ = new int[n];
        for (int row = 0; row < n; row++) {
            int at = next[z[row]]++;
            rowByZ[at] = row;
            cellByZ[at] = y[row];
        }
        int[] cellStart = new int[yCells + 1];
        for (int v : y) {
            cellStart[v + 1]++;
        }
        for (int c = 0; c < yCells; c++) {
            cellStart[c + 1] += cellStart[c];
        }
        next = java.util.Arrays.copyOf(cellStart, yCells);
        int[] sortedRows = new int[n];
        float[] sortedZ = new float[n];
        for (int c = 0; c < zStart.length - 1; c++) {
            for (int i = zStart[c], end = zStart[c + 1]; i < end; i++) {
                int at = next[cellByZ[i]]++;
                sortedRows[at] = rowByZ[i];
                sortedZ[at] = c;
            }
        }
        return new Grid(cellStart, sortedRows, sortedZ);
    }

    public BvhKey key() {
        return key;
    }

    public BijectivePacking packing() {
        return packing;
    }

    public int rows() {
        return rows;
    }

    /** The Z code space, below {@link BvhCatalog#maxRangeCodes} (so an {@code int}). */
    public int codeCount() {
        return Math.toIntExact(packing.size());
    }

    /** The rows' Z codes packed a block at a time (for an order built elsewhere, e.g. on the GPU). */
    public CodeOrder.Codes zCodeSource() {
        return packing.codes(columns);
    }

    /** Number of Y codes (grid cells). */
    public int yCells() {
        return yCells;
    }

    /** The Y coordinate (entry group code) of a row's triangle. */
    public int yOf(int row) {
        requireGeometry();
        return y[row];
    }

    /** Y of every row (not a copy: for uploads; never modify). */
    public int[] yCodes() {
        requireGeometry();
        return y;
    }

    /** Z of every row (not a copy: for uploads; never modify), packed on first use. */
    public int[] zCodes() {
        return z.get(() -> scenesPhase(() -> packing.packAllInts(columns, rows)));
    }

    private void requireGeometry() {
        if (rangeOnly()) {
            throw new IllegalStateException(
                    "BVH entry " + key + " is range-only: its Z codes are not exact in float32");
        }
    }

    /** Host bytes of the geometry and what was built from it so far. */
    public long bytes() {
        int[] codes = z.ifBuilt();
        long b = codes == null ? 0 : 4L * codes.length; // y: the table's group codes, counted there
        CodeOrder o = zOrder.ifBuilt();
        int[] starts = zStarts.ifBuilt();
        b += starts == null ? 0 : 4L * starts.length;
        Grid g = grid.ifBuilt();
        if (o != null) {
            b += o.bytes();
        }
        if (g != null) {
            b += 4L * (g.cellStart().length + 2L * g.sortedRows().length);
        }
        return b;
    }
}
