package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The process's warm-up runs the offload's whole path: each of its queries is answered by the offload. */
class WarmUpTest {

    @Test
    void everyWarmUpQueryIsOffloaded() {
        assertEquals(WarmUp.QUERIES.size(), WarmUp.run(() -> {}));
    }
}
