package org.raydb.offload.gpu.cuda;

/**
 * What the engines and the cost model need to know about a GPU.
 *
 * @param driverVersion CUDA driver API version, e.g. 13000 for CUDA 13.0
 * @param l2CacheBytes  L2 size; the shared-memory group pre-aggregation and tile sizes depend on it
 * @param sharedBytesPerBlock opt-in maximum of shared memory per block (227 KiB on an H100)
 * @param sharedBytesPerMultiprocessor shared memory of one SM, shared by its resident blocks
 */
public record DeviceProperties(
        int ordinal,
        String name,
        int computeMajor,
        int computeMinor,
        int multiprocessors,
        long totalMemoryBytes,
        long l2CacheBytes,
        int driverVersion,
        int sharedBytesPerBlock,
        int sharedBytesPerMultiprocessor) {

    /** "13.0" for 13000. */
    public String driverVersionString() {
        return driverVersion / 1000 + "." + driverVersion % 1000 / 10;
    }
}
