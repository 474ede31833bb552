package org.raydb.ssb.schema;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/** Creates the five SSB tables afresh, dropping whatever SSB tables and flat table were there. */
public final class SsbSchema {

    /** The denormalized table of the flat query form. */
    public static final String FLAT_TABLE = "lineorder_flat";

    private SsbSchema() {}

    public static void recreate(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + FLAT_TABLE);
            for (SsbTable table : SsbTable.values()) {
                statement.execute("DROP TABLE IF EXISTS " + table.quoted());
                statement.execute(table.createSql());
            }
        }
    }
}
