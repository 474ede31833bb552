package org.raydb.offload.plan;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What a statement's text alone says it reads, before any binder has seen it: the tables its one FROM lists (one, or
 * several separated by commas, as a star join is often written), and every name it uses (columns among them). Only a
 * guess, made for a cheap early answer where what the guess reads is not resident yet ({@link
 * QueryPlanner.Ahead#leaveUnbound}): a name may be an alias, and a temporary table or a view may stand behind a
 * table's name. A guess that leaves a statement to DuckDB wrongly costs its first run its offload, never its answer;
 * text with a JOIN, a subquery or a set operation gets none.
 *
 * @param tables   the tables as written, in their order
 * @param names    every name of the text (a quoted one without its quote), lower-cased
 * @param measures the argument of each SUM, AVG, MIN and MAX as written: its tokens, literals left out, joined by
 *                 spaces (a measure the engines keep resident; COUNT's argument is none, as DuckDB counts a NOT NULL
 *                 column's rows as COUNT(*))
 */
public record TextReads(List<Table> tables, Set<String> names, Set<String> measures) {

    /**
     * A table as the text names it.
     *
     * @param qualifiers its catalog and schema as written (none, the schema, or both), lower-cased
     * @param name       its name as written, lower-cased
     */
    public record Table(List<String> qualifiers, String name) {}

    /** What makes a statement's reads more than its FROM list says (or a name there other than an alias). */
    private static final Set<String> REFUSED =
            Set.of("join", "union", "intersect", "except", "with", "pivot", "unpivot", "lateral", "recursive");

    /** What may follow the table (or its alias) in the statements a guess is made for. */
    private static final Set<String> AFTER_TABLE =
            Set.of("where", "group", "having", "order", "limit", "offset", "qualify", "window", ";");

    /** The signs of an aggregation: only those are planned, and only those a guess is made for. */
    private static final Set<String> AGGREGATING = Set.of("group", "sum", "count", "min", "max", "avg");

    /** The aggregates whose argument is a measure ({@link #measures}). */
    private static final Set<String> MEASURING = Set.of("sum", "avg", "min", "max");

    /** The reads of {@code literals}' text, or {@code null} where its text gets no guess. */
    static TextReads of(SqlLiterals literals) {
        List<String> tokens = literals.tokens();
        int selects = 0;
        int from = -1;
        boolean aggregating = false;
        Set<String> names = new HashSet<>();
        Set<String> measures = new HashSet<>();
        for (int i = 0; i < tokens.size(); i++) {
            String t = tokens.get(i);
            if (REFUSED.contains(t)) return null;
            if (t.equals("select")) selects++;
            if (t.equals("from")) {
                if (from >= 0) return null;
                from = i;
            }
            aggregating |= AGGREGATING.contains(t);
            if (isName(t)) names.add(unquoted(t));
            if (MEASURING.contains(t)
                    && i + 1 < tokens.size()
                    && tokens.get(i + 1).equals("(")) {
                measures.add(argument(tokens, i + 1));
            }
        }
        if (selects != 1 || from < 0 || !aggregating) return null;
        List<Table> tables = new ArrayList<>();
        int i = from;
        do {
            List<String> path = new ArrayList<>();
            i++;
            while (i < tokens.size() && isName(tokens.get(i)) && !AFTER_TABLE.contains(tokens.get(i))) {
                path.add(unquoted(tokens.get(i)));
                i++;
                if (i < tokens.size() && tokens.get(i).equals(".") && path.size() < 3) {
                    i++;
                } else {
                    break;
                }
            }
            if (path.isEmpty()) return null;
            if (i < tokens.size() && tokens.get(i).equals("as")) i++;
            if (i < tokens.size() && isName(tokens.get(i)) && !AFTER_TABLE.contains(tokens.get(i))) i++; // an alias
            tables.add(new Table(List.copyOf(path.subList(0, path.size() - 1)), path.getLast()));
        } while (i < tokens.size() && tokens.get(i).equals(","));
        if (i < tokens.size() && !AFTER_TABLE.contains(tokens.get(i))) return null;
        return new TextReads(List.copyOf(tables), Set.copyOf(names), Set.copyOf(measures));
    }

    /** The {@link #measures} of {@code sql}'s text; none where its text gets no guess. */
    public static Set<String> measuresOf(String sql) {
        SqlLiterals literals = SqlLiterals.of(sql);
        TextReads reads = literals == null ? null : of(literals);
        return reads == null ? Set.of() : reads.measures();
    }

    /** The tokens inside the parentheses that open at {@code open}, joined by spaces. */
    private static String argument(List<String> tokens, int open) {
        StringBuilder out = new StringBuilder();
        int depth = 0;
        for (int j = open; j < tokens.size(); j++) {
            String t = tokens.get(j);
            if (t.equals("(")) depth++;
            if (t.equals(")") && --depth == 0) break;
            if (j > open) out.append(out.isEmpty() ? "" : " ").append(t);
        }
        return out.toString();
    }

    /** A name token without the double quote {@link SqlLiterals#tokens} marks a quoted one with. */
    private static String unquoted(String name) {
        return name.startsWith("\"") ? name.substring(1) : name;
    }

    private static boolean isName(String token) {
        char c = token.charAt(0);
        return c == '"' || Character.isLetter(c) || c == '_';
    }
}
