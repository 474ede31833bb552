package org.raydb.ssb.sql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Row counts of tables, by (trusted, internal) name. */
public final class TableCounts {

    private TableCounts() {}

    public static long rows(Connection connection, String table) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet count = statement.executeQuery("SELECT count(*) FROM \"" + table + "\"")) {
            count.next();
            return count.getLong(1);
        }
    }
}
