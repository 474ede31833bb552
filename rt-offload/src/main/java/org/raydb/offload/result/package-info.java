/**
 * The offloaded groups decoded into the Arrow relation DuckDB finishes the query over, and how DuckDB reads it:
 * the table function {@code __raydb_result} ({@link org.raydb.offload.result.ResultScan}), or, for small results,
 * the parameters of a {@code VALUES} list ({@link org.raydb.offload.result.ResultValues}).
 */
package org.raydb.offload.result;
