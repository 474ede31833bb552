package org.raydb.offload.gpu.kernels;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.cuda.KernelArgs;

/**
 * The query kernels' one by-value parameter: the same bytes as {@code RdbQueryParams} (rdb_query_aggregate_*) and
 * {@code RdbRangeParams} (the range kernels: the same fields plus the inline range list) in
 * native/kernels/raydb_query_params.h, whose static_asserts pin the offsets that {@code QueryParamsTest} pins
 * here. Pointers are device addresses, 0 where absent; each launch gets its own native copy, which its
 * {@link KernelArgs} keep reachable.
 */
final class QueryParams {

    static final StructLayout LAYOUT = MemoryLayout.structLayout(
            ADDRESS.withName("groups"),
            ADDRESS.withName("measures"),
            ADDRESS.withName("measureValid"),
            JAVA_LONG.withName("n"),
            JAVA_INT.withName("numGroups"),
            JAVA_INT.withName("nMeasures"),
            ADDRESS.withName("counts"),
            ADDRESS.withName("validCounts"),
            ADDRESS.withName("sums"),
            ADDRESS.withName("mins"),
            ADDRESS.withName("maxs"),
            ADDRESS.withName("compacted"),
            ADDRESS.withName("blocksDone"),
            ADDRESS.withName("listed"),
            ADDRESS.withName("mailbox"),
            ADDRESS.withName("done"),
            JAVA_LONG.withName("sequence"),
            JAVA_INT.withName("listCapacity"),
            JAVA_INT.withName("tagged"),
            ADDRESS.withName("terms"),
            ADDRESS.withName("intervals"),
            ADDRESS.withName("bitmap"),
            JAVA_INT.withName("numTerms"),
            JAVA_INT.withName("stagedIntervals"),
            ADDRESS.withName("chunks"),
            JAVA_INT.withName("numChunks"),
            JAVA_INT.withName("reserved"));

    static final StructLayout SCAN_LAYOUT = MemoryLayout.structLayout(
            LAYOUT.withName("query"),
            ADDRESS.withName("columns"),
            JAVA_INT.withName("numKeys"),
            JAVA_INT.withName("reserved"));

    static final StructLayout RANGE_LAYOUT = MemoryLayout.structLayout(
            LAYOUT.withName("query"),
            MemoryLayout.sequenceLayout(2L * QueryKernels.INLINE_CHUNKS, JAVA_INT)
                    .withName("inlineChunks"));

    private static final long GROUPS = offsetOf("groups");
    private static final long MEASURES = offsetOf("measures");
    private static final long MEASURE_VALID = offsetOf("measureValid");
    private static final long N = offsetOf("n");
    private static final long NUM_GROUPS = offsetOf("numGroups");
    private static final long N_MEASURES = offsetOf("nMeasures");
    private static final long COUNTS = offsetOf("counts");
    private static final long VALID_COUNTS = offsetOf("validCounts");
    private static final long SUMS = offsetOf("sums");
    private static final long MINS = offsetOf("mins");
    private static final long MAXS = offsetOf("maxs");
    private static final long COMPACTED = offsetOf("compacted");
    private static final long BLOCKS_DONE = offsetOf("blocksDone");
    private static final long LISTED = offsetOf("listed");
    private static final long MAILBOX = offsetOf("mailbox");
    private static final long DONE = offsetOf("done");
    private static final long SEQUENCE = offsetOf("sequence");
    private static final long LIST_CAPACITY = offsetOf("listCapacity");
    private static final long TAGGED = offsetOf("tagged");
    private static final long TERMS = offsetOf("terms");
    private static final long INTERVALS = offsetOf("intervals");
    private static final long BITMAP = offsetOf("bitmap");
    private static final long NUM_TERMS = offsetOf("numTerms");
    private static final long STAGED_INTERVALS = offsetOf("stagedIntervals");
    private static final long CHUNKS = offsetOf("chunks");
    private static final long NUM_CHUNKS = offsetOf("numChunks");
    private static final long INLINE_CHUNKS = RANGE_LAYOUT.byteOffset(groupElement("inlineChunks"));
    private static final long COLUMNS = SCAN_LAYOUT.byteOffset(groupElement("columns"));
    private static final long NUM_KEYS = SCAN_LAYOUT.byteOffset(groupElement("numKeys"));

    private final MemorySegment bytes;

    private QueryParams(StructLayout layout) {
        bytes = Arena.ofAuto().allocate(layout);
    }

    /** Byte offset of a field of RdbQueryParams. */
    static long offsetOf(String field) {
        return LAYOUT.byteOffset(groupElement(field));
    }

