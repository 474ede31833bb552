package org.raydb.offload.plan;

/**
 * One aggregate of the offloaded query.
 *
 * @param function   what it computes
 * @param argument   its argument ({@code null} for COUNT(*))
 * @param resultType DuckDB's result type, as its plan has it (each {@link AggregateFunction} names its own)
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
