package org.raydb.offload.gpu.engine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.raydb.offload.gpu.cuda.CudaDevice;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.kernels.QueryKernels;

/**
 * The fused kernel's filter, built per query: terms (an int32 code column and its closed intervals, sorted
 * and merged so that the kernel's binary search is exact), all ANDed. RayDB jobs give one term on the packed
 * Z code; RTScan jobs one term per filtered column on its ranks.
 */
final class FilterTerms implements AutoCloseable {

    private final List<DeviceBuffer> columns = new ArrayList<>();
    private final List<List<int[]>> intervals = new ArrayList<>();
    private DeviceBuffer terms;
    private DeviceBuffer packed;

    /** Adds a term; {@code closed} holds inclusive {lo, hi} pairs in any order. */
    FilterTerms add(DeviceBuffer codes, List<int[]> closed) {
        List<int[]> sorted = new ArrayList<>(closed);
        sorted.sort(Comparator.comparingInt(iv -> iv[0]));
        List<int[]> merged = new ArrayList<>();
        for (int[] iv : sorted) {
            if (iv[0] > iv[1]) continue;
            int[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && (long) iv[0] <= (long) last[1] + 1) {
                last[1] = Math.max(last[1], iv[1]);
            } else {
                merged.add(new int[] {iv[0], iv[1]});
            }
        }
        columns.add(codes);
        intervals.add(merged);
        return this;
    }

    /** Uploads the terms; with no terms every row passes (the bitmap, if any, still applies). */
    QueryKernels.Filter upload(CudaDevice device, DeviceBuffer bitmap) {
        int total = intervals.stream().mapToInt(List::size).sum();
        int[] flat = new int[2 * Math.max(1, total)];
        long[] termWords = new long[2 * Math.max(1, columns.size())];
        int next = 0;
        for (int t = 0; t < columns.size(); t++) {
            termWords[2 * t] = columns.get(t).address();
            termWords[2 * t + 1] = (next & 0xffffffffL) | ((long) intervals.get(t).size() << 32);
            for (int[] iv : intervals.get(t)) {
                flat[2 * next] = iv[0];
                flat[2 * next + 1] = iv[1];
                next++;
            }
        }
        terms = device.allocate((long) QueryKernels.TERM_BYTES * termWords.length / 2).copyFrom(termWords);
        packed = device.allocate(4L * flat.length).copyFrom(flat);
        return new QueryKernels.Filter(terms, columns.size(), packed, total, bitmap);
    }

    @Override
    public void close() {
        if (terms != null) terms.close();
        if (packed != null) packed.close();
    }
}
