package org.raydb.offload.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.raydb.offload.plan.Aggregate;
import org.raydb.offload.plan.AggregateFunction;

/** Arrays read back from a GPU become the exact per-group state the cpu engine would have filled. */
class GroupAggregatesFromArraysTest {

    private static Aggregate of(AggregateFunction f) {
        return new Aggregate(f, null, null);
    }

    @Test
    void fillsRowsValuesAndCountsAndKeepsCountStarOnRowsHit() {
        List<Aggregate> aggs = List.of(of(AggregateFunction.SUM), of(AggregateFunction.MIN),
                of(AggregateFunction.COUNT_STAR));
        long[] rowsHit = {3, 0};
        long[][] values = {{-7, 0}, {-5, Long.MAX_VALUE}, null};
        long[][] counts = {{2, 0}, {2, 0}, {0, 0}};
        GroupAggregates a = GroupAggregates.of(aggs, rowsHit, values, counts);
        assertEquals(2, a.groups());
        assertEquals(3, a.rowsHit(0));
        assertEquals(0, a.rowsHit(1));
        assertEquals(-7, a.value(0, 0));
        assertEquals(-5, a.value(1, 0));
        assertEquals(Long.MAX_VALUE, a.value(1, 1), "an empty group's MIN stays at the identity, as in the cpu engine");
        assertEquals(2, a.count(0, 0));
        assertEquals(3, a.count(2, 0), "COUNT(*) is rows hit");
        assertEquals(0, a.value(2, 0));
    }

    @Test
    void rejectsArraysOfAnotherGroupCount() {
        List<Aggregate> aggs = List.of(of(AggregateFunction.SUM));
        assertThrows(IllegalArgumentException.class,
                () -> GroupAggregates.of(aggs, new long[] {1, 2}, new long[][] {{1}}, new long[][] {{1, 1}}));
    }
}
