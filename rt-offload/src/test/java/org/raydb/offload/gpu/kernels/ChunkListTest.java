package org.raydb.offload.gpu.kernels;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/** The range kernels' range lists: in the launch's parameters up to INLINE_CHUNKS pairs, else on the device. */
class ChunkListTest {

    @Test
    void anInlineListIsCopiedIntoTheParameterBytes() {
        MemorySegment buffer = QueryKernels.ChunkList.inlineBuffer();
        assertEquals(QueryKernels.INLINE_CHUNK_BYTES, buffer.byteSize());
        QueryKernels.ChunkList list = QueryKernels.ChunkList.inline(buffer, new int[] {4096, 100, 8192, 107});
        assertEquals(2, list.count());
        assertEquals(107, list.rows());
        assertEquals(0, list.device());
        assertEquals(8192, buffer.getAtIndex(JAVA_INT, 2));
        assertEquals(107, buffer.getAtIndex(JAVA_INT, 3));
    }

    @Test
    void aListLongerThanTheParametersIsRefused() {
        int[] pairs = new int[2 * (QueryKernels.INLINE_CHUNKS + 1)];
        assertTrue(QueryKernels.ChunkList.fitsInline(QueryKernels.INLINE_CHUNKS));
        assertFalse(QueryKernels.ChunkList.fitsInline(QueryKernels.INLINE_CHUNKS + 1));
        assertThrows(
                IllegalArgumentException.class,
                () -> QueryKernels.ChunkList.inline(QueryKernels.ChunkList.inlineBuffer(), pairs));
    }

    @Test
    void aDeviceListHasNoInlineBytes() {
        QueryKernels.ChunkList list = QueryKernels.ChunkList.onDevice(0x7000_0000L, 5000, 123_456);
        assertNull(list.inline());
        assertEquals(5000, list.count());
        assertEquals(123_456, list.rows());
    }

    @Test
    void startCountPairsBecomeRunningEnds() {
        assertArrayEquals(new int[] {10, 5, 40, 5, 50, 8}, QueryKernels.ChunkList.of(new int[] {10, 5, 40, 0, 50, 3}));
        assertEquals(8, QueryKernels.ChunkList.rows(QueryKernels.ChunkList.of(new int[] {10, 5, 50, 3})));
        assertEquals(0, QueryKernels.ChunkList.rows(new int[0]));
    }

    @Test
    void listsBeyondIntRowsOrWithNegativeCountsAreRefused() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> QueryKernels.ChunkList.of(new int[] {0, Integer.MAX_VALUE, 0, 1}));
        assertTrue(e.getMessage().contains("range 1"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> QueryKernels.ChunkList.of(new int[] {0, -1}));
    }
}
