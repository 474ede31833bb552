package org.raydb.offload.gpu.engine;

import java.nio.LongBuffer;
import java.util.List;
import org.raydb.offload.engine.GroupAggregates;
import org.raydb.offload.engine.GroupCut;
import org.raydb.offload.engine.OffloadJob;
import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.cuda.PinnedBuffer;
import org.raydb.offload.gpu.kernels.CompactKernels;
import org.raydb.offload.gpu.kernels.QueryKernels;
import org.raydb.offload.gpu.kernels.ResultMailbox;
import org.raydb.offload.plan.Aggregate;

/**
 * One job's accumulators in the runtime's {@link JobScratch}, in the layout both the fused kernel and the
 * any-hit program use: {@code counts[G]}, {@code sums[M*G]}, and {@code validCounts}, {@code mins},
 * {@code maxs[M*G]} only where kept (all at their identities when the job starts). After the launches,
 * {@link #compact} packs the groups with rows on the device (compact.cu), unless the fused kernel did so in
 * its last block ({@link #outputsCompactedInLaunch}), and {@link #read} brings only those back: one copy of
 * a small block into pinned memory and one wait, unless more groups than the first copy covers have rows.
 * Where the launch compacts and the result fits the scratch's {@link ResultMailbox}, the last block delivers
 * the groups to that mapped host memory itself and {@link #read} only spins for its done word: no copy call
 * and no stream synchronize. A lean range launch's last block delivers tagged words there instead, which
 * {@link #read} takes as they arrive.
 */
final class DeviceAggregates {

    /** The first read covers the header and as many entries as fit this many bytes. */
    private static final long FIRST_READ_BYTES = 64 * 1024;
    /**
     * Most groups a lean range launch lists (QueryKernels.PresentList): its delivery must fit the mailbox. More
     * present groups than this fall back to compact.cu's launches.
     */
    static final int PRESENT_LIST_CAPACITY = 16 * 1024;

    private final JobScratch scratch;
    private final CudaStream stream;
    private final int groups;
    private final JobMeasures measures;
    final DeviceBuffer counts;
    final DeviceBuffer validCounts;
    final DeviceBuffer sums;
    final DeviceBuffer mins;
    final DeviceBuffer maxs;
    private final DeviceBuffer compacted;
    private final DeviceBuffer tileCounts;
    private final DeviceBuffer blocksDone;
    private final int entryWords;
    private boolean compactedInLaunch;
    /** Where the launch notes its present groups, or null (it walks the tiles). */
    private QueryKernels.PresentList listed;
    /** The launch listed more groups than its list holds: compact.cu's launches packed them instead. */
    private boolean overflowed;
    /** Where the launch delivers the groups, or null: {@link #read} copies them back. */
    private ResultMailbox mailbox;

    private QueryKernels.Delivery delivery;
    private int presentGroups;
    /**
     * Host time {@link #read} spent waiting for the stream or spinning for the mailbox's done word, when the
     * last wait ended, its copies back.
     */
    private long waitNanos;

    private long spinNanos;
    private long fetchedAt;
    private int reads;
    /** The job's cut where the compaction makes it (see {@link #cutting}), else null. */
    private GroupCut cut;

    private CompactKernels.CutKey cutKey;
    private int cutMeasure;
    private boolean cutMade;

    DeviceAggregates(
            JobScratch scratch,
            CudaStream stream,
            int groups,
            JobMeasures measures,
            DeviceBuffer counts,
            DeviceBuffer validCounts,
            DeviceBuffer sums,
            DeviceBuffer mins,
            DeviceBuffer maxs,
            DeviceBuffer compacted,
            DeviceBuffer tileCounts,
            DeviceBuffer blocksDone) {
        this.scratch = scratch;
        this.stream = stream;
        this.groups = groups;
        this.measures = measures;
        this.counts = counts;
        this.validCounts = validCounts;
        this.sums = sums;
        this.mins = mins;
        this.maxs = maxs;
        this.compacted = compacted;
        this.tileCounts = tileCounts;
        this.blocksDone = blocksDone;
        this.entryWords = CompactKernels.entryWords(measures.count(), mins != null, maxs != null);
    }

    /**
     * This job's accumulators, of which a compaction by compact.cu's launches packs only the groups {@code job}'s
     * cut keeps ({@link OffloadJob#cut}, {@link GroupCut#madeOver}): the rest never cross the bus. A launch that
     * compacts itself makes no cut (its group space is small). The job's rows hit then count the kept groups'.
     */
    DeviceAggregates cutting(OffloadJob job) {
        GroupCut c = job.cut();
        if (c == null || !c.madeOver(groups)) return this;
        int measure = measures.measureOfAggregate()[c.aggregate()];
        CompactKernels.CutKey key = switch (job.aggregates().get(c.aggregate()).function()) {
            case COUNT_STAR -> CompactKernels.CutKey.ROWS;
            case COUNT -> CompactKernels.CutKey.VALID;
            case SUM -> CompactKernels.CutKey.SUM;
            case MIN -> CompactKernels.CutKey.MIN;
            case MAX -> CompactKernels.CutKey.MAX;
            default -> null;
        };
        if (key == null || (key != CompactKernels.CutKey.ROWS && measure < 0)) return this;
        cut = c;
        cutKey = key;
        cutMeasure = Math.max(0, measure);
        return this;
    }

