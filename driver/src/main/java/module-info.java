/**
 * The RayDB JDBC driver: {@code jdbc:raydb:} URLs over embedded DuckDB, and the seam through which an offload
 * layer (found as an {@link org.raydb.jdbc.offload.OffloadProvider} service) answers queries.
 */
// DuckDB's driver has no module descriptor, only its Automatic-Module-Name.
@SuppressWarnings("requires-automatic")
module org.raydb.jdbc {
    requires transitive java.sql;
    requires java.logging;
    requires duckdb.jdbc;

    exports org.raydb.jdbc;
    exports org.raydb.jdbc.config;
    exports org.raydb.jdbc.offload;

    uses org.raydb.jdbc.offload.OffloadProvider;

    provides java.sql.Driver with
            org.raydb.jdbc.RayDriver;
}
