package org.raydb.ssb.query;

import java.util.List;
import java.util.stream.Stream;

/**
 * One generated ad-hoc query over {@code lineorder_flat} ({@link AdhocQueries}): its id ({@code a01} ...), its
 * filters (SQL conditions, ANDed), its group keys (columns, also its ORDER BY, so that its rows come in one
 * order) and its aggregates (SQL expressions).
 */
public record AdhocQuery(String id, List<String> filters, List<String> groupKeys, List<String> aggregates) {

    /** The query as one line of SQL. */
    public String sql() {
        String sql = "SELECT "
                + String.join(
                        ", ",
                        Stream.concat(groupKeys.stream(), aggregates.stream()).toList())
                + " FROM lineorder_flat WHERE " + String.join(" AND ", filters);
        if (groupKeys.isEmpty()) {
            return sql;
        }
        String keys = String.join(", ", groupKeys);
        return sql + " GROUP BY " + keys + " ORDER BY " + keys;
    }

    /** The names its ORDER BY sorts on (its group keys), as the result comparison takes them. */
    public List<String> orderByNames() {
        return groupKeys;
    }
}
