package org.raydb.offload.cost;

import java.util.Locale;
import java.util.Properties;

/**
 * What the cost model knows about one GPU, from a short calibration on it ({@code gpu.calibration}).
 *
 * @param gpu                the device name, e.g. "NVIDIA H100 80GB HBM3"
 * @param driver             the CUDA driver version, e.g. "13.0"
 * @param copyBytesPerMicro  device copy bandwidth, bytes moved (read + written) per microsecond: the rate a
 *                           kernel that streams its inputs can at best read them
 * @param launchMicros       one kernel launch and stream synchronisation, round trip
 * @param smallCopyMicros    one small synchronous copy (a few bytes) between host and device
 * @param rtcoreVersion      OptiX's RTCORE_VERSION (0: no RT cores, traversal runs on the SMs; -1: no OptiX)
 * @param source             where these values come from
 */
public record DeviceConstants(
        String gpu,
        String driver,
        double copyBytesPerMicro,
        double launchMicros,
        double smallCopyMicros,
        int rtcoreVersion,
        Source source) {

    /** Measured now, read from the cache file, or assumed (the H100 host's figures, {@link #defaults}). */
    public enum Source {
        MEASURED,
        CACHED,
        DEFAULTS
    }

    /**
     * The H100 host's calibration (2026-11-22, driver 580.159.04: copy 2,894 GB/s, launch and sync 25.0 µs,
     * small copy 13.2 µs), for where calibration could not run.
     */
    public static DeviceConstants defaults(String gpu, String driver, int rtcoreVersion) {
        return new DeviceConstants(gpu, driver, 2.894e6, 25, 13.2, rtcoreVersion, Source.DEFAULTS);
    }

    public DeviceConstants withSource(Source s) {
        return new DeviceConstants(gpu, driver, copyBytesPerMicro, launchMicros, smallCopyMicros, rtcoreVersion, s);
    }

    Properties toProperties() {
        Properties p = new Properties();
        p.setProperty("gpu", gpu);
        p.setProperty("driver", driver);
        p.setProperty("copy_bytes_per_us", Double.toString(copyBytesPerMicro));
        p.setProperty("launch_us", Double.toString(launchMicros));
        p.setProperty("small_copy_us", Double.toString(smallCopyMicros));
        p.setProperty("rtcore_version", Integer.toString(rtcoreVersion));
        return p;
    }

    /** Reads what {@link #toProperties()} wrote; IllegalArgumentException when a value is missing or implausible. */
    static DeviceConstants fromProperties(Properties p) {
        DeviceConstants c = new DeviceConstants(
                required(p, "gpu"),
                required(p, "driver"),
                positive(p, "copy_bytes_per_us"),
                positive(p, "launch_us"),
                positive(p, "small_copy_us"),
                Integer.parseInt(required(p, "rtcore_version").trim()),
                Source.CACHED);
        if (c.rtcoreVersion < -1) throw new IllegalArgumentException("rtcore_version " + c.rtcoreVersion);
        return c;
    }

    private static String required(Properties p, String key) {
        String v = p.getProperty(key);
        if (v == null) throw new IllegalArgumentException("missing " + key);
        return v;
    }

    private static double positive(Properties p, String key) {
        double v = Double.parseDouble(required(p, key).trim());
        if (!(v > 0) || Double.isInfinite(v)) throw new IllegalArgumentException(key + " = " + v);
        return v;
    }

    @Override
    public String toString() {
        return String.format(
                Locale.ROOT,
                "%s: %s, driver %s, copy %.0f GB/s, launch+sync %.1f us, small copy %.1f us," + " RTCORE_VERSION %d",
                source.name().toLowerCase(Locale.ROOT),
                gpu,
                driver,
                copyBytesPerMicro / 1e3,
                launchMicros,
                smallCopyMicros,
                rtcoreVersion);
    }
}
