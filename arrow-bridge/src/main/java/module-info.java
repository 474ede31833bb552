/** DuckDB ⇄ Arrow streams: query results read as Arrow batches, Arrow batches registered as DuckDB relations. */
// DuckDB's driver has no module descriptor, only its Automatic-Module-Name.
@SuppressWarnings("requires-automatic")
module org.raydb.arrow {
    requires transitive java.sql;
    requires transitive org.apache.arrow.memory.core;
    requires transitive org.apache.arrow.vector;
    requires org.apache.arrow.c;
    requires duckdb.jdbc;

    exports org.raydb.arrow;
}
