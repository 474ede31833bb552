package org.raydb.offload.engine;

import java.util.List;
import org.raydb.offload.encode.UniformEncoding;
import org.raydb.offload.index.SievingVectors;

/**
 * One filtered column in RTScan's form: the rank intervals {@code [start, end)} (half-open, run-aligned)
 * that pass, over the column's uniform encoding and sieving vectors.
 */
public record RankFilter(String column, UniformEncoding encoding, SievingVectors sieving, List<int[]> rankIntervals) {}
