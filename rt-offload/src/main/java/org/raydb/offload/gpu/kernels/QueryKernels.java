package org.raydb.offload.gpu.kernels;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.stream.Stream;
import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.cuda.DeviceProperties;
import org.raydb.offload.gpu.cuda.Kernel;
import org.raydb.offload.gpu.cuda.KernelArgs;
import org.raydb.offload.gpu.cuda.PtxModule;

/**
 * query.ptx: the cuda engine's fused filter-group-aggregate kernel over any number of filter terms and
 * measures, and the range kernels (see query.cu for the layouts); each takes one by-value {@link QueryParams}.
 * Outputs start at their identities (0, LLONG_MAX for mins, LLONG_MIN for maxs); the caller keeps them so
 * (compact.cu resets what a job touched).
 */
public final class QueryKernels {

    /** Must match QUERY_THREADS and MAX_REGISTER_MEASURES of query.cu. */
    static final int THREADS = 256;

    public static final int MAX_REGISTER_MEASURES = 4;
    /** Ranges that a range launch carries in its parameter: RDB_INLINE_CHUNKS of raydb_query_params.h. */
    public static final int INLINE_CHUNKS = 256;
    /** Bytes of a range list that goes inline (RdbRangeParams.inlineChunks). */
    public static final long INLINE_CHUNK_BYTES = 8L * INLINE_CHUNKS;
    /** Bytes of one filter term (RdbFilterTerm of raydb_query_params.h). */
    public static final int TERM_BYTES = 16;
    /** Resident blocks per SM: 256 threads at 64 registers (__launch_bounds__(256, 4) in query.cu). */
    private static final int BLOCKS_PER_SM = 4;
    /** The lean range kernels' launch bounds: LEAN_REGISTERS_BLOCKS_PER_SM, LEAN_ATOMIC_BLOCKS_PER_SM of query.cu. */
    private static final int LEAN_REGISTERS_BLOCKS_PER_SM = 8;

    private static final int LEAN_ATOMIC_BLOCKS_PER_SM = 6;
    /** The few-groups range kernel's limits and launch bounds: FEW_* of query.cu. */
    private static final int FEW_GROUPS = 8;

    private static final int FEW_SLOTS = 32;
    private static final int FEW_MEASURES = 8;
    private static final int FEW_BLOCKS_PER_SM = 4;
    /** Bytes per group of the lean shared accumulators: a sum's two 32-bit halves and a 32-bit count. */
    private static final int LEAN_SHARED_GROUP_BYTES = 12;
    /** The lean kernels count a block's rows in 32 bits: only for fewer rows than this in all. */
    private static final long LEAN_MAX_ROWS = 1L << 32;
    /** Shared-memory pre-aggregation only while this many blocks fit an SM: fewer leave too few loads in flight. */
    private static final int MIN_SHARED_BLOCKS_PER_SM = 2;
    /** Shared memory the driver keeps per resident block. */
    private static final int RESERVED_SHARED_BYTES = 1024;
    /** Most compaction tiles (4096 groups each) that a launch compacts in its last block. */
    private static final int MAX_COMPACTION_TILES = 4;
    /** Intervals are staged in shared memory up to this many bytes (every row's binary search reads them). */
    private static final int MAX_STAGED_BYTES = 16 * 1024;

    private final ByPreAggregation queryAggregate;
    private final ByPreAggregation rangeAggregate;
    private final Kernel rangeSumRegisters;
    private final Kernel rangeSumShared;
    private final Kernel rangeSumGlobal;
    private final Kernel rangeFew;
    private final int multiprocessors;
    private final long sharedPerBlock;
    private final long sharedPerSm;

