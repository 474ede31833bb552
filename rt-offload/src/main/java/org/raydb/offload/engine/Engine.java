package org.raydb.offload.engine;

/**
 * An execution engine for offload jobs. Every engine must return exactly what {@code cpu} returns for the
 * same job: same qualifying rows (each counted once), same exact 64-bit aggregates, same overflow
 * fallbacks.
 */
public interface Engine {

    /** {@code cpu}, {@code optix} or {@code cuda}. */
    String name();

    /** Why this engine cannot run here, or {@code null} when it can. */
    String unavailableReason();

    /** Runs a job. */
    EngineResult run(OffloadJob job) throws EngineException;
}
