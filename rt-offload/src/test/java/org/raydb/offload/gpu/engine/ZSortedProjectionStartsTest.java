package org.raydb.offload.gpu.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
        IllegalStateException e =
                assertThrows(IllegalStateException.class, () -> ZSortedProjection.starts(new int[] {3, 0, 1}, 5));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("4 rows, not 5"), e.getMessage());
    }

    @Test
    void zIntervalsBecomeRangesWithTheirRunningEnds() {
        // Codes 0..4 start at rows 0, 2, 2, 5003, 5004; code 1 has no rows.
        int[] start = ZSortedProjection.starts(new int[] {2, 0, 5001, 1, 3}, 5007);
        // [1, 1] is empty and dropped; [2, 2] and [3, 3] are adjacent rows and merge; [4, 4] stands alone.
        List<long[]> intervals = List.of(new long[] {1, 1}, new long[] {2, 2}, new long[] {3, 3});
        assertArrayEquals(new int[] {2, 5002}, ZSortedProjection.chunksOf(start, intervals));
        assertArrayEquals(
                new int[] {0, 2, 5004, 5},
                ZSortedProjection.chunksOf(start, List.of(new long[] {0, 0}, new long[] {4, 9})));
    }

    @Test
    void aLongRangeStaysOneRange() {
        int rows = 3_000_000;
        int[] start = ZSortedProjection.starts(new int[] {1, rows - 2, 1}, rows);
        assertArrayEquals(
                new int[] {1, rows - 2}, ZSortedProjection.chunksOf(start, List.<long[]>of(new long[] {1, 1})));
        assertEquals(
                rows - 2,
                QueryKernels.ChunkList.rows(ZSortedProjection.chunksOf(start, List.<long[]>of(new long[] {1, 1}))));
    }
}