    QueryKernels.Outputs outputs() {
        return new QueryKernels.Outputs(counts, validCounts, sums, mins, maxs);
    }

    /**
     * {@link #outputs()} that the fused kernel's launch also compacts (query.cu's last block: no compaction
     * launch), and delivers to the mailbox where the result fits it. A {@code lean} range launch
     * (QueryKernels.deliversTagged) of a group space lists the groups it notes (any group space), and delivers
     * them, or its one group, as tagged words; other launches compact tile by tile where the group space is small
     * enough (QueryKernels.compactsInLaunch); else the plain outputs. Pass them to one launch only, and call this
     * before the job writes its input to the mailbox (it may grow the mailbox).
     */
    QueryKernels.Outputs outputsCompactedInLaunch(boolean lean) {
        boolean listsPresent = lean && groups > 1;
        if (!listsPresent && !QueryKernels.compactsInLaunch(groups)) return outputs();
        compactedInLaunch = true;
        int entries = groups;
        if (listsPresent) {
            int capacity = Math.min(groups, PRESENT_LIST_CAPACITY);
            listed = new QueryKernels.PresentList(scratch.presentList(stream, capacity), capacity);
            entries = capacity;
        }
        mailbox = scratch.mailbox(stream, 8L * (CompactKernels.HEADER_WORDS + (long) entries * entryWords));
        // Lean launches deliver tagged (no system-scope fence before the done word): 1.0-3.3 µs shorter per kernel on
        // the H100
        // (docs/benchmarks/README.md).
        delivery = mailbox == null ? null : lean ? mailbox.nextTaggedDelivery() : mailbox.nextDelivery();
        return new QueryKernels.Outputs(
                counts,
                validCounts,
                sums,
                mins,
                maxs,
                new QueryKernels.Compaction(compacted, blocksDone, delivery, listed));
    }

    /**
     * Queues the compaction after the job's launches (it also resets the touched slots); nothing when the
     * launch compacted.
     */
    void compact() {
        if (!compactedInLaunch) compactTiles();
    }

    private void compactTiles() {
        CompactKernels kernels = scratch.gpu().kernels().compact();
        if (cut != null) {
            kernels.cut(
                    stream,
                    groups,
                    measures.count(),
                    cutKey,
                    cutMeasure,
                    cut.descending(),
                    cut.count(),
                    counts,
                    validCounts,
                    sums,
                    mins,
                    maxs,
                    scratch.cutState(stream));
            cutMade = true;
        }
        kernels.compact(stream, groups, measures.count(), counts, validCounts, sums, mins, maxs, tileCounts, compacted);
    }

    /**
     * Waits for the packed groups in host memory (the mailbox's delivery, or copies back and a wait for the
     * stream) and returns them as the core's sparse state.
     */
    GroupAggregates read(List<Aggregate> aggregates) {
        LongBuffer words = delivery == null ? copyBack() : awaitDelivery();
        if (listed != null && words.get(0) == QueryKernels.PresentList.OVERFLOW) {
            overflowed = true;
            compactTiles();
            words = copyBack();
        }
        presentGroups = present(words);
        scratch.clean();
        return parse(aggregates, groups, measures, mins != null, maxs != null, words, presentGroups);
    }

    /** Spins until the launch has delivered the groups to the mailbox; returns them in CompactKernels' layout. */
    private LongBuffer awaitDelivery() {
        long t = System.nanoTime();
        LongBuffer words;
        if (delivery.tagged()) {
            words = mailbox.awaitTagged(delivery, stream);
        } else {
            mailbox.await(delivery, stream);
            words = mailbox.output();
        }
        fetchedAt = System.nanoTime();
        spinNanos = fetchedAt - t;
        return words;
    }

    /** Copies the packed groups to pinned memory and waits for the stream (twice where the first copy is short). */
    private LongBuffer copyBack() {
        long entryBytes = 8L * entryWords;
        long header = 8L * CompactKernels.HEADER_WORDS;
        long first = Math.min(groups, Math.max(1, (FIRST_READ_BYTES - header) / entryBytes));
        PinnedBuffer host = scratch.download(header + first * entryBytes);
        host.copyFromAsync(compacted, 0, 0, header + first * entryBytes, stream);
        await();
        long present = present(host.view().asLongBuffer());
        if (present > first) {
            long total = header + present * entryBytes;
            if (host.bytes() < total) {
                host = scratch.download(total);
                host.copyFromAsync(compacted, 0, 0, total, stream);
            } else {
                long done = header + first * entryBytes;
                host.copyFromAsync(compacted, done, done, total - done, stream);
            }
            await();
        }
        return host.view().asLongBuffer();
    }

