package org.raydb.offload.gpu.selftest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.raydb.offload.gpu.GpuTestSupport;

/**
 * The GPU self-test as JUnit tests: every CUDA kernel and both ray jobs against Java, exactly. Skipped with
 * the reason where there is no GPU (CI); run for real on the GPU host ({@code ./run test-gpu} in the bundle).
 */
@Tag("gpu")
class GpuSelfTestTest {

    private static final int ROWS = 300_000;

    private static void assertAllPassed(SelfTestReport report) {
        report.print(System.out);
        String failed = report.checks().stream()
                .filter(c -> !c.passed())
                .map(c -> c.name() + ": " + c.detail())
                .collect(Collectors.joining("; "));
        assertTrue(failed.isEmpty(), failed);
    }

    @Test
    void cudaKernelsEqualJava() {
        GpuTestSupport.requireCuda("CUDA kernel checks");
        SelfTestReport report = SelfTest.run(ROWS, 100, 20261122L, false);
        assertEquals(15, report.checks().size(), "every kernel and upload check ran");
        assertAllPassed(report);
    }

    @Test
    void rayJobsEqualJava() {
        GpuTestSupport.requireOptix("OptiX ray-job checks");
        SelfTestReport report = SelfTest.run(ROWS, 64, 7L, true);
        assertTrue(report.checks().stream().map(CheckResult::name).anyMatch(n -> n.startsWith("RTScan")));
        assertTrue(report.gases().size() == 2, "a triangle and an AABB GAS were built");
        assertAllPassed(report);
    }
}
