package org.raydb.offload.mirror;

import java.util.ArrayList;
import java.util.List;

/** The tables a connection sees, with their columns, as {@code duckdb_columns()} lists them. */
record TableCatalog(List<Table> tables) {

    record Column(String name, String type) {}

    record Table(String database, String schema, String name, List<Column> columns) {

        String qualified() {
            return database + "." + schema + "." + name;
        }
    }

    static final String SQL = "SELECT database_name, schema_name, table_name, column_name, data_type"
            + " FROM duckdb_columns() WHERE NOT internal ORDER BY database_name, schema_name, table_name, column_index";

    /** The catalog from {@link #SQL}'s rows. */
    static TableCatalog of(List<List<Object>> rows) {
        List<Table> tables = new ArrayList<>();
        for (List<Object> row : rows) {
            Table last = tables.isEmpty() ? null : tables.get(tables.size() - 1);
            if (last == null
                    || !last.database.equals(row.get(0))
                    || !last.schema.equals(row.get(1))
                    || !last.name.equals(row.get(2))) {
                last = new Table((String) row.get(0), (String) row.get(1), (String) row.get(2), new ArrayList<>());
                tables.add(last);
            }
            last.columns.add(new Column((String) row.get(3), (String) row.get(4)));
        }
        return new TableCatalog(tables);
    }

    /** The tables of one database and schema. */
    List<Table> in(String database, String schema) {
        return tables.stream()
                .filter(t -> t.database.equals(database) && t.schema.equals(schema))
                .toList();
    }
}
