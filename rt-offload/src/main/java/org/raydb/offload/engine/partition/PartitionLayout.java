package org.raydb.offload.engine.partition;

import java.util.ArrayList;
import java.util.List;
import org.raydb.offload.engine.RowRange;

/**
 * A table's rows split into contiguous partitions: each device gets rows in proportion to its share, cut into
 * {@code perDevice} near-equal partitions. A function of the row count, the shares and {@code perDevice} only,
 * so every query over the same snapshot and devices finds the same partitions (and their resident data).
 *
 * @param parts the non-empty partitions in row order
 */
public record PartitionLayout(List<Part> parts) {

    /** Partition {@code index} (in row order) of {@code device} (an index into the devices' list). */
    public record Part(int index, int device, RowRange rows) {}

    /**
     * Each device's share of a table's rows: the smaller of its share of the devices' speed (a GPU's
     * multiprocessors) and its share of their memory budgets, so that neither the slower nor the smaller device
     * holds the job up or runs out first.
     */
    public static double[] shares(long[] speeds, long[] memories) {
        long speed = 0, memory = 0;
        for (int d = 0; d < speeds.length; d++) {
            speed += speeds[d];
            memory += memories[d];
        }
        double[] out = new double[speeds.length];
        for (int d = 0; d < out.length; d++) {
            out[d] = Math.min((double) speeds[d] / speed, (double) memories[d] / memory);
        }
        return out;
    }

    public static PartitionLayout of(int rows, double[] shares, int perDevice) {
        if (shares.length == 0 || perDevice < 1) throw new IllegalArgumentException("no devices or partitions");
        double total = 0;
        for (double s : shares) {
            if (!(s > 0) || Double.isInfinite(s)) throw new IllegalArgumentException("device share " + s);
            total += s;
        }
        List<Part> parts = new ArrayList<>();
        double before = 0;
        int from = 0;
        for (int d = 0; d < shares.length; d++) {
            before += shares[d];
            int to = d == shares.length - 1 ? rows : (int) Math.round(rows * (before / total));
            for (int p = 0; p < perDevice; p++) {
                int start = from + (int) ((long) (to - from) * p / perDevice);
                int end = from + (int) ((long) (to - from) * (p + 1) / perDevice);
                if (end > start) parts.add(new Part(parts.size(), d, new RowRange(start, end)));
            }
            from = to;
        }
        return new PartitionLayout(List.copyOf(parts));
    }
}
