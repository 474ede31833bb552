package org.raydb.offload.gpu.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** The host side of staged uploads: chunk arithmetic and the parallel fill (the GPU host checks the DMA). */
class StagedUploadChunksTest {

    @Test
    void chunksHoldWholeElements() {
        assertEquals(8L << 20, StagingChunks.perChunk(32L << 20, 4));
        assertEquals(4L << 20, StagingChunks.perChunk(32L << 20, 8));
        assertEquals(3, StagingChunks.perChunk(10, 3));
        assertThrows(IllegalArgumentException.class, () -> StagingChunks.perChunk(32, 0));
        assertThrows(IllegalArgumentException.class, () -> StagingChunks.perChunk(4, 8));
    }

    @Test
    void splitCoversTheRangeInNearEqualParts() {
        assertArrayEquals(new long[] {100, 133, 166, 200}, StagingChunks.split(100, 200, 3, 1));
        long[] bounds = StagingChunks.split(5, 5 + 1_000_003, 16, 1000);
        assertEquals(17, bounds.length);
        assertEquals(5, bounds[0]);
        assertEquals(5 + 1_000_003, bounds[16]);
        for (int i = 0; i < 16; i++) {
            long size = bounds[i + 1] - bounds[i];
            assertEquals(62_500, size, 1, "part " + i);
        }
    }

    @Test
    void smallRangesAreNotSplitBelowTheMinimum() {
        assertArrayEquals(new long[] {0, 10}, StagingChunks.split(0, 10, 16, 100));
        assertArrayEquals(new long[] {0, 0}, StagingChunks.split(0, 0, 16, 100));
        assertArrayEquals(new long[] {0, 100, 200, 300}, StagingChunks.split(0, 300, 16, 100));
        assertArrayEquals(new long[] {0, 149}, StagingChunks.split(0, 149, 16, 100));
    }

    @Test
    void fillCopiesTheChunksElementsOfAnArrayInParallelParts() {
        int[] ints = IntStream.range(0, 3_000_000).map(i -> i * 31 + 7).toArray();
        long[] longs =
                LongStream.range(0, 3_000_000).map(i -> i * 0x9E3779B97F4A7C15L).toArray();
        assertFilled(ints, MemorySegment.ofArray(ints), ValueLayout.JAVA_INT, 1_000_001, 2_999_999);
        assertFilled(longs, MemorySegment.ofArray(longs), ValueLayout.JAVA_LONG, 3, 2_000_000);
        assertFilled(ints, MemorySegment.ofArray(ints), ValueLayout.JAVA_INT, 17, 18);
    }

    private static void assertFilled(Object array, MemorySegment source, ValueLayout layout, long from, long to) {
        long size = layout.byteSize();
        try (Arena arena = Arena.ofShared()) {
            MemorySegment chunk = arena.allocate(size * (to - from), 4096);
            StagedUpload.fill(StagedUpload.arrayWriter(array, 0, layout), from, to, (int) size, chunk);
            assertEquals(-1, MemorySegment.mismatch(chunk, 0, chunk.byteSize(), source, size * from, size * to));
        }
    }
}
