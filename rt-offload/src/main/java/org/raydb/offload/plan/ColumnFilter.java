package org.raydb.offload.plan;

/** The conjunction of all filter atoms on one column, as the exact set of values that pass. */
public record ColumnFilter(String column, ColumnType type, ValueSet values) {

    @Override
    public String toString() {
        return column + " " + values;
    }
}
