package org.raydb.offload.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.raydb.offload.column.ColumnData;
import org.raydb.offload.encode.GroupCodes;
import org.raydb.offload.encode.SortedDictionary;
import org.raydb.offload.plan.ColumnType;

class BvhCatalogTest {

    /** Encodings over in-memory columns a, b, g (20 values), mid (200) and wide (3000 distinct values). */
    private static final class Columns implements BvhCatalog.Encodings {
        final Map<String, SortedDictionary> dicts = new HashMap<>();
        final int rows = 3000;

        Columns() {
            Random r = new Random(9);
            for (String name : List.of("a", "b", "g", "wide", "mid")) {
                long[] v = new long[rows];
                int range = name.equals("mid") ? 200 : 20;
                for (int i = 0; i < rows; i++) {
                    v[i] = name.equals("wide") ? (long) i * 1000 : r.nextInt(range);
                }
                dicts.put(
                        name,
                        SortedDictionary.build(
                                new ColumnData(name, ColumnType.of(ColumnType.Kind.BIGINT), v, null, new BitSet())));
            }
        }

        @Override
        public SortedDictionary dictionary(String column) {
            return dicts.get(column);
        }

        @Override
        public GroupCodes groupCodes(List<String> columns) {
            return GroupCodes.build(columns.stream().map(dicts::get).toArray(SortedDictionary[]::new), rows);
        }

        final List<BvhKey> dropped = new java.util.ArrayList<>();

        @Override
        public void dropped(BvhKey key) {
            dropped.add(key);
        }
    }

    private static LinkedHashMap<String, List<int[]>> filters(Object... nameAndInterval) {
        LinkedHashMap<String, List<int[]>> out = new LinkedHashMap<>();
        for (int i = 0; i < nameAndInterval.length; i += 2) {
            out.put((String) nameAndInterval[i], List.of((int[]) nameAndInterval[i + 1]));
        }
        return out;
    }

