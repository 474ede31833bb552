package org.raydb.offload.plan;

/**
 * A dimension table's column seen as a column of the fact table: row {@code i} holds the value of
 * {@code column} in the dimension row whose {@code key} equals the fact row's {@code foreignKey}, and NULL where
 * none does. A star join's plan reads such columns under {@link #name()}, which names the whole path, so that
 * the same attribute reached through two foreign keys (an order date and a commit date) is two columns.
 *
 * @param foreignKey the fact table's column
 * @param schema     the dimension table's schema (in the fact table's catalog)
 * @param table      the dimension table
 * @param key        the dimension's unique key column
 * @param column     the dimension's column
 */
public record VirtualColumn(String foreignKey, String schema, String table, String key, String column) {

    /**
     * Begins every virtual column's name; a fact table with a column of its own that begins so, or a name with
     * a {@link #SEPARATOR} in it, does not take part in a star join.
     */
    static final String PREFIX = "\u22c8";

    static final char SEPARATOR = '\u2192';

    public String name() {
        return PREFIX + String.join(String.valueOf(SEPARATOR), foreignKey, schema, table, key, column);
    }

    /** Whether an identifier can be part of a virtual column's name, so that {@link #parse} reads it back. */
    static boolean nameable(String identifier) {
        return identifier.indexOf(SEPARATOR) < 0 && !identifier.startsWith(PREFIX);
    }

    /** The virtual column a name stands for, or {@code null} for a column of the table itself. */
    public static VirtualColumn parse(String name) {
        if (!name.startsWith(PREFIX)) return null;
        String[] parts = name.substring(PREFIX.length()).split(String.valueOf(SEPARATOR), -1);
        if (parts.length != 5) return null;
        return new VirtualColumn(parts[0], parts[1], parts[2], parts[3], parts[4]);
    }

    /** The dimension table, in the fact table's catalog. */
    public TableRef dimension(String catalog) {
        return new TableRef(catalog, schema, table);
    }

    @Override
    public String toString() {
        return table + "." + column + " via " + foreignKey;
    }
}
