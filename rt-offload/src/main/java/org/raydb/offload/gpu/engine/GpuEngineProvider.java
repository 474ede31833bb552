package org.raydb.offload.gpu.engine;

import java.util.List;
import org.raydb.offload.engine.Engine;
import org.raydb.offload.engine.EngineProvider;

/** Registers the cuda and optix engines with the core (META-INF/services). */
public final class GpuEngineProvider implements EngineProvider {

    @Override
    public List<Engine> engines() {
        return List.of(new CudaEngine(), new OptixEngine());
    }
}
