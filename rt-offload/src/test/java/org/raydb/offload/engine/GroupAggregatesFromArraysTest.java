package org.raydb.offload.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.raydb.offload.plan.Aggregate;
import org.raydb.offload.plan.AggregateFunction;

/** The sparse state a GPU engine reads back answers as the dense state the cpu engine fills. */
class GroupAggregatesFromArraysTest {

    private static Aggregate of(AggregateFunction f) {
        return new Aggregate(f, null, null);
    }

    private static final List<Aggregate> AGGS =
            List.of(of(AggregateFunction.SUM), of(AggregateFunction.MIN), of(AggregateFunction.COUNT_STAR));

    @Test
    void holdsOnlyPresentGroupsAndAnswersAbsentOnesWithIdentities() {
        GroupAggregates a = GroupAggregates.sparse(
                AGGS, 1000, new int[] {3, 700}, new long[] {3, 1}, new long[][] {{-7, 4}, {-5, 4}, null}, new long[][] {
                    {2, 1}, {2, 1}, null
                });
        assertEquals(1000, a.groups());
        assertEquals(2, a.slots(), "cost follows the groups with rows, not the group space");
        assertEquals(700, a.groupAt(1));
        assertEquals(3, a.rowsHitAt(0));
        assertEquals(-5, a.valueAt(1, 0));
        assertEquals(3, a.countAt(2, 0), "COUNT(*) is rows hit");
        assertEquals(4, a.totalRowsHit());
        assertEquals(3, a.rowsHit(3));
        assertEquals(-7, a.value(0, 3));
        assertEquals(0, a.rowsHit(4));
        assertEquals(Long.MAX_VALUE, a.value(1, 4), "an absent group's MIN is the identity, as in the cpu engine");
        assertEquals(0, a.count(0, 4));
    }

    @Test
    void denseStateHasASlotPerGroup() {
        GroupAggregates a = new GroupAggregates(AGGS, 3);
        assertEquals(3, a.slots());
        assertEquals(2, a.groupAt(2));
        assertEquals(Long.MAX_VALUE, a.valueAt(1, 2));
    }

    @Test
    void compactingADenseStateKeepsTheGroupsWithRows() {
        GroupAggregates dense = new GroupAggregates(List.of(of(AggregateFunction.COUNT_STAR)), 5);
        MeasureProgram[] none = new MeasureProgram[1];
        dense.add(4, 0, none);
        dense.add(1, 1, none);
        dense.add(4, 2, none);
        GroupAggregates sparse = dense.compacted();
        assertEquals(2, sparse.slots());
        assertEquals(1, sparse.groupAt(0));
        assertEquals(4, sparse.groupAt(1));
        assertEquals(2, sparse.countAt(0, 1));
        assertSame(sparse, sparse.compacted(), "a sparse state is compact already");
        assertEquals(0, new GroupAggregates(AGGS, 4).compacted().slots());
    }

    @Test
    void rejectsRepeatedOutOfRangeOrEmptyGroupsAndArraysOfAnotherLength() {
        List<Aggregate> sum = List.of(of(AggregateFunction.SUM));
        GroupAggregates twice = GroupAggregates.sparse(
                sum, 10, new int[] {5, 2, 5}, new long[] {1, 1, 1}, new long[][] {{1, 1, 1}}, new long[][] {{1, 1, 1}});
        assertThrows(IllegalStateException.class, () -> twice.rowsHit(2), "found by the first lookup");
        assertThrows(
                IllegalArgumentException.class,
                () -> GroupAggregates.sparse(
                        sum, 10, new int[] {10}, new long[] {1}, new long[][] {{1}}, new long[][] {{1}}));
        assertThrows(
                IllegalArgumentException.class,
                () -> GroupAggregates.sparse(
                        sum, 10, new int[] {2}, new long[] {0}, new long[][] {{1}}, new long[][] {{1}}));
        assertThrows(
                IllegalArgumentException.class,
                () -> GroupAggregates.sparse(
                        sum, 10, new int[] {1, 2}, new long[] {1, 2}, new long[][] {{1}}, new long[][] {{1, 1}}));
        assertThrows(
                IllegalStateException.class,
                () -> GroupAggregates.sparse(sum, 10, new int[0], new long[0], new long[][] {{}}, new long[][] {{}})
                        .add(0, 0, new MeasureProgram[1]));
    }
}
