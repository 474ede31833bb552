package org.raydb.offload.result;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.raydb.offload.plan.Utf8Order;

/** The packed sort gives the stable comparator sort's permutation, or declines. */
class PackedOrderTest {

    private static final String[] STRINGS = {
        "", "a", "ab", "b", "Z", "\uE000", "\uFFFF", "\uD83D\uDE00", "é", "ab\uD83D\uDE00"
    };

    /** A row of every kind: string, long, int, BigInteger, BigDecimal (scale 2), date, boolean, byte. */
    private static Object[] row(Random random) {
        return new Object[] {
            STRINGS[random.nextInt(STRINGS.length)],
            (long) random.nextInt(7) - 3,
            random.nextInt(5),
            BigInteger.valueOf(random.nextInt(1000) - 500),
            BigDecimal.valueOf(random.nextInt(400) - 200, 2),
            LocalDate.ofEpochDay(random.nextInt(50) - 25),
            random.nextBoolean(),
            (byte) random.nextInt(3)
        };
    }

    /** The reference order: DuckDB's for these types, as the direct finish's comparator sorts, stable. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int[] stableSort(Object[][] rows, int[] columns, boolean[] descending) {
        Comparator<Integer> order = (a, b) -> 0;
        for (int k = 0; k < columns.length; k++) {
            int c = columns[k];
            Comparator<Integer> key = rows[0][c] instanceof String
                    ? (a, b) -> Utf8Order.compare((String) rows[a][c], (String) rows[b][c])
                    : (a, b) -> ((Comparable) rows[a][c]).compareTo(rows[b][c]);
            order = order.thenComparing(descending[k] ? key.reversed() : key);
        }
        Integer[] positions = IntStream.range(0, rows.length).boxed().toArray(Integer[]::new);
        Arrays.sort(positions, order);
        return Arrays.stream(positions).mapToInt(Integer::intValue).toArray();
    }

    @Test
    void randomKeysSortAsTheStableComparatorDoes() {
        Random random = new Random(20261128);
        for (int trial = 0; trial < 500; trial++) {
            Object[][] rows = new Object[1 + random.nextInt(300)][];
            for (int r = 0; r < rows.length; r++) rows[r] = row(random);
            int keys = 1 + random.nextInt(4);
            int[] columns = random.ints(0, 8).distinct().limit(keys).toArray();
            boolean[] descending = new boolean[keys];
            for (int k = 0; k < keys; k++) descending[k] = random.nextBoolean();
            int[] packed = PackedOrder.of(rows, columns, descending);
            assertNotNull(packed, "these ranges fit 63 bits");
            assertArrayEquals(stableSort(rows, columns, descending), packed, "trial " + trial);
        }
    }

    @Test
    void valuesThatDoNotPackAreLeftToTheComparator() {
        Object[][] huge = {{BigInteger.ONE.shiftLeft(70)}, {BigInteger.ONE}};
        assertNull(PackedOrder.of(huge, new int[] {0}, new boolean[] {false}));
        Object[][] wide = {{Long.MIN_VALUE}, {Long.MAX_VALUE}};
        assertNull(PackedOrder.of(wide, new int[] {0}, new boolean[] {true}));
        Object[][] scales = {{new BigDecimal("1.5")}, {new BigDecimal("1.25")}};
        assertNull(PackedOrder.of(scales, new int[] {0}, new boolean[] {false}));
        Object[][] tooManyBits = {{0L, 0L}, {1L << 40, 1L << 40}};
        assertNull(PackedOrder.of(tooManyBits, new int[] {0, 1}, new boolean[] {false, false}));
        Object[][] doubles = {{1.5}, {0.5}};
        assertNull(PackedOrder.of(doubles, new int[] {0}, new boolean[] {false}));
    }
}