    QueryKernels(PtxModule module, DeviceProperties device) {
        queryAggregate = ByPreAggregation.load(module, "rdb_query_aggregate");
        rangeAggregate = ByPreAggregation.load(module, "rdb_range_aggregate");
        rangeSumRegisters = module.function("rdb_range_sum_registers");
        rangeSumShared = module.function("rdb_range_sum_shared");
        rangeSumGlobal = module.function("rdb_range_sum_global");
        rangeFew = module.function("rdb_range_aggregate_few");
        multiprocessors = Math.max(1, device.multiprocessors());
        int optIn = Math.max(48 * 1024, device.sharedBytesPerBlock());
        // The opt-in limit covers static shared memory too (the in-launch compaction's few words).
        List<Kernel> dynamicShared = Stream.concat(
                        Stream.concat(queryAggregate.all(), rangeAggregate.all()), Stream.of(rangeSumShared))
                .toList();
        int dynamic = optIn
                - dynamicShared.stream()
                        .mapToInt(Kernel::staticSharedBytes)
                        .max()
                        .orElse(0);
        sharedPerBlock = dynamic;
        sharedPerSm = Math.max(optIn, device.sharedBytesPerMultiprocessor());
        dynamicShared.forEach(k -> k.allowDynamicSharedBytes(dynamic));
    }

    /**
     * A general kernel's entry points, one per pre-aggregation (PreAggregation of query_accumulate.cuh, a
     * template parameter there): {@code <name>_registers}, {@code _shared} and {@code _global}.
     */
    private record ByPreAggregation(Kernel registers, Kernel shared, Kernel global) {

        static ByPreAggregation load(PtxModule module, String name) {
            return new ByPreAggregation(
                    module.function(name + "_registers"),
                    module.function(name + "_shared"),
                    module.function(name + "_global"));
        }

        /** The entry point of a launch's plan. */
        Kernel of(Plan plan) {
            return plan.registers() ? registers : plan.shared() ? shared : global;
        }

        Stream<Kernel> all() {
            return Stream.of(registers, shared, global);
        }
    }

    /**
     * What the kernel filters on: device addresses of the terms and their intervals (intervalCount in all),
     * and an optional row bitmap.
     */
    public record Filter(long terms, int numTerms, long intervals, int intervalCount, DeviceBuffer bitmap) {}

    /**
     * A range job's row ranges as the kernels read them, {first row, end} int pairs where {@code end} counts the
     * list's rows up to and including the range (see {@link #of}): {@code count} pairs and {@code rows} rows in
     * all, in {@code inline}, host memory of {@link #INLINE_CHUNK_BYTES} that a prepared launch copies into its
     * parameter, or at the device address {@code device} (inline is then null). The launch splits the rows
     * evenly between its blocks, however long the ranges are.
     */
    public record ChunkList(MemorySegment inline, long device, int count, long rows) {

        /**
         * The kernels' pairs for ranges given as {start, count} int pairs.
         *
         * @throws IllegalArgumentException for a negative count, or more rows in all than an int counts
         */
        public static int[] of(int[] startCountPairs) {
            int[] pairs = new int[startCountPairs.length];
            long end = 0;
            for (int i = 0; i < pairs.length; i += 2) {
                int count = startCountPairs[i + 1];
                end += count;
                if (count < 0 || end > Integer.MAX_VALUE) {
                    throw new IllegalArgumentException("range " + i / 2 + " of " + count + " rows ends at row " + end);
                }
                pairs[i] = startCountPairs[i];
                pairs[i + 1] = (int) end;
            }
            return pairs;
        }

        /** Rows in all of a list of the kernels' {@code pairs}. */
        public static long rows(int[] pairs) {
            return pairs.length == 0 ? 0 : pairs[pairs.length - 1];
        }

        /**
         * The kernels' {@code pairs} (at most {@link #INLINE_CHUNKS} of them, see {@link #of}) copied into
         * {@code buffer} (from {@link #inlineBuffer}): the launch reads them from its parameters, so no upload and
         * no bus reads.
         */
        public static ChunkList inline(MemorySegment buffer, int[] pairs) {
            if (pairs.length > 2 * INLINE_CHUNKS || buffer.byteSize() < INLINE_CHUNK_BYTES) {
                throw new IllegalArgumentException(pairs.length / 2 + " ranges do not go inline");
            }
            MemorySegment.copy(pairs, 0, buffer, JAVA_INT, 0, pairs.length);
            return new ChunkList(buffer, 0, pairs.length / 2, rows(pairs));
        }

