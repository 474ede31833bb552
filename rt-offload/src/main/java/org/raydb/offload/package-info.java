/**
 * The GPU offload layer: planner over DuckDB's plan, encodings, sieving vectors, BVH catalog, residency cache, the cpu, cuda and optix engines and the cost model that picks one per query.
 */
package org.raydb.offload;
