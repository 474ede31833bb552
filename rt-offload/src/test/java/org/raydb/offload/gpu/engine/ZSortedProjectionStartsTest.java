package org.raydb.offload.gpu.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.raydb.offload.gpu.kernels.QueryKernels;

/** The host's half of the device Z order: the GPU's code counts turned into each code's first position. */
class ZSortedProjectionStartsTest {

    @Test
    void startsArePrefixSumsEndingWithTheRowCount() {
        assertArrayEquals(new int[] {0, 3, 3, 4, 9}, ZSortedProjection.starts(new int[] {3, 0, 1, 5}, 9));
        assertArrayEquals(new int[] {0}, ZSortedProjection.starts(new int[0], 0));
    }

    @Test
    void countsThatMissRowsAreRefused() {
        // A count lost on the device would shift every later range: the order must not be used.
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ZSortedProjection.starts(new int[] {3, 0, 1}, 5));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("4 rows, not 5"), e.getMessage());
    }

    @Test
    void zIntervalsBecomeChunkedRowRanges() {
        int[] start = ZSortedProjection.starts(new int[] {2, 0, ZSortedProjection.CHUNK_ROWS + 1, 1}, ZSortedProjection.CHUNK_ROWS + 4);
        List<long[]> intervals = List.of(new long[] {1, 2}, new long[] {3, 9});
        assertArrayEquals(new int[] {2, ZSortedProjection.CHUNK_ROWS, 2 + ZSortedProjection.CHUNK_ROWS, 1,
                3 + ZSortedProjection.CHUNK_ROWS, 1}, ZSortedProjection.chunksOf(start, intervals));
    }

    @Test
    void rangesTooLongForAnInlineListComeInLongerChunks() {
        int rows = 3_000_000;
        int[] start = ZSortedProjection.starts(new int[] {1, rows - 2, 1}, rows);
        int[] chunks = ZSortedProjection.chunksOf(start, List.<long[]>of(new long[] {1, 1}));
        int count = chunks.length / 2;
        assertTrue(count <= QueryKernels.INLINE_CHUNKS, count + " chunks");
        assertTrue(count > QueryKernels.INLINE_CHUNKS / 2, count + " chunks: still enough to share out");
        long covered = 0;
        for (int c = 0; c < count; c++) {
            assertEquals(1 + covered, chunks[2 * c], "chunk " + c + " starts where the last ended");
            covered += chunks[2 * c + 1];
        }
        assertEquals(rows - 2, covered);
    }
}
