/**
 * Planning on DuckDB's own optimized plan: parameters bound as literals, the offloadable aggregation matched
 * ({@link org.raydb.offload.plan.PlanMatcher}), the statement rewritten so DuckDB finishes it over the
 * offloaded result ({@link org.raydb.offload.plan.SqlRewriter}), decisions cached by SQL text and parameters.
 */
package org.raydb.offload.plan;
