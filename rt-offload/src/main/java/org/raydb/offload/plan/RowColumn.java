package org.raydb.offload.plan;

/**
 * A column computed per row by an expression over several of the table's columns ({@code datediff('day',
 * l_shipdate, l_receiptdate)}, {@code l_extendedprice * (1 - l_discount)}): DuckDB evaluates it while the table's
 * columns are exported, as one more column of the export's SELECT. A GROUP BY on such an expression, an aggregate's
 * FILTER or CASE condition over it, or a WHERE conjunct comparing it with constants, reads this column instead. A
 * {@link DerivedColumn} (one source, evaluated per distinct value) serves expressions over one column. Plans read it
 * under {@link #name()}, which holds its type and the expression's SQL text over the table's own column names.
 *
 * @param expression the SQL text, over the table's columns
 * @param type       the expression's type
 */
public record RowColumn(String expression, ColumnType type) {

    /** Begins every such column's name (see {@link VirtualColumn#PREFIX} for the rule about tables' names). */
    static final String PREFIX = "\u0280";

    private static final String SEPARATOR = String.valueOf(VirtualColumn.SEPARATOR);

    public String name() {
        return PREFIX + type.token() + SEPARATOR + expression;
    }

    /** Whether an expression can be part of such a column's name, so that {@link #parse} reads it back. */
    static boolean nameable(String expression) {
        return !expression.contains(SEPARATOR);
    }

    /** The row column a name stands for, or {@code null} for any other. */
    public static RowColumn parse(String name) {
        if (!name.startsWith(PREFIX)) return null;
        String[] parts = name.substring(PREFIX.length()).split(SEPARATOR, 2);
        if (parts.length != 2) return null;
        ColumnType type = ColumnType.ofToken(parts[0]);
        return type == null ? null : new RowColumn(parts[1], type);
    }

    @Override
    public String toString() {
        return expression;
    }
}
