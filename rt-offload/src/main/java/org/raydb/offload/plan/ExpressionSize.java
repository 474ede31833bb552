package org.raydb.offload.plan;

/**
 * A lexical bound on how deep a statement's expression trees can be, checked before DuckDB is asked for any
 * plan of it. DuckDB nests a chain of binary operators one level per operator, and every planning step
 * (binding, serializing, optimizing, reading the JSON) recurses through it: DuckDB itself exhausts its stack
 * at about 3,000 chained ANDs, so the offload, which plans a statement several times over, leaves such
 * statements to DuckDB's one run.
 */
final class ExpressionSize {

    /** Chained binary operators the offload plans (1,000 conjuncts are common in generated SQL). */
    static final int MAX_OPERATORS = 1500;
    /** Nested parentheses the offload plans. */
    static final int MAX_DEPTH = 250;

    private ExpressionSize() {}

    /** Throws when the text has more binary operators or deeper parentheses than the offload plans. */
    static void check(String sql) throws NotQualified {
        int operators = 0;
        int depth = 0;
        int maxDepth = 0;
        int n = sql.length();
        int i = 0;
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\'' || c == '"') {
                i = closing(sql, i + 1, c);
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                int end = sql.indexOf('\n', i);
                i = end < 0 ? n : end + 1;
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int end = sql.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else if (Character.isLetter(c) || c == '_') {
                int start = i;
                while (i < n && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_')) {
                    i++;
                }
                if (i - start <= 3) {
                    String word = sql.substring(start, i);
                    if (word.equalsIgnoreCase("and") || word.equalsIgnoreCase("or")) {
                        operators++;
                    }
                }
            } else {
                if (c == '(') {
                    maxDepth = Math.max(maxDepth, ++depth);
                } else if (c == ')') {
                    depth--;
                } else if (c == '+'
                        || c == '*'
                        || c == '/'
                        || c == '%'
                        || (c == '|' && i + 1 < n && sql.charAt(i + 1) == '|')) {
                    operators++;
                }
                i++;
            }
        }
        if (operators > MAX_OPERATORS || maxDepth > MAX_DEPTH) {
            throw new NotQualified("an expression too large to plan (" + operators + " chained operators, "
                    + maxDepth + " nested parentheses; the offload plans at most " + MAX_OPERATORS + " and "
                    + MAX_DEPTH + ")");
        }
    }

    /** The index after the quote that closes one opened before {@code from} (doubled quotes escape it). */
    private static int closing(String sql, int from, char quote) {
        int i = from;
        while (i < sql.length()) {
            if (sql.charAt(i) == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return i;
    }
}