    /** The parameter of rdb_query_aggregate_* (RdbScanParams). */
    static QueryParams scan() {
        return new QueryParams(SCAN_LAYOUT);
    }

    /** A range kernel's parameter, with the list of {@code chunks} (copied in when it is inline). */
    static QueryParams range(QueryKernels.ChunkList chunks) {
        QueryParams p = new QueryParams(RANGE_LAYOUT);
        if (chunks.inline() != null) {
            MemorySegment.copy(chunks.inline(), 0, p.bytes, INLINE_CHUNKS, 8L * chunks.count());
        }
        p.bytes.set(JAVA_LONG, CHUNKS, chunks.device());
        p.bytes.set(JAVA_INT, NUM_CHUNKS, chunks.count());
        return p;
    }

    private static long address(DeviceBuffer buffer) {
        return buffer == null ? 0L : buffer.address();
    }

    /** A scan's inputs: its columns' words and, with no key columns, its dense group codes (or one group). */
    QueryParams inputs(QueryKernels.ScanInputs in) {
        bytes.set(JAVA_LONG, GROUPS, address(in.groups()));
        bytes.set(JAVA_LONG, N, in.rows());
        bytes.set(JAVA_INT, NUM_GROUPS, in.numGroups());
        bytes.set(JAVA_INT, N_MEASURES, in.nMeasures());
        bytes.set(JAVA_LONG, COLUMNS, in.columns());
        bytes.set(JAVA_INT, NUM_KEYS, in.numKeys());
        return this;
    }

    QueryParams inputs(QueryKernels.Inputs in) {
        bytes.set(JAVA_LONG, GROUPS, address(in.groups()));
        bytes.set(JAVA_LONG, MEASURES, address(in.measures()));
        bytes.set(JAVA_LONG, MEASURE_VALID, address(in.measureValid()));
        bytes.set(JAVA_LONG, N, in.rows());
        bytes.set(JAVA_INT, NUM_GROUPS, in.numGroups());
        bytes.set(JAVA_INT, N_MEASURES, in.nMeasures());
        return this;
    }

    /** The accumulators, and the compaction and delivery where {@code out} has them. */
    QueryParams outputs(QueryKernels.Outputs out) {
        bytes.set(JAVA_LONG, COUNTS, address(out.counts()));
        bytes.set(JAVA_LONG, VALID_COUNTS, address(out.validCounts()));
        bytes.set(JAVA_LONG, SUMS, address(out.sums()));
        bytes.set(JAVA_LONG, MINS, address(out.mins()));
        bytes.set(JAVA_LONG, MAXS, address(out.maxs()));
        QueryKernels.Compaction c = out.compaction();
        if (c == null) return this;
        bytes.set(JAVA_LONG, COMPACTED, address(c.out()));
        bytes.set(JAVA_LONG, BLOCKS_DONE, address(c.blocksDone()));
        QueryKernels.Delivery d = c.delivery();
        if (d == null) return this;
        bytes.set(JAVA_LONG, MAILBOX, d.output());
        bytes.set(JAVA_LONG, DONE, d.done());
        bytes.set(JAVA_LONG, SEQUENCE, d.sequence());
        return this;
    }

    /** The lean range kernels' present-group list (null: none) and tagged delivery. */
    QueryParams lean(QueryKernels.PresentList listed, boolean tagged) {
        bytes.set(JAVA_LONG, LISTED, listed == null ? 0L : address(listed.codes()));
        bytes.set(JAVA_INT, LIST_CAPACITY, listed == null ? 0 : listed.capacity());
        bytes.set(JAVA_INT, TAGGED, tagged ? 1 : 0);
        return this;
    }

    /** The filter, the first {@code stagedIntervals} of its intervals copied to shared memory. */
    QueryParams filter(QueryKernels.Filter f, int stagedIntervals) {
        bytes.set(JAVA_LONG, TERMS, f.terms());
        bytes.set(JAVA_LONG, INTERVALS, f.intervals());
        bytes.set(JAVA_LONG, BITMAP, address(f.bitmap()));
        bytes.set(JAVA_INT, NUM_TERMS, f.numTerms());
        bytes.set(JAVA_INT, STAGED_INTERVALS, stagedIntervals);
        return this;
    }

    /** The launch's arguments: these bytes as its one parameter. */
    KernelArgs args() {
        return new KernelArgs().byValue(bytes);
    }

    /** The raw bytes, for tests. */
    MemorySegment asSegment() {
        return bytes.asReadOnly();
    }
}
