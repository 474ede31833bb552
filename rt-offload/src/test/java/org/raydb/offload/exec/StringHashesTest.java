package org.raydb.offload.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Random;
import org.junit.jupiter.api.Test;

class StringHashesTest {

    @Test
    void everyHashFindsItsCodeAndUnknownHashesNone() {
        Random random = new Random(23);
        int n = 5000;
        String[] values = new String[n];
        long[] hashes = random.longs(n).toArray();
        for (int i = 0; i < n; i++) {
            values[i] = "v" + i;
        }
        StringHashes table = StringHashes.of(values, hashes);
        for (int i = 0; i < n; i++) {
            assertEquals(i, table.code(hashes[i]));
        }
        for (long h : random.longs(1000).toArray()) {
            assertEquals(-1, table.code(h));
        }
        assertEquals(-1, StringHashes.of(new String[0], new long[0]).code(42));
    }

    @Test
    void collidingHashesRefuseTheTable() {
        assertNull(StringHashes.of(new String[] {"a", "b", "c"}, new long[] {7, 9, 7}));
    }
}
