package org.raydb.offload.build;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.raydb.offload.build.BuildPhases.Phase;

/** A phase started inside another counts on its own and pauses the outer one: phases add up to the wall time. */
class BuildPhasesTest {

    @Test
    void nestedPhasesCountExclusively() throws InterruptedException {
        Map<Phase, Long> before = BuildPhases.micros();
        long t0 = System.nanoTime();
        try (BuildPhases.Span _ = BuildPhases.start(Phase.LOAD)) {
            Thread.sleep(30);
            try (BuildPhases.Span _ = BuildPhases.start(Phase.ENCODE)) {
                Thread.sleep(30);
            }
            Thread.sleep(30);
        }
        long wallMicros = (System.nanoTime() - t0) / 1000;
        Map<Phase, Long> after = BuildPhases.micros();
        long load = after.get(Phase.LOAD) - before.get(Phase.LOAD);
        long encode = after.get(Phase.ENCODE) - before.get(Phase.ENCODE);
        assertTrue(load >= 60_000, "load counts its own 60 ms: " + load);
        assertTrue(encode >= 30_000, "encode counts its 30 ms: " + encode);
        assertTrue(
                load + encode <= wallMicros + 1,
                "no time counted twice: " + load + " + " + encode + " > " + wallMicros);
    }
}