        /** {@code count} of the kernels' pairs, {@code rows} rows in all, at device address {@code address}. */
        public static ChunkList onDevice(long address, int count, long rows) {
            return new ChunkList(null, address, count, rows);
        }

        /** Whether {@code count} chunks fit {@link #inline}. */
        public static boolean fitsInline(int count) {
            return count <= INLINE_CHUNKS;
        }

        /** Host memory for {@link #inline} lists, reusable once the launch is prepared. */
        public static MemorySegment inlineBuffer() {
            return Arena.ofAuto().allocate(INLINE_CHUNK_BYTES, 8);
        }
    }

    /**
     * What a full scan aggregates, each column where it lies: the device address of its column words
     * ({@link #columnWords}: measures, their validity, group keys), {@code numKeys} group keys whose codes fold into
     * the group (0: the dense {@code groups}, or one group where null), whether a measure has NULLs.
     */
    public record ScanInputs(
            DeviceBuffer groups, int numGroups, int numKeys, int nMeasures, boolean nulls, long columns, long rows) {}

    /** Bytes of a scan's column words ({@link #writeColumnWords}) for {@code measures} measures and {@code keys} keys. */
    public static long columnWords(int measures, int keys) {
        return 16L * (measures + keys);
    }

    /**
     * Writes a scan's column words (RdbScanParams.columns) at {@code offset} of {@code out}: each measure column's
     * device address, each one's validity bitmap (0: no NULLs), each group key's code column, each key's cardinality.
     */
    public static void writeColumnWords(
            ByteBuffer out, int offset, long[] measures, long[] validity, long[] keyCodes, int[] radices) {
        int at = offset;
        for (long a : measures) at = putWord(out, at, a);
        for (long a : validity) at = putWord(out, at, a);
        for (long a : keyCodes) at = putWord(out, at, a);
        for (int r : radices) at = putWord(out, at, r);
    }

    private static int putWord(ByteBuffer out, int at, long word) {
        out.putLong(at, word);
        return at + 8;
    }

    /** What a range job aggregates: group codes (null: one group), measures (nMeasures x rows int64), validity or null. */
    public record Inputs(
            DeviceBuffer groups,
            int numGroups,
            DeviceBuffer measures,
            int nMeasures,
            DeviceBuffer measureValid,
            long rows) {}

    /**
     * Where it aggregates to: counts[G], sums[M*G], and validCounts/mins/maxs[M*G] or null where not kept
     * (validCounts only when no measure has NULLs: a measure's non-NULL count is then its group's rows);
     * with a {@link Compaction}, the launch also compacts them (else the caller queues CompactKernels).
     */
    public record Outputs(
            DeviceBuffer counts,
            DeviceBuffer validCounts,
            DeviceBuffer sums,
            DeviceBuffer mins,
            DeviceBuffer maxs,
            Compaction compaction) {

        /** Outputs that the caller compacts. */
        public Outputs(
                DeviceBuffer counts,
                DeviceBuffer validCounts,
                DeviceBuffer sums,
                DeviceBuffer mins,
                DeviceBuffer maxs) {
            this(counts, validCounts, sums, mins, maxs, null);
        }

        /** Bytes of one block's shared copy of these accumulators for {@code groups} groups and {@code measures}. */
        long sharedBytes(int groups, int measures) {
            int arrays = 1 + (validCounts == null ? 0 : 1) + (mins == null ? 0 : 1) + (maxs == null ? 0 : 1);
            return 8L * (groups + (long) measures * groups * arrays);
        }
    }

