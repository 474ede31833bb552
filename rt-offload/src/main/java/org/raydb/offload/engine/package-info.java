/**
 * The engine contract: an {@link org.raydb.offload.engine.OffloadJob} in, exact per-group state
 * ({@link org.raydb.offload.engine.GroupAggregates}) out. GPU engines register through
 * {@link org.raydb.offload.engine.EngineProvider} and must answer exactly as the cpu engine does.
 */
package org.raydb.offload.engine;
