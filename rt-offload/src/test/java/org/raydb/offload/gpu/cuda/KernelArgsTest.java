package org.raydb.offload.gpu.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

class KernelArgsTest {

    @Test
    void everyParameterIsOneSlotWithNarrowValuesInTheLowHalf() {
        KernelArgs args = new KernelArgs()
                .pointer(0x7f00_1234_5678L)
                .i32(-2)
                .i64(-3)
                .f32(1.5f)
                .pointer(null);
        assertEquals(5, args.count());
        assertEquals(0x7f00_1234_5678L, args.slot(0));
        assertEquals(0xFFFF_FFFEL, args.slot(1), "an int32 fills the low four bytes, the high ones stay zero");
        assertEquals(-3L, args.slot(2));
        assertEquals(Float.floatToRawIntBits(1.5f), (int) args.slot(3));
        assertEquals(0L, args.slot(4), "no buffer: a NULL pointer");
    }

    @Test
    void growsPastItsInitialCapacity() {
        KernelArgs args = new KernelArgs();
        for (int i = 0; i < 40; i++) args.i64(i);
        assertEquals(40, args.count());
        assertEquals(39L, args.slot(39));
    }

    @Test
    void aByValueParameterKeepsTheHostAddressOfItsBytes() {
        MemorySegment bytes = Arena.ofAuto().allocate(64, 8);
        KernelArgs args = new KernelArgs().byValue(bytes).pointer(0x2000).i32(3);
        assertTrue(args.isByValue(0));
        assertEquals(bytes.address(), args.slot(0));
        assertFalse(args.isByValue(1), "a pointer is passed as its slot");
        assertFalse(args.isByValue(2));
        assertThrows(
                IllegalArgumentException.class, () -> new KernelArgs().byValue(MemorySegment.NULL), "no bytes to copy");
        assertThrows(
                IllegalArgumentException.class,
                () -> new KernelArgs().byValue(MemorySegment.ofArray(new long[8])),
                "the driver reads native memory only");
    }
}
