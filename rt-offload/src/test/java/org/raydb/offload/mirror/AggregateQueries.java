package org.raydb.offload.mirror;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Random aggregations in the shape the offload takes: one table, a conjunction of range, equality and IN
 * filters on 0–3 columns, 0–2 group keys, 1–3 aggregates among SUM, AVG, MIN, MAX, COUNT and COUNT(*); as
 * literals or as {@code ?} parameters. ORDER BY, when present, names every group key, so the order is defined.
 */
final class AggregateQueries {

    /** Query text, its parameters (empty for literals), and whether its row order is defined. */
    record Query(String sql, List<Object> parameters, boolean ordered) {}

    private AggregateQueries() {}

    static Query next(TableCatalog.Table table, String tableRef, boolean parameterized, Random r) {
        List<TableCatalog.Column> columns = shuffled(table.columns(), r);
        List<String> filters = new ArrayList<>();
        List<Object> parameters = new ArrayList<>();
        int nf = Math.min(columns.size(), r.nextInt(4));
        for (int i = 0; i < nf; i++) {
            filters.add(filter(columns.get(i), parameterized ? parameters : null, r));
        }
        columns = shuffled(table.columns(), r);
        List<String> groups = new ArrayList<>();
        int ng = Math.min(columns.size(), r.nextInt(3));
        for (int i = 0; i < ng; i++) {
            groups.add(columns.get(i).name());
        }
        List<String> select = new ArrayList<>(groups);
        int na = 1 + r.nextInt(3);
        for (int i = 0; i < na; i++) {
            select.add(aggregate(table.columns(), r));
        }
        StringBuilder sql = new StringBuilder("SELECT ")
                .append(String.join(", ", select))
                .append(" FROM ")
                .append(tableRef);
        if (!filters.isEmpty()) {
            sql.append(" WHERE ").append(String.join(" AND ", filters));
        }
        if (!groups.isEmpty()) {
            sql.append(" GROUP BY ").append(String.join(", ", groups));
        }
        boolean ordered = !groups.isEmpty() && r.nextBoolean();
        if (ordered) {
            List<String> order = new ArrayList<>();
            for (String g : groups) {
                order.add(g + (r.nextBoolean() ? " DESC" : "") + (r.nextBoolean() ? " NULLS FIRST" : " NULLS LAST"));
            }
            sql.append(" ORDER BY ").append(String.join(", ", order));
        }
        return new Query(sql.toString(), parameters, ordered || groups.isEmpty());
    }

    /**
     * The columns in random order, most of those the offload takes first, so that most queries reach it and
     * the rest check its declining.
     */
    private static List<TableCatalog.Column> shuffled(List<TableCatalog.Column> columns, Random r) {
        List<TableCatalog.Column> first = new ArrayList<>();
        List<TableCatalog.Column> last = new ArrayList<>();
        for (TableCatalog.Column c : columns) {
            (ColumnValues.isOffloadable(c.type()) || r.nextInt(6) == 0 ? first : last).add(c);
        }
        Collections.shuffle(first, r);
        Collections.shuffle(last, r);
        first.addAll(last);
        return first;
    }

    private static String aggregate(List<TableCatalog.Column> columns, Random r) {
        TableCatalog.Column c = columns.get(r.nextInt(columns.size()));
        List<TableCatalog.Column> measures = columns.stream()
                .filter(x -> ColumnValues.isExactNumeric(x.type()) && ColumnValues.isOffloadable(x.type()))
                .toList();
        if (!measures.isEmpty() && r.nextInt(4) != 0) {
            c = measures.get(r.nextInt(measures.size()));
        }
        int fn = r.nextInt(6);
        if (fn < 2 && !ColumnValues.isExactNumeric(c.type())) {
            // SUM and AVG of floats sum in an order DuckDB does not fix; the offload declines them anyway.
            fn = 4;
        }
        return switch (fn) {
            case 0 -> "sum(" + c.name() + ")";
            case 1 -> "avg(" + c.name() + ")";
            case 2 -> "min(" + c.name() + ")";
            case 3 -> "max(" + c.name() + ")";
            case 4 -> "count(" + c.name() + ")";
            default -> "count(*)";
        };
    }

    /** A filter on {@code c}; with {@code parameters} its values become {@code ?} and are added there. */
    private static String filter(TableCatalog.Column c, List<Object> parameters, Random r) {
        return switch (r.nextInt(5)) {
            case 0 -> c.name() + " = " + value(c, parameters, r);
            case 1 -> c.name() + (r.nextBoolean() ? " < " : " <= ") + value(c, parameters, r);
            case 2 -> c.name() + (r.nextBoolean() ? " > " : " >= ") + value(c, parameters, r);
            case 3 -> c.name() + " BETWEEN " + value(c, parameters, r) + " AND " + value(c, parameters, r);
            default ->
                c.name() + " IN (" + value(c, parameters, r) + ", " + value(c, parameters, r) + ", "
                        + value(c, parameters, r) + ")";
        };
    }

    private static String value(TableCatalog.Column c, List<Object> parameters, Random r) {
        ColumnValues.Value v = ColumnValues.value(c.type(), r);
        // A NULL bound makes DuckDB's optimizer drop the whole scan; keep a few of them.
        while (v.java() == null && r.nextInt(4) != 0) {
            v = ColumnValues.value(c.type(), r);
        }
        if (parameters == null) {
            return v.sql();
        }
        // Now and then a parameter DuckDB cannot cast to the column's type: both sides must reject it.
        parameters.add(r.nextInt(30) != 0 || c.type().equals("VARCHAR") ? v.java() : "not a value");
        return "?";
    }
}
