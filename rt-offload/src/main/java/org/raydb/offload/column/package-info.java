/**
 * Table columns in host memory, as loaded from DuckDB: the ground floor that encodings, indexes, engines and
 * residency all read.
 */
package org.raydb.offload.column;
