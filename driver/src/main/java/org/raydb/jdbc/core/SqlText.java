package org.raydb.jdbc.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Just enough lexing of statement text to route it: which keywords start each statement (comments, string
 * literals and quoted identifiers skipped), whether the text is {@code EXPLAIN OFFLOAD}, a query, or may write.
 * DuckDB parses the statement for real; this only decides where it goes and what the offload layer hears.
 */
final class SqlText {

    private static final Set<String> WRITES = Set.of(
            "INSERT",
            "UPDATE",
            "DELETE",
            "MERGE",
            "COPY",
            "CREATE",
            "DROP",
            "ALTER",
            "TRUNCATE",
            "ATTACH",
            "DETACH",
            "IMPORT",
            "LOAD");
    private static final Set<String> SETTINGS = Set.of("SET", "RESET", "PRAGMA");
    private static final Set<String> QUERIES =
            Set.of("SELECT", "WITH", "FROM", "VALUES", "TABLE", "PIVOT", "UNPIVOT", "(");

    private SqlText() {}

    /** The query after a leading {@code EXPLAIN OFFLOAD}, or {@code null} when the text does not start so. */
    static String explainOffloadTarget(String sql) {
        int first = skipBlank(sql, 0);
        int second = skipBlank(sql, wordEnd(sql, first));
        if (!word(sql, first).equals("EXPLAIN") || !word(sql, second).equals("OFFLOAD")) {
            return null;
        }
        return sql.substring(wordEnd(sql, second)).trim();
    }

    /** Whether the text is one query that returns rows (the only kind the offload layer may answer). */
    static boolean isQuery(String sql) {
        List<List<String>> statements = statementKeywords(sql);
        return statements.size() == 1
                && !statements.get(0).isEmpty()
                && QUERIES.contains(statements.get(0).get(0))
                && !writes(statements.get(0));
    }

    /** Whether any statement in the text may change a table (conservative: a CTE feeding a write counts). */
    static boolean mayWrite(String sql) {
        for (List<String> keywords : statementKeywords(sql)) {
            if (writes(keywords)) {
                return true;
            }
        }
        return false;
    }

    /** Whether any statement in the text may change a setting ({@code SET}, {@code RESET}, {@code PRAGMA}). */
    static boolean changesSettings(String sql) {
        for (List<String> keywords : statementKeywords(sql)) {
            if (!keywords.isEmpty() && SETTINGS.contains(keywords.get(0))) {
                return true;
            }
        }
        return false;
    }

    /** Whether every statement in the text is a {@code SET} or {@code RESET} (they change no table). */
    static boolean onlySets(String sql) {
        List<List<String>> statements = statementKeywords(sql);
        return !statements.isEmpty()
                && statements.stream()
                        .allMatch(k -> !k.isEmpty()
                                && (k.get(0).equals("SET") || k.get(0).equals("RESET")));
    }

    private static boolean writes(List<String> keywords) {
        if (keywords.isEmpty()) {
            return false;
        }
        if (keywords.get(0).equals("WITH")) {
            return keywords.stream()
                    .anyMatch(k -> k.equals("INSERT") || k.equals("UPDATE") || k.equals("DELETE") || k.equals("MERGE"));
        }
        return WRITES.contains(keywords.get(0));
    }

    /** Upper-cased bare words (and a leading parenthesis) of each statement, split at top-level semicolons. */
    private static List<List<String>> statementKeywords(String sql) {
        List<List<String>> statements = new ArrayList<>();
        List<String> current = new ArrayList<>();
        int i = skipBlank(sql, 0);
        while (i < sql.length()) {
            char c = sql.charAt(i);
            if (c == ';') {
                if (!current.isEmpty()) {
                    statements.add(current);
                }
                current = new ArrayList<>();
                i++;
            } else if (c == '\'' || c == '"') {
                int close = sql.indexOf(c, i + 1);
                i = close < 0 ? sql.length() : close + 1;
            } else if (Character.isLetter(c) || c == '_') {
                int end = wordEnd(sql, i);
                current.add(sql.substring(i, end).toUpperCase(Locale.ROOT));
                i = end;
            } else {
                if (c == '(' && current.isEmpty()) {
                    current.add("(");
                }
                i++;
            }
            i = skipBlank(sql, i);
        }
        if (!current.isEmpty()) {
            statements.add(current);
        }
        return statements;
    }

    /** The index of the first character at or after {@code i} that is neither white space nor comment. */
    private static int skipBlank(String sql, int i) {
        while (i < sql.length()) {
            if (Character.isWhitespace(sql.charAt(i))) {
                i++;
            } else if (sql.startsWith("--", i)) {
                int end = sql.indexOf('\n', i);
                i = end < 0 ? sql.length() : end + 1;
            } else if (sql.startsWith("/*", i)) {
                int end = sql.indexOf("*/", i + 2);
                i = end < 0 ? sql.length() : end + 2;
            } else {
                return i;
            }
        }
        return i;
    }

    private static int wordEnd(String sql, int i) {
        while (i < sql.length() && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_')) {
            i++;
        }
        return i;
    }

    private static String word(String sql, int i) {
        return sql.substring(i, wordEnd(sql, i)).toUpperCase(Locale.ROOT);
    }
}
