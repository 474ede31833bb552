package org.raydb.offload;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Generates qualifying aggregation queries over {@link DifferentialFixture}'s table from a seed: 0–3 filtered
 * columns with every predicate form (and comparisons of two columns, expressions of two compared with constants),
 * aggregates under FILTER or CASE on a condition of one or two columns, 0–2 group keys (including a 10,000-group key,
 * NULL groups and a function of one column or two), 1–4
 * aggregates, and ORDER BY / LIMIT / HAVING / CTE / outer-aggregate wrappers on top.
 */
final class QueryGenerator {

    private static final List<String> FILTER_COLUMNS = List.of(
            "k_small", "k_skew", "k_int", "k_big", "k_dec", "k_date", "k_ts", "k_bool", "k_str", "k_null", "id",
            "g10k");
    private static final List<String> GROUP_COLUMNS =
            List.of("k_small", "k_skew", "k_str", "k_date", "k_bool", "k_null", "g10k", "k_dec", "k_ts", "k_big");
    private static final List<String> AGGREGATES = List.of(
            "sum(m_int)",
            "sum(m_big)",
            "sum(m_dec)",
            "avg(m_int)",
            "avg(m_dec)",
            "min(m_dec)",
            "max(m_big)",
            "min(m_small)",
            "max(m_int)",
            "count(*)",
            "count(m_null)",
            "sum(m_null)",
            "avg(m_null)",
            "sum(m_int * m_small)",
            "sum(m_dec - m_int)",
            "sum(m_int + 5)",
            "max(m_null)",
            "count(k_str)",
            "sum(m_small * 3)",
            "avg(m_big)",
            "min(k_date)",
            "max(k_ts)",
            "min(k_str)",
            "max(k_str)");

    /** Draws the query's structure: with one seed, the statements differ only in their constants. */
    private final Random random;
    /** Draws the constants. */
    private final Random values;

    private final Map<String, List<String>> literals;
    /**
     * Whether shapes that are always planned in full are drawn too: filters DuckDB judges over dictionaries,
     * computed group keys, comparisons of two columns, aggregates under a condition.
     */
    private final boolean untemplated;

    private QueryGenerator(long seed, long valueSeed, Map<String, List<String>> literals, boolean untemplated) {
        this.random = new Random(seed);
        this.values = new Random(valueSeed);
        this.literals = literals;
        this.untemplated = untemplated;
    }

    /**
     * A generator of structures that differ only in their constants, for plan templates: without the shapes
     * whose statements are always planned in full.
     */
    QueryGenerator withConstants(long structureSeed, long valueSeed) {
        return new QueryGenerator(structureSeed, valueSeed, literals, false);
    }

    /** Reads a sample of each filter column's values as SQL literals. */
    static QueryGenerator create(long seed, OffloadHarness h) throws SQLException {
        Map<String, List<String>> literals = new LinkedHashMap<>();
        for (String c : FILTER_COLUMNS) {
            List<String> values = new ArrayList<>();
            for (List<Object> row : h.duck(
                    "SELECT DISTINCT " + c + " FROM r WHERE " + c + " IS NOT NULL ORDER BY " + c + " LIMIT 400")) {
                values.add(literal(row.get(0)));
            }
            literals.put(c, values);
        }
        return new QueryGenerator(seed, seed, literals, true);
    }

    private static String literal(Object v) {
        if (v instanceof String s) {
            return "'" + s.replace("'", "''") + "'";
        }
        if (v instanceof java.sql.Date || v instanceof java.time.LocalDate) {
            return "DATE '" + v + "'";
        }
        if (v instanceof java.sql.Timestamp t) {
            return "TIMESTAMP '" + t.toLocalDateTime() + "'";
        }
        if (v instanceof java.time.LocalDateTime t) {
            return "TIMESTAMP '" + t + "'";
        }
        return v.toString();
    }

    private static final List<String> COMPARED_COLUMNS = List.of(
            "k_small < k_skew",
            "k_int >= k_null",
            "k_skew <> k_int",
            "k_big > k_int",
            "m_small <= k_small",
            "k_dec < m_dec",
            "k_small + k_skew > 12",
            "k_dec * m_small BETWEEN -2000 AND 3000");

    /** Conditions on one column, as an aggregate's FILTER or a CASE's WHEN. */
    private static final List<String> CONDITIONS = List.of(
            "k_str LIKE '%1%'",
            "k_small IN (1, 2, 3)",
            "k_date >= DATE '1995-01-01'",
            "k_null IS NULL",
            "year(k_date) = 1994",
            "k_int % 2 = 0",
            "k_small > k_skew % 10");

    private static final List<String> DERIVED_KEYS = List.of(
            "year(k_date)",
            "date_trunc('month', k_date)",
            "substring(k_str, 1, 1)",
            "coalesce(k_str, '?')",
            "k_small % 3",
            "dayofweek(k_date)",
            "k_skew % 7 * 10 + k_small");

