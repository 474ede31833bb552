package org.raydb.ssb.query;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Picks clauses out of our own SSB query texts (one clause keyword per line, no subqueries), which is all
 * the selectivity count and the result comparison need; it is not an SQL parser.
 */
final class SqlClauses {

    private static final Pattern WHERE =
            Pattern.compile("(?is)\\bWHERE\\b(.*?)(?=\\bGROUP\\s+BY\\b|\\bORDER\\s+BY\\b|$)");
    private static final Pattern ORDER_BY = Pattern.compile("(?is)\\bORDER\\s+BY\\b(.*)$");
    private static final Pattern DIRECTION = Pattern.compile("(?i)\\s+(ASC|DESC)$");

    private SqlClauses() {}

    /** The WHERE condition, without the keyword. */
    static String where(String sql) {
        Matcher m = WHERE.matcher(sql);
        if (!m.find()) {
            throw new IllegalArgumentException("query has no WHERE clause: " + sql);
        }
        return m.group(1).strip();
    }

    static List<String> orderByNames(String sql) {
        Matcher m = ORDER_BY.matcher(sql);
        List<String> names = new ArrayList<>();
        if (m.find()) {
            for (String item : m.group(1).split(",")) {
                names.add(DIRECTION.matcher(item.strip()).replaceAll("").toLowerCase(Locale.ROOT));
            }
        }
        return names;
    }
}
