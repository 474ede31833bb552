package org.raydb.offload.gpu.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.LongBuffer;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.raydb.offload.engine.GroupAggregates;
import org.raydb.offload.engine.MeasureProgram;
import org.raydb.offload.plan.Aggregate;
import org.raydb.offload.plan.AggregateFunction;

/**
 * The host side of the device compaction: packed entries (compact.cu's layout, which the GPU self-test
 * checks against Java) become the core's sparse state, each aggregate reading its measure's word.
 */
class DeviceAggregatesParseTest {

    private static Aggregate of(AggregateFunction f) {
        return new Aggregate(f, null, null);
    }

    /** SUM(a), MIN(a), MAX(b), COUNT(b), COUNT(*), AVG(a): measures a = 0, b = 1. */
    private static final List<Aggregate> AGGS = List.of(
            of(AggregateFunction.SUM),
            of(AggregateFunction.MIN),
            of(AggregateFunction.MAX),
            of(AggregateFunction.COUNT),
            of(AggregateFunction.COUNT_STAR),
            of(AggregateFunction.AVG));

    private static final JobMeasures MEASURES = measures(List.of("a", "b"), new int[] {0, 0, 1, 1, -1, 0}, true);

    /** Distinct measures by name; their programs are not needed to read results back. */
    private static JobMeasures measures(List<String> names, int[] measureOf, boolean minMax) {
        return new JobMeasures(names, Arrays.asList(new MeasureProgram[names.size()]), measureOf, minMax, minMax);
    }

    @Test
    void entriesBecomeTheSparseStateOfThePresentGroups() {
        long[] words = {
            2,
            0,
            // group, rows, then per measure: non-NULL count, sum, min, max
            7,
            5, /* a */
            4,
            100,
            -3,
            60, /* b */
            5,
            9,
            1,
            4,
            9000,
            1, /* a */
            0,
            0,
            Long.MAX_VALUE,
            Long.MIN_VALUE, /* b */
            1,
            -2,
            -2,
            -2,
        };
        GroupAggregates s = DeviceAggregates.parse(AGGS, 10_000, MEASURES, true, true, LongBuffer.wrap(words), 2);
        assertEquals(2, s.slots());
        assertEquals(9000, s.groupAt(1));
        assertEquals(6, s.totalRowsHit());
        assertEquals(100, s.valueAt(0, 0));
        assertEquals(4, s.countAt(0, 0));
        assertEquals(-3, s.valueAt(1, 0));
        assertEquals(4, s.valueAt(2, 0), "MAX(b) reads b's max word");
        assertEquals(5, s.countAt(3, 0));
        assertEquals(5, s.countAt(4, 0), "COUNT(*) is the rows");
        assertEquals(100, s.valueAt(5, 0));
        assertEquals(0, s.countAt(0, 1), "all of a NULL in group 9000");
        assertEquals(-2, s.valueAt(2, 1));
    }

    @Test
    void entriesWithoutMinMaxWordsAreNarrower() {
        JobMeasures sumOnly = measures(List.of("a"), new int[] {0}, false);
        long[] words = {1, 0, 3, 2, 2, 42};
        GroupAggregates s = DeviceAggregates.parse(
                List.of(of(AggregateFunction.SUM)), 4, sumOnly, false, false, LongBuffer.wrap(words), 1);
        assertEquals(3, s.groupAt(0));
        assertEquals(42, s.valueAt(0, 0));
        assertEquals(2, s.countAt(0, 0));
    }

    @Test
    void listedGroupsKeepTheirOrderAndAreFoundByCode() {
        JobMeasures sumOnly = measures(List.of("a"), new int[] {0}, false);
        long[] words = {3, 0, 7, 1, 1, 70, 2, 2, 2, 20, 5, 3, 3, 50}; // as a present-group list noted them
        GroupAggregates s = DeviceAggregates.parse(
                List.of(of(AggregateFunction.SUM)), 10, sumOnly, false, false, LongBuffer.wrap(words), 3);
        assertEquals(7, s.groupAt(0));
        assertEquals(2, s.groupAt(1));
        assertEquals(5, s.groupAt(2));
        assertEquals(20, s.value(0, 2));
        assertEquals(50, s.value(0, 5));
        assertEquals(3, s.rowsHit(5));
        assertEquals(0, s.rowsHit(4), "a group without a slot");
        assertEquals(0, s.value(0, 9));
        assertEquals(1, s.slotInGroupOrder(0));
        assertEquals(2, s.slotInGroupOrder(1));
        assertEquals(0, s.slotInGroupOrder(2));
    }

    @Test
    void rejectsRepeatedGroups() {
        JobMeasures none = measures(List.of(), new int[] {-1}, false);
        long[] words = {2, 0, 5, 1, 5, 1};
        GroupAggregates s = DeviceAggregates.parse(
                List.of(of(AggregateFunction.COUNT_STAR)), 10, none, false, false, LongBuffer.wrap(words), 2);
        assertThrows(IllegalStateException.class, () -> s.rowsHit(5));
    }
}
