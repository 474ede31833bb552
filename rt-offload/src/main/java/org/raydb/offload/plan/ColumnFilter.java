package org.raydb.offload.plan;

import java.util.List;

/**
 * The conjunction of all filter atoms on one column, as the exact set of values that pass, and of the predicates
 * on it that DuckDB evaluates over the column's distinct values ({@link DictionaryPredicates}: SQL text over the
 * column, such as {@code s LIKE '%AIR%'}).
 */
public record ColumnFilter(String column, ColumnType type, ValueSet values, List<String> predicates) {

    public ColumnFilter {
        predicates = List.copyOf(predicates);
    }

    public ColumnFilter(String column, ColumnType type, ValueSet values) {
        this(column, type, values, List.of());
    }

    @Override
    public String toString() {
        return column + " " + values + (predicates.isEmpty() ? "" : " and " + String.join(" and ", predicates));
    }
}
