package org.raydb.offload.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * A dimension table's column seen as a column of the fact table, reached through a path of joins: row {@code i}
 * holds the value of {@code column} in the dimension row the fact row's foreign key meets (through each hop of a
 * snowflake chain in turn), and NULL where a hop meets none. A star join's plan reads such columns under
 * {@link #name()}, which names the whole path, so that the same attribute reached through two foreign keys (an
 * order date and a commit date) is two columns.
 *
 * @param path   the joins from the fact table, each from a column of the table before it
 * @param column the last dimension's column
 */
public record VirtualColumn(List<Hop> path, String column) {

    /**
     * One join of the path: {@code foreignKey} of the table before (the fact table for the first) meets {@code key}
     * of {@code schema.table} (in the fact table's catalog).
     */
    public record Hop(String foreignKey, String schema, String table, String key) {}

    /**
     * Begins every virtual column's name; a table with a column that begins so, or any name with a
     * {@link #SEPARATOR} in it, does not take part in a star join.
     */
    static final String PREFIX = "\u22c8";

    static final char SEPARATOR = '\u2192';

    public VirtualColumn {
        path = List.copyOf(path);
    }

    public String name() {
        List<String> parts = new ArrayList<>();
        for (Hop h : path) parts.addAll(List.of(h.foreignKey(), h.schema(), h.table(), h.key()));
        parts.add(column);
        return PREFIX + String.join(String.valueOf(SEPARATOR), parts);
    }

    /** Whether an identifier can be part of a virtual column's name, so that {@link #parse} reads it back. */
    static boolean nameable(String identifier) {
        return identifier.indexOf(SEPARATOR) < 0 && !identifier.startsWith(PREFIX);
    }

    /** The virtual column a name stands for, or {@code null} for a column of the table itself. */
    public static VirtualColumn parse(String name) {
        if (!name.startsWith(PREFIX)) return null;
        String[] parts = name.substring(PREFIX.length()).split(String.valueOf(SEPARATOR), -1);
        if (parts.length < 5 || parts.length % 4 != 1) return null;
        List<Hop> path = new ArrayList<>();
        for (int i = 0; i + 4 < parts.length; i += 4) {
            path.add(new Hop(parts[i], parts[i + 1], parts[i + 2], parts[i + 3]));
        }
        return new VirtualColumn(path, parts[parts.length - 1]);
    }

    /** The fact table's column the last join starts from: a column of its own, or the virtual one of the hop before. */
    public String via() {
        Hop last = last();
        return path.size() == 1
                ? last.foreignKey()
                : new VirtualColumn(path.subList(0, path.size() - 1), last.foreignKey()).name();
    }

    public Hop last() {
        return path.get(path.size() - 1);
    }

    /** The last dimension table, in the fact table's catalog. */
    public TableRef dimension(String catalog) {
        return new TableRef(catalog, last().schema(), last().table());
    }

    @Override
    public String toString() {
        StringBuilder out =
                new StringBuilder(last().table()).append('.').append(column).append(" via ");
        for (int i = 0; i < path.size(); i++) {
            Hop h = path.get(i);
            out.append(i == 0 ? "" : ", ")
                    .append(i == 0 ? "" : path.get(i - 1).table() + ".")
                    .append(h.foreignKey());
        }
        return out.toString();
    }
}
