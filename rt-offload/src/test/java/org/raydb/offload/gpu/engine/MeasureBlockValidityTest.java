package org.raydb.offload.gpu.engine;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The host-side NULL check of a measure's validity bitmap (no GPU needed). */
class MeasureBlockValidityTest {

    @Test
    void onlyAClearBitAmongTheRowsCountsAsNull() {
        assertFalse(MeasureBlock.anyClear(new int[] {-1, -1}, 64));
        // 40 rows: the second word's bits above row 39 are not rows.
        assertFalse(MeasureBlock.anyClear(new int[] {-1, 0xFF}, 40));
        assertTrue(MeasureBlock.anyClear(new int[] {-1, 0x7F}, 40));
        assertTrue(MeasureBlock.anyClear(new int[] {0xFFFF_FFFE, -1}, 64));
        assertFalse(MeasureBlock.anyClear(new int[0], 0));
    }
}
