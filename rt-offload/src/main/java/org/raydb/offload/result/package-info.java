/**
 * The offloaded groups decoded into the Arrow relation DuckDB finishes the query over, and how DuckDB reads it:
 * the table function {@code __raydb_result} ({@link org.raydb.offload.result.ResultScan}); or the driver's own
 * finish of statements that only project, order and limit the groups ({@link org.raydb.offload.result.DirectFinish}).
 */
package org.raydb.offload.result;
