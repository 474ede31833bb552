package org.raydb.offload.gpu.selftest;

import java.io.PrintStream;
import java.util.List;
import org.raydb.offload.gpu.cuda.DeviceProperties;
import org.raydb.offload.gpu.cuda.MemoryInfo;

/**
 * What one self-test run saw: the device, OptiX's view of it (rtcoreVersion -1 when OptiX was skipped),
 * the GAS builds and every check.
 */
public record SelfTestReport(
        DeviceProperties device,
        MemoryInfo memory,
        int rtcoreVersion,
        int optixAbi,
        String optixSkipReason,
        int rows,
        List<RayJobChecks.GasStats> gases,
        List<CheckResult> checks) {

    public boolean passed() {
        return checks.stream().allMatch(CheckResult::passed);
    }

    public long failures() {
        return checks.stream().filter(c -> !c.passed()).count();
    }

    public void print(PrintStream out) {
        out.printf(
                "GPU: %s (sm_%d%d, %d SMs, %.1f GiB, L2 %.0f MiB), CUDA driver %s%n",
                device.name(),
                device.computeMajor(),
                device.computeMinor(),
                device.multiprocessors(),
                device.totalMemoryBytes() / (double) (1L << 30),
                device.l2CacheBytes() / (double) (1 << 20),
                device.driverVersionString());
        if (optixSkipReason == null) {
            out.printf(
                    "OptiX: ABI %d, RTCORE_VERSION %d%s%n",
                    optixAbi, rtcoreVersion, rtcoreVersion == 0 ? " (no RT cores: traversal runs on the SMs)" : "");
        } else {
            out.println("OptiX: skipped: " + optixSkipReason);
        }
        out.printf("free device memory at the end: %.1f GiB%n", memory.freeBytes() / (double) (1L << 30));
        if (!gases.isEmpty()) {
            out.println();
            out.println("| GAS | rows | build ms | resident bytes | bytes/row | uncompacted B/row | temp B/row |");
            out.println("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
            for (RayJobChecks.GasStats g : gases) {
                out.printf(
                        "| %s | %,d | %.1f | %,d | %.1f | %.1f | %.1f |%n",
                        g.kind(),
                        g.rows(),
                        g.buildMillis(),
                        g.residentBytes(),
                        g.bytesPerRow(),
                        g.uncompactedBytes() / (double) g.rows(),
                        g.temporaryBytes() / (double) g.rows());
            }
        }
        out.println();
        out.println("| check | rows | result | device ms (median of " + DeviceTiming.RUNS + ") | detail |");
        out.println("| --- | ---: | --- | ---: | --- |");
        for (CheckResult c : checks) {
            out.printf(
                    "| %s | %,d | %s | %s | %s |%n",
                    c.name(),
                    c.rows(),
                    c.passed() ? "PASS" : "FAIL",
                    Double.isNaN(c.millis()) ? "-" : String.format("%.3f", c.millis()),
                    c.detail());
        }
        out.printf("%n%d checks, %d failed, %,d rows%n", checks.size(), failures(), rows);
    }
}
