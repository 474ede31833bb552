package org.raydb.offload;

import org.raydb.offload.engine.Engine;
import org.raydb.offload.engine.EngineException;
import org.raydb.offload.engine.EngineResult;
import org.raydb.offload.engine.OffloadJob;
import org.raydb.offload.engine.cpu.CpuEngine;

/** Stands in for the cuda engine: the cpu engine's exact answer, at the engine time a test may set. */
class StandInGpuEngine implements Engine {
    private final CpuEngine cpu = new CpuEngine();
    /** The engine time every run reports, in µs; negative: the cpu engine's own. */
    volatile long reportedMicros = -1;

    @Override
    public String name() {
        return "cuda";
    }

    @Override
    public String unavailableReason() {
        return null;
    }

    @Override
    public EngineResult run(OffloadJob job) throws EngineException {
        EngineResult r = cpu.run(job);
        return reportedMicros < 0
                ? r
                : new EngineResult(r.aggregates(), r.rowsHit(), r.raysCast(), reportedMicros, 0, -1, -1);
    }
}
