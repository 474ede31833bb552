package org.raydb.offload.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The host's half of the lean shared kernel's 48-bit block sums (query.cu's sharedAdd48): its two bounds. */
class PackedSharedSumsTest {

    @Test
    void theLargestBlockOfTheLargestValuesStaysBelowTwoToThe47() {
        assertTrue(QueryKernels.PACKED_ROWS_PER_BLOCK * QueryKernels.PACKED_MAX_ABS < 1L << 47);
        assertTrue(QueryKernels.PACKED_ROWS_PER_BLOCK < 1 << 16, "a block's count fits 16 bits");
    }

    @Test
    void valuesOfMoreThan31BitsGoElsewhere() {
        assertTrue(QueryKernels.packsSharedSums(0));
        assertTrue(QueryKernels.packsSharedSums((1L << 31) - 1));
        assertFalse(QueryKernels.packsSharedSums(1L << 31));
        assertFalse(QueryKernels.packsSharedSums(Long.MAX_VALUE));
    }

    @Test
    void blocksKeepEachShareWithin16BitCounts() {
        assertEquals(0, QueryKernels.packedBlocks(0));
        assertEquals(1, QueryKernels.packedBlocks(QueryKernels.PACKED_ROWS_PER_BLOCK));
        assertEquals(2, QueryKernels.packedBlocks(QueryKernels.PACKED_ROWS_PER_BLOCK + 1));
        long rows = 119_997_089;  // SF 20's lineorder, scanned whole
        long blocks = QueryKernels.packedBlocks(rows);
        assertTrue((rows + blocks - 1) / blocks <= QueryKernels.PACKED_ROWS_PER_BLOCK, blocks + " blocks");
    }
}
