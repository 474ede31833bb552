package org.raydb.offload.gpu.selftest;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.IntPredicate;
import org.raydb.offload.gpu.cuda.CudaDevice;
import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.kernels.CompactKernels;
import org.raydb.offload.gpu.kernels.GpuKernels;
import org.raydb.offload.gpu.kernels.QueryKernels;
import org.raydb.offload.gpu.kernels.ResultMailbox;

/**
 * The cuda engine's result path on the device, against Java: the fused kernel (scan form with a filter and
 * NULLs, then Z-range form over row ranges without NULLs and without MIN/MAX) into accumulators at their
 * identities, then the compaction into the packed list of groups with rows, compared entry by entry (group
 * order, rows, per measure non-NULL count, SUM, MIN, MAX) over two measures. Both jobs share one set of
 * accumulators, as the engines' scratch does, and afterwards every accumulator must be back at its
 * identity. The range form also runs with the first measure alone, which the lean kernels take (one SUM,
 * no NULLs), with its range list in the launch's parameters where it fits (1M rows: 245 ranges of 0 to 4096
 * rows). Group spaces cover each pre-aggregation mode: registers (one group), shared memory (100 groups), and
 * global atomics with a space of mostly empty groups over many compaction tiles. Spaces of a few tiles (1 and 2
 * here) also run both jobs again with the compaction in the kernel's launch (its last block), as
 * the cuda engine runs them, into an output first filled with garbage; the finished-blocks counter must be
 * back at 0 after each launch. A single tile runs the compaction without its count pass. Every group space
 * of more than one group also runs the one-SUM job with a present-group list (listedChecks), whose entries
 * come in the order noted and are sorted before they are compared, and with a list too short.
 * <p>
 * The mailbox checks run those in-launch jobs with their inputs in mapped host memory (the kernels read any
 * device-visible chunk list or filter; the cuda engine keeps only small filters there), the groups delivered
 * there by the last block; the host reads them right
 * after the done word, without a synchronize (so a missing fence shows as garbage), twice in a row per form.
 */
final class ResultChecks {

    /** A sparse group space: manyGroups codes spread over this many. */
    private static final int SPREAD = 60;

    private static final int[] INTERVALS = {100, 399, 5000, 5099};
    private static final int MAILBOX_INPUT_BYTES = 16 * 1024;

