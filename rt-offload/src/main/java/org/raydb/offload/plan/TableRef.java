package org.raydb.offload.plan;

/** A base table as the plan names it. */
public record TableRef(String catalog, String schema, String name) {

    /** The quoted, fully qualified name for SQL text. */
    public String sql() {
        return quote(catalog) + "." + quote(schema) + "." + quote(name);
    }

    public static String quote(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }

    @Override
    public String toString() {
        return catalog + "." + schema + "." + name;
    }
}
