package org.raydb.offload.mirror;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Random aggregations over one table: a conjunction of range, equality and IN filters on 0–3 columns, 0–2
 * group keys, 1–3 aggregates among SUM, AVG, MIN, MAX, COUNT and COUNT(*); as literals or as {@code ?}
 * parameters. Most are built in the shape the offload takes (its column types, each aggregate on a column it
 * accepts, no NULL operands, BETWEEN bounds in order), so that the offload answers them unless the data or
 * the session rule it out; the rest draw from every column and value, to check its declines. ORDER BY, when
 * present, names every group key, so the order is defined.
 */
final class AggregateQueries {

    /** Query text, its parameters (empty for literals), and whether its row order is defined. */
    record Query(String sql, List<Object> parameters, boolean ordered) {}

    private static final int SUM = 0;
    private static final int AVG = 1;
    private static final int MIN = 2;
    private static final int MAX = 3;
    private static final int COUNT = 4;
    private static final int COUNT_STAR = 5;

    private AggregateQueries() {}

    static Query next(TableCatalog.Table table, String tableRef, boolean parameterized, Random r) {
        // Four in five are built to fit; the rest check the declines.
        boolean fits = r.nextInt(5) != 0;
        List<TableCatalog.Column> columns = columns(table, fits, r);
        List<String> filters = new ArrayList<>();
        List<Object> parameters = new ArrayList<>();
        int nf = Math.min(columns.size(), r.nextInt(4));
        for (int i = 0; i < nf; i++) {
            filters.add(filter(columns.get(i), fits, parameterized ? parameters : null, r));
        }
        columns = columns(table, fits, r);
        List<String> groups = new ArrayList<>();
        int ng = Math.min(columns.size(), r.nextInt(3));
        for (int i = 0; i < ng; i++) {
            groups.add(columns.get(i).name());
        }
        List<Call> calls = new ArrayList<>();
        int na = 1 + r.nextInt(3);
        for (int i = 0; i < na; i++) {
            calls.add(fits ? fittingAggregate(table.columns(), r) : aggregate(table.columns(), r));
        }
        List<String> select = new ArrayList<>(groups);
        calls.forEach(c -> select.add(c.sql()));
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
     * The columns to filter or group on, in random order: only those the offload takes when the query is to
     * fit, else most of those first, and the others after them.
     */
    private static List<TableCatalog.Column> columns(TableCatalog.Table table, boolean fits, Random r) {
        List<TableCatalog.Column> first = new ArrayList<>();
        List<TableCatalog.Column> last = new ArrayList<>();
        for (TableCatalog.Column c : table.columns()) {
            if (ColumnValues.isOffloadable(c.type()) || !fits && r.nextInt(6) == 0) {
                first.add(c);
            } else if (!fits) {
                last.add(c);
            }
        }
        Collections.shuffle(first, r);
        Collections.shuffle(last, r);
        first.addAll(last);
        return first;
    }

    /** An aggregate function ({@link #SUM} to {@link #COUNT_STAR}) of a column ({@code null} for COUNT(*)). */
    private record Call(int fn, String column) {

        String sql() {
            return switch (fn) {
                case SUM -> "sum(" + column + ")";
                case AVG -> "avg(" + column + ")";
                case MIN -> "min(" + column + ")";
                case MAX -> "max(" + column + ")";
                case COUNT -> "count(" + column + ")";
                default -> "count(*)";
            };
        }
    }

    /** Any aggregate, mostly of an exact measure. */
    private static Call aggregate(List<TableCatalog.Column> columns, Random r) {
        TableCatalog.Column c = columns.get(r.nextInt(columns.size()));
        List<TableCatalog.Column> measures = columns.stream()
                .filter(x -> ColumnValues.isExactNumeric(x.type()) && ColumnValues.isOffloadable(x.type()))
                .toList();
        if (!measures.isEmpty() && r.nextInt(4) != 0) {
            c = measures.get(r.nextInt(measures.size()));
        }
        int fn = r.nextInt(6);
        if (fn <= AVG && !ColumnValues.isExactNumeric(c.type())) {
            // SUM and AVG of floats sum in an order DuckDB does not fix; the offload declines them anyway.
            fn = COUNT;
        }
        return new Call(fn, fn == COUNT_STAR ? null : c.name());
    }

    /**
     * An aggregate the offload plans: SUM and AVG of an exact measure, MIN and MAX of one or of a DATE,
     * TIMESTAMP or VARCHAR column, COUNT of any column it reads.
     */
    private static Call fittingAggregate(List<TableCatalog.Column> columns, Random r) {
        int fn = r.nextInt(6);
        List<TableCatalog.Column> eligible = columns.stream()
                .filter(c -> ColumnValues.isOffloadable(c.type())
                        && switch (fn) {
                            case SUM, AVG -> ColumnValues.isExactNumeric(c.type());
                            case MIN, MAX -> !c.type().equals("BOOLEAN");
                            default -> true;
                        })
                .toList();
        // A dropped id column can leave no measure.
        return fn == COUNT_STAR || eligible.isEmpty()
                ? new Call(COUNT_STAR, null)
                : new Call(fn, eligible.get(r.nextInt(eligible.size())).name());
    }

    /**
     * A filter on {@code c}; with {@code parameters} its values become {@code ?} and are added there. One that
     * is to fit has no NULL operand (DuckDB folds the filter to false) and no BETWEEN with its bounds reversed
     * (DuckDB proves it empty): either leaves the offload nothing to answer.
     */
    private static String filter(TableCatalog.Column c, boolean fits, List<Object> parameters, Random r) {
        return switch (r.nextInt(5)) {
            case 0 -> c.name() + " = " + value(c, fits, parameters, r);
            case 1 -> c.name() + (r.nextBoolean() ? " < " : " <= ") + value(c, fits, parameters, r);
            case 2 -> c.name() + (r.nextBoolean() ? " > " : " >= ") + value(c, fits, parameters, r);
            case 3 -> {
                ColumnValues.Value low = operand(c, fits, r);
                ColumnValues.Value high = operand(c, fits, r);
                if (fits && ColumnValues.compare(low.java(), high.java()) > 0) {
                    ColumnValues.Value swap = low;
                    low = high;
                    high = swap;
                }
                yield c.name() + " BETWEEN " + bind(c, low, fits, parameters, r) + " AND "
                        + bind(c, high, fits, parameters, r);
            }
            default ->
                c.name() + " IN (" + value(c, fits, parameters, r) + ", " + value(c, fits, parameters, r) + ", "
                        + value(c, fits, parameters, r) + ")";
        };
    }

    private static String value(TableCatalog.Column c, boolean fits, List<Object> parameters, Random r) {
        return bind(c, operand(c, fits, r), fits, parameters, r);
    }

    /** A value for a filter on {@code c}: never NULL where the query is to fit (an infinite date reads as NULL). */
    private static ColumnValues.Value operand(TableCatalog.Column c, boolean fits, Random r) {
        ColumnValues.Value v = ColumnValues.value(c.type(), r);
        // A NULL bound makes DuckDB's optimizer drop the whole scan; keep a few of them.
        while (v.java() == null && (fits || r.nextInt(4) != 0)) {
            v = ColumnValues.value(c.type(), r);
        }
        return v;
    }

    /** {@code v} as a literal, or as {@code ?} with its value added to {@code parameters}. */
    private static String bind(
            TableCatalog.Column c, ColumnValues.Value v, boolean fits, List<Object> parameters, Random r) {
        if (parameters == null) {
            return v.sql();
        }
        // Now and then a parameter DuckDB cannot cast to the column's type: both sides must reject it.
        parameters.add(fits || r.nextInt(30) != 0 || c.type().equals("VARCHAR") ? v.java() : "not a value");
        return "?";
    }
}