    /**
     * The bytes (which the host budget sums for every query) and a choice's evaluation of the entries need not the
     * catalog's lock, which a build or another query's choice may hold.
     */
    @Test
    void bytesAndChoicesDoNotWaitForTheCatalogsLock() throws Exception {
        Columns cols = new Columns();
        BvhCatalog catalog = new BvhCatalog();
        BvhCatalog.Choice built = catalog.choose(filters("a", new int[] {3, 3}), List.of("g"), cols);
        long bytes = catalog.bytes();
        java.util.concurrent.CountDownLatch held = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        Thread holder = new Thread(() -> {
            synchronized (catalog) {
                held.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        holder.start();
        held.await();
        java.util.concurrent.ExecutorService other = java.util.concurrent.Executors.newSingleThreadExecutor();
        try {
            assertEquals(bytes, other.submit(catalog::bytes).get(10, java.util.concurrent.TimeUnit.SECONDS));
            java.util.concurrent.Future<BvhCatalog.Choice> choice =
                    other.submit(() -> catalog.chooseBuilt(filters("a", new int[] {1, 2}), List.of("g"), cols));
            Thread.sleep(50);
            assertFalse(choice.isDone(), "marking the entry used takes the lock, briefly");
            release.countDown();
            assertSame(
                    built.scene(),
                    choice.get(10, java.util.concurrent.TimeUnit.SECONDS).scene());
        } finally {
            release.countDown();
            other.shutdownNow();
            holder.join();
        }
    }

    @Test
    void buildsOnceThenReusesTheBestCoveringEntry() {
        Columns cols = new Columns();
        BvhCatalog catalog = new BvhCatalog();
        BvhCatalog.Choice first =
                catalog.choose(filters("a", new int[] {3, 3}, "b", new int[] {0, 5}), List.of("g"), cols);
        assertTrue(first.built());
        assertEquals(BvhCatalog.ALPHA * 2 + 1, first.score());
        assertEquals(1, first.zIntervals().size(), "a = const leading, b a range: one Z interval");
        // A query on b alone is covered by the same entry (a unconstrained): reused, no new build.
        BvhCatalog.Choice second = catalog.choose(filters("b", new int[] {1, 2}), List.of("g"), cols);
        assertFalse(second.built());
        assertSame(first.scene(), second.scene());
        assertEquals(1, catalog.size());
        // Other group keys score lower than an exact entry, which is then built.
        BvhCatalog.Choice third = catalog.choose(filters("a", new int[] {3, 3}), List.of("b"), cols);
        assertTrue(third.built());
        assertEquals(2, catalog.size());
    }

    @Test
    void aQueryKeepsTheEntryItChoseAmongEqualOnes() {
        Columns cols = new Columns();
        BvhCatalog catalog = new BvhCatalog();
        BvhCatalog.Choice ab =
                catalog.choose(filters("a", new int[] {3, 3}, "b", new int[] {0, 5}), List.of("g"), cols);
        BvhCatalog.Choice a = catalog.choose(filters("a", new int[] {3, 3}), List.of("b"), cols);
        assertTrue(ab.built() && a.built());
        // Filtered on a alone, without group keys, both entries score the same with one Z interval each.
        BvhCatalog.Choice first = catalog.choose(filters("a", new int[] {2, 2}), List.of(), cols);
        assertEquals(BvhCatalog.ALPHA, first.score());
        for (int i = 0; i < 3; i++) {
            BvhCatalog.Choice again = catalog.choose(filters("a", new int[] {2, 2}), List.of(), cols);
            assertFalse(again.built());
            assertSame(first.scene(), again.scene(), "choice " + (i + 2));
        }
    }

    @Test
    void unpackableFiltersGetNoEntry() {
        Columns cols = new Columns();
        BvhCatalog catalog = new BvhCatalog();
        // 3000 · 20 · 20 · 20 codes exceed even a range-only entry's bound: the query goes to RTScan.
        assertNull(catalog.choose(
                filters("wide", new int[] {0, 10}, "a", new int[] {1, 1}, "b", new int[] {1, 1}, "g", new int[] {2, 2}),
                List.of(),
                cols));
    }

    @Test
    void wideFiltersGetARangeOnlyEntryThatOnlyWideFiltersUse() {
        Columns cols = new Columns();
        BvhCatalog catalog = new BvhCatalog();
        // 3000 · 20 · 200 = 12 M codes: not exact in float32, within the range-only bound.
        BvhCatalog.Choice wide = catalog.choose(
                filters("a", new int[] {1, 1}, "mid", new int[] {5, 9}, "wide", new int[] {0, 10}), List.of("g"), cols);
        assertTrue(wide.built() && wide.scene().rangeOnly());
        assertEquals(List.of(), wide.scene().key().yAttributes(), "no Y: groups are read by row");
        assertEquals(BvhCatalog.ALPHA * 3 + 1, wide.score(), "as good as any entry for its groups");
        assertEquals(5, wide.zIntervals().size());
        // Other groups reuse it: a range-only entry serves every group set alike.
        BvhCatalog.Choice again = catalog.choose(
                filters("wide", new int[] {3, 3}, "mid", new int[] {5, 5}, "a", new int[] {2, 2}), List.of("b"), cols);
        assertFalse(again.built());
        assertSame(wide.scene(), again.scene());
        // Filters that fit float32 get a geometry entry even though the range-only one covers them.
        BvhCatalog.Choice narrow =
                catalog.choose(filters("a", new int[] {1, 1}, "mid", new int[] {5, 9}), List.of("g"), cols);
        assertTrue(narrow.built() && !narrow.scene().rangeOnly());
        assertEquals(2, catalog.size());
        assertTrue(BvhCatalog.maxRangeCodes(cols.rows) >= 12_000_000);
    }

    @Test
    void evictsBeyondCapacity() {
        Columns cols = new Columns();
        BvhCatalog catalog = new BvhCatalog();
        for (int v = 0; v < BvhCatalog.CAPACITY + 3; v++) {
            catalog.choose(
                    filters("a", new int[] {v, v}),
                    List.of(v % 2 == 0 ? "g" : "b", "a", "b").subList(0, 1 + v % 3),
                    cols);
        }
        assertTrue(catalog.size() <= BvhCatalog.CAPACITY);
    }
}
