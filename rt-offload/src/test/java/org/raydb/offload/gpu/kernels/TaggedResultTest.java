package org.raydb.offload.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.LongBuffer;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The host side of a tagged delivery (query.cu's storeTagged), on plain native memory written word by word as
 * the kernel would: the reader takes the words once their tags are the job's, whatever their order, rebuilds
 * CompactKernels' layout from the 32-bit halves, and gives up after its bound while any word it needs still
 * carries another job's tag.
 */
class TaggedResultTest {

    private static final long SEQUENCE = (5L << 32) | 77; // only the low 32 bits are the tag

    private static long tagged(long sequence, long payload) {
        return sequence << 32 | (payload & 0xffff_ffffL);
    }

    private static void put(MemorySegment area, long index, long word) {
        ValueLayout.JAVA_LONG.varHandle().setRelease(area, 8 * index, word);
    }

    @Test
    void listedGroupsAreRebuiltFromTheirHalvesWhateverTheOrderTheyArriveIn() throws Exception {
        long[][] groups = {{3, 10, -5}, {9, 4_000_000_000L, 0x1234_5678_9abcL}, {0, 1, Long.MIN_VALUE}};
        try (Arena arena = Arena.ofShared()) {
            MemorySegment area = arena.allocate(8 * 64, 8);
            for (long i = 0; i < 64; i++) put(area, i, tagged(76, 1)); // the previous job's words
            CompletableFuture<Void> kernel = CompletableFuture.runAsync(() -> {
                for (int i = groups.length - 1; i >= 0; i--) { // entries last to first, then the header
                    long[] g = groups[i];
                    put(area, 2 + 4 * i + 3, tagged(SEQUENCE, g[2] >>> 32));
                    put(area, 2 + 4 * i, tagged(SEQUENCE, g[0]));
                    put(area, 2 + 4 * i + 2, tagged(SEQUENCE, g[2]));
                    put(area, 2 + 4 * i + 1, tagged(SEQUENCE, g[1]));
                }
                put(area, 1, tagged(SEQUENCE, 0));
                put(area, 0, tagged(SEQUENCE, groups.length));
            });
            TaggedResult result = new TaggedResult(area, SEQUENCE);
            assertTrue(result.awaitGroups(System.nanoTime() + 10_000_000_000L));
            kernel.get();
            long[] expected = {
                3, 0, 3, 10, 10, -5, 9, 4_000_000_000L, 4_000_000_000L, 0x1234_5678_9abcL, 0, 1, 1, Long.MIN_VALUE
            };
            assertArrayEquals(expected, words(result.groups()));
        }
    }

    @Test
    void anOverflowedListIsReportedWithoutEntries() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment area = arena.allocate(8 * 8, 8);
            put(area, 0, tagged(SEQUENCE, -1));
            put(area, 1, tagged(SEQUENCE, 0));
            TaggedResult result = new TaggedResult(area, SEQUENCE);
            assertTrue(result.awaitGroups(System.nanoTime()));
            assertArrayEquals(new long[] {QueryKernels.PresentList.OVERFLOW, 0}, words(result.groups()));
        }
    }

    @Test
    void aHeaderAnnouncingMoreGroupsThanTheAreaHoldsIsAnError() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment area = arena.allocate(8 * 8, 8);
            put(area, 0, tagged(SEQUENCE, 2));
            put(area, 1, tagged(SEQUENCE, 0));
            TaggedResult result = new TaggedResult(area, SEQUENCE);
            assertThrows(IllegalStateException.class, () -> result.awaitGroups(System.nanoTime()));
        }
    }

    @Test
    void givesUpWhileAWordItNeedsCarriesAnotherJobsTag() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment area = arena.allocate(8 * 8, 8);
            put(area, 0, tagged(SEQUENCE, 1));
            TaggedResult result = new TaggedResult(area, SEQUENCE);
            assertFalse(result.awaitGroups(System.nanoTime() + 1_000_000)); // the header's second word is missing
            put(area, 1, tagged(SEQUENCE, 0));
            put(area, 2, tagged(SEQUENCE, 0));
            put(area, 3, tagged(SEQUENCE, 7));
            put(area, 4, tagged(SEQUENCE - 1, 0)); // the sum's low half is still the last job's
            put(area, 5, tagged(SEQUENCE, 0));
            assertFalse(result.awaitGroups(System.nanoTime() + 1_000_000));
            put(area, 4, tagged(SEQUENCE, 9));
            assertTrue(result.awaitGroups(System.nanoTime()));
            assertArrayEquals(new long[] {1, 0, 0, 7, 7, 9}, words(result.groups()));
        }
    }

    private static long[] words(LongBuffer buffer) {
        long[] out = new long[buffer.remaining()];
        buffer.get(out);
        return out;
    }
}
