package org.raydb.offload.gpu.kernels;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Pins the Java layout to RdbQueryParams, RdbScanParams and RdbRangeParams in native/kernels/raydb_query_params.h: the same
 * numbers as the header's static_asserts, so a field moved on either side fails one of the two builds.
 */
class QueryParamsTest {

    @Test
    void layoutMatchesTheNativeStruct() {
        assertEquals(184, QueryParams.LAYOUT.byteSize());
        Map<String, Long> offsets = Map.ofEntries(
                Map.entry("groups", 0L),
                Map.entry("measures", 8L),
                Map.entry("measureValid", 16L),
                Map.entry("n", 24L),
                Map.entry("numGroups", 32L),
                Map.entry("nMeasures", 36L),
                Map.entry("counts", 40L),
                Map.entry("validCounts", 48L),
                Map.entry("sums", 56L),
                Map.entry("mins", 64L),
                Map.entry("maxs", 72L),
                Map.entry("compacted", 80L),
                Map.entry("blocksDone", 88L),
                Map.entry("listed", 96L),
                Map.entry("mailbox", 104L),
                Map.entry("done", 112L),
                Map.entry("sequence", 120L),
                Map.entry("listCapacity", 128L),
                Map.entry("tagged", 132L),
                Map.entry("terms", 136L),
                Map.entry("intervals", 144L),
                Map.entry("bitmap", 152L),
                Map.entry("numTerms", 160L),
                Map.entry("stagedIntervals", 164L),
                Map.entry("chunks", 168L),
                Map.entry("numChunks", 176L),
                Map.entry("reserved", 180L));
        assertEquals(offsets.size(), QueryParams.LAYOUT.memberLayouts().size(), "every field is pinned");
        offsets.forEach((field, offset) -> assertEquals(offset, QueryParams.offsetOf(field), field));
    }

    @Test
    void scanLayoutMatchesTheNativeStruct() {
        assertEquals(200, QueryParams.SCAN_LAYOUT.byteSize());
        assertEquals(0, QueryParams.SCAN_LAYOUT.byteOffset(groupElement("query")));
        assertEquals(184, QueryParams.SCAN_LAYOUT.byteOffset(groupElement("columns")));
        assertEquals(192, QueryParams.SCAN_LAYOUT.byteOffset(groupElement("numKeys")));
        assertEquals(196, QueryParams.SCAN_LAYOUT.byteOffset(groupElement("reserved")));
    }

    @Test
    void scanColumnWordsAreMeasuresValidityKeysThenRadices() {
        ByteBuffer out =
                ByteBuffer.allocate(8 + (int) QueryKernels.columnWords(2, 1)).order(ByteOrder.nativeOrder());
        QueryKernels.writeColumnWords(
                out, 8, new long[] {0x100, 0x200}, new long[] {0, 0x300}, new long[] {0x400}, new int[] {25});
        long[] words = new long[6];
        for (int i = 0; i < words.length; i++) words[i] = out.getLong(8 + 8 * i);
        assertArrayEquals(new long[] {0x100, 0x200, 0, 0x300, 0x400, 25}, words);
    }

    @Test
    void rangeLayoutMatchesTheNativeStruct() {
        assertEquals(2232, QueryParams.RANGE_LAYOUT.byteSize());
        assertEquals(0, QueryParams.RANGE_LAYOUT.byteOffset(groupElement("query")));
        assertEquals(184, QueryParams.RANGE_LAYOUT.byteOffset(groupElement("inlineChunks")));
        assertEquals(
                QueryKernels.INLINE_CHUNK_BYTES,
                QueryParams.RANGE_LAYOUT.select(groupElement("inlineChunks")).byteSize());
    }

    @Test
    void filterTermsAreSixteenBytes() {
        assertEquals(16, QueryKernels.TERM_BYTES, "sizeof(RdbFilterTerm)");
    }

    @Test
    void writesValuesWhereTheQueryKernelReadsThem() {
        QueryKernels.Outputs out = new QueryKernels.Outputs(
                null,
                null,
                null,
                null,
                null,
                new QueryKernels.Compaction(null, null, new QueryKernels.Delivery(0x5000, 0x6000, 42, false)));
        MemorySegment bytes = QueryParams.scan()
                .filter(new QueryKernels.Filter(0x1000, 3, 0x2000, 9, null), 9)
                .inputs(new QueryKernels.ScanInputs(null, 600, 2, 2, false, 0x3000, 6_001_215L))
                .outputs(out)
                .asSegment();
        assertEquals(6_001_215L, bytes.get(JAVA_LONG, 24));
        assertEquals(600, bytes.get(JAVA_INT, 32));
        assertEquals(2, bytes.get(JAVA_INT, 36));
        assertEquals(0x5000L, bytes.get(JAVA_LONG, 104));
        assertEquals(0x6000L, bytes.get(JAVA_LONG, 112));
        assertEquals(42L, bytes.get(JAVA_LONG, 120));
        assertEquals(0x1000L, bytes.get(JAVA_LONG, 136));
        assertEquals(0x2000L, bytes.get(JAVA_LONG, 144));
        assertEquals(3, bytes.get(JAVA_INT, 160));
        assertEquals(9, bytes.get(JAVA_INT, 164));
        assertEquals(0x3000L, bytes.get(JAVA_LONG, 184));
        assertEquals(2, bytes.get(JAVA_INT, 192));
    }

    @Test
    void aRangeParameterCarriesAnInlineListOrTheDeviceList() {
        int[] pairs = QueryKernels.ChunkList.of(new int[] {4096, 100, 8192, 107});
        MemorySegment inline = QueryParams.range(
                        QueryKernels.ChunkList.inline(QueryKernels.ChunkList.inlineBuffer(), pairs))
                .lean(null, true)
                .asSegment();
        assertEquals(0L, inline.get(JAVA_LONG, 168), "no device list");
        assertEquals(2, inline.get(JAVA_INT, 176));
        assertEquals(1, inline.get(JAVA_INT, 132));
        assertEquals(4096, inline.get(JAVA_INT, 184));
        assertEquals(100, inline.get(JAVA_INT, 188));
        assertEquals(8192, inline.get(JAVA_INT, 192));
        assertEquals(207, inline.get(JAVA_INT, 196));

        MemorySegment device = QueryParams.range(QueryKernels.ChunkList.onDevice(0x7000, 300, 1_000_000))
                .asSegment();
        assertEquals(0x7000L, device.get(JAVA_LONG, 168));
        assertEquals(300, device.get(JAVA_INT, 176));
    }
}
