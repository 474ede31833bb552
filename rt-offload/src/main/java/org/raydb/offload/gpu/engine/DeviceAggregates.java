package org.raydb.offload.gpu.engine;

import java.util.Arrays;
import java.util.List;
import org.raydb.offload.engine.GroupAggregates;
import org.raydb.offload.gpu.cuda.CudaDevice;
import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.kernels.QueryKernels;
import org.raydb.offload.plan.Aggregate;
import org.raydb.offload.plan.AggregateFunction;

/**
 * One query's accumulators on the GPU, in the layout both the fused kernel and the any-hit program use:
 * {@code counts[G]}, {@code validCounts[M*G]}, {@code sums[M*G]}, and {@code mins}/{@code maxs[M*G]} only
 * when an aggregate needs them (preset to the identities the cpu engine starts from). Read back into the
 * core's exact per-group state.
 */
final class DeviceAggregates implements AutoCloseable {

    private final int groups;
    private final int measures;
    final DeviceBuffer counts;
    final DeviceBuffer validCounts;
    final DeviceBuffer sums;
    final DeviceBuffer mins;
    final DeviceBuffer maxs;

    DeviceAggregates(CudaDevice device, CudaStream stream, int groups, JobMeasures m) {
        this.groups = groups;
        this.measures = m.count();
        long slots = (long) measures * groups;
        counts = device.allocate(8L * groups);
        validCounts = device.allocate(8L * slots);
        sums = device.allocate(8L * slots);
        mins = m.needMins() ? preset(device, slots, Long.MAX_VALUE) : null;
        maxs = m.needMaxs() ? preset(device, slots, Long.MIN_VALUE) : null;
        counts.clearAsync(stream);
        validCounts.clearAsync(stream);
        sums.clearAsync(stream);
    }

    private static DeviceBuffer preset(CudaDevice device, long slots, long value) {
        long[] init = new long[Math.toIntExact(slots)];
        Arrays.fill(init, value);
        return device.allocate(8L * slots).copyFrom(init);
    }

    QueryKernels.Outputs outputs() {
        return new QueryKernels.Outputs(counts, validCounts, sums, mins, maxs);
    }

    /** Reads the accumulators back (after the stream is synchronized) as the core's state. */
    GroupAggregates read(List<Aggregate> aggregates, JobMeasures m) {
        long[] rowsHit = counts.toLongArray(groups);
        int slots = measures * groups;
        long[] valid = validCounts.toLongArray(slots);
        long[] sum = sums.toLongArray(slots);
        long[] min = mins == null ? null : mins.toLongArray(slots);
        long[] max = maxs == null ? null : maxs.toLongArray(slots);
        long[][] values = new long[aggregates.size()][];
        long[][] nonNull = new long[aggregates.size()][];
        for (int a = 0; a < aggregates.size(); a++) {
            int measure = m.measureOfAggregate()[a];
            if (measure < 0) {
                nonNull[a] = new long[groups];
                continue;
            }
            int from = measure * groups;
            nonNull[a] = Arrays.copyOfRange(valid, from, from + groups);
            AggregateFunction f = aggregates.get(a).function();
            long[] source = switch (f) {
                case MIN -> min;
                case MAX -> max;
                case COUNT, COUNT_STAR -> null;
                default -> sum;
            };
            values[a] = source == null ? null : Arrays.copyOfRange(source, from, from + groups);
        }
        return GroupAggregates.of(aggregates, rowsHit, values, nonNull);
    }

    @Override
    public void close() {
        counts.close();
        validCounts.close();
        sums.close();
        if (mins != null) mins.close();
        if (maxs != null) maxs.close();
    }
}