    /**
     * The launch's last block compacts the accumulators into {@code out} (CompactKernels' layout), for a group
     * space where {@link #compactsInLaunch}; {@code blocksDone} is a device int at 0 (the launch leaves it at 0).
     * With a {@link Delivery}, it also copies them to a {@link ResultMailbox}. With a {@link PresentList} (the
     * lean range kernels only, any group space) it moves just the groups the launch noted there, in no order.
     * A lean range launch with a delivery writes tagged words (its listed groups, or its one group): give it
     * {@link ResultMailbox#nextTaggedDelivery}.
     */
    public record Compaction(DeviceBuffer out, DeviceBuffer blocksDone, Delivery delivery, PresentList listed) {

        /** Compaction into {@code out} only: the caller copies it back. */
        public Compaction(DeviceBuffer out, DeviceBuffer blocksDone) {
            this(out, blocksDone, null, null);
        }

        /** Compaction of every tile, delivered to a mailbox or (null) left in {@code out}. */
        public Compaction(DeviceBuffer out, DeviceBuffer blocksDone, Delivery delivery) {
            this(out, blocksDone, delivery, null);
        }
    }

    /**
     * Device memory where a lean range launch notes the groups that get their first row (query.cu's
     * notePresent): an int counter at 0 between launches, then room for {@code capacity} group codes. The
     * packed result then lists those groups in the order they were noted, not by group code (sorting them cost
     * more than the launch: a bitonic sort in the last block added 20 us to q3.2's 600 groups on the H100 by
     * ncu, and the host's sort 50-500 us before the JIT compiled it), or its header is {@link #OVERFLOW} when
     * more groups had rows than the list holds: they are still in the accumulators, for
     * {@link CompactKernels#compact}.
     */
    public record PresentList(DeviceBuffer codes, int capacity) {

        /** Header word 0 of a launch whose list overflowed: LIST_OVERFLOW of query.cu. */
        public static final long OVERFLOW = -1;

        /** Bytes of a list with room for {@code capacity} codes. */
        public static long bytes(int capacity) {
            return 4L * (1 + capacity);
        }
    }

    /**
     * Device addresses of a mailbox's output area (room for the whole packed result) and done word, where the
     * last block delivers and then stores {@code sequence} (see {@link ResultMailbox#nextDelivery}); or, where
     * {@code tagged}, its tagged area, where a lean range launch's last block writes tagged words and no done word
     * ({@link ResultMailbox#nextTaggedDelivery}).
     */
    public record Delivery(long output, long done, long sequence, boolean tagged) {}

    /**
     * Whether a {@link #prepareQuery query launch} copies a filter of {@code intervalCount} intervals to shared
     * memory, so that each block reads it once (its terms it always copies): then it may stay in mapped host
     * memory.
     */
    public static boolean stagesIntervals(int intervalCount) {
        return 8L * intervalCount <= MAX_STAGED_BYTES;
    }

    /**
     * Whether a launch may compact {@code groups} itself: its last block walks the tiles one after another
     * (a few µs each), which beats the compaction's two launches only for a few tiles.
     */
    public static boolean compactsInLaunch(int groups) {
        return CompactKernels.tiles(groups) <= MAX_COMPACTION_TILES;
    }

    /** Grid and pre-aggregation of one launch: registers (one group, few measures), shared memory, or none. */
    private record Plan(long blocks, boolean registers, boolean shared, long sharedBytes) {}

    /**
     * A launch with its grid and parameters decided, for {@link #enqueue}: the cuda engine prepares it before
     * its timed window, so that the events around the launch time the kernel, not the host deciding it (that
     * put up to 20 us of host time into q1.1's event-timed kernel on the H100 host).
     */
    public record Prepared(Kernel kernel, long blocks, int sharedBytes, KernelArgs args) {

        /** Queues the launch on {@code stream}. */
        public void enqueue(CudaStream stream) {
            kernel.launch(stream, blocks, THREADS, sharedBytes, args);
        }
    }

