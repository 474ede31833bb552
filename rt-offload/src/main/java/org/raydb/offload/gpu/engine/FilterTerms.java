package org.raydb.offload.gpu.engine;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.kernels.QueryKernels;

/**
 * The fused kernel's filter, built per query and uploaded to the runtime's scratch: terms (an int32 code
 * column and its closed intervals, sorted and merged so that the kernel's binary search is exact), all
 * ANDed. RayDB jobs give one term on the packed Z code; RTScan jobs one term per filtered column on its ranks.
 */
final class FilterTerms {

    private final List<DeviceBuffer> columns = new ArrayList<>();
    private final List<List<int[]>> intervals = new ArrayList<>();

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

    /** Intervals in all terms. */
    int intervalCount() {
        return intervals.stream().mapToInt(List::size).sum();
    }

    int termCount() {
        return columns.size();
    }

    /** The filter once its written bytes are readable by the device at {@code address}. */
    QueryKernels.Filter at(long address, DeviceBuffer bitmap) {
        return new QueryKernels.Filter(address, columns.size(), address + termBytes(), intervalCount(), bitmap);
    }

    private long termBytes() {
        return (long) QueryKernels.TERM_BYTES * Math.max(1, columns.size());
    }

    /** Bytes of the terms and intervals that {@link #write} writes. */
    long bytes() {
        return termBytes() + 8L * Math.max(1, intervalCount());
    }

    /** Writes the terms, then the intervals, to the start of {@code staged} (pinned staging or a mailbox). */
    void write(ByteBuffer staged) {
        long termBytes = termBytes();
        int next = 0;
        for (int t = 0; t < columns.size(); t++) {
            staged.putLong(QueryKernels.TERM_BYTES * t, columns.get(t).address());
            long firstAndCount = (next & 0xffffffffL) | ((long) intervals.get(t).size() << 32);
            staged.putLong(QueryKernels.TERM_BYTES * t + 8, firstAndCount);
            for (int[] iv : intervals.get(t)) {
                staged.putInt((int) (termBytes + 8L * next), iv[0]);
                staged.putInt((int) (termBytes + 8L * next + 4), iv[1]);
                next++;
            }
        }
    }
}
