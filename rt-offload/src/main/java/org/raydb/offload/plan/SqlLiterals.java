package org.raydb.offload.plan;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The literals of a statement's text, found by a lexer that knows just enough SQL to skip comments and quoted
 * identifiers: numbers (with a unary minus where DuckDB's parser folds it into the constant) and single-quoted
 * strings. The text with every literal cut out is the statement's skeleton; statements with one skeleton
 * differ only in their constants ({@link PlanTemplate}). Text the lexer does not fully understand (dollar
 * quotes, parameters, a number glued to a name) has no skeleton, and its statement is always planned in full.
 *
 * @param tokens the text's tokens but its literals and comments, for {@link TextReads}: names lower-cased (a quoted
 *               one with a leading double quote, so that it never reads as a keyword), any other character alone
 */
record SqlLiterals(String skeleton, List<Literal> literals, List<String> tokens) {

    /** What a literal is in DuckDB's eyes, as far as its type goes. */
    enum Kind {
        INTEGER,
        DECIMAL,
        STRING,
        /** TRUE or FALSE, as a parse tree states them (the lexer keeps them in the skeleton). */
        BOOLEAN,
        /** A number with an exponent (a DOUBLE): never re-bound. */
        OTHER
    }

    /**
     * One literal: its span in the text, the text DuckDB's parse tree reports for it (a string unquoted), and a
     * type class: its kind, which a template's literals share (the value is then converted exactly into its
     * column's type, or the statement is planned in full).
     */
    record Literal(int start, int end, String text, Kind kind, String typeClass) {

        /** The exact number of an INTEGER or DECIMAL literal. */
        BigDecimal number() {
            return new BigDecimal(text);
        }
    }

    private static final char CUT = '\u0000';

    /** The statement's literals, or {@code null} where its text is beyond this lexer. */
    static SqlLiterals of(String sql) {
        StringBuilder skeleton = new StringBuilder(sql.length());
        List<Literal> literals = new ArrayList<>();
        List<String> tokens = new ArrayList<>();
        boolean afterValue = false; // whether the last token ends an operand (a minus after it is binary)
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c)) {
                skeleton.append(c);
                i++;
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                int end = sql.indexOf('\n', i);
                end = end < 0 ? n : end;
                skeleton.append(sql, i, end);
                i = end;
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int end = sql.indexOf("*/", i + 2);
                if (end < 0) {
                    return null;
                }
                skeleton.append(sql, i, end + 2);
                i = end + 2;
            } else if (c == '\'') {
                int end = quoted(sql, i, '\'');
                if (end < 0) {
                    return null;
                }
                String text = sql.substring(i + 1, end - 1).replace("''", "'");
                literals.add(new Literal(i, end, text, Kind.STRING, "s"));
                skeleton.append(CUT);
                i = end;
                afterValue = true;
            } else if (c == '"') {
                int end = quoted(sql, i, '"');
                if (end < 0) {
                    return null;
                }
                skeleton.append(sql, i, end);
                tokens.add('"'
                        + sql.substring(i + 1, end - 1).replace("\"\"", "\"").toLowerCase(Locale.ROOT));
                i = end;
                afterValue = true;
            } else if (isDigit(sql, i) || (c == '-' && !afterValue && isDigit(sql, i + 1))) {
                int end = number(sql, c == '-' ? i + 1 : i);
                if (end < 0 || (end < n && isNameChar(sql.charAt(end)))) {
                    return null;
                }
                String text = sql.substring(i, end);
                literals.add(numeric(i, end, text));
                skeleton.append(CUT);
                i = end;
                afterValue = true;
            } else if (Character.isLetter(c) || c == '_') {
                int end = i + 1;
                while (end < n && isNameChar(sql.charAt(end))) {
                    end++;
                }
                if (end < n && sql.charAt(end) == '$') {
                    return null;
                }
                skeleton.append(sql, i, end);
                String word = sql.substring(i, end);
                tokens.add(word.toLowerCase(Locale.ROOT));
                afterValue = !isOperatorWord(word);
                i = end;
            } else if (c == '$' || c == '?') {
                return null;
            } else {
                skeleton.append(c);
                tokens.add(String.valueOf(c));
                afterValue = c == ')' || c == ']';
                i++;
            }
        }
        return new SqlLiterals(skeleton.toString(), List.copyOf(literals), List.copyOf(tokens));
    }

    /** Words after which a minus is unary, as in {@code x BETWEEN -5 AND -1}. */
    private static boolean isOperatorWord(String word) {
        return switch (word.toUpperCase(Locale.ROOT)) {
            case "AND",
                    "OR",
                    "NOT",
                    "BETWEEN",
                    "IN",
                    "IS",
                    "LIKE",
                    "SELECT",
                    "WHERE",
                    "HAVING",
                    "WHEN",
                    "THEN",
                    "ELSE",
                    "CASE",
                    "LIMIT",
                    "OFFSET",
                    "BY",
                    "ON",
                    "AS",
                    "RETURN",
                    "DISTINCT",
                    "ALL",
                    "ANY" -> true;
            default -> false;
        };
    }

    /** A number literal of the text, classified as the lexer classifies it (also for parse-tree literals). */
    static Literal numeric(int start, int end, String text) {
        String digits = text.startsWith("-") ? text.substring(1) : text;
        if (digits.indexOf('e') >= 0 || digits.indexOf('E') >= 0) {
            return new Literal(start, end, text, Kind.OTHER, "x" + text);
        }
        return digits.indexOf('.') >= 0
                ? new Literal(start, end, text, Kind.DECIMAL, "d")
                : new Literal(start, end, text, Kind.INTEGER, "i");
    }

    /** The end of a number starting at {@code i} (digits, a point, an exponent), or -1. */
    private static int number(String sql, int i) {
        int n = sql.length();
        int j = i;
        while (j < n && Character.isDigit(sql.charAt(j))) {
            j++;
        }
        if (j < n && sql.charAt(j) == '.') {
            j++;
            while (j < n && Character.isDigit(sql.charAt(j))) {
                j++;
            }
        }
        if (j < n && (sql.charAt(j) == 'e' || sql.charAt(j) == 'E')) {
            int k = j + 1;
            if (k < n && (sql.charAt(k) == '+' || sql.charAt(k) == '-')) {
                k++;
            }
            if (k >= n || !Character.isDigit(sql.charAt(k))) {
                return -1;
            }
            while (k < n && Character.isDigit(sql.charAt(k))) {
                k++;
            }
            j = k;
        }
        return j;
    }

    private static boolean isDigit(String sql, int i) {
        if (i >= sql.length()) {
            return false;
        }
        char c = sql.charAt(i);
        return c >= '0' && c <= '9' || c == '.' && i + 1 < sql.length() && Character.isDigit(sql.charAt(i + 1));
    }

    private static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    /** The end of a quoted token starting at {@code i} (doubled quotes escape), or -1 when unterminated. */
    private static int quoted(String sql, int i, char quote) {
        int j = i + 1;
        while (j < sql.length()) {
            if (sql.charAt(j) == quote) {
                if (j + 1 < sql.length() && sql.charAt(j + 1) == quote) {
                    j += 2;
                    continue;
                }
                return j + 1;
            }
            j++;
        }
        return -1;
    }
}
