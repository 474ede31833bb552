package org.raydb.offload.gpu.residency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.offload.gpu.GpuOutOfMemoryException;

/** The cache's bookkeeping, with resources that only count bytes and record whether they were freed. */
class GpuResidencyTest {

    /** Stands in for device memory: a size and a closed flag. */
    static final class Block implements GpuResident {
        final long bytes;
        final AtomicInteger closes = new AtomicInteger();

        Block(long bytes) {
            this.bytes = bytes;
        }

        @Override
        public long deviceBytes() {
            return bytes;
        }

        @Override
        public void close() {
            closes.incrementAndGet();
        }

        boolean freed() {
            return closes.get() == 1;
        }
    }

    @Test
    void concurrentAcquiresOfOneKeyBuildOnce() throws Exception {
        GpuResidency cache = new GpuResidency(1000);
        AtomicInteger builds = new AtomicInteger();
        CountDownLatch building = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<Block> first = pool.submit(() -> {
                try (var lease = cache.acquire("t1", 100, () -> {
                    builds.incrementAndGet();
                    building.countDown();
                    await(release);
                    return new Block(100);
                })) {
                    return lease.get();
                }
            });
            assertTrue(building.await(10, TimeUnit.SECONDS));
            Future<Block> second = pool.submit(() -> {
                try (var lease = cache.acquire("t1", 100, () -> {
                    builds.incrementAndGet();
                    return new Block(100);
                })) {
                    return lease.get();
                }
            });
            release.countDown();
            assertSame(first.get(10, TimeUnit.SECONDS), second.get(10, TimeUnit.SECONDS));
            assertEquals(1, builds.get());
            assertEquals(100, cache.usedBytes());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void evictsLeastRecentlyUsedUnpinnedEntries() {
        GpuResidency cache = new GpuResidency(300);
        Block a = new Block(100);
        Block b = new Block(100);
        Block c = new Block(100);
        cache.acquire("a", 100, () -> a).close();
        cache.acquire("b", 100, () -> b).close();
        cache.acquire("c", 100, () -> c).close();
        cache.acquire("a", 100, () -> new Block(100)).close(); // touch a: b is now least recently used
        Block d = new Block(100);
        cache.acquire("d", 100, () -> d).close();
        assertTrue(b.freed(), "LRU entry evicted");
        assertFalse(a.freed() || c.freed() || d.freed());
        assertFalse(cache.contains("b"));
        assertEquals(300, cache.usedBytes());
    }

    @Test
    void lastingEntriesAreEvictedOnlyAfterTheOthers() {
        GpuResidency cache = new GpuResidency(300);
        Block column = new Block(100);
        Block index = new Block(100);
        Block other = new Block(100);
        cache.acquire("column", 100, true, () -> column).close();
        cache.acquire("index", 100, () -> index).close();
        cache.acquire("other", 100, () -> other).close();
        cache.acquire("next", 100, () -> new Block(100)).close();
        assertTrue(index.freed(), "the least recently used entry that is not lasting");
        assertFalse(column.freed(), "older, but lasting");
        cache.acquire("big", 300, () -> new Block(300)).close();
        assertTrue(column.freed() && other.freed(), "a lasting entry still gives way where nothing else is left");
    }

    @Test
    void pinnedEntriesAreNeverEvictedAndOverBudgetBuildsFail() {
        GpuResidency cache = new GpuResidency(250);
        Block a = new Block(200);
        try (var lease = cache.acquire("a", 200, () -> a)) {
            Block big = new Block(100);
            GpuOutOfMemoryException e =
                    assertThrows(GpuOutOfMemoryException.class, () -> cache.acquire("b", 100, () -> big));
            assertTrue(e.getMessage().contains("budget 250"), e.getMessage());
            assertTrue(big.freed(), "a value that does not fit is freed");
            assertFalse(a.freed());
            assertSame(a, lease.get());
        }
        Block b = new Block(100);
        cache.acquire("b", 100, () -> b).close();
        assertTrue(a.freed(), "unpinned now, so evicted for b");
        assertEquals(100, cache.usedBytes());
    }

    @Test
    void invalidationFreesUnpinnedNowAndPinnedAtRelease() {
        GpuResidency cache = new GpuResidency(1000);
        Block idle = new Block(10);
        Block busy = new Block(20);
        Block other = new Block(30);
        cache.acquire("lineorder/1", 10, () -> idle).close();
        var lease = cache.acquire("lineorder/2", 20, () -> busy);
        cache.acquire("customer/1", 30, () -> other).close();
        cache.invalidate(key -> ((String) key).startsWith("lineorder/"));
        assertTrue(idle.freed());
        assertFalse(busy.freed(), "a running query keeps its data");
        assertEquals(50, cache.usedBytes());
        lease.close();
        assertTrue(busy.freed());
        assertEquals(30, cache.usedBytes());
        Block rebuilt = new Block(20);
        try (var again = cache.acquire("lineorder/2", 20, () -> rebuilt)) {
            assertSame(rebuilt, again.get(), "an invalidated key is built again");
        }
    }

    @Test
    void failedBuildsReachEveryWaiterAndLeaveNothingBehind() {
        GpuResidency cache = new GpuResidency(1000);
        IllegalStateException e = assertThrows(
                IllegalStateException.class,
                () -> cache.acquire("x", 10, () -> {
                    throw new IllegalStateException("upload failed");
                }));
        assertEquals("upload failed", e.getMessage());
        assertFalse(cache.contains("x"));
        assertEquals(0, cache.usedBytes());
    }

    @Test
    void closeFreesEverything() {
        GpuResidency cache = new GpuResidency(1000);
        Block a = new Block(10);
        Block b = new Block(10);
        cache.acquire("a", 10, () -> a).close();
        cache.acquire("b", 10, () -> b);
        cache.close();
        assertTrue(a.freed() && b.freed());
        assertThrows(IllegalStateException.class, () -> cache.acquire("c", 1, () -> new Block(1)));
    }

    @Test
    void budgetFollowsTheGpuMemorySetting() {
        long total = 80L << 30;
        assertEquals(64L << 30, OffloadSettings.defaults().gpuMemory().budgetFor(total));
        assertEquals(12L << 30, OffloadSettings.MemoryBudget.ofBytes(12L << 30).budgetFor(total));
        assertEquals(
                total, OffloadSettings.MemoryBudget.ofBytes(100L << 30).budgetFor(total), "never above the device");
        assertEquals(8L << 30, OffloadSettings.MemoryBudget.ofPercent(10).budgetFor(total));
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(10, TimeUnit.SECONDS)) throw new IllegalStateException("timed out");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
