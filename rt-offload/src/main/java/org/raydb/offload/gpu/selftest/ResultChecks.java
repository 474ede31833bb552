package org.raydb.offload.gpu.selftest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntPredicate;
import org.raydb.offload.gpu.cuda.CudaDevice;
import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.kernels.CompactKernels;
import org.raydb.offload.gpu.kernels.GpuKernels;
import org.raydb.offload.gpu.kernels.QueryKernels;

/**
 * The cuda engine's result path on the device, against Java: the fused kernel (scan form with a filter and
 * NULLs, then Z-range form over row chunks without NULLs and without MIN/MAX) into accumulators at their
 * identities, then the compaction into the packed list of groups with rows, compared entry by entry (group
 * order, rows, per measure non-NULL count, SUM, MIN, MAX) over two measures. Both jobs share one set of
 * accumulators, as the engines' scratch does, and afterwards every accumulator must be back at its
 * identity. Group spaces cover each pre-aggregation mode: registers (one group), shared memory (100 groups),
 * and global atomics with a space of mostly empty groups over many compaction tiles. Spaces of a few tiles
 * (1 and 2 here) also run both jobs again with the compaction in the kernel's launch (its last block), as
 * the cuda engine runs them, into an output first filled with garbage; the finished-blocks counter must be
 * back at 0 after each launch. A single tile runs the compaction without its count pass.
 */
final class ResultChecks {

    /** A sparse group space: manyGroups codes spread over this many. */
    private static final int SPREAD = 60;
    private static final int[] INTERVALS = {100, 399, 5000, 5099};

    private final CudaDevice device;
    private final CudaStream stream;
    private final GpuKernels kernels;
    private final SelfTestData data;

    ResultChecks(CudaDevice device, CudaStream stream, GpuKernels kernels, SelfTestData data) {
        this.device = device;
        this.stream = stream;
        this.kernels = kernels;
        this.data = data;
    }

    List<CheckResult> runAll() {
        int[] sparse = Arrays.stream(data.manyGroups).map(g -> g * SPREAD).toArray();
        List<CheckResult> out = new ArrayList<>();
        out.add(check("1 group (registers)", 1, null));
        out.add(check(data.groups + " groups (shared memory)", data.groups, data.y));
        out.add(check(SelfTestData.MANY_GROUPS + " groups", SelfTestData.MANY_GROUPS, data.manyGroups));
        out.add(check(SelfTestData.MANY_GROUPS * SPREAD + " groups, sparse (global atomics)",
                SelfTestData.MANY_GROUPS * SPREAD, sparse));
        return out;
    }

    private DeviceBuffer upload(int[] values) {
        return device.allocate(4L * Math.max(1, values.length)).copyFrom(values);
    }

    private DeviceBuffer upload(long[] values) {
        return device.allocate(8L * Math.max(1, values.length)).copyFrom(values);
    }

    /** The dense accumulators of one group space, for two measures, filled with their identities. */
    private final class Accumulators implements AutoCloseable {
        final int groups;
        final DeviceBuffer counts;
        final DeviceBuffer valid;
        final DeviceBuffer sums;
        final DeviceBuffer mins;
        final DeviceBuffer maxs;

        Accumulators(int groups) {
            this.groups = groups;
            counts = device.allocate(8L * groups);
            valid = device.allocate(16L * groups);
            sums = device.allocate(16L * groups);
            mins = device.allocate(16L * groups);
            maxs = device.allocate(16L * groups);
            kernels.compact().fill(stream, counts, groups, 0);
            kernels.compact().fill(stream, valid, 2L * groups, 0);
            kernels.compact().fill(stream, sums, 2L * groups, 0);
            kernels.compact().fill(stream, mins, 2L * groups, Long.MAX_VALUE);
            kernels.compact().fill(stream, maxs, 2L * groups, Long.MIN_VALUE);
        }

