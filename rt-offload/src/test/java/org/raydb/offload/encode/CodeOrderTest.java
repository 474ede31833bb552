package org.raydb.offload.encode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Comparator;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class CodeOrderTest {

    @Test
    void rowsSortStablyByCodeForFewAndManyCodes() {
        Random random = new Random(19);
        // Few codes (one counting pass, many parallel chunks), as many codes as rows (one chunk), more codes
        // than rows, codes up to 2^23 and mostly one code (buckets by high bits, then by low bits), and no rows.
        for (int[] z : new int[][] {
            random.ints(100_000, 0, 37).toArray(),
            random.ints(50_000, 0, 50_000).toArray(),
            random.ints(60_000, 0, 200_000).toArray(),
            random.ints(60_000, 0, 1 << 23).toArray(),
            random.ints(60_000, 0, 200_000).map(c -> c % 10 == 0 ? c : 100_000).toArray(),
            new int[0]
        }) {
            CodeOrder order = CodeOrder.of(z);
            int[] expected = IntStream.range(0, z.length)
                    .boxed()
                    .sorted(Comparator.<Integer>comparingInt(r -> z[r]).thenComparingInt(r -> r))
                    .mapToInt(Integer::intValue)
                    .toArray();
            assertArrayEquals(
                    expected, IntStream.range(0, z.length).map(order::rowAt).toArray());
            assertArrayEquals(
                    CodeOrder.starts(z, order.maxCode() + 1),
                    IntStream.rangeClosed(0, order.maxCode() + 1)
                            .map(order::start)
                            .toArray());
            for (int c = 0; c <= order.maxCode(); c++) {
                for (int i = order.start(c); i < order.start(c + 1); i++) {
                    assertEquals(c, z[order.rowAt(i)]);
                }
            }
            int[] positions = CodeOrder.withPositions(z, order.maxCode() + 1).positionOfArray();
            assertArrayEquals(
                    IntStream.range(0, z.length).toArray(),
                    IntStream.range(0, z.length)
                            .map(r -> order.rowAt(positions[r]))
                            .toArray());
        }
    }

    @Test
    void packedCodesSortWithoutAnArrayOfThem() {
        Random random = new Random(23);
        int rows = 70_000;
        // Few Z codes (one counting pass) and more than 2^16 (buckets), rows not a multiple of any block.
        for (int[] cards : new int[][] {{7, 11, 50}, {250, 250, 84}}) {
            int[][] columns = new int[cards.length][];
            for (int i = 0; i < cards.length; i++) {
                columns[i] = random.ints(rows, 0, cards[i]).toArray();
            }
            BijectivePacking packing = new BijectivePacking(cards);
            int codeCount = Math.toIntExact(packing.size());
            CodeOrder packed = CodeOrder.of(packing.codes(columns), rows, codeCount);
            int[] z = packing.packAllInts(columns, rows);
            CodeOrder expected = CodeOrder.of(z, codeCount);
            assertArrayEquals(expected.rowAtArray(), packed.rowAtArray());
            assertArrayEquals(CodeOrder.starts(z, codeCount), packed.startArray());
        }
    }
}
