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
     * This engine as the choosing connection's driver settings have it: over the devices of {@code device}, each
     * answering for {@code partitions} contiguous row ranges of the table (see PartitionedRun). A GPU's
     * {@code gpu.memory} budget is the one of the first connection that opens it.
     */
    default Engine configured(OffloadSettings settings) {
        return this;
    }

    /** Where this engine's jobs run, for EXPLAIN OFFLOAD: the devices and partitions. */
    default String placement() {
        return "the whole table on one device";
    }

    /** Runs a job over the whole table. */
    EngineResult run(OffloadJob job) throws EngineException;

    /**
     * Whether a run of {@code job} would find its inputs resident already: no measure evaluated on the host, no
     * column uploaded, no copy sorted in an index's row order (engines that keep nothing resident: always). A first
     * run that would pay that can scan instead, or be left to DuckDB while a background build does it.
     */
    default boolean inputsResident(OffloadJob job) {
        return true;
    }

    /**
     * Whether {@link #inputsResident} judges a job's measures: such an engine holds a measure only once a build or
     * a run asked for it (engines that keep nothing resident: false).
     */
    default boolean judgesMeasures() {
        return false;
    }

    /**
     * Device bytes resident on the GPUs this engine has opened, as counted against their {@code gpu.memory}
     * budgets: engines sharing the process's GPUs report the same (engines without a device: 0).
     */
    default long residentDeviceBytes() {
        return 0;
    }

    /** The {@code gpu.memory} budgets of the GPUs {@link #residentDeviceBytes} counts, summed. */
    default long deviceBudgetBytes() {
        return 0;
    }
}