        /** Null when every word is its identity again. */
        String notIdentity() {
            stream.synchronize();
            return HostAggregate.firstMismatch(constant("counts", counts.toLongArray(groups), 0),
                    constant("valid", valid.toLongArray(2 * groups), 0),
                    constant("sums", sums.toLongArray(2 * groups), 0),
                    constant("mins", mins.toLongArray(2 * groups), Long.MAX_VALUE),
                    constant("maxs", maxs.toLongArray(2 * groups), Long.MIN_VALUE));
        }

        @Override
        public void close() {
            counts.close();
            valid.close();
            sums.close();
            mins.close();
            maxs.close();
        }
    }

    private static String constant(String what, long[] values, long expected) {
        for (int i = 0; i < values.length; i++) {
            if (values[i] != expected) return what + "[" + i + "] = " + values[i] + " after the compaction";
        }
        return null;
    }

    private CheckResult check(String name, int groups, int[] groupOf) {
        int n = data.rows;
        int words = (n + 31) >>> 5;
        long[] x = data.xAsLong();
        long[] values = new long[2 * n];
        System.arraycopy(data.w, 0, values, 0, n);
        System.arraycopy(x, 0, values, n, n);
        int[] validity = new int[2 * words];
        System.arraycopy(data.wValidity(), 0, validity, 0, words);
        Arrays.fill(validity, words, 2 * words, -1);
        IntPredicate filtered = i -> (data.z[i] >= 100 && data.z[i] <= 399) || (data.z[i] >= 5000 && data.z[i] <= 5099);
        int[] chunks = chunks(n);
        IntPredicate inChunks = i -> i % 4096 < 1000;
        int tiles = CompactKernels.tiles(groups);
        try (DeviceBuffer z = upload(data.z); DeviceBuffer iv = upload(INTERVALS);
             DeviceBuffer g = groupOf == null ? null : upload(groupOf); DeviceBuffer m = upload(values);
             DeviceBuffer valid = upload(validity); DeviceBuffer ch = upload(chunks);
             DeviceBuffer terms = upload(new long[] {z.address(), 2L << 32});
             DeviceBuffer tileCounts = device.allocate(4L * tiles);
             DeviceBuffer blocksDone = device.allocate(8);
             DeviceBuffer out = device.allocate(8L * (CompactKernels.HEADER_WORDS
                     + (long) groups * CompactKernels.entryWords(2, true, true)));
             Accumulators acc = new Accumulators(groups)) {
            blocksDone.clear();
            QueryKernels.Filter filter = new QueryKernels.Filter(terms.address(), 1, iv.address(), 2, null);
            QueryKernels.Inputs scanInputs = new QueryKernels.Inputs(g, groups, m, 2, valid, n);
            QueryKernels.Outputs all = new QueryKernels.Outputs(acc.counts, acc.valid, acc.sums, acc.mins, acc.maxs);
            Runnable scanJob = () -> {
                kernels.query().queryAggregate(stream, filter, scanInputs, all);
                kernels.compact().compact(stream, groups, 2, acc.counts, acc.valid, acc.sums, acc.mins, acc.maxs,
                        tileCounts, out);
            };
            HostAggregate[] scanExpected = {HostAggregate.of(n, groups, filtered, groupOf, data.w, data.wValid),
                    HostAggregate.of(n, groups, filtered, groupOf, x, null)};
            scanJob.run();
            String mismatch = compare("scan, NULLs", out, scanExpected, true);
            double millis = DeviceTiming.medianMillis(stream, () -> { }, scanJob);
            if (mismatch == null) mismatch = compare("scan, NULLs, rerun", out, scanExpected, true);

            // The Z-range form over the same accumulators: no validity (no valid counters), no MIN/MAX.
            QueryKernels.Inputs rangeInputs = new QueryKernels.Inputs(g, groups, m, 2, null, n);
            kernels.query().rangeAggregate(stream, ch.address(), chunks.length / 2, rangeInputs,
                    new QueryKernels.Outputs(acc.counts, null, acc.sums, null, null));
            kernels.compact().compact(stream, groups, 2, acc.counts, null, acc.sums, null, null, tileCounts, out);
            HostAggregate[] rangeExpected = {HostAggregate.of(n, groups, inChunks, groupOf, data.w, null),
                    HostAggregate.of(n, groups, inChunks, groupOf, x, null)};
            if (mismatch == null) mismatch = compare("range, no NULLs", out, rangeExpected, false);
            if (QueryKernels.compactsInLaunch(groups)) {
                QueryKernels.Compaction inLaunch = new QueryKernels.Compaction(out, blocksDone);
                for (int run = 1; run <= 2 && mismatch == null; run++) {
                    garbage(out);
                    kernels.query().queryAggregate(stream, filter, scanInputs, new QueryKernels.Outputs(acc.counts,
                            acc.valid, acc.sums, acc.mins, acc.maxs, inLaunch));
                    mismatch = compare("scan, NULLs, compacted in launch " + run, out, scanExpected, true);
                    if (mismatch == null) mismatch = counterAtZero(blocksDone);
                    garbage(out);
                    if (mismatch == null) kernels.query().rangeAggregate(stream, ch.address(), chunks.length / 2,
                            rangeInputs, new QueryKernels.Outputs(acc.counts, null, acc.sums, null, null, inLaunch));
                    if (mismatch == null) {
                        mismatch = compare("range, compacted in launch " + run, out, rangeExpected, false);
                    }
                    if (mismatch == null) mismatch = counterAtZero(blocksDone);
                }
            }
            if (mismatch == null) mismatch = acc.notIdentity();
            return CheckResult.of("result compaction, " + name, n, mismatch, millis, String.format(
                    "%d of %d groups present, scan kernel + compaction", present(scanExpected[0]), groups));
        }
    }

