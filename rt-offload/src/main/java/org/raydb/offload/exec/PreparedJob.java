package org.raydb.offload.exec;

import java.util.List;
import org.raydb.offload.encode.GroupCodes;
import org.raydb.offload.encode.SortedDictionary;
import org.raydb.offload.engine.OffloadJob;

/**
 * An encoded job plus what decoding its result and explaining it need.
 *
 * @param job            the engine's input
 * @param groups         the query's group codes
 * @param keyDictionaries dictionaries of the group keys, in GROUP BY order
 * @param encodings      per column, how it is encoded (for EXPLAIN)
 * @param index          the index used (for EXPLAIN)
 */
public record PreparedJob(
        OffloadJob job, GroupCodes groups, List<SortedDictionary> keyDictionaries, String encodings, String index) {}
