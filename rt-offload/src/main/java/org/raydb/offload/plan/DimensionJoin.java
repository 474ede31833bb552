package org.raydb.offload.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * An inner equi-join to a dimension on a key unique in the dimension, from the fact table or, in a snowflake
 * chain, from a dimension joined before: every fact row meets at most one row of it, so the join adds columns to
 * the fact table ({@link VirtualColumn}) and drops the fact rows whose key meets none.
 *
 * @param path         the joins from the fact table, this one last
 * @param keyType      the type of both key columns
 * @param dimension    the dimension table
 * @param uniqueness   how the key is known to be unique ({@code PRIMARY KEY}, {@code UNIQUE}, or counted over the
 *                     data; the load counts again on every snapshot)
 */
public record DimensionJoin(List<VirtualColumn.Hop> path, ColumnType keyType, TableRef dimension, String uniqueness) {

    public DimensionJoin {
        path = List.copyOf(path);
    }

    /** The fact table's column the join starts from: its own, or a dimension's reached before (virtual). */
    public String foreignKey() {
        return new VirtualColumn(path, key()).via();
    }

    /** The dimension's key column. */
    public String key() {
        return path.get(path.size() - 1).key();
    }

    /** The dimension's {@code column} as a column of the fact table. */
    public VirtualColumn column(String column) {
        return new VirtualColumn(path, column);
    }

    /** A join from this dimension's column {@code foreignKey} to {@code next}. */
    DimensionJoin then(String foreignKey, TableRef next, String key, ColumnType type, String uniqueness) {
        List<VirtualColumn.Hop> longer = new ArrayList<>(path);
        longer.add(new VirtualColumn.Hop(foreignKey, next.schema(), next.name(), key));
        return new DimensionJoin(longer, type, next, uniqueness);
    }

    /** Whether a filter on {@code column} that fails NULL drops the fact rows this join drops (and maybe more). */
    boolean impliedBy(VirtualColumn column) {
        return column.path().size() >= path.size()
                && column.path().subList(0, path.size()).equals(path);
    }

    /**
     * The join's own filter on the foreign key, for DuckDB to judge over its distinct values: the fact rows whose
     * key meets a dimension row. A filter on one of the dimension's columns that NULL fails implies it.
     */
    String matchPredicate() {
        return TableRef.quote(foreignKey()) + " IN (SELECT " + TableRef.quote(key()) + " FROM " + dimension.sql() + ")";
    }

    @Override
    public String toString() {
        VirtualColumn via = VirtualColumn.parse(foreignKey());
        return (via == null ? foreignKey() : via.toString()) + " = " + dimension + "." + key() + " (" + uniqueness
                + ")";
    }
}