    /** Fills the packed output with -1 words, so that a compaction that did not run cannot pass. */
    private void garbage(DeviceBuffer out) {
        kernels.compact().fill(stream, out, out.bytes() / 8, -1);
    }

    private String counterAtZero(DeviceBuffer blocksDone) {
        stream.synchronize();
        int done = blocksDone.toIntArray(1)[0];
        return done == 0 ? null : "finished-blocks counter at " + done + " after a launch that compacted";
    }

    /** {start, count} pairs: the first 1000 rows of every 4096. */
    private static int[] chunks(int n) {
        int count = (n + 4095) / 4096;
        int[] out = new int[2 * count];
        for (int c = 0; c < count; c++) {
            out[2 * c] = c * 4096;
            out[2 * c + 1] = Math.min(1000, n - c * 4096);
        }
        return out;
    }

    private static int present(HostAggregate h) {
        return (int) Arrays.stream(h.counts).filter(c -> c > 0).count();
    }

    /** Null when the packed output lists exactly the groups with rows, ascending, with their exact state. */
    private String compare(String job, DeviceBuffer out, HostAggregate[] expected, boolean minMax) {
        stream.synchronize();
        int words = CompactKernels.entryWords(expected.length, minMax, minMax);
        long present = out.toLongArray(1)[0];
        long want = present(expected[0]);
        if (present != want) return job + ": " + present + " groups present, expected " + want;
        long[] e = out.toLongArray(CompactKernels.HEADER_WORDS + (int) present * words);
        int i = 0;
        for (int g = 0; g < expected[0].counts.length; g++) {
            if (expected[0].counts[g] == 0) continue;
            int at = CompactKernels.HEADER_WORDS + i * words;
            long[] wanted = entry(expected, g, minMax);
            long[] got = Arrays.copyOfRange(e, at, at + words);
            if (!Arrays.equals(wanted, got)) {
                return job + ": entry " + i + " " + Arrays.toString(got) + ", expected " + Arrays.toString(wanted);
            }
            i++;
        }
        return null;
    }

    private static long[] entry(HostAggregate[] expected, int g, boolean minMax) {
        List<Long> words = new ArrayList<>(List.of((long) g, expected[0].counts[g]));
        for (HostAggregate h : expected) {
            words.add(h.validCounts[g]);
            words.add(h.sums[g]);
            if (minMax) {
                words.add(h.mins[g]);
                words.add(h.maxs[g]);
            }
        }
        return words.stream().mapToLong(Long::longValue).toArray();
    }
}
