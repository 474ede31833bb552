/**
 * The encodings of RayDB and RTScan: sorted dictionaries, fixed-point decimals, uniform (rank) encoding,
 * bijective packing into Z codes with predicate-to-interval decomposition, and dense group codes.
 */
package org.raydb.offload.encode;
