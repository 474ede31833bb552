package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.raydb.offload.gpu.GpuTestSupport;

/** The process's warm-up runs the offload's whole path: each of its queries is answered by the offload. */
class WarmUpTest {

    @Test
    void everyWarmUpQueryIsOffloaded() {
        assertEquals(WarmUp.QUERIES.size(), WarmUp.run(() -> {}));
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
