package org.raydb.offload.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The host side of the mailbox's done word, on plain native memory: the spin returns once another writer
 * stores the awaited number (and the entries written before it are visible), and gives up after its bound
 * on any other number, so that the caller falls back to a stream synchronize.
 */
class ResultMailboxSpinTest {

    @Test
    void returnsOnceTheWordHoldsTheAwaitedNumberAndSeesWhatWasWrittenBefore() throws Exception {
        try (Arena arena = Arena.ofShared()) {
            MemorySegment done = arena.allocate(8, 8);
            MemorySegment entries = arena.allocate(8 * 1024, 8);
            done.set(ValueLayout.JAVA_LONG, 0, 6);
            CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
                for (int i = 0; i < 1024; i++) entries.setAtIndex(ValueLayout.JAVA_LONG, i, i + 1);
                ValueLayout.JAVA_LONG.varHandle().setRelease(done, 0L, 7L);
            });
            assertTrue(ResultMailbox.spin(done, 7, 10_000_000_000L));
            for (int i = 0; i < 1024; i++) assertEquals(i + 1, entries.getAtIndex(ValueLayout.JAVA_LONG, i));
            writer.get();
        }
    }

    @Test
    void givesUpAfterItsBoundOnAnyOtherNumber() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment done = arena.allocate(8, 8);
            done.set(ValueLayout.JAVA_LONG, 0, 8); // a later job's number is not this job's either
            long t = System.nanoTime();
            assertFalse(ResultMailbox.spin(done, 7, 2_000_000L));
            assertTrue(System.nanoTime() - t >= 2_000_000L);
        }
    }
}
