package org.raydb.offload.plan;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Functions whose answer comes from the session or the statement rather than from their arguments
 * ({@code current_database()}, {@code getvariable()}, {@code current_setting()}, {@code current_query()},
 * {@code random()}, ...): a statement calling one is not offloaded. The offload plans a statement on a database of
 * its own and DuckDB finishes it there ({@link PlanningDatabase}), where such a function would answer for that
 * database and statement, not for the application's.
 *
 * <p>The set is what DuckDB marks CONSISTENT_WITHIN_QUERY or VOLATILE in {@code duckdb_functions()}, read once per
 * process, and the built-in macros whose definitions call one of them or read the catalog. The functions of the
 * transaction's start time ({@code now()}, {@code current_date}, ...) are kept out of it: a finishing statement
 * runs in a transaction of its own wherever it runs, as DuckDB's own finishing of an offloaded statement always
 * did.
 */
final class SessionFunctions {

    private static final Set<String> TRANSACTION_TIME = Set.of(
            "now", "get_current_time", "get_current_timestamp", "current_date", "today", "transaction_timestamp");
    /** Words in a macro's definition that read the catalog or the session. */
    private static final Pattern CATALOG_READ = Pattern.compile("duckdb_|pg_catalog|information_schema");

    private static volatile Set<String> names;

    private SessionFunctions() {}

    /** Declines where {@code tree} (a parse tree, {@link SqlRewriter#parse}) calls such a function. */
    static void check(Connection planning, Map<String, Object> tree) throws SQLException, NotQualified {
        Set<String> called = new LinkedHashSet<>();
        collect(tree, called);
        Set<String> session = names(planning);
        for (String f : called) {
            if (session.contains(f)) {
                throw new NotQualified(
                        "the function " + f + "() answers from the session or the statement, not from its arguments");
            }
        }
    }

    private static void collect(Object value, Set<String> out) {
        if (value instanceof Map<?, ?> map) {
            if ("FUNCTION".equals(map.get("class"))) {
                out.add(String.valueOf(map.get("function_name")).toLowerCase(Locale.ROOT));
            }
            for (Object v : map.values()) collect(v, out);
        } else if (value instanceof List<?> list) {
            for (Object v : list) collect(v, out);
        }
    }

    /** The set, read once per process (about 100 ms in a new JVM on the build machine). */
    static Set<String> names(Connection planning) throws SQLException {
        Set<String> known = names;
        if (known != null) {
            return known;
        }
        Set<String> out = new java.util.HashSet<>();
        Map<String, String> macros = new HashMap<>();
        try (Statement st = planning.createStatement();
                ResultSet rs = st.executeQuery("SELECT function_name, function_type, stability, macro_definition"
                        + " FROM duckdb_functions()")) {
            while (rs.next()) {
                String name = rs.getString(1).toLowerCase(Locale.ROOT);
                String stability = rs.getString(3);
                if ("macro".equals(rs.getString(2))) {
                    String definition = rs.getString(4);
                    macros.merge(name, definition == null ? "" : definition, (a, b) -> a + " " + b);
                } else if (stability != null && !stability.equals("CONSISTENT") && !TRANSACTION_TIME.contains(name)) {
                    out.add(name);
                }
            }
        }
        // A macro calling such a function (or a macro that does) is one too.
        boolean grew = true;
        while (grew) {
            grew = false;
            Pattern calls = Pattern.compile(
                    out.stream().map(Pattern::quote).collect(Collectors.joining("|", "\\b(?:", ")\\s*\\(")));
            for (Map.Entry<String, String> m : macros.entrySet()) {
                if (out.contains(m.getKey())) continue;
                String definition = m.getValue().toLowerCase(Locale.ROOT);
                if (CATALOG_READ.matcher(definition).find()
                        || calls.matcher(definition).find()) {
                    out.add(m.getKey());
                    grew = true;
                }
            }
        }
        names = Set.copyOf(out);
        return names;
    }
}
