package org.raydb.offload.gpu.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.offload.gpu.CudaException;
import org.raydb.offload.gpu.GpuOutOfMemoryException;
import org.raydb.offload.gpu.GpuUnavailableException;

class GpuAvailabilityTest {

    @Test
    void probeNeverThrowsAndExplainsEveryMissingCapability() {
        GpuAvailability availability = GpuAvailability.probe();
        System.out.println("GPU availability here: " + availability);
        assertSame(availability, GpuAvailability.probe(), "probed once per process");
        if (availability.cuda()) {
            assertNull(availability.cudaReason());
        } else {
            assertNotNull(availability.cudaReason());
            assertFalse(availability.cudaReason().isBlank());
            assertFalse(availability.optix(), "OptiX needs CUDA");
        }
        assertEquals(availability.optix(), availability.optixReason() == null);
    }

    /**
     * A probe started in the background waits before it begins (for the process's first statement); a thread that
     * needs the outcome meanwhile runs it itself instead of waiting that out, and the probe runs once.
     */
    @Test
    void aThreadNeedingTheOutcomeDoesNotWaitForTheBackgroundProbesWait() throws InterruptedException {
        GpuAvailability none = new GpuAvailability(false, false, "stand-in", "stand-in");
        AtomicInteger probes = new AtomicInteger();
        GpuAvailability.Once once = new GpuAvailability.Once(() -> {
            probes.incrementAndGet();
            return none;
        });
        CountDownLatch firstStatement = new CountDownLatch(1);
        CountDownLatch waited = new CountDownLatch(1);
        assertNull(
                once.knownAfter(
                        () -> {
                            awaitQuietly(firstStatement);
                            waited.countDown();
                        },
                        () -> null),
                "not known while the background probe waits");
        assertSame(none, assertTimeoutPreemptively(Duration.ofSeconds(10), once::now));
        firstStatement.countDown();
        assertTrue(waited.await(10, TimeUnit.SECONDS));
        Thread.sleep(200); // the background thread's turn, which must not probe again
        assertEquals(1, probes.get());
        assertSame(none, once.knownAfter(() -> {}, () -> null));
    }

    /** Background work that needs the outcome lets the background probe begin in its own time. */
    @Test
    void backgroundWorkWaitsForTheBackgroundProbe() throws Exception {
        GpuAvailability none = new GpuAvailability(false, false, "stand-in", "stand-in");
        GpuAvailability.Once once = new GpuAvailability.Once(() -> none);
        CountDownLatch firstStatement = new CountDownLatch(1);
        once.knownAfter(() -> awaitQuietly(firstStatement), () -> null);
        CompletableFuture<GpuAvailability> build = CompletableFuture.supplyAsync(once::awaited);
        Thread.sleep(200);
        assertFalse(build.isDone(), "waits while the background probe waits");
        firstStatement.countDown();
        assertSame(none, build.get(10, TimeUnit.SECONDS));
    }

    @Test
    void withoutADriverLibraryTheOutcomeIsKnownAtOnce() {
        GpuAvailability.Once once = new GpuAvailability.Once(() -> {
            throw new AssertionError("no probe without a driver library");
        });
        GpuAvailability outcome = once.knownAfter(() -> {}, () -> "no NVIDIA driver");
        assertEquals("no NVIDIA driver", outcome.cudaReason());
        assertSame(outcome, once.now());
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void runtimeOpensWhereThereIsAGpuAndSaysWhyNotElsewhere() {
        GpuAvailability availability = GpuAvailability.probe();
        if (!availability.cuda()) {
            GpuUnavailableException e = assertThrows(
                    GpuUnavailableException.class,
                    () -> GpuRuntime.open(0, OffloadSettings.defaults().gpuMemory()));
            assertEquals(availability.cudaReason(), e.getMessage());
            return;
        }
        try (GpuRuntime runtime = GpuRuntime.open(0, OffloadSettings.MemoryBudget.ofBytes(1L << 30))) {
            assertEquals(1L << 30, runtime.residency().budgetBytes());
        }
    }

    @Test
    void unavailableGpuBecomesFeatureNotSupported() {
        assertEquals(
                "0A000", new GpuUnavailableException("no GPU").toSqlException().getSQLState());
        assertEquals(
                "53200", new GpuOutOfMemoryException("full").toSqlException().getSQLState());
        assertEquals(
                "58000",
                new CudaException("cuMemAlloc", 2, "CUDA_ERROR_OUT_OF_MEMORY")
                        .toSqlException()
                        .getSQLState());
    }
}
