package org.raydb.offload.exec;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.raydb.offload.plan.TableRef;

/** A database's snapshots tell whether its data changed lately, which makes its background builds hurry. */
class ResidencyCacheTest {

    private static final TableRef T = new TableRef("memory", "main", "t");

    @Test
    void aSnapshotReplacedAtAnotherVersionIsAChange() {
        ResidencyCache cache = new ResidencyCache(new HostMemoryBudget(Long.MAX_VALUE));
        ResidentTable first = cache.table(T, new TableVersion("rows 10", 0));
        assertSame(first, cache.table(T, new TableVersion("rows 10", 0)));
        assertFalse(cache.changedWithin(60_000), "a first load and its reuse change nothing");
        assertNotSame(first, cache.table(T, new TableVersion("rows 11", 0)));
        assertTrue(cache.changedWithin(60_000), "written behind the driver's back");
    }

    @Test
    void aWriteThroughTheDriverIsAChangeForAWhile() throws InterruptedException {
        ResidencyCache cache = new ResidencyCache(new HostMemoryBudget(Long.MAX_VALUE));
        assertFalse(cache.changedWithin(60_000));
        cache.written();
        assertTrue(cache.changedWithin(60_000));
        Thread.sleep(30);
        assertFalse(cache.changedWithin(10), "only lately");
    }
}