    /**
     * Registers where there is one group; else shared memory wherever the block's accumulators (plus
     * {@code stagedBytes}) fit the opt-in limit with {@link #MIN_SHARED_BLOCKS_PER_SM} blocks per SM (about
     * 14,000 groups of one SUM on an H100), with one round of resident blocks so that each flushes once (a
     * flush skips the groups the block never saw, so it never costs more atomics than the rows would).
     */
    private Plan plan(int numGroups, int nMeasures, boolean nulls, Outputs out, long workBlocks, long stagedBytes) {
        if (nulls && out.validCounts() == null) {
            throw new IllegalArgumentException("measures with NULLs need non-NULL counters");
        }
        if (out.compaction() != null && !compactsInLaunch(numGroups)) {
            throw new IllegalArgumentException("a launch does not compact " + numGroups + " groups");
        }
        boolean registers = numGroups == 1 && nMeasures <= MAX_REGISTER_MEASURES;
        long bytes = out.sharedBytes(numGroups, nMeasures) + stagedBytes;
        return plan(workBlocks, BLOCKS_PER_SM, registers, registers ? 0 : bytes, stagedBytes);
    }

    /**
     * One round of at most {@code blocksPerSm} resident blocks per SM, no more than {@code workBlocks}, with
     * {@code sharedBytes} of shared accumulators per block (0: none) where they fit.
     */
    private Plan plan(long workBlocks, int blocksPerSm, boolean registers, long sharedBytes, long otherBytes) {
        long blocks = Math.max(1, Math.min(workBlocks, (long) blocksPerSm * multiprocessors));
        long limit = Math.min(sharedPerBlock, sharedPerSm / MIN_SHARED_BLOCKS_PER_SM - RESERVED_SHARED_BYTES);
        if (registers || sharedBytes == 0 || sharedBytes > limit) {
            return new Plan(blocks, registers, false, otherBytes);
        }
        long perSm = Math.max(1, Math.min(blocksPerSm, sharedPerSm / (sharedBytes + RESERVED_SHARED_BYTES)));
        return new Plan(Math.min(blocks, perSm * multiprocessors), false, true, sharedBytes);
    }

    /** Blocks a range list keeps busy: one row per thread at least, else as many as one round of resident blocks holds. */
    private static long rangeBlocks(ChunkList chunks) {
        return (chunks.rows() + THREADS - 1) / THREADS;
    }

    /**
     * Whether the lean range kernels take a job: one measure without NULLs, COUNT and SUM only (every SSB
     * query); else the general one.
     */
    static boolean lean(Inputs in, Outputs out) {
        return lean(
                in.nMeasures(),
                in.measureValid() != null || out.validCounts() != null,
                out.mins() != null || out.maxs() != null,
                in.rows());
    }

    /**
     * {@link #lean} by the job's shape: {@code measures} measures, NULLs (validity or non-NULL counters),
     * MIN or MAX, {@code rows} rows.
     */
    private static boolean lean(int measures, boolean nulls, boolean minMax, long rows) {
        return measures == 1 && !nulls && !minMax && rows < LEAN_MAX_ROWS;
    }

    /**
     * Whether a range job of this shape runs a lean kernel, whose last block delivers tagged words to a mailbox
     * (query.cu's deliverTagged; {@link ResultMailbox#nextTaggedDelivery}): where it has a group space, the groups
     * it noted in a {@link PresentList}, else its one group.
     */
    public static boolean deliversTagged(int measures, boolean nulls, boolean minMax, long rows) {
        return lean(measures, nulls, minMax, rows);
    }

    /**
     * Rows in the given ranges of a Z-sorted projection; no filter. One round of resident blocks (fewer where
     * there are not 256 rows for each) shares the rows evenly.
     */
    public void rangeAggregate(CudaStream stream, ChunkList chunks, Inputs in, Outputs out) {
        prepareRange(chunks, in, out).enqueue(stream);
    }

    /**
     * Whether the few-groups range kernel takes a job: 2 to FEW_GROUPS groups, several measures (one: a lean
     * kernel), every group's measures within one warp's lanes, no NULLs, no MIN or MAX (TPC-H q1's shape).
     */
    static boolean few(Inputs in, Outputs out) {
        return in.numGroups() >= 2
                && in.numGroups() <= FEW_GROUPS
                && in.nMeasures() >= 2
                && in.nMeasures() <= FEW_MEASURES
                && in.numGroups() * in.nMeasures() <= FEW_SLOTS
                && in.measureValid() == null
                && out.validCounts() == null
                && out.mins() == null
                && out.maxs() == null;
    }

