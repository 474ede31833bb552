package org.raydb.offload.plan;

/**
 * A comparison of two columns of one row ({@code l_commitdate < l_receiptdate}, {@code a = b}) as a BOOLEAN column
 * of the table, computed from the two when they load: TRUE or FALSE where both are non-NULL, NULL otherwise, as
 * DuckDB compares them. A WHERE conjunct that is such a comparison becomes a filter on this column being TRUE.
 * Plans read it under {@link #name()}, which holds the operator, the two types and the two columns.
 *
 * @param operator  DuckDB's comparison ({@code COMPARE_LESSTHAN}, ...)
 * @param left      the left column
 * @param leftType  its type
 * @param right     the right column
 * @param rightType its type
 */
public record ColumnComparison(String operator, String left, ColumnType leftType, String right, ColumnType rightType) {

    /** Begins every such column's name (see {@link VirtualColumn#PREFIX} for the rule about tables' names). */
    static final String PREFIX = "\u010a";

    private static final String SEPARATOR = String.valueOf(VirtualColumn.SEPARATOR);

    public String name() {
        return PREFIX + String.join(SEPARATOR, operator, leftType.token(), rightType.token(), left, right);
    }

    /** The comparison a name stands for, or {@code null} for any other column. */
    public static ColumnComparison parse(String name) {
        if (!name.startsWith(PREFIX)) return null;
        String[] p = name.substring(PREFIX.length()).split(SEPARATOR, -1);
        if (p.length != 5) return null;
        ColumnType l = ColumnType.ofToken(p[1]);
        ColumnType r = ColumnType.ofToken(p[2]);
        return l == null || r == null ? null : new ColumnComparison(p[0], p[3], l, p[4], r);
    }

    /**
     * Whether two columns of these types compare here exactly as DuckDB compares them: integers of any width, DATE
     * with DATE, TIMESTAMP with TIMESTAMP, DECIMALs of one scale, VARCHAR with VARCHAR (by UTF-8 bytes, as DuckDB's
     * default binary collation does).
     */
    static boolean comparable(ColumnType a, ColumnType b) {
        if (a.isInteger() && b.isInteger()) return true;
        if (a.kind() != b.kind()) return false;
        return switch (a.kind()) {
            case DATE, TIMESTAMP, VARCHAR, BOOLEAN -> true;
            case DECIMAL -> a.scale() == b.scale() && a.width() <= 18 && b.width() <= 18;
            default -> false;
        };
    }

    /** Whether the comparison holds for {@code c}, the sign of the left value against the right. */
    public boolean holds(int c) {
        return CompareOperators.holds(operator, c);
    }

    @Override
    public String toString() {
        return left + " " + operator + " " + right;
    }
}
