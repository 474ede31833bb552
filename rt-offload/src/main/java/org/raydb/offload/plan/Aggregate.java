package org.raydb.offload.plan;

/**
 * One aggregate of the offloaded query.
 *
 * @param function   what it computes
 * @param argument   its argument ({@code null} for COUNT(*))
 * @param resultType DuckDB's result type (SUM(INTEGER) is HUGEINT, SUM(DECIMAL(p,s)) DECIMAL(38,s), AVG
 *                   DOUBLE, COUNT BIGINT, MIN/MAX the argument's type)
 */
public record Aggregate(AggregateFunction function, Expr argument, ColumnType resultType) {

    /** The text that identifies this aggregate in the parse tree, e.g. {@code sum((a*b))}. */
    public String canonical() {
        return function.sqlName() + "(" + (argument == null ? "" : argument.canonical()) + ")";
    }

    @Override
    public String toString() {
        return function.sqlName() + "(" + (argument == null ? "*" : argument.canonical()) + ") -> " + resultType;
    }
}
