package org.raydb.jdbc.offload;

/**
 * The driver's own connection settings that the offload layer reads, already validated.
 *
 * @param mode          {@code offload}: auto, off or force
 * @param engine        {@code engine}: auto, optix, cuda or cpu
 * @param verify        {@code verify}: also run on DuckDB and compare
 * @param gpuMemory     {@code gpu.memory}: the budget on each GPU
 * @param hostMemory    {@code host.memory}: the budget in the JVM's heap (a percentage is of its maximum heap)
 * @param devices       {@code device}: GPU ordinals to use, empty meaning all
 * @param partitions    {@code partitions}: contiguous row partitions of a table per device
 * @param placement     {@code placement}: a table's rows partitioned over the devices, or whole on each
 * @param finish        {@code finish}: direct or duckdb
 */
public record OffloadSettings(
        Mode mode,
        Engine engine,
        boolean verify,
        MemoryBudget gpuMemory,
        MemoryBudget hostMemory,
        int[] devices,
        int partitions,
        Placement placement,
        Finish finish) {

    /** The most row partitions per device {@code partitions} takes. */
    public static final int MAX_PARTITIONS = 64;

    /**
     * The defaults' {@code host.memory=50%}, {@code partitions=1}, {@code placement=partitioned} and
     * {@code finish=direct}.
     */
    public OffloadSettings(Mode mode, Engine engine, boolean verify, MemoryBudget gpuMemory, int[] devices) {
        this(
                mode,
                engine,
                verify,
                gpuMemory,
                MemoryBudget.ofPercent(50),
                devices,
                1,
                Placement.PARTITIONED,
                Finish.DIRECT);
    }

    public enum Mode {
        AUTO,
        OFF,
        FORCE
    }

    public enum Engine {
        AUTO,
        OPTIX,
        CUDA,
        CPU
    }

    /**
     * Where a table's rows live over several devices: {@code PARTITIONED}, each device holding its contiguous
     * partitions and every query running on all of them (capacity: tables larger than one device; full scans in
     * parallel); {@code REPLICATED}, each device holding the whole table and each query running whole on one of
     * them (throughput: warm queries are host work, and each device's lanes serve other queries).
     */
    public enum Placement {
        PARTITIONED,
        REPLICATED
    }

    public enum Finish {
        DIRECT,
        DUCKDB
    }

    /** A memory budget: either absolute bytes or a percentage of the total (a device's memory, the maximum heap). */
    public record MemoryBudget(long bytes, int percent) {
        public static MemoryBudget ofBytes(long bytes) {
            return new MemoryBudget(bytes, -1);
        }

        public static MemoryBudget ofPercent(int percent) {
            return new MemoryBudget(-1, percent);
        }

        /** The budget out of {@code totalBytes}. */
        public long budgetFor(long totalBytes) {
            return bytes >= 0
                    ? Math.min(bytes, totalBytes)
                    : totalBytes / 100 * percent + totalBytes % 100 * percent / 100;
        }
    }

    /**
     * The defaults: offload=auto, engine=auto, verify=false, gpu.memory=80%, host.memory=50%, device=all,
     * partitions=1, placement=partitioned, finish=direct.
     */
    public static OffloadSettings defaults() {
        return new OffloadSettings(Mode.AUTO, Engine.AUTO, false, MemoryBudget.ofPercent(80), new int[0]);
    }
}
