package org.raydb.jdbc.offload;

/**
 * The driver's own connection settings that the offload layer reads, already validated.
 *
 * @param mode          {@code offload}: auto, off or force
 * @param engine        {@code engine}: auto, optix, cuda or cpu
 * @param verify        {@code verify}: also run on DuckDB and compare
 * @param gpuMemory     {@code gpu.memory}: the budget on each GPU
 * @param devices       {@code device}: GPU ordinals to use, empty meaning all
 * @param finish        {@code finish}: direct or duckdb
 */
public record OffloadSettings(
        Mode mode, Engine engine, boolean verify, GpuMemory gpuMemory, int[] devices, Finish finish) {

    /** The defaults' {@code finish=direct}. */
    public OffloadSettings(Mode mode, Engine engine, boolean verify, GpuMemory gpuMemory, int[] devices) {
        this(mode, engine, verify, gpuMemory, devices, Finish.DIRECT);
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

    public enum Finish {
        DIRECT,
        DUCKDB
    }

    /** A GPU memory budget: either absolute bytes or a percentage of the device's total memory. */
    public record GpuMemory(long bytes, int percent) {
        public static GpuMemory ofBytes(long bytes) {
            return new GpuMemory(bytes, -1);
        }

        public static GpuMemory ofPercent(int percent) {
            return new GpuMemory(-1, percent);
        }

        /** The budget on a device with {@code totalBytes} of memory. */
        public long budgetFor(long totalBytes) {
            return bytes >= 0
                    ? Math.min(bytes, totalBytes)
                    : totalBytes / 100 * percent + totalBytes % 100 * percent / 100;
        }
    }

    /** The defaults: offload=auto, engine=auto, verify=false, gpu.memory=80%, device=all, finish=direct. */
    public static OffloadSettings defaults() {
        return new OffloadSettings(Mode.AUTO, Engine.AUTO, false, GpuMemory.ofPercent(80), new int[0]);
    }
}
