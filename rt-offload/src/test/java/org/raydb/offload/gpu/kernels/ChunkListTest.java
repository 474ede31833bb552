package org.raydb.offload.gpu.kernels;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/** The range kernels' chunk lists: in the launch's parameters up to INLINE_CHUNKS pairs, else on the device. */
class ChunkListTest {

    @Test
    void anInlineListIsCopiedIntoTheParameterBytes() {
        MemorySegment buffer = QueryKernels.ChunkList.inlineBuffer();
        assertEquals(QueryKernels.INLINE_CHUNK_BYTES, buffer.byteSize());
        QueryKernels.ChunkList list = QueryKernels.ChunkList.inline(buffer, new int[] {4096, 100, 8192, 7});
        assertEquals(2, list.count());
        assertEquals(0, list.device());
        assertEquals(8192, buffer.getAtIndex(JAVA_INT, 2));
        assertEquals(7, buffer.getAtIndex(JAVA_INT, 3));
    }

    @Test
    void aListLongerThanTheParametersIsRefused() {
        int[] pairs = new int[2 * (QueryKernels.INLINE_CHUNKS + 1)];
        assertTrue(QueryKernels.ChunkList.fitsInline(QueryKernels.INLINE_CHUNKS));
        assertFalse(QueryKernels.ChunkList.fitsInline(QueryKernels.INLINE_CHUNKS + 1));
        assertThrows(IllegalArgumentException.class,
                () -> QueryKernels.ChunkList.inline(QueryKernels.ChunkList.inlineBuffer(), pairs));
    }

    @Test
    void aDeviceListHasNoInlineBytes() {
        QueryKernels.ChunkList list = QueryKernels.ChunkList.onDevice(0x7000_0000L, 5000);
        assertNull(list.inline());
        assertEquals(5000, list.count());
    }
}
