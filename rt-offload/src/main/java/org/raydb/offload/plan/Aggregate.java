package org.raydb.offload.plan;

/**
 * One aggregate of the offloaded query.
 *
 * @param function   what it computes
 * @param argument   its argument ({@code null} for COUNT(*))
 * @param resultType DuckDB's result type, as its plan has it (each {@link AggregateFunction} names its own)
 * @param filtered   written with a FILTER clause (its argument is then the CASE the filter amounts to): DuckDB
 *                   plans such an aggregate apart from the CASE it equals ({@link AverageForm})
 */
public record Aggregate(AggregateFunction function, Expr argument, ColumnType resultType, boolean filtered) {

    /** An aggregate without a FILTER clause. */
    public Aggregate(AggregateFunction function, Expr argument, ColumnType resultType) {
        this(function, argument, resultType, false);
    }

    /** The text that identifies this aggregate in the parse tree, e.g. {@code sum((a*b))}. */
    public String canonical() {
        return function.sqlName() + "(" + (argument == null ? "" : argument.canonical()) + ")"
                + (filtered ? FILTERED : "");
    }

    /** What {@link #canonical} adds for a FILTER clause (the parse tree's side: SqlRewriter). */
    static final String FILTERED = " filtered";

    @Override
    public String toString() {
        return function.sqlName() + "(" + (argument == null ? "*" : argument.canonical()) + ") -> " + resultType;
    }
}
