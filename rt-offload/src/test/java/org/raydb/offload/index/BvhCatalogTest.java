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
import org.raydb.offload.encode.GroupCodes;
import org.raydb.offload.encode.SortedDictionary;
import org.raydb.offload.exec.ColumnData;
import org.raydb.offload.plan.ColumnType;

class BvhCatalogTest {

    /** Encodings over in-memory columns a, b (small) and wide (too many codes to pack with b). */
    private static final class Columns implements BvhCatalog.Encodings {
        final Map<String, SortedDictionary> dicts = new HashMap<>();
        final int rows = 3000;

        Columns() {
            Random r = new Random(9);
            for (String name : List.of("a", "b", "g", "wide")) {
                long[] v = new long[rows];
                int range = name.equals("wide") ? 3_000_000 : 20;
                for (int i = 0; i < rows; i++) {
                    v[i] = name.equals("wide") ? (long) i * 1000 : r.nextInt(range);
                }
                dicts.put(name, SortedDictionary.build(new ColumnData(name, ColumnType.of(ColumnType.Kind.BIGINT),
                        v, null, new BitSet())));
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
    }

    private static LinkedHashMap<String, List<int[]>> filters(Object... nameAndInterval) {
        LinkedHashMap<String, List<int[]>> out = new LinkedHashMap<>();
        for (int i = 0; i < nameAndInterval.length; i += 2) {
            out.put((String) nameAndInterval[i], List.of((int[]) nameAndInterval[i + 1]));
        }
        return out;
    }

    @Test
    void buildsOnceThenReusesTheBestCoveringEntry() {
        Columns cols = new Columns();
        BvhCatalog catalog = new BvhCatalog();
        BvhCatalog.Choice first = catalog.choose(filters("a", new int[] {3, 3}, "b", new int[] {0, 5}), List.of("g"), cols);
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
    void unpackableFiltersGetNoEntry() {
        Columns cols = new Columns();
        BvhCatalog catalog = new BvhCatalog();
        // 3001 · 21 · 21 · 21 codes exceed 2^22: no exact float32 Z code, so the query goes to RTScan.
        assertNull(catalog.choose(filters("wide", new int[] {0, 10}, "a", new int[] {1, 1}, "b", new int[] {1, 1},
                "g", new int[] {2, 2}), List.of(), cols));
    }

    @Test
    void evictsBeyondCapacity() {
        Columns cols = new Columns();
        BvhCatalog catalog = new BvhCatalog();
        for (int v = 0; v < BvhCatalog.CAPACITY + 3; v++) {
            catalog.choose(filters("a", new int[] {v, v}), List.of(v % 2 == 0 ? "g" : "b", "a", "b").subList(0,
                    1 + v % 3), cols);
        }
        assertTrue(catalog.size() <= BvhCatalog.CAPACITY);
    }
}
