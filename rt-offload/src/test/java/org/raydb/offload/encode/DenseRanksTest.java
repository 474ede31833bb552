package org.raydb.offload.encode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class DenseRanksTest {

    @Test
    void ranksAreThePositionsAmongTheSortedDistinctValues() {
        Random random = new Random(7);
        long span = 5_000;
        long[] values = random.longs(20_000, 0, span).toArray();
        DenseRanks ranks = new DenseRanks(span);
        // Marked from several threads at once, as the encoders do.
        IntStream.range(0, values.length).parallel().forEach(i -> ranks.mark(values[i]));
        ranks.freeze();
        long[] distinct = Arrays.stream(values).sorted().distinct().toArray();
        assertEquals(distinct.length, ranks.count());
        assertArrayEquals(distinct, ranks.values());
        for (long v : values) {
            assertEquals(Arrays.binarySearch(distinct, v), ranks.rank(v), "value " + v);
        }
    }

    @Test
    void wordEdgesAndEmptySpans() {
        DenseRanks ranks = new DenseRanks(130);
        for (long v : new long[] {0, 63, 64, 127, 128, 129}) {
            ranks.mark(v);
        }
        ranks.freeze();
        assertArrayEquals(new long[] {0, 63, 64, 127, 128, 129}, ranks.values());
        assertEquals(3, ranks.rank(127));
        assertEquals(5, ranks.rank(129));
        assertEquals(0, new DenseRanks(0).freeze().count());
    }
}
