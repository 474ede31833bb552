package org.raydb.offload.plan;

/**
 * An inner equi-join of the fact table to a dimension on a key unique in the dimension: every fact row meets at
 * most one dimension row, so the join adds columns to the fact table ({@link VirtualColumn}) and drops the fact
 * rows whose foreign key meets none.
 *
 * @param foreignKey   the fact table's column
 * @param keyType      the type of both key columns
 * @param dimension    the dimension table
 * @param key          its unique key column
 * @param dimensionOid its catalog oid when planned (another oid: the dimension was created again or altered)
 * @param uniqueness   how the key is known to be unique ({@code PRIMARY KEY}, {@code UNIQUE}, or verified over
 *                     the data; the load verifies it again on every snapshot)
 */
public record DimensionJoin(
        String foreignKey, ColumnType keyType, TableRef dimension, String key, long dimensionOid, String uniqueness) {

    /** The dimension's {@code column} as a column of the fact table. */
    public VirtualColumn column(String column) {
        return new VirtualColumn(foreignKey, dimension.schema(), dimension.name(), key, column);
    }

    /**
     * The join's own filter on the foreign key, for DuckDB to judge over its distinct values: the fact rows whose
     * key meets a dimension row. A filter on one of the dimension's columns that NULL fails implies it.
     */
    String matchPredicate() {
        return TableRef.quote(foreignKey) + " IN (SELECT " + TableRef.quote(key) + " FROM " + dimension.sql() + ")";
    }

    @Override
    public String toString() {
        return foreignKey + " = " + dimension + "." + key + " (" + uniqueness + ")";
    }
}
