package org.raydb.jdbc.core;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.RowIdLifetime;
import java.sql.SQLException;

/**
 * The driver's DatabaseMetaData: DuckDB's answers, except the driver's identity (name, version, URL, the
 * connection), the engine's real version numbers (DuckDB's driver reports major version 1 for engine 2), and
 * true answers where DuckDB throws SQLFeatureNotSupportedException (empty results, {@code false}).
 */
final class MetaDataWrapper extends DelegatingDatabaseMetaData {

    private final ConnectionWrapper connection;
    private final DatabaseMetaData duckdb;

    MetaDataWrapper(ConnectionWrapper connection, DatabaseMetaData duckdb) {
        this.connection = connection;
        this.duckdb = duckdb;
    }

    @Override
    void handingOutDuckDb() {
        connection.handingOutDuckDb();
    }

    @Override
    DatabaseMetaData open() throws SQLException {
        connection.open();
        return duckdb;
    }

    @Override
    ResultSet results(ResultSet duckdbResults) throws SQLException {
        return duckdbResults == null ? null : new ResultSetWrapper(connection, null, duckdbResults, 0);
    }

    private ResultSet empty(String columns) throws SQLException {
        try {
            return results(EmptyMetaResults.of(connection.open(), columns));
        } catch (SQLException e) {
            throw translate(e);
        }
    }

    @Override
    public Connection getConnection() throws SQLException {
        open();
        return connection;
    }

    @Override
    public String getURL() throws SQLException {
        open();
        return connection.settings().url();
    }

    @Override
    public String getDriverName() throws SQLException {
        return DriverVersion.NAME;
    }

    @Override
    public String getDriverVersion() throws SQLException {
        return DriverVersion.VERSION;
    }

    @Override
    public int getDriverMajorVersion() {
        return DriverVersion.MAJOR;
    }

    @Override
    public int getDriverMinorVersion() {
        return DriverVersion.MINOR;
    }

    @Override
    public String getDatabaseProductName() throws SQLException {
        open();
        return "DuckDB";
    }

    @Override
    public int getDatabaseMajorVersion() throws SQLException {
        return versionPart(0);
    }

    @Override
    public int getDatabaseMinorVersion() throws SQLException {
        return versionPart(1);
    }

    /** A number of the engine version DuckDB reports ("v2.0.0"). */
    private int versionPart(int index) throws SQLException {
        String[] parts = getDatabaseProductVersion().replaceFirst("^v", "").split("[.-]");
        try {
            return parts.length > index ? Integer.parseInt(parts[index]) : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    @Override
    public int getSQLStateType() throws SQLException {
        open();
        return sqlStateSQL;
    }

    @Override
    public RowIdLifetime getRowIdLifetime() throws SQLException {
        open();
        return RowIdLifetime.ROWID_UNSUPPORTED;
    }

    /** DuckDB's (materialized) results stay readable after a commit; see {@code ConnectionWrapper.getHoldability}. */
    @Override
    public int getResultSetHoldability() throws SQLException {
        open();
        return ResultSet.HOLD_CURSORS_OVER_COMMIT;
    }

    @Override
    public boolean supportsResultSetHoldability(int holdability) throws SQLException {
        open();
        return holdability == ResultSet.HOLD_CURSORS_OVER_COMMIT;
    }

    @Override
    public boolean locatorsUpdateCopy() throws SQLException {
        open();
        return false;
    }

    @Override
    public boolean autoCommitFailureClosesAllResultSets() throws SQLException {
        open();
        return false;
    }

    @Override
    public boolean generatedKeyAlwaysReturned() throws SQLException {
        open();
        return false;
    }

    // Result sets are forward-only and read-only: no change is visible through them or detected by them.

    @Override
    public boolean ownUpdatesAreVisible(int type) throws SQLException {
        return noChangeVisibility();
    }

    @Override
    public boolean ownDeletesAreVisible(int type) throws SQLException {
        return noChangeVisibility();
    }

    @Override
    public boolean ownInsertsAreVisible(int type) throws SQLException {
        return noChangeVisibility();
    }

    @Override
    public boolean othersUpdatesAreVisible(int type) throws SQLException {
        return noChangeVisibility();
    }

    @Override
    public boolean othersDeletesAreVisible(int type) throws SQLException {
        return noChangeVisibility();
    }

    @Override
    public boolean othersInsertsAreVisible(int type) throws SQLException {
        return noChangeVisibility();
    }

    @Override
    public boolean updatesAreDetected(int type) throws SQLException {
        return noChangeVisibility();
    }

    @Override
    public boolean deletesAreDetected(int type) throws SQLException {
        return noChangeVisibility();
    }

    @Override
    public boolean insertsAreDetected(int type) throws SQLException {
        return noChangeVisibility();
    }

    private boolean noChangeVisibility() throws SQLException {
        open();
        return false;
    }

    @Override
    public ResultSet getColumnPrivileges(String catalog, String schema, String table, String columnNamePattern)
            throws SQLException {
        return empty(EmptyMetaResults.COLUMN_PRIVILEGES);
    }

    @Override
    public ResultSet getTablePrivileges(String catalog, String schemaPattern, String tableNamePattern)
            throws SQLException {
        return empty(EmptyMetaResults.TABLE_PRIVILEGES);
    }

    @Override
    public ResultSet getBestRowIdentifier(String catalog, String schema, String table, int scope, boolean nullable)
            throws SQLException {
        return empty(EmptyMetaResults.ROW_IDENTIFIER);
    }

    @Override
    public ResultSet getVersionColumns(String catalog, String schema, String table) throws SQLException {
        return empty(EmptyMetaResults.ROW_IDENTIFIER);
    }

    @Override
    public ResultSet getSuperTypes(String catalog, String schemaPattern, String typeNamePattern) throws SQLException {
        return empty(EmptyMetaResults.SUPER_TYPES);
    }

    @Override
    public ResultSet getSuperTables(String catalog, String schemaPattern, String tableNamePattern) throws SQLException {
        return empty(EmptyMetaResults.SUPER_TABLES);
    }

    @Override
    public ResultSet getAttributes(
            String catalog, String schemaPattern, String typeNamePattern, String attributeNamePattern)
            throws SQLException {
        return empty(EmptyMetaResults.ATTRIBUTES);
    }

    @Override
    public ResultSet getPseudoColumns(
            String catalog, String schemaPattern, String tableNamePattern, String columnNamePattern)
            throws SQLException {
        return empty(EmptyMetaResults.PSEUDO_COLUMNS);
    }

    @Override
    public ResultSet getProcedures(String catalog, String schemaPattern, String procedureNamePattern)
            throws SQLException {
        return empty(EmptyMetaResults.PROCEDURES);
    }

    @Override
    public ResultSet getProcedureColumns(
            String catalog, String schemaPattern, String procedureNamePattern, String columnNamePattern)
            throws SQLException {
        return empty(EmptyMetaResults.PROCEDURE_COLUMNS);
    }

    /** DuckDB answers no rows too; this only gives the rows' absence the columns JDBC specifies. */
    @Override
    public ResultSet getFunctionColumns(
            String catalog, String schemaPattern, String functionNamePattern, String columnNamePattern)
            throws SQLException {
        return empty(EmptyMetaResults.FUNCTION_COLUMNS);
    }

    @Override
    public ResultSet getClientInfoProperties() throws SQLException {
        return empty(EmptyMetaResults.CLIENT_INFO_PROPERTIES);
    }
}
