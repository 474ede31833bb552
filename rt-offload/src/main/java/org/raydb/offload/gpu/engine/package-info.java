/**
 * The GPU engines behind {@link org.raydb.offload.engine.Engine}: {@code cuda} (one fused kernel per query
 * over the resident encoded columns) and {@code optix} (the RayDB triangle job and the RTScan cube refine),
 * registered through {@link org.raydb.offload.gpu.engine.GpuEngineProvider}. Both answer exactly what the
 * cpu engine answers: same rows counted once, same exact 64-bit aggregates, and where a sum could leave 64
 * bits they hand the job to the cpu engine, which then raises the same overflow fallback.
 */
package org.raydb.offload.gpu.engine;
