package org.raydb.offload.plan;

/**
 * A column computed from another by an expression DuckDB evaluates ({@code year(d)}, {@code date_trunc('month',
 * d)}, {@code substring(s, 1, 3)}): a GROUP BY on such an expression groups by this column. It is evaluated once
 * per distinct value of its source (and for NULL), not per row. A plan reads it under {@link #name()}, which holds
 * the two types, the expression's SQL text, and the source last (a star join's
 * {@link VirtualColumn} holds separators of its own).
 *
 * @param source     the column it is computed from (the table's own, or a star join's virtual one)
 * @param sourceType the source's type
 * @param expression the SQL text over the source's value, named {@link #SOURCE}
 * @param type       the expression's type
 */
public record DerivedColumn(String source, ColumnType sourceType, String expression, ColumnType type) {

    /** The name {@code expression} reads its source's value under. */
    public static final String SOURCE = "__raydb_value";

    /** Begins every derived column's name (see {@link VirtualColumn#PREFIX} for the rule about tables' names). */
    static final String PREFIX = "\u0192";

    private static final String SEPARATOR = String.valueOf(VirtualColumn.SEPARATOR);

    public String name() {
        return PREFIX + String.join(SEPARATOR, sourceType.token(), type.token(), expression, source);
    }

    /** Whether an expression can be part of a derived column's name, so that {@link #parse} reads it back. */
    static boolean nameable(String expression) {
        return !expression.contains(SEPARATOR);
    }

    /** The derived column a name stands for, or {@code null} for any other. */
    public static DerivedColumn parse(String name) {
        if (!name.startsWith(PREFIX)) return null;
        String[] parts = name.substring(PREFIX.length()).split(SEPARATOR, 4);
        if (parts.length != 4) return null;
        ColumnType sourceType = ColumnType.ofToken(parts[0]);
        ColumnType type = ColumnType.ofToken(parts[1]);
        return sourceType == null || type == null ? null : new DerivedColumn(parts[3], sourceType, parts[2], type);
    }

    @Override
    public String toString() {
        return expression;
    }
}
