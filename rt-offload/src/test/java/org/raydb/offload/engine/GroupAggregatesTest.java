package org.raydb.offload.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.raydb.offload.column.ColumnData;
import org.raydb.offload.plan.Aggregate;
import org.raydb.offload.plan.AggregateFunction;
import org.raydb.offload.plan.ColumnType;
import org.raydb.offload.plan.Expr;
import org.raydb.offload.plan.NotQualified;

class GroupAggregatesTest {

    private static final ColumnType BIGINT = ColumnType.of(ColumnType.Kind.BIGINT);

    private static ColumnData column(long[] values, int... nullRows) {
        BitSet nulls = new BitSet();
        for (int r : nullRows) {
            nulls.set(r);
        }
        return new ColumnData("m", BIGINT, values, null, nulls);
    }

    private static List<Aggregate> aggregates() {
        Expr m = new Expr.Column("m", BIGINT);
        return List.of(
                new Aggregate(AggregateFunction.SUM, m, ColumnType.of(ColumnType.Kind.HUGEINT)),
                new Aggregate(AggregateFunction.MIN, m, BIGINT),
                new Aggregate(AggregateFunction.MAX, m, BIGINT),
                new Aggregate(AggregateFunction.COUNT, m, BIGINT),
                new Aggregate(AggregateFunction.COUNT_STAR, null, BIGINT));
    }

    @Test
    void skipsNullsAndMergesExactly() throws NotQualified {
        ColumnData m = column(new long[] {5, -3, 0, 7, 100}, 2);
        MeasureProgram[] programs = MeasureProgram.compileAll(
                aggregates().stream().map(Aggregate::argument).toList(), Map.of("m", m)::get);
        GroupAggregates a = new GroupAggregates(aggregates(), 2);
        GroupAggregates b = new GroupAggregates(aggregates(), 2);
        a.add(0, 0, programs);
        a.add(0, 1, programs);
        b.add(0, 2, programs); // NULL measure: counted by COUNT(*), skipped by the rest
        b.add(1, 3, programs);
        a.merge(b);
        assertEquals(2, a.value(0, 0));
        assertEquals(-3, a.value(1, 0));
        assertEquals(5, a.value(2, 0));
        assertEquals(2, a.count(3, 0));
        assertEquals(3, a.count(4, 0));
        assertEquals(7, a.value(0, 1));
        assertEquals(1, a.rowsHit(1));
    }

    @Test
    void sumsLeaving64BitsThrow() throws NotQualified {
        ColumnData m = column(new long[] {Long.MAX_VALUE, 1});
        MeasureProgram[] programs = MeasureProgram.compileAll(
                aggregates().stream().map(Aggregate::argument).toList(), Map.of("m", m)::get);
        GroupAggregates a = new GroupAggregates(aggregates(), 1);
        a.add(0, 0, programs);
        assertThrows(ArithmeticException.class, () -> a.add(0, 1, programs));
    }

    @Test
    void expressionsCheckDuckDbsTypeRange() throws NotQualified {
        ColumnType integer = ColumnType.of(ColumnType.Kind.INTEGER);
        ColumnData m = new ColumnData("m", integer, new long[] {50000, 2}, null, new BitSet());
        Expr square = new Expr.Arith('*', new Expr.Column("m", integer), new Expr.Column("m", integer), integer);
        MeasureProgram p = MeasureProgram.compile(square, Map.of("m", m)::get);
        assertEquals(4, p.eval(1));
        assertThrows(ArithmeticException.class, () -> p.eval(0), "INTEGER overflow, as DuckDB raises it");
        ColumnType dec = ColumnType.decimal(9, 2);
        ColumnData d = new ColumnData("d", dec, new long[] {150}, null, new BitSet());
        Expr sum = new Expr.Arith(
                '+',
                new Expr.Column("d", dec),
                new Expr.Constant(new java.math.BigDecimal("0.125"), ColumnType.decimal(4, 3)),
                ColumnType.decimal(11, 3));
        assertEquals(1625, MeasureProgram.compile(sum, Map.of("d", d)::get).eval(0));
        assertTrue(MeasureProgram.compile(sum, Map.of("d", d)::get).type().numericScale() == 3);
    }

    @Test
    void mergedPartialStatesAddUpPerGroupInGroupOrder() {
        List<Aggregate> aggs = aggregates();
        GroupAggregates a = GroupAggregates.sparse(
                aggs,
                10,
                new int[] {7, 2},
                new long[] {1, 2},
                new long[][] {{5, 9}, {5, 4}, {5, 5}, null, null},
                new long[][] {{1, 2}, {1, 2}, {1, 2}, {1, 2}, null});
        GroupAggregates b = GroupAggregates.sparse(
                aggs,
                10,
                new int[] {2, 3},
                new long[] {3, 1},
                new long[][] {{-1, 8}, {-1, 8}, {3, 8}, null, null},
                new long[][] {{2, 1}, {2, 1}, {2, 1}, {2, 1}, null});
        GroupAggregates m = GroupAggregates.merged(List.of(a, b));
        assertEquals(3, m.slots());
        assertEquals(List.of(2, 3, 7), List.of(m.groupAt(0), m.groupAt(1), m.groupAt(2)));
        assertEquals(5, m.rowsHit(2));
        assertEquals(8, m.value(0, 2));
        assertEquals(-1, m.value(1, 2));
        assertEquals(5, m.value(2, 2));
        assertEquals(4, m.count(3, 2));
        assertEquals(5, m.count(4, 2));
        assertEquals(8, m.value(0, 3));
        assertEquals(5, m.value(0, 7));
        assertEquals(0, m.rowsHit(0));
    }

    @Test
    void mergingSumsThatLeave64BitsThrows() {
        List<Aggregate> aggs = aggregates();
        long half = 1L << 62;
        GroupAggregates a = GroupAggregates.sparse(
                aggs,
                1,
                new int[] {0},
                new long[] {1},
                new long[][] {{half}, {half}, {half}, null, null},
                new long[5][]);
        assertThrows(ArithmeticException.class, () -> GroupAggregates.merged(List.of(a, a)));
    }
}