    private final CudaDevice device;
    private final CudaStream stream;
    private final GpuKernels kernels;
    private final SelfTestData data;
    /** Host memory of the one-SUM range jobs' chunk list where it goes in the launch's parameters. */
    private final MemorySegment inlineChunks = QueryKernels.ChunkList.inlineBuffer();
    /** Host time of the last {@link #deliver}'s launch until its done word, in ns. */
    private long deliveryNanos;

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
        out.add(check(
                SelfTestData.MANY_GROUPS * SPREAD + " groups, sparse (global atomics)",
                SelfTestData.MANY_GROUPS * SPREAD,
                sparse));
        out.add(mailboxCheck("1 group", 1, null));
        out.add(mailboxCheck(data.groups + " groups", data.groups, data.y));
        out.add(mailboxCheck(SelfTestData.MANY_GROUPS + " groups", SelfTestData.MANY_GROUPS, data.manyGroups));
        return out;
    }

    private DeviceBuffer upload(int[] values) {
        return device.allocate(4L * Math.max(1, values.length)).copyFrom(values);
    }

    private DeviceBuffer upload(long[] values) {
        return device.allocate(8L * Math.max(1, values.length)).copyFrom(values);
    }

    /** Bytes of a packed result of {@code groups} groups, two measures with MIN/MAX. */
    private static long packedBytes(int groups) {
        return 8L * (CompactKernels.HEADER_WORDS + (long) groups * CompactKernels.entryWords(2, true, true));
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
            return HostAggregate.firstMismatch(
                    constant("counts", counts.toLongArray(groups), 0),
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

    /**
     * The two jobs over one group space: their device inputs, the Java answers, shared accumulators, the
     * finished-blocks counter (at 0) and a packed output on the device.
     */
    private final class Jobs implements AutoCloseable {
        final int groups;
        final int[] chunks = chunks(data.rows);
        final DeviceBuffer z = upload(data.z);
        final DeviceBuffer g;
        final DeviceBuffer m;
        final DeviceBuffer valid;
        final DeviceBuffer blocksDone = device.allocate(8);
        /** A present-group list with room for every group (its counter at 0). */
        final DeviceBuffer list;

        final DeviceBuffer out;
        final Accumulators acc;
        /** The scan's column words: both measures where they lie in the block, the first one's validity. */
        final DeviceBuffer columns;

        final QueryKernels.ScanInputs scanInputs;
        final QueryKernels.Inputs rangeInputs;
        /** The range form with the first measure only: the lean kernels' shape (one SUM, no NULLs). */
        final QueryKernels.Inputs sumInputs;

        final HostAggregate[] scanExpected;
        final HostAggregate[] rangeExpected;
        final HostAggregate[] sumExpected;

        Jobs(int groups, int[] groupOf) {
            this.groups = groups;
            int n = data.rows;
            int words = (n + 31) >>> 5;
            long[] x = data.xAsLong();
            long[] values = new long[2 * n];
            System.arraycopy(data.w, 0, values, 0, n);
            System.arraycopy(x, 0, values, n, n);
            int[] validity = new int[2 * words];
            System.arraycopy(data.wValidity(), 0, validity, 0, words);
            Arrays.fill(validity, words, 2 * words, -1);
            g = groupOf == null ? null : upload(groupOf);
            m = upload(values);
            valid = upload(validity);
            out = device.allocate(packedBytes(groups));
            list = device.allocate(QueryKernels.PresentList.bytes(groups));
            list.clear();
            acc = new Accumulators(groups);
            blocksDone.clear();
            columns = upload(new long[] {m.address(), m.address() + 8L * n, valid.address(), 0});
            scanInputs = new QueryKernels.ScanInputs(g, groups, 0, 2, true, columns.address(), n);
            // The Z-range form over the same accumulators: no validity (no valid counters), no MIN/MAX.
            rangeInputs = new QueryKernels.Inputs(g, groups, m, 2, null, n);
            sumInputs = new QueryKernels.Inputs(g, groups, m, 1, null, n);
            IntPredicate filtered =
                    i -> (data.z[i] >= 100 && data.z[i] <= 399) || (data.z[i] >= 5000 && data.z[i] <= 5099);
            IntPredicate inChunks = i -> i % 4096 < rangeRows(i / 4096);
            scanExpected = new HostAggregate[] {
                HostAggregate.of(n, groups, filtered, groupOf, data.w, data.wValid),
                HostAggregate.of(n, groups, filtered, groupOf, x, null)
            };
            rangeExpected = new HostAggregate[] {
                HostAggregate.of(n, groups, inChunks, groupOf, data.w, null),
                HostAggregate.of(n, groups, inChunks, groupOf, x, null)
            };
            sumExpected = new HostAggregate[] {rangeExpected[0]};
        }

        /** The scan job's outputs (every accumulator), compacted by {@code c} or (null) by the caller. */
        QueryKernels.Outputs scanOutputs(QueryKernels.Compaction c) {
            return new QueryKernels.Outputs(acc.counts, acc.valid, acc.sums, acc.mins, acc.maxs, c);
        }

        /** The list for a launch that notes at most {@code capacity} groups. */
        QueryKernels.PresentList listed(int capacity) {
            return new QueryKernels.PresentList(list, capacity);
        }

        /** The range job's outputs (counts and sums), compacted by {@code c} or (null) by the caller. */
        QueryKernels.Outputs rangeOutputs(QueryKernels.Compaction c) {
            return new QueryKernels.Outputs(acc.counts, null, acc.sums, null, null, c);
        }

        @Override
        public void close() {
            z.close();
            if (g != null) g.close();
            m.close();
            valid.close();
            columns.close();
            blocksDone.close();
            list.close();
            out.close();
            acc.close();
        }
    }

    private static String constant(String what, long[] values, long expected) {
        for (int i = 0; i < values.length; i++) {
            if (values[i] != expected) return what + "[" + i + "] = " + values[i] + " after the compaction";
        }
        return null;
    }

    private CheckResult check(String name, int groups, int[] groupOf) {
        int tiles = CompactKernels.tiles(groups);
        try (Jobs jobs = new Jobs(groups, groupOf);
                DeviceBuffer iv = upload(INTERVALS);
                DeviceBuffer ch = upload(jobs.chunks);
                DeviceBuffer terms = upload(new long[] {jobs.z.address(), 2L << 32});
                DeviceBuffer tileCounts = device.allocate(4L * tiles)) {
            Accumulators acc = jobs.acc;
            DeviceBuffer out = jobs.out;
            QueryKernels.Filter filter = new QueryKernels.Filter(terms.address(), 1, iv.address(), 2, null);
            Runnable scanJob = () -> {
                kernels.query().queryAggregate(stream, filter, jobs.scanInputs, jobs.scanOutputs(null));
                kernels.compact()
                        .compact(
                                stream,
                                groups,
                                2,
                                acc.counts,
                                acc.valid,
                                acc.sums,
                                acc.mins,
                                acc.maxs,
                                tileCounts,
                                out);
            };
            scanJob.run();
            String mismatch = compare("scan, NULLs", out, jobs.scanExpected, true);
            double millis = DeviceTiming.medianMillis(stream, () -> {}, scanJob);
            if (mismatch == null) mismatch = compare("scan, NULLs, rerun", out, jobs.scanExpected, true);

            QueryKernels.ChunkList onDevice = QueryKernels.ChunkList.onDevice(
                    ch.address(), jobs.chunks.length / 2, QueryKernels.ChunkList.rows(jobs.chunks));
            QueryKernels.ChunkList sumChunks = QueryKernels.ChunkList.fitsInline(jobs.chunks.length / 2)
                    ? QueryKernels.ChunkList.inline(inlineChunks, jobs.chunks)
                    : onDevice;
            kernels.query().rangeAggregate(stream, onDevice, jobs.rangeInputs, jobs.rangeOutputs(null));
            kernels.compact().compact(stream, groups, 2, acc.counts, null, acc.sums, null, null, tileCounts, out);
            if (mismatch == null) mismatch = compare("range, no NULLs", out, jobs.rangeExpected, false);
            kernels.query().rangeAggregate(stream, sumChunks, jobs.sumInputs, jobs.rangeOutputs(null));
            kernels.compact().compact(stream, groups, 1, acc.counts, null, acc.sums, null, null, tileCounts, out);
            if (mismatch == null) mismatch = compare("range, one SUM", out, jobs.sumExpected, false);
            if (QueryKernels.compactsInLaunch(groups)) {
                QueryKernels.Compaction inLaunch = new QueryKernels.Compaction(out, jobs.blocksDone);
                for (int run = 1; run <= 2 && mismatch == null; run++) {
                    garbage(out);
                    kernels.query().queryAggregate(stream, filter, jobs.scanInputs, jobs.scanOutputs(inLaunch));
                    mismatch = compare("scan, NULLs, compacted in launch " + run, out, jobs.scanExpected, true);
                    if (mismatch == null) mismatch = counterAtZero(jobs.blocksDone);
                    garbage(out);
                    if (mismatch == null) {
                        kernels.query().rangeAggregate(stream, onDevice, jobs.rangeInputs, jobs.rangeOutputs(inLaunch));
                    }
                    if (mismatch == null) {
                        mismatch = compare("range, compacted in launch " + run, out, jobs.rangeExpected, false);
                    }
                    if (mismatch == null) mismatch = counterAtZero(jobs.blocksDone);
                    garbage(out);
                    if (mismatch == null) {
                        kernels.query().rangeAggregate(stream, sumChunks, jobs.sumInputs, jobs.rangeOutputs(inLaunch));
                    }
                    if (mismatch == null) {
                        mismatch = compare("range, one SUM, compacted in launch " + run, out, jobs.sumExpected, false);
                    }
                    if (mismatch == null) mismatch = counterAtZero(jobs.blocksDone);
                }
            }
            if (mismatch == null && groups > 1) mismatch = listedChecks(jobs, sumChunks, tileCounts);
            if (mismatch == null) mismatch = acc.notIdentity();
            return CheckResult.of(
                    "result compaction, " + name,
                    data.rows,
                    mismatch,
                    millis,
                    String.format(
                            "%d of %d groups present, scan kernel + compaction",
                            present(jobs.scanExpected[0]), groups));
        }
    }

    /**
     * Both jobs twice in a row through a {@link ResultMailbox}, as the cuda engine runs them where the launch
     * compacts: inputs written to its input area, groups read from its output area as soon as the done word
     * holds the job's number, or from the tagged area as the lean kernel's words arrive; then the range job timed
     * on the host from launch to done word.
     */
    private CheckResult mailboxCheck(String name, int groups, int[] groupOf) {
        try (Jobs jobs = new Jobs(groups, groupOf);
                ResultMailbox mailbox = new ResultMailbox(device, MAILBOX_INPUT_BYTES, packedBytes(groups))) {
            String mismatch = null;
            for (int run = 1; run <= 2 && mismatch == null; run++) {
                QueryKernels.Filter filter = writeFilter(mailbox, jobs.z);
                mismatch = deliver(
                        "scan, NULLs, mailbox " + run,
                        mailbox,
                        jobs,
                        jobs.scanExpected,
                        true,
                        c -> kernels.query().queryAggregate(stream, filter, jobs.scanInputs, jobs.scanOutputs(c)));
                if (mismatch == null) {
                    mismatch = deliver(
                            "range, mailbox " + run,
                            mailbox,
                            jobs,
                            jobs.rangeExpected,
                            false,
                            rangeFromMailbox(mailbox, jobs, jobs.rangeInputs));
                }
                if (mismatch == null) {
                    mismatch = deliver(
                            "range, one SUM, mailbox " + run,
                            mailbox,
                            jobs,
                            jobs.sumExpected,
                            false,
                            rangeFromMailbox(mailbox, jobs, jobs.sumInputs));
                }
                if (mismatch == null) {
                    mismatch = deliverTagged(
                            (groups > 1 ? "range, one SUM, listed, tagged " : "range, one SUM," + " tagged ") + run,
                            mailbox,
                            jobs);
                }
            }
            double[] micros = new double[DeviceTiming.RUNS];
            for (int r = 0; r < micros.length && mismatch == null; r++) {
                mismatch = deliver(
                        "range, mailbox, timed " + r,
                        mailbox,
                        jobs,
                        jobs.rangeExpected,
                        false,
                        rangeFromMailbox(mailbox, jobs, jobs.rangeInputs));
                micros[r] = deliveryNanos / 1e3;
            }
            Arrays.sort(micros);
            if (mismatch == null) mismatch = jobs.acc.notIdentity();
            return CheckResult.of(
                    "mailbox delivery, " + name,
                    data.rows,
                    mismatch,
                    Double.NaN,
                    String.format(
                            Locale.ROOT,
                            "%d of %d groups present, range job launch..done word median %.1f µs (host)",
                            present(jobs.scanExpected[0]),
                            groups,
                            micros[micros.length / 2]));
        }
    }

    /** The scan job's filter (one term on z, INTERVALS) written to the mailbox's input area. */
    private static QueryKernels.Filter writeFilter(ResultMailbox mailbox, DeviceBuffer z) {
        ByteBuffer in = mailbox.input();
        in.putLong(0, z.address());
        in.putLong(8, 2L << 32); // first interval 0, 2 intervals
        for (int i = 0; i < INTERVALS.length; i++) in.putInt(QueryKernels.TERM_BYTES + 4 * i, INTERVALS[i]);
        long at = mailbox.inputAddress();
        return new QueryKernels.Filter(at, 1, at + QueryKernels.TERM_BYTES, 2, null);
    }

    /** A range job with its chunk list written to the mailbox's input area (at launch time). */
    private Consumer<QueryKernels.Compaction> rangeFromMailbox(
            ResultMailbox mailbox, Jobs jobs, QueryKernels.Inputs inputs) {
        return c -> {
            mailbox.input().asIntBuffer().put(0, jobs.chunks);
            kernels.query()
                    .rangeAggregate(
                            stream,
                            QueryKernels.ChunkList.onDevice(
                                    mailbox.inputAddress(),
                                    jobs.chunks.length / 2,
                                    QueryKernels.ChunkList.rows(jobs.chunks)),
                            inputs,
                            jobs.rangeOutputs(c));
        };
    }

    /**
     * Launches one job that delivers to {@code mailbox} (its output first filled with garbage), waits for its
     * done word and compares the output at once; then the finished-blocks counter must be back at 0.
     */
    private String deliver(
            String job,
            ResultMailbox mailbox,
            Jobs jobs,
            HostAggregate[] expected,
            boolean minMax,
            Consumer<QueryKernels.Compaction> launch) {
        LongBuffer output = mailbox.output();
        for (int i = 0; i < output.capacity(); i++) output.put(i, -1);
        QueryKernels.Delivery delivery = mailbox.nextDelivery();
        long before = mailbox.doneWord();
        if (before >= delivery.sequence()) {
            return job + ": done word " + before + " before the launch of job " + delivery.sequence();
        }
        long t = System.nanoTime();
        launch.accept(new QueryKernels.Compaction(jobs.out, jobs.blocksDone, delivery));
        mailbox.await(delivery, stream);
        deliveryNanos = System.nanoTime() - t;
        String mismatch = compare(job, output, expected, minMax);
        return mismatch != null ? mismatch : counterAtZero(jobs.blocksDone);
    }

    /**
     * The one-SUM range job (a lean kernel) delivering tagged words to {@code mailbox}: its listed groups, or its
     * one group, taken as their tags arrive and compared at once; then, once the stream is done, the
     * finished-blocks counter and the list's must be back at 0.
     */
    private String deliverTagged(String job, ResultMailbox mailbox, Jobs jobs) {
        boolean listed = jobs.groups > 1;
        QueryKernels.Delivery delivery = mailbox.nextTaggedDelivery();
        QueryKernels.Compaction c = new QueryKernels.Compaction(
                jobs.out, jobs.blocksDone, delivery, listed ? jobs.listed(jobs.groups) : null);
        rangeFromMailbox(mailbox, jobs, jobs.sumInputs).accept(c);
        LongBuffer output = mailbox.awaitTagged(delivery, stream);
        String mismatch =
                compare(job, listed ? sorted(output, jobs.sumExpected, false) : output, jobs.sumExpected, false);
        stream.synchronize();
        if (mismatch == null) mismatch = counterAtZero(jobs.blocksDone);
        return mismatch != null || !listed ? mismatch : counterAtZero(jobs.list);
    }

    /**
     * The one-SUM range job (the lean kernels) compacted in its launch from a list of the groups it noted,
     * twice, into an output first filled with garbage; then with a list too short for its groups, whose
     * header must say so and whose groups compact.cu's launches must still find in the accumulators.
     */
    private String listedChecks(Jobs jobs, QueryKernels.ChunkList chunks, DeviceBuffer tileCounts) {
        int groups = jobs.groups;
        int present = present(jobs.sumExpected[0]);
        String mismatch = null;
        for (int run = 1; run <= 2 && mismatch == null; run++) {
            garbage(jobs.out);
            kernels.query()
                    .rangeAggregate(
                            stream,
                            chunks,
                            jobs.sumInputs,
                            jobs.rangeOutputs(
                                    new QueryKernels.Compaction(jobs.out, jobs.blocksDone, null, jobs.listed(groups))));
            stream.synchronize();
            LongBuffer packed = LongBuffer.wrap(jobs.out.toLongArray(
                    CompactKernels.HEADER_WORDS + present * CompactKernels.entryWords(1, false, false)));
            mismatch = compare(
                    "range, one SUM, listed in launch " + run,
                    sorted(packed, jobs.sumExpected, false),
                    jobs.sumExpected,
                    false);
            if (mismatch == null) mismatch = counterAtZero(jobs.blocksDone);
            if (mismatch == null) mismatch = counterAtZero(jobs.list);
        }
        if (mismatch != null || present < 2) return mismatch;
        garbage(jobs.out);
        kernels.query()
                .rangeAggregate(
                        stream,
                        chunks,
                        jobs.sumInputs,
                        jobs.rangeOutputs(new QueryKernels.Compaction(
                                jobs.out, jobs.blocksDone, null, jobs.listed(present - 1))));
        stream.synchronize();
        long header = jobs.out.toLongArray(1)[0];
        if (header != QueryKernels.PresentList.OVERFLOW) {
            return "range, one SUM, list of " + (present - 1) + " for " + present + " groups: header " + header;
        }
        mismatch = counterAtZero(jobs.list);
        kernels.compact()
                .compact(stream, groups, 1, jobs.acc.counts, null, jobs.acc.sums, null, null, tileCounts, jobs.out);
        return mismatch != null
                ? mismatch
                : compare("range, one SUM, list overflowed, then compacted", jobs.out, jobs.sumExpected, false);
    }

    /**
     * {@code packed} with its entries in group order (a listed launch writes them in the order noted); as it
     * is where its header is not a plausible count, so that {@link #compare} reports it.
     */
    private static LongBuffer sorted(LongBuffer packed, HostAggregate[] expected, boolean minMax) {
        long present = packed.get(0);
        if (present < 0 || present > present(expected[0])) return packed;
        int words = CompactKernels.entryWords(expected.length, minMax, minMax);
        long[] all = new long[CompactKernels.HEADER_WORDS + (int) present * words];
        packed.get(0, all);
        long[] keys = new long[(int) present]; // group code in the high half, entry in the low half
        for (int i = 0; i < keys.length; i++) keys[i] = all[CompactKernels.HEADER_WORDS + i * words] << 32 | i;
        Arrays.sort(keys);
        long[] out = all.clone();
        for (int i = 0; i < keys.length; i++) {
            System.arraycopy(
                    all,
                    CompactKernels.HEADER_WORDS + (int) keys[i] * words,
                    out,
                    CompactKernels.HEADER_WORDS + i * words,
                    words);
        }
        return LongBuffer.wrap(out);
    }

    /** Fills the packed output with -1 words, so that a compaction that did not run cannot pass. */
    private void garbage(DeviceBuffer out) {
        kernels.compact().fill(stream, out, out.bytes() / 8, -1);
    }

    /** Null when the counter (finished blocks, or a present-group list's) is back at 0 after a launch. */
    private String counterAtZero(DeviceBuffer counter) {
        stream.synchronize();
        int left = counter.toIntArray(1)[0];
        return left == 0 ? null : "counter at " + left + " after a launch that compacted";
    }

    /**
     * Rows of range c, which starts at row 4096 c: from none to all 4096 (then it touches the next range), so
     * that the launch's even shares start and end anywhere in a range, and some ranges are empty.
     */
    private static int rangeRows(int c) {
        return c * 1337 % 4097;
    }

    /** The kernels' pairs (QueryKernels.ChunkList) of the ranges of {@link #rangeRows} over n rows. */
    private static int[] chunks(int n) {
        int count = (n + 4095) / 4096;
        int[] startCount = new int[2 * count];
        for (int c = 0; c < count; c++) {
            startCount[2 * c] = c * 4096;
            startCount[2 * c + 1] = Math.min(rangeRows(c), n - c * 4096);
        }
        return QueryKernels.ChunkList.of(startCount);
    }

    private static int present(HostAggregate h) {
        return (int) Arrays.stream(h.counts).filter(c -> c > 0).count();
    }

    /** {@link #compare(String, LongBuffer, HostAggregate[], boolean)} on a packed output on the device. */
    private String compare(String job, DeviceBuffer out, HostAggregate[] expected, boolean minMax) {
        stream.synchronize();
        long present = out.toLongArray(1)[0];
        long entries = Math.max(0, Math.min(present, present(expected[0]))); // the header is checked there
        int words = CompactKernels.entryWords(expected.length, minMax, minMax);
        return compare(
                job,
                LongBuffer.wrap(out.toLongArray(CompactKernels.HEADER_WORDS + (int) entries * words)),
                expected,
                minMax);
    }

    /** Null when the packed words list exactly the groups with rows, ascending, with their exact state. */
    private static String compare(String job, LongBuffer packed, HostAggregate[] expected, boolean minMax) {
        int words = CompactKernels.entryWords(expected.length, minMax, minMax);
        long present = packed.get(0);
        long want = present(expected[0]);
        if (present != want) return job + ": " + present + " groups present, expected " + want;
        int i = 0;
        for (int g = 0; g < expected[0].counts.length; g++) {
            if (expected[0].counts[g] == 0) continue;
            int at = CompactKernels.HEADER_WORDS + i * words;
            long[] wanted = entry(expected, g, minMax);
            long[] got = new long[words];
            packed.get(at, got);
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
