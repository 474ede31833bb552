package org.raydb.offload.engine;

import org.raydb.jdbc.offload.OffloadSettings;

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

    /**
     * Takes the choosing connection's driver settings ({@code gpu.memory}, {@code device}) before its jobs run.
     * A GPU engine holds one device for the whole process, so the first connection that uses it decides.
     */
    default void configure(OffloadSettings settings) {}

    /** Runs a job. */
    EngineResult run(OffloadJob job) throws EngineException;
}
