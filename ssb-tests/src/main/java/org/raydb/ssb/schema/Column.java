package org.raydb.ssb.schema;

/** One column of an SSB table: its SSB name and its DuckDB type. */
public record Column(String name, String sqlType) {

    public boolean isInteger() {
        return sqlType.equals("INTEGER");
    }

    /** {@code name TYPE}, as in a CREATE TABLE column list. */
    public String definition() {
        return name + " " + sqlType;
    }
}
