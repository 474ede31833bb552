package org.raydb.jdbc.core;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Empty answers, with the columns JDBC specifies, for the metadata calls DuckDB rejects with
 * SQLFeatureNotSupportedException although "nothing" is the true answer (DuckDB has no privileges, row ids,
 * version columns, type hierarchies, pseudo columns or stored procedures), or answers with a single unnamed
 * column that an IDE cannot read by name. SQL IDEs call several of these while they browse. The result sets
 * come from DuckDB itself, so their metadata looks like any other.
 */
final class EmptyMetaResults {

    static final String COLUMN_PRIVILEGES = "TABLE_CAT VARCHAR, TABLE_SCHEM VARCHAR, TABLE_NAME VARCHAR,"
            + " COLUMN_NAME VARCHAR, GRANTOR VARCHAR, GRANTEE VARCHAR, PRIVILEGE VARCHAR, IS_GRANTABLE VARCHAR";
    static final String TABLE_PRIVILEGES = "TABLE_CAT VARCHAR, TABLE_SCHEM VARCHAR, TABLE_NAME VARCHAR,"
            + " GRANTOR VARCHAR, GRANTEE VARCHAR, PRIVILEGE VARCHAR, IS_GRANTABLE VARCHAR";
    /** Both getBestRowIdentifier and getVersionColumns. */
    static final String ROW_IDENTIFIER = "SCOPE SMALLINT, COLUMN_NAME VARCHAR, DATA_TYPE INTEGER,"
            + " TYPE_NAME VARCHAR, COLUMN_SIZE INTEGER, BUFFER_LENGTH INTEGER, DECIMAL_DIGITS SMALLINT,"
            + " PSEUDO_COLUMN SMALLINT";

    static final String SUPER_TYPES = "TYPE_CAT VARCHAR, TYPE_SCHEM VARCHAR, TYPE_NAME VARCHAR,"
            + " SUPERTYPE_CAT VARCHAR, SUPERTYPE_SCHEM VARCHAR, SUPERTYPE_NAME VARCHAR";
    static final String SUPER_TABLES =
            "TABLE_CAT VARCHAR, TABLE_SCHEM VARCHAR, TABLE_NAME VARCHAR," + " SUPERTABLE_NAME VARCHAR";
    static final String ATTRIBUTES = "TYPE_CAT VARCHAR, TYPE_SCHEM VARCHAR, TYPE_NAME VARCHAR,"
            + " ATTR_NAME VARCHAR, DATA_TYPE INTEGER, ATTR_TYPE_NAME VARCHAR, ATTR_SIZE INTEGER,"
            + " DECIMAL_DIGITS INTEGER, NUM_PREC_RADIX INTEGER, NULLABLE INTEGER, REMARKS VARCHAR,"
            + " ATTR_DEF VARCHAR, SQL_DATA_TYPE INTEGER, SQL_DATETIME_SUB INTEGER, CHAR_OCTET_LENGTH INTEGER,"
            + " ORDINAL_POSITION INTEGER, IS_NULLABLE VARCHAR, SCOPE_CATALOG VARCHAR, SCOPE_SCHEMA VARCHAR,"
            + " SCOPE_TABLE VARCHAR, SOURCE_DATA_TYPE SMALLINT";
    static final String PSEUDO_COLUMNS = "TABLE_CAT VARCHAR, TABLE_SCHEM VARCHAR, TABLE_NAME VARCHAR,"
            + " COLUMN_NAME VARCHAR, DATA_TYPE INTEGER, COLUMN_SIZE INTEGER, DECIMAL_DIGITS INTEGER,"
            + " NUM_PREC_RADIX INTEGER, COLUMN_USAGE VARCHAR, REMARKS VARCHAR, CHAR_OCTET_LENGTH INTEGER,"
            + " IS_NULLABLE VARCHAR";
    static final String PROCEDURES = "PROCEDURE_CAT VARCHAR, PROCEDURE_SCHEM VARCHAR, PROCEDURE_NAME VARCHAR,"
            + " RESERVED1 VARCHAR, RESERVED2 VARCHAR, RESERVED3 VARCHAR, REMARKS VARCHAR, PROCEDURE_TYPE SMALLINT,"
            + " SPECIFIC_NAME VARCHAR";
    static final String PROCEDURE_COLUMNS = "PROCEDURE_CAT VARCHAR, PROCEDURE_SCHEM VARCHAR,"
            + " PROCEDURE_NAME VARCHAR, COLUMN_NAME VARCHAR, COLUMN_TYPE SMALLINT, DATA_TYPE INTEGER,"
            + " TYPE_NAME VARCHAR, PRECISION INTEGER, LENGTH INTEGER, SCALE SMALLINT, RADIX SMALLINT,"
            + " NULLABLE SMALLINT, REMARKS VARCHAR, COLUMN_DEF VARCHAR, SQL_DATA_TYPE INTEGER,"
            + " SQL_DATETIME_SUB INTEGER, CHAR_OCTET_LENGTH INTEGER, ORDINAL_POSITION INTEGER, IS_NULLABLE VARCHAR,"
            + " SPECIFIC_NAME VARCHAR";
    static final String FUNCTION_COLUMNS = "FUNCTION_CAT VARCHAR, FUNCTION_SCHEM VARCHAR, FUNCTION_NAME VARCHAR,"
            + " COLUMN_NAME VARCHAR, COLUMN_TYPE SMALLINT, DATA_TYPE INTEGER, TYPE_NAME VARCHAR, PRECISION INTEGER,"
            + " LENGTH INTEGER, SCALE SMALLINT, RADIX SMALLINT, NULLABLE SMALLINT, REMARKS VARCHAR,"
            + " CHAR_OCTET_LENGTH INTEGER, ORDINAL_POSITION INTEGER, IS_NULLABLE VARCHAR, SPECIFIC_NAME VARCHAR";
    static final String CLIENT_INFO_PROPERTIES =
            "NAME VARCHAR, MAX_LEN INTEGER, DEFAULT_VALUE VARCHAR," + " DESCRIPTION VARCHAR";

    private EmptyMetaResults() {}

    /** An empty result set whose columns are {@code columns} ("NAME TYPE, ..."), closing its statement. */
    static ResultSet of(Connection duckdb, String columns) throws SQLException {
        StringBuilder select = new StringBuilder("SELECT ");
        String separator = "";
        for (String column : columns.split(",")) {
            String[] nameAndType = column.trim().split(" ");
            select.append(separator)
                    .append("CAST(NULL AS ")
                    .append(nameAndType[1])
                    .append(") AS \"")
                    .append(nameAndType[0])
                    .append('"');
            separator = ", ";
        }
        Statement statement = duckdb.createStatement();
        statement.closeOnCompletion();
        return statement.executeQuery(select.append(" LIMIT 0").toString());
    }
}
