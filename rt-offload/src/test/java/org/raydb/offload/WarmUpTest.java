package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.offload.gpu.GpuTestSupport;

/** The process's warm-up runs the offload's whole path: each of its queries is answered by the offload. */
class WarmUpTest {

    @Test
    void everyWarmUpQueryIsOffloaded() {
        assertEquals(WarmUp.QUERIES.size(), WarmUp.run(() -> {}, () -> false));
    }

    /**
     * Under auto a process whose probe found no GPU can offload nothing: its warm-up ends before its next statement;
     * not while the probe runs, nor where the cpu engine is pinned or forced.
     */
    @Test
    void withoutAGpuUnderAutoTheWarmUpEnds() {
        Engines probed = new Engines(List.of(), () -> null, probe(true));
        assertTrue(probed.offloadsNothing(settings(OffloadSettings.Mode.AUTO, OffloadSettings.Engine.AUTO)));
        assertFalse(probed.offloadsNothing(settings(OffloadSettings.Mode.AUTO, OffloadSettings.Engine.CPU)));
        assertFalse(probed.offloadsNothing(settings(OffloadSettings.Mode.FORCE, OffloadSettings.Engine.AUTO)));
        Engines probing = new Engines(List.of(), () -> null, probe(false));
        assertFalse(probing.offloadsNothing(settings(OffloadSettings.Mode.AUTO, OffloadSettings.Engine.AUTO)));
        assertEquals(0, WarmUp.run(() -> {}, () -> true));
    }

    private static Engines.Probe probe(boolean known) {
        ProbeWindowBuildTest.HeldProbe probe = new ProbeWindowBuildTest.HeldProbe();
        if (known) probe.done.countDown();
        return probe;
    }

    private static OffloadSettings settings(OffloadSettings.Mode mode, OffloadSettings.Engine engine) {
        return new OffloadSettings(mode, engine, false, OffloadSettings.MemoryBudget.ofPercent(80), new int[0]);
    }

    @Test
    void theRoundsOfANewRoundAreNewStatements() {
        assertEquals(WarmUp.QUERIES, WarmUp.queries(0));
        for (int i = 0; i < WarmUp.QUERIES.size(); i++) {
            assertNotEquals(WarmUp.queries(0).get(i), WarmUp.queries(1).get(i));
        }
    }

    @Test
    @Tag("gpu")
    void everyGpuWarmUpRunIsOffloadedOnEachEngine() {
        GpuTestSupport.requireCuda("the GPU warm-up");
        Engines engines = new Engines();
        int runs = WarmUp.runOnGpu(() -> {}, engines);
        int available = (engines.unavailableReason("cuda") == null ? 1 : 0)
                + (engines.unavailableReason("optix") == null ? 1 : 0);
        int passes = available > 1 ? available + 1 : available;
        assertEquals(passes * WarmUp.GPU_ROUNDS * WarmUp.QUERIES.size() * 2, runs);
    }
}
