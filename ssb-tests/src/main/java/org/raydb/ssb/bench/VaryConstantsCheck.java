package org.raydb.ssb.bench;

/**
 * One RayDB answer of the vary-constants bench checked against plain DuckDB's: the template, the SQL (the text
 * with its constants, also where they were bound), and the first difference, null when the answers are equal.
 */
public record VaryConstantsCheck(String query, String sql, String difference) {

    public boolean exact() {
        return difference == null;
    }
}