    String next() {
        List<String> filters = new ArrayList<>();
        List<String> cols = new ArrayList<>(FILTER_COLUMNS);
        Collections.shuffle(cols, random);
        int nf = random.nextInt(4);
        for (int i = 0; i < nf; i++) {
            filters.add(predicate(cols.get(i)));
        }
        if (untemplated && random.nextInt(6) == 0) {
            // Two columns of one row compared.
            filters.add(COMPARED_COLUMNS.get(random.nextInt(COMPARED_COLUMNS.size())));
        }
        List<String> groups = new ArrayList<>(GROUP_COLUMNS);
        Collections.shuffle(groups, random);
        groups = new ArrayList<>(groups.subList(0, random.nextInt(3)));
        if (random.nextInt(8) == 0) {
            groups = new ArrayList<>(List.of("g10k"));
        } else if (untemplated && random.nextInt(5) == 0) {
            // A function of one column as a key: evaluated per distinct value, NULL included.
            groups.add(DERIVED_KEYS.get(random.nextInt(DERIVED_KEYS.size())));
        }
        List<String> aggs = new ArrayList<>(AGGREGATES);
        Collections.shuffle(aggs, random);
        aggs = new ArrayList<>(aggs.subList(0, 1 + random.nextInt(4)));
        if (untemplated && random.nextInt(4) == 0) {
            // An aggregate over the rows of a condition on one column: FILTER, CASE without ELSE, CASE ... ELSE 0,
            // and two WHEN branches (each a condition on one column, the second over another column or the same).
            int i = random.nextInt(aggs.size());
            String agg = aggs.get(i);
            String condition = CONDITIONS.get(random.nextInt(CONDITIONS.size()));
            int open = agg.indexOf('(');
            String fn = agg.substring(0, open);
            String arg = agg.substring(open + 1, agg.length() - 1);
            // ELSE 0 and a second branch only where the argument is a number.
            int form = arg.equals("*") ? 0 : random.nextInt(arg.startsWith("k_") ? 2 : 4);
            aggs.set(
                    i,
                    switch (form) {
                        case 0 -> agg + " FILTER (WHERE " + condition + ")";
                        case 1 -> fn + "(CASE WHEN " + condition + " THEN " + arg + " END)";
                        case 2 -> fn + "(CASE WHEN " + condition + " THEN " + arg + " ELSE 0 END)";
                        default ->
                            fn + "(CASE WHEN " + condition + " THEN " + arg + " WHEN "
                                    + CONDITIONS.get(random.nextInt(CONDITIONS.size())) + " THEN 0 ELSE " + arg
                                    + " END)";
                    });
        }

        List<String> select = new ArrayList<>(groups);
        for (int i = 0; i < aggs.size(); i++) {
            select.add(aggs.get(i) + (random.nextBoolean() ? " AS a" + i : ""));
        }
        StringBuilder q =
                new StringBuilder("SELECT ").append(String.join(", ", select)).append(" FROM r");
        if (!filters.isEmpty()) {
            q.append(" WHERE ").append(String.join(" AND ", filters));
        }
        if (!groups.isEmpty()) {
            q.append(" GROUP BY ").append(String.join(", ", groups));
        }
        int shape = random.nextInt(6);
        if (shape == 1) {
            q.append(" HAVING count(*) > ").append(random.nextInt(3));
        }
        if (!groups.isEmpty() && (shape == 2 || shape == 3)) {
            List<String> order = new ArrayList<>();
            for (int i = 1; i <= groups.size(); i++) {
                order.add(i + (random.nextBoolean() ? " DESC" : "") + (random.nextBoolean() ? " NULLS FIRST" : ""));
            }
            q.append(" ORDER BY ").append(String.join(", ", order));
            if (shape == 3) {
                q.append(" LIMIT ").append(1 + random.nextInt(20));
            }
        }
        if (shape == 4) {
            return "WITH agg AS (" + q + ") SELECT * FROM agg";
        }
        if (shape == 5) {
            // DuckDB aggregates the offloaded groups once more (or just reads the single row).
            return (groups.isEmpty() ? "SELECT * FROM (" : "SELECT count(*) FROM (") + q + ") AS sub";
        }
        return q.toString();
    }

    private String value(String column) {
        List<String> sample = literals.get(column);
        return sample.get(values.nextInt(sample.size()));
    }

    /** Two sample values in order, "a AND b" (reversed bounds would let DuckDB's optimizer drop the scan). */
    private String ordered(String c) {
        List<String> sample = literals.get(c);
        int i = values.nextInt(sample.size());
        int j = values.nextInt(sample.size());
        return sample.get(Math.min(i, j)) + " AND " + sample.get(Math.max(i, j));
    }

    private String predicate(String c) {
        int kind = untemplated ? random.nextInt(17) : random.nextInt(14);
        if (!untemplated && kind == 13) {
            kind = 16; // the bounds outside the column's values, as before dictionary filters were drawn
        }
        switch (kind) {
            case 0:
                return c + " = " + value(c);
            case 1:
                return c + " <> " + value(c);
            case 2:
                return c + " < " + value(c);
            case 3:
                return c + " <= " + value(c);
            case 4:
                return c + " > " + value(c);
            case 5:
                return c + " >= " + value(c);
            case 6:
                return c + " BETWEEN " + ordered(c);
            case 7:
                return c + " IN (" + value(c) + ", " + value(c) + ", " + value(c) + ")";
            case 8:
                return "(" + c + " = " + value(c) + " OR " + c + " = " + value(c) + ")";
            case 9:
                return c + " IS NULL";
            case 10:
                return c + " IS NOT NULL";
            case 11:
                return c + " NOT IN (" + value(c) + ", " + value(c) + ")";
            case 12:
                return c + " NOT BETWEEN " + ordered(c);
            // Filters DuckDB judges over the column's distinct values (functions of one column).
            case 13:
                return "coalesce(" + c + ", " + value(c) + ") = " + value(c);
            case 14:
                return c + "::VARCHAR LIKE '%' || (" + value(c) + ")::VARCHAR || '%'";
            case 15:
                return "(NOT (" + c + "::VARCHAR ILIKE '%" + random.nextInt(10) + "%') OR hash(" + c + ") % 3 = 0)";
            default: {
                // All rows (or none): bounds outside the column's values.
                List<String> values = literals.get(c);
                return c + (random.nextBoolean() ? " >= " + values.get(0) : " < " + values.get(0));
            }
        }
    }
}
