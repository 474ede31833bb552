package org.raydb.offload.plan;

/**
 * DuckDB's six plain comparison operators as its parse trees and plans name them ({@code COMPARE_LESSTHAN}, ...):
 * which are plain, what each says of the sign of left against right, and each with its sides swapped.
 */
public final class CompareOperators {

    private CompareOperators() {}

    /** Whether {@code operator} is one of the six (not IS DISTINCT FROM, BETWEEN, ...). */
    public static boolean supported(String operator) {
        return mirrored(operator) != null;
    }

    /** Whether {@code operator} holds where left compared with right gives {@code sign}. */
    public static boolean holds(String operator, int sign) {
        return switch (operator) {
            case "COMPARE_EQUAL" -> sign == 0;
            case "COMPARE_NOTEQUAL" -> sign != 0;
            case "COMPARE_LESSTHAN" -> sign < 0;
            case "COMPARE_GREATERTHAN" -> sign > 0;
            case "COMPARE_LESSTHANOREQUALTO" -> sign <= 0;
            case "COMPARE_GREATERTHANOREQUALTO" -> sign >= 0;
            default -> throw new IllegalStateException("comparison " + operator);
        };
    }

    /** The operator with its sides swapped ({@code a < b} as {@code b > a}); null for any other operator. */
    public static String mirrored(String operator) {
        if (operator == null) return null;
        return switch (operator) {
            case "COMPARE_LESSTHAN" -> "COMPARE_GREATERTHAN";
            case "COMPARE_GREATERTHAN" -> "COMPARE_LESSTHAN";
            case "COMPARE_LESSTHANOREQUALTO" -> "COMPARE_GREATERTHANOREQUALTO";
            case "COMPARE_GREATERTHANOREQUALTO" -> "COMPARE_LESSTHANOREQUALTO";
            case "COMPARE_EQUAL", "COMPARE_NOTEQUAL" -> operator;
            default -> null;
        };
    }
}
