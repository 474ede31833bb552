package org.raydb.offload.gpu.selftest;

import java.util.Locale;
import org.raydb.offload.gpu.calibration.DeviceCalibration;
import org.raydb.offload.gpu.cuda.CudaDevice;
import org.raydb.offload.gpu.runtime.GpuAvailability;

/**
 * {@code java ... org.raydb.offload.gpu.selftest.CopyBandwidth [--mib 2048] [--runs 10]}: the device's
 * memory bandwidth as a device-to-device copy sees it, the denominator of the bench's bandwidth floor
 * ({@code bench --copy-bandwidth-gbs}). Counted like CUDA's bandwidthTest: bytes read plus bytes written per
 * second, so a kernel that only reads is compared with the same memory traffic rate. Timed by CUDA events
 * around {@code cuMemcpyDtoD}, median of the runs after one untimed copy. Prints a sentence and then
 * {@code RAYDB_COPY_BANDWIDTH_GBS=<GB/s>} (10^9 bytes) for scripts. Exit 2 when there is no usable GPU.
 */
public final class CopyBandwidth {

    private CopyBandwidth() {}

    public static void main(String[] args) {
        long mib = 2048;
        int runs = 10;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--mib" -> mib = Long.parseLong(args[i + 1]);
                case "--runs" -> runs = Integer.parseInt(args[i + 1]);
                default -> {
                    System.err.println("unknown option " + args[i] + " (--mib N, --runs R)");
                    System.exit(64);
                }
            }
        }
        GpuAvailability availability = GpuAvailability.probe();
        if (!availability.cuda()) {
            System.out.println("copy bandwidth not measured: " + availability.cudaReason());
            System.exit(2);
        }
        double gbs;
        try (CudaDevice device = CudaDevice.open(0)) {
            gbs = DeviceCalibration.copyGbs(device, mib << 20, runs);
        }
        System.out.printf(
                Locale.ROOT,
                "copy bandwidth: %.1f GB/s (cuMemcpyDtoD of %d MiB, bytes read + written, " + "median of %d)%n",
                gbs,
                mib,
                runs);
        System.out.printf(Locale.ROOT, "RAYDB_COPY_BANDWIDTH_GBS=%.1f%n", gbs);
    }
}
