package org.raydb.offload.gpu.calibration;

import java.lang.System.Logger.Level;
import org.raydb.offload.cost.CalibrationCache;
import org.raydb.offload.cost.DeviceConstants;
import org.raydb.offload.gpu.cuda.DeviceProperties;
import org.raydb.offload.gpu.engine.SharedGpu;
import org.raydb.offload.gpu.runtime.GpuAvailability;
import org.raydb.offload.gpu.runtime.GpuRuntime;

/**
 * The device constants of the process's GPU, found once per process: from the calibration cache when it
 * holds this GPU model and driver, else measured now (under the runtime's lock, so no job launches
 * meanwhile) and cached. Where measuring fails, the H100's calibration stands in (source "defaults") and the
 * failure is logged; the query goes on.
 */
public final class SharedCalibration {

    private static final System.Logger LOG = System.getLogger("org.raydb.offload.cost");
    private static DeviceConstants known;

    private SharedCalibration() {}

    public static synchronized DeviceConstants constants(CalibrationCache cache) {
        if (known != null) return known;
        GpuRuntime gpu = SharedGpu.runtime();
        DeviceProperties p = gpu.device().properties();
        DeviceConstants c = cache.load(p.name(), p.driverVersionString());
        if (c == null) {
            int rtcore = rtcoreVersion(gpu);
            try {
                gpu.exclusive().lock();
                try {
                    long t0 = System.nanoTime();
                    c = DeviceCalibration.measure(gpu.device(), gpu.kernels(), rtcore);
                    LOG.log(Level.INFO, "calibrated in {0} ms: {1}", (System.nanoTime() - t0) / 1_000_000, c);
                } finally {
                    gpu.exclusive().unlock();
                }
                cache.store(c);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "device calibration failed, using defaults: {0}", e.toString());
                c = DeviceConstants.defaults(p.name(), p.driverVersionString(), rtcore);
            }
        }
        known = c;
        return c;
    }

    /** OptiX's RTCORE_VERSION, or -1 where OptiX is not available (the optix engine then is not either). */
    private static int rtcoreVersion(GpuRuntime gpu) {
        if (!GpuAvailability.probe().optix()) return -1;
        try {
            return gpu.optix().rtcoreVersion();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "RTCORE_VERSION not read: {0}", e.toString());
            return -1;
        }
    }
}
