package org.raydb.ssb.query;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The constants of our own SSB query texts: quoted strings and integers (not the digits of a name such as
 * {@code p_brand1}). They are what a query's constants are drawn into, and what a plan cache keyed by the text
 * without its constants ignores.
 */
public final class SqlLiterals {

    private static final Pattern LITERAL = Pattern.compile("'(?:[^']|'')*'|(?<![\\w.])\\d+(?![\\w.])");

    private SqlLiterals() {}

    /** How many constants {@code sql} holds. */
    public static int count(String sql) {
        return (int) LITERAL.matcher(sql).results().count();
    }

    /** {@code sql} with each constant replaced by {@code ?}, for a prepared statement. */
    public static String parameterized(String sql) {
        return LITERAL.matcher(sql).replaceAll("?");
    }

    /** {@code sql} with its i-th constant replaced by {@code constants.get(i)} (an Integer or a String). */
    public static String filled(String sql, List<Object> constants) {
        Matcher m = LITERAL.matcher(sql);
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (m.find()) {
            if (i == constants.size()) {
                throw new IllegalArgumentException("more constants in the SQL than the " + i + " given: " + sql);
            }
            m.appendReplacement(out, Matcher.quoteReplacement(literal(constants.get(i++))));
        }
        if (i != constants.size()) {
            throw new IllegalArgumentException(constants.size() + " constants given for the " + i + " in: " + sql);
        }
        return m.appendTail(out).toString();
    }

    /** An Integer as digits, a String quoted (quotes doubled). */
    public static String literal(Object constant) {
        return switch (constant) {
            case Integer n -> n.toString();
            case String s -> "'" + s.replace("'", "''") + "'";
            default -> throw new IllegalArgumentException("not an SQL constant: " + constant);
        };
    }
}