    /** The packed result's number of groups (its header), checked. */
    private int present(LongBuffer words) {
        long present = words.get(0);
        if (present < 0 || present > groups)
            throw new IllegalStateException("compaction reported " + present + " groups of " + groups);
        return (int) present;
    }

    private void await() {
        long t = System.nanoTime();
        stream.synchronize();
        fetchedAt = System.nanoTime();
        waitNanos += fetchedAt - t;
        reads++;
    }

    /** Host time that {@link #read} waited for the stream, in ns. */
    long waitNanos() {
        return waitNanos;
    }

    /** Host time that {@link #read} spun for the mailbox's done word, in ns (0 where it copied back). */
    long spinNanos() {
        return spinNanos;
    }

    /** Whether the launch delivered the groups to the mailbox (else {@link #read} copied them back). */
    boolean delivered() {
        return delivery != null;
    }

    /** {@link System#nanoTime()} when {@link #read}'s last wait ended: the packed groups were in host memory. */
    long fetchedAt() {
        return fetchedAt;
    }

    /**
     * How the groups were packed: "listed" (the launch's present-group list), "listed, overflowed" (then
     * compact.cu's launches), "in-launch" (the launch's last block, tile by tile) or "launches" (compact.cu).
     */
    String compactionKind() {
        if (listed != null) return overflowed ? "listed, overflowed" : "listed";
        return compactedInLaunch ? "in-launch" : cutMade ? "cut, launches" : "launches";
    }

    /**
     * Copies {@link #read} brought back (1, or 2 when more groups had rows than the first copy covers; 0 where
     * the launch delivered them).
     */
    int reads() {
        return reads;
    }

    /**
     * Device bytes the compaction reads (after {@link #read}): the counts (twice where its count pass ran), or
     * the listed groups' codes, then each present group's entry (twice where the launch delivered them to the
     * mailbox; a tagged delivery reads only the count and sum).
     */
    long compactionBytes() {
        if (delivery != null && delivery.tagged() && !overflowed) {
            return 4L * (listed != null ? 1 + presentGroups : 0) + 16L * presentGroups;
        }
        long entries = 8L * entryWords * presentGroups * (delivery != null && !overflowed ? 2 : 1);
        if (listed != null && !overflowed) return 4L * (1 + presentGroups) + entries;
        boolean countPass = (!compactedInLaunch || overflowed) && CompactKernels.tiles(groups) > 1;
        long cutBytes =
                cutMade ? (long) groups * CompactKernels.CUT_BYTES_PER_GROUP_PASS * CompactKernels.CUT_PASSES : 0;
        return 8L * groups * (countPass ? 2 : 1) + entries + cutBytes;
    }

    /**
     * The core's sparse state from {@code n} packed entries (compact.cu's layout) after the header of
     * {@code words}.
     */
    static GroupAggregates parse(
            List<Aggregate> aggregates,
            int groups,
            JobMeasures measures,
            boolean hasMins,
            boolean hasMaxs,
            LongBuffer words,
            int n) {
        int entryWords = CompactKernels.entryWords(measures.count(), hasMins, hasMaxs);
        long[] e = new long[n * entryWords];
        words.get(CompactKernels.HEADER_WORDS, e);
        int[] present = new int[n];
        long[] rowsHit = new long[n];
        for (int i = 0; i < n; i++) {
            present[i] = (int) e[i * entryWords];
            rowsHit[i] = e[i * entryWords + 1];
        }
        int perMeasure = 2 + (hasMins ? 1 : 0) + (hasMaxs ? 1 : 0);
        long[][] values = new long[aggregates.size()][];
        long[][] nonNull = new long[aggregates.size()][];
        for (int a = 0; a < aggregates.size(); a++) {
            int measure = measures.measureOfAggregate()[a];
            if (measure < 0) continue;
            int base = 2 + measure * perMeasure;
            int value = switch (aggregates.get(a).function().accumulator()) {
                case SUM -> base + 1;
                case MIN -> base + 2;
                case MAX -> base + 2 + (hasMins ? 1 : 0);
                case NONE -> -1;
            };
            nonNull[a] = column(e, n, entryWords, base);
            values[a] = value < 0 ? null : column(e, n, entryWords, value);
        }
        return GroupAggregates.sparse(aggregates, groups, present, rowsHit, values, nonNull);
    }

    private static long[] column(long[] e, int n, int entryWords, int word) {
        long[] out = new long[n];
        for (int i = 0; i < n; i++) out[i] = e[i * entryWords + word];
        return out;
    }
}
