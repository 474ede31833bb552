package org.raydb.offload.engine.cpu;

import java.util.BitSet;
import java.util.stream.IntStream;
import org.raydb.offload.engine.RankFilter;
import org.raydb.offload.index.SievingVectors;

/**
 * RTScan on the CPU for one filtered column: the sieving vector nearest to each bound gives an approximate
 * bitmap, and Matrix RT Refine fixes the band between the vector's boundary and the bound. Rows are cubes
 * centred at {@code (rank, 0, 0)} with half-width {@code 0.25 + ε} ({@code ε = 2^(K-23)} for ranks below
 * {@code 2^K}, RTScan's precision margin); a band {@code [a, b)} of ranks is refined by rays along +X at
 * {@code y = z = 0}, in segments of {@value #SEGMENT} ranks whose ends lie on half-integers; the
 * intersection program re-checks the integer rank, so float rounding of large ranks cannot add a row.
 */
final class CubeRefine {

    static final int SEGMENT = 1024;

    private CubeRefine() {}

    /** The exact bitmap of rows passing {@code filter}; counts rays cast into {@code rays[0]}. */
    static BitSet rows(RankFilter filter, long[] rays) {
        int n = filter.encoding().rows();
        BitSet out = new BitSet(n);
        for (int[] iv : filter.rankIntervals()) {
            int start = iv[0];
            int end = iv[1];
            SievingVectors.Selection atEnd = filter.sieving().select(end);
            SievingVectors.Selection atStart = filter.sieving().select(start);
            long viaSieving = Math.abs((long) atEnd.boundary() - end) + Math.abs((long) atStart.boundary() - start);
            if (end - start <= viaSieving) {
                out.or(band(filter, start, end, rays));
                continue;
            }
            BitSet below = lessThan(filter, end, atEnd, rays);
            below.andNot(lessThan(filter, start, atStart, rays));
            out.or(below);
        }
        return out;
    }

    /** {@code rank < c} from the chosen vector plus (positive) or minus (negative) the refined band. */
    private static BitSet lessThan(RankFilter filter, int c, SievingVectors.Selection s, long[] rays) {
        BitSet bits = s.approximate();
        if (s.positive(c)) {
            bits.or(band(filter, s.boundary(), c, rays));
        } else {
            bits.andNot(band(filter, c, s.boundary(), rays));
        }
        return bits;
    }

    /**
     * Rows with rank in {@code [a, b)}, found by casting rays through the cubes. The segments' rays run in
     * parallel and mark one shared row bitmap: a bitmap per segment would each span the table's rows
     * (the rows of a rank band are scattered), thousands of them on a wide band.
     */
    static BitSet band(RankFilter filter, int a, int b, long[] rays) {
        if (a >= b) {
            return new BitSet();
        }
        int n = filter.encoding().rows();
        float half = 0.25f + epsilon(n);
        int segments = (b - a + SEGMENT - 1) / SEGMENT;
        synchronized (rays) {
            rays[0] += segments;
        }
        HitFlags hits = new HitFlags(n);
        IntStream.range(0, segments).parallel().forEach(s -> {
            int from = a + s * SEGMENT;
            int to = Math.min(b, from + SEGMENT);
            float ox = from - 0.5f;
            float tmax = (to - 0.5f) - ox;
            // Candidates: cubes whose centre is within one rank of the segment (cubes sorted by rank).
            for (int r = Math.max(0, from - 1); r <= Math.min(n - 1, to); r++) {
                float cx = r;
                if (Float32Geometry.rayHitsBox(
                                ox, 0f, 0f, 1f, 0f, 0f, 0f, tmax, cx - half, -half, -half, cx + half, half, half)
                        && r >= from
                        && r < to) {
                    hits.claim(filter.encoding().rowAt(r));
                }
            }
        });
        return hits.toBitSet();
    }

    /** RTScan's margin: 0 while ranks are exact with room in float32, {@code 2^(K-23)} beyond. */
    static float epsilon(int n) {
        int k = 32 - Integer.numberOfLeadingZeros(Math.max(1, n));
        return k <= 22 ? 0f : (float) Math.scalb(1.0, k - 23);
    }
}
