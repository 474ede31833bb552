package org.raydb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The metadata calls a SQL IDE (DBeaver and the like) makes when it connects and fills its navigator, on a
 * connection of any class loader: only java.sql types are used.
 */
final class IdeMetadataCalls {

    private IdeMetadataCalls() {}

    static void exercise(Connection c) throws Exception {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA shop");
            s.execute("CREATE TABLE shop.customer(id INTEGER PRIMARY KEY, name VARCHAR NOT NULL)");
            s.execute("CREATE TABLE shop.orders(id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES"
                    + " shop.customer(id), amount DECIMAL(12,2))");
            s.execute("CREATE INDEX orders_amount ON shop.orders(amount)");
            s.execute("CREATE VIEW shop.big_orders AS SELECT * FROM shop.orders WHERE amount > 100");
        }
        DatabaseMetaData md = c.getMetaData();
        assertEquals("DuckDB", md.getDatabaseProductName());
        assertEquals("RayDB JDBC", md.getDriverName());
        assertEquals("\"", md.getIdentifierQuoteString());
        assertNotNull(md.getSQLKeywords());
        assertNotNull(md.getNumericFunctions());
        assertNotNull(md.getStringFunctions());
        assertNotNull(md.getCatalogSeparator());
        assertNotNull(md.getSearchStringEscape());
        assertTrue(md.supportsTransactions());
        assertNotNull(md.getUserName());

        assertTrue(rows(md.getCatalogs(), "TABLE_CAT").size() >= 1);
        assertTrue(rows(md.getSchemas(), "TABLE_SCHEM").contains("shop"));
        assertTrue(rows(md.getSchemas(null, "sh%"), "TABLE_SCHEM").contains("shop"));
        assertTrue(rows(md.getTableTypes(), "TABLE_TYPE").contains("VIEW"));
        assertEquals(
                List.of("customer", "orders", "big_orders"), // by TABLE_TYPE, then name
                rows(md.getTables(null, "shop", "%", null), "TABLE_NAME"));
        assertEquals(
                List.of("id", "customer_id", "amount"),
                rows(md.getColumns(null, "shop", "orders", "%"), "COLUMN_NAME"));
        assertEquals(List.of("id"), rows(md.getPrimaryKeys(null, "shop", "orders"), "COLUMN_NAME"));
        assertEquals(List.of("customer"), rows(md.getImportedKeys(null, "shop", "orders"), "PKTABLE_NAME"));
        assertEquals(List.of("orders"), rows(md.getExportedKeys(null, "shop", "customer"), "FKTABLE_NAME"));
        assertTrue(rows(md.getIndexInfo(null, "shop", "orders", false, true), "INDEX_NAME")
                .contains("orders_amount"));
        assertFalse(rows(md.getTypeInfo(), "TYPE_NAME").isEmpty());
        assertFalse(rows(md.getFunctions(null, null, "%"), "FUNCTION_NAME").isEmpty());
        assertEquals(List.of(), rows(md.getProcedures(null, null, "%"), "PROCEDURE_NAME"));
        assertEquals(List.of(), rows(md.getProcedureColumns(null, null, "%", "%"), "COLUMN_NAME"));
        rows(md.getFunctionColumns(null, null, "%", "%"), "FUNCTION_NAME");
        rows(md.getUDTs(null, null, "%", null), "TYPE_NAME");

        // DuckDB's own driver throws SQLFeatureNotSupportedException for these; "none" is the true answer.
        assertEquals(List.of(), rows(md.getColumnPrivileges(null, "shop", "orders", "%"), "PRIVILEGE"));
        assertEquals(List.of(), rows(md.getTablePrivileges(null, "shop", "%"), "PRIVILEGE"));
        assertEquals(List.of(), rows(md.getBestRowIdentifier(null, "shop", "orders", 0, true), "COLUMN_NAME"));
        assertEquals(List.of(), rows(md.getVersionColumns(null, "shop", "orders"), "COLUMN_NAME"));
        assertEquals(List.of(), rows(md.getSuperTypes(null, null, "%"), "SUPERTYPE_NAME"));
        assertEquals(List.of(), rows(md.getSuperTables(null, null, "%"), "SUPERTABLE_NAME"));
        assertEquals(List.of(), rows(md.getAttributes(null, null, "%", "%"), "ATTR_NAME"));
        assertEquals(List.of(), rows(md.getPseudoColumns(null, null, "%", "%"), "COLUMN_USAGE"));
        assertEquals(List.of(), rows(md.getClientInfoProperties(), "NAME"));

        List<String> unsupported = unsupportedNoArgumentCalls(md);
        assertEquals(List.of(), unsupported, "no-argument metadata calls that fail");
    }

    /** The values of one column, checking that the result set has the column JDBC specifies. */
    private static List<String> rows(ResultSet rs, String column) throws SQLException {
        try (rs) {
            ResultSetMetaData meta = rs.getMetaData();
            boolean found = false;
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                found |= meta.getColumnLabel(i).equalsIgnoreCase(column);
            }
            assertTrue(found, "column " + column);
            List<String> values = new ArrayList<>();
            while (rs.next()) {
                values.add(rs.getString(column));
            }
            return values;
        }
    }

    /** Every no-argument method of DatabaseMetaData an IDE may call on connect: which of them throw. */
    private static List<String> unsupportedNoArgumentCalls(DatabaseMetaData md) throws Exception {
        List<String> failed = new ArrayList<>();
        for (Method method : DatabaseMetaData.class.getMethods()) {
            if (method.getParameterCount() != 0 || method.getName().equals("getConnection")) {
                continue;
            }
            try {
                Object result = method.invoke(md);
                if (result instanceof ResultSet rs) {
                    rs.close();
                }
            } catch (InvocationTargetException e) {
                failed.add(method.getName() + ": " + e.getCause());
            }
        }
        failed.sort(null);
        return failed;
    }
}
