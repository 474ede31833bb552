package org.raydb.ssb.bench;

/**
 * The least time a kernel can take to read its bytes: {@code bytes / bandwidth}, with the device copy
 * bandwidth measured on the same GPU ({@code run bandwidth}: bytes read plus written per second, in 10^9
 * bytes). The targets ({@link Targets}) ask the cuda engine's kernel time to stay within 2× of it.
 *
 * @param gbs the bandwidth in GB/s, NaN when not given (then every floor is NaN)
 */
public record BandwidthFloor(double gbs) {

    public static final BandwidthFloor UNKNOWN = new BandwidthFloor(Double.NaN);

    public boolean known() {
        return gbs > 0;
    }

    /** Microseconds to read {@code bytes}; NaN when the bandwidth or the bytes are unknown. */
    public double floorUs(long bytes) {
        return known() && bytes >= 0 ? bytes / (gbs * 1e3) : Double.NaN;
    }

    /** Kernel time over its floor; NaN when either is unknown or there was nothing to read. */
    public double kernelOverFloor(long kernelUs, long bytes) {
        double floor = floorUs(bytes);
        return kernelUs >= 0 && floor > 0 ? kernelUs / floor : Double.NaN;
    }
}
