/**
 * The driver's JDBC objects over DuckDB's: connection, statements, result sets and metadata, where queries
 * meet the offload seam. The {@code Delegating*} classes are generated pure delegation (see
 * {@code DelegateSourceGenerator} in the tests); the {@code *Wrapper} classes hold only what is intercepted.
 */
package org.raydb.jdbc.core;
