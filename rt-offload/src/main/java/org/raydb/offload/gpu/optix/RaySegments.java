package org.raydb.offload.gpu.optix;

import java.util.List;

/**
 * Ray segments along Z for closed integer intervals of Z codes: segment [lo - 0.5, hi + 0.5] as float
 * (rounded outward), so no row's plane z = code lies on a segment boundary: OptiX 9.0 drops a triangle exactly
 * at a ray's tmin (seen on the H100: with segment ends on integer codes 4-20% of the hits were lost). Codes at or above {@link #EXACT_LIMIT} are not exact in float32; the launch
 * then re-checks integer codes ({@link RayJobParams#zCodes}). Layout: {@code RdbSegment}, 16 bytes.
 */
public final class RaySegments {

    /** Codes below 2^22 make lo - 0.5 and hi + 0.5 exact in float32. */
    public static final int EXACT_LIMIT = 1 << 22;

    public static final int BYTES_PER_SEGMENT = 16;

    /** A closed interval of Z codes. */
    public record Interval(int lo, int hi) {
        public Interval {
            if (lo > hi) throw new IllegalArgumentException("empty interval [" + lo + ", " + hi + "]");
        }
    }

    private RaySegments() {}

    /** Packed RdbSegment structs, as ints (the floats by their raw bits) for DeviceBuffer.copyFrom. */
    public static int[] encode(List<Interval> intervals) {
        int[] out = new int[4 * intervals.size()];
        for (int i = 0; i < intervals.size(); i++) {
            Interval interval = intervals.get(i);
            out[4 * i] = Float.floatToRawIntBits(Math.nextDown((float) (interval.lo() - 0.5)));
            out[4 * i + 1] = Float.floatToRawIntBits(Math.nextUp((float) (interval.hi() + 0.5)));
            out[4 * i + 2] = interval.lo();
            out[4 * i + 3] = interval.hi();
        }
        return out;
    }

    /**
     * Cuts every interval into pieces of at most {@code maxCodes} codes. More, shorter segments mean more
     * rays in flight and fewer hits per ray: a ray walks its hits one after another, so a few long rays
     * through many rows leave the GPU idle. Boundaries stay between codes, so no row is split or lost.
     */
    public static List<Interval> split(List<Interval> intervals, int maxCodes) {
        if (maxCodes <= 0) throw new IllegalArgumentException("maxCodes must be positive: " + maxCodes);
        List<Interval> out = new java.util.ArrayList<>();
        for (Interval interval : intervals) {
            for (long lo = interval.lo(); lo <= interval.hi(); lo += maxCodes) {
                out.add(new Interval((int) lo, (int) Math.min(interval.hi(), lo + maxCodes - 1)));
            }
        }
        return out;
    }

    /** Whether a launch over codes up to maxCode must re-check codes as integers. */
    public static boolean needsIntegerRecheck(long maxCode) {
        return maxCode >= EXACT_LIMIT;
    }
}