    /** {@link #rangeAggregate}, prepared. */
    public Prepared prepareRange(ChunkList chunks, Inputs in, Outputs out) {
        if (lean(in, out)) return prepareLeanRange(chunks, in, out);
        if (few(in, out)) {
            Plan l = plan(rangeBlocks(chunks), FEW_BLOCKS_PER_SM, true, 0, 0);
            return new Prepared(
                    rangeFew,
                    l.blocks(),
                    0,
                    QueryParams.range(chunks).inputs(in).outputs(out).args());
        }
        Plan l = plan(in.numGroups(), in.nMeasures(), in.measureValid() != null, out, rangeBlocks(chunks), 0);
        return new Prepared(
                rangeAggregate.of(l),
                l.blocks(),
                (int) l.sharedBytes(),
                QueryParams.range(chunks).inputs(in).outputs(out).args());
    }

    /** {@link #prepareRange} for the lean kernel of its pre-aggregation (registers, shared or global). */
    private Prepared prepareLeanRange(ChunkList chunks, Inputs in, Outputs out) {
        PresentList listed = out.compaction() == null ? null : out.compaction().listed();
        if (out.compaction() != null && listed == null && !compactsInLaunch(in.numGroups())) {
            throw new IllegalArgumentException("a launch does not compact " + in.numGroups() + " groups");
        }
        boolean registers = in.numGroups() == 1;
        int blocksPerSm = registers ? LEAN_REGISTERS_BLOCKS_PER_SM : LEAN_ATOMIC_BLOCKS_PER_SM;
        Plan l = plan(rangeBlocks(chunks), blocksPerSm, registers, (long) LEAN_SHARED_GROUP_BYTES * in.numGroups(), 0);
        Delivery d = deliveryOf(out);
        boolean tagged = d != null && d.tagged();
        if (tagged && listed == null && in.numGroups() > 1) {
            throw new IllegalArgumentException("a tagged delivery of " + in.numGroups() + " groups needs their list");
        }
        Kernel kernel = registers ? rangeSumRegisters : l.shared() ? rangeSumShared : rangeSumGlobal;
        return new Prepared(
                kernel,
                l.blocks(),
                (int) l.sharedBytes(),
                QueryParams.range(chunks)
                        .inputs(in)
                        .outputs(out)
                        .lean(listed, tagged)
                        .args());
    }

    /**
     * Rows whose codes lie in every term's intervals (and, with a bitmap, whose bit is set). Intervals that
     * {@link #stagesIntervals}, the terms and the column words are copied to shared memory per block.
     */
    public void queryAggregate(CudaStream stream, Filter f, ScanInputs in, Outputs out) {
        prepareQuery(f, in, out).enqueue(stream);
    }

    /** {@link #queryAggregate}, prepared. */
    public Prepared prepareQuery(Filter f, ScanInputs in, Outputs out) {
        long staged = stagesIntervals(f.intervalCount()) ? 8L * f.intervalCount() : 0;
        long termBytes = (long) TERM_BYTES * f.numTerms();
        long columnBytes = columnWords(in.nMeasures(), in.numKeys());
        Plan l = plan(
                in.numGroups(),
                in.nMeasures(),
                in.nulls(),
                out,
                (in.rows() + THREADS - 1) / THREADS,
                staged + termBytes + columnBytes);
        return new Prepared(
                queryAggregate.of(l),
                l.blocks(),
                (int) l.sharedBytes(),
                QueryParams.scan()
                        .filter(f, (int) (staged / 8))
                        .inputs(in)
                        .outputs(out)
                        .args());
    }

    private static Delivery deliveryOf(Outputs out) {
        return out.compaction() == null ? null : out.compaction().delivery();
    }
}
