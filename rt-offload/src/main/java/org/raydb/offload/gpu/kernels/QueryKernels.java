package org.raydb.offload.gpu.kernels;

import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.cuda.Kernel;
import org.raydb.offload.gpu.cuda.KernelArgs;
import org.raydb.offload.gpu.cuda.PtxModule;

/**
 * query.ptx: the cuda engine's fused filter-group-aggregate kernel over any number of filter terms and
 * measures (see query.cu for the layouts). Outputs are zeroed (mins/maxs preset) by the caller.
 */
public final class QueryKernels {

    /** Must match QUERY_THREADS and MAX_REGISTER_MEASURES of query.cu. */
    static final int THREADS = 256;
    public static final int MAX_REGISTER_MEASURES = 4;
    /** Bytes of one filter term (RdbFilterTerm). */
    public static final int TERM_BYTES = 16;
    /** Shared-memory pre-aggregation while its accumulators fit the default 48 KiB. */
    private static final int SHARED_BYTES = 48 * 1024;
    /** Resident blocks per SM: 256 threads at 64 registers (__launch_bounds__(256, 4) in query.cu). */
    private static final int BLOCKS_PER_SM = 4;

    private final Kernel queryAggregate;
    private final Kernel rangeAggregate;
    private final long maxBlocks;

    QueryKernels(PtxModule module, int multiprocessors) {
        queryAggregate = module.function("rdb_query_aggregate");
        rangeAggregate = module.function("rdb_range_aggregate");
        maxBlocks = (long) BLOCKS_PER_SM * Math.max(1, multiprocessors);
    }

    /** What the kernel filters on: terms, their intervals (intervalCount in all), and an optional row bitmap. */
    public record Filter(DeviceBuffer terms, int numTerms, DeviceBuffer intervals, int intervalCount,
                         DeviceBuffer bitmap) {
    }

    /** What it aggregates: group codes (null: one group), measures (nMeasures x rows int64), validity or null. */
    public record Inputs(DeviceBuffer groups, int numGroups, DeviceBuffer measures, int nMeasures,
                         DeviceBuffer measureValid, long rows) {
    }

    /** Where it aggregates to: counts[G], validCounts/sums[M*G], mins/maxs[M*G] or null when not needed. */
    public record Outputs(DeviceBuffer counts, DeviceBuffer validCounts, DeviceBuffer sums, DeviceBuffer mins,
                          DeviceBuffer maxs) {
    }

    /** Where rows aggregate before the global atomics: registers (one group, few measures), shared memory, or none. */
    private record PreAggregation(boolean registers, boolean shared, long sharedBytes) {
        static PreAggregation of(Inputs in) {
            boolean registers = in.numGroups() == 1 && in.nMeasures() <= MAX_REGISTER_MEASURES;
            long bytes = 8L * in.numGroups() * (1 + 4L * in.nMeasures());
            boolean shared = !registers && bytes <= SHARED_BYTES;
            return new PreAggregation(registers, shared, shared ? bytes : 0);
        }
    }

    /** Rows in the given chunks ({start, count} int pairs) of a Z-sorted projection; no filter. */
    public void rangeAggregate(CudaStream stream, DeviceBuffer chunks, int numChunks, Inputs in, Outputs out) {
        PreAggregation pre = PreAggregation.of(in);
        rangeAggregate.launch(stream, Math.max(1, Math.min(numChunks, maxBlocks)), THREADS, (int) pre.sharedBytes(),
                new KernelArgs().pointer(chunks).i32(numChunks).pointer(in.groups()).i32(in.numGroups())
                        .pointer(in.measures()).i32(in.nMeasures()).pointer(in.measureValid()).i64(in.rows())
                        .i32(pre.registers() ? 1 : 0).i32(pre.shared() ? 1 : 0).pointer(out.counts())
                        .pointer(out.validCounts()).pointer(out.sums()).pointer(out.mins()).pointer(out.maxs()));
    }

    public void queryAggregate(CudaStream stream, Filter f, Inputs in, Outputs out) {
        PreAggregation pre = PreAggregation.of(in);
        boolean registers = pre.registers();
        boolean shared = pre.shared();
        long accumulatorBytes = pre.sharedBytes();
        // Intervals go to shared memory when they fit beside the accumulators.
        int staged = accumulatorBytes + 8L * f.intervalCount() <= SHARED_BYTES ? f.intervalCount() : 0;
        long blocks = Math.min(Math.max(1, (in.rows() + THREADS - 1) / THREADS), maxBlocks);
        queryAggregate.launch(stream, blocks, THREADS, (int) (accumulatorBytes + 8L * staged), new KernelArgs()
                .pointer(f.terms()).i32(f.numTerms()).pointer(f.intervals()).i32(staged).pointer(f.bitmap())
                .pointer(in.groups()).i32(in.numGroups()).pointer(in.measures()).i32(in.nMeasures())
                .pointer(in.measureValid()).i64(in.rows()).i32(registers ? 1 : 0).i32(shared ? 1 : 0)
                .pointer(out.counts()).pointer(out.validCounts()).pointer(out.sums()).pointer(out.mins())
                .pointer(out.maxs()));
    }
}
