package org.raydb.offload.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.raydb.offload.encode.SortedDictionary;
import org.raydb.offload.encode.UniformEncoding;
import org.raydb.offload.index.SievingVectors;

/**
 * A job's filters in RTScan's form (per column its uniform ranks, sieving vectors and run-aligned rank
 * intervals), built on first use. Every engine of an RTScan job needs them; a range-only RayDB job needs them
 * only when the optix engine runs it, and the cost model only needs how many rows pass each column, which
 * the dictionaries' code counts give without building any of it (at SF 20 the three uniform encodings and
 * sieving vectors of q3.4 cost seconds).
 */
public final class RtScanForm {

    private final List<String> columns;
    private final Map<String, List<int[]>> codeIntervals;
    private final Function<String, SortedDictionary> dictionary;
    private final Function<String, UniformEncoding> uniform;
    private final Function<String, SievingVectors> sieving;
    private List<RankFilter> filters;

    /**
     * {@code columns}: the filtered columns, most selective first; {@code codeIntervals}: each one's intervals;
     * then per column its sorted dictionary, uniform encoding and sieving vectors, looked up only when needed
     * (the latter two are costly to build).
     */
    public RtScanForm(
            List<String> columns,
            Map<String, List<int[]>> codeIntervals,
            Function<String, SortedDictionary> dictionary,
            Function<String, UniformEncoding> uniform,
            Function<String, SievingVectors> sieving) {
        this.columns = List.copyOf(columns);
        this.codeIntervals = codeIntervals;
        this.dictionary = dictionary;
        this.uniform = uniform;
        this.sieving = sieving;
    }

    /** The filtered columns, most selective first. */
    public List<String> columns() {
        return columns;
    }

    /** The column's sorted dictionary, whose codes its {@link #codeIntervals} select. */
    public SortedDictionary dictionary(String column) {
        return dictionary.apply(column);
    }

    /** The closed intervals of dictionary codes that pass the filter on {@code column}. */
    public List<int[]> codeIntervals(String column) {
        return codeIntervals.get(column);
    }

    /** Rows that pass the filter on {@code column} alone: the ranks its rank intervals cover. */
    public long passingRows(String column) {
        return dictionary.apply(column).rowsIn(codeIntervals.get(column));
    }

    /** Per filtered column, its code intervals as run-aligned uniform rank intervals (built once). */
    public synchronized List<RankFilter> filters() {
        if (filters == null) {
            List<RankFilter> out = new ArrayList<>();
            for (String c : columns) {
                UniformEncoding u = uniform.apply(c);
                List<int[]> ranks = new ArrayList<>();
                for (int[] iv : codeIntervals.get(c)) {
                    int[] r = u.rankInterval(iv[0], iv[1]);
                    if (!ranks.isEmpty() && ranks.get(ranks.size() - 1)[1] == r[0]) {
                        ranks.get(ranks.size() - 1)[1] = r[1];
                    } else if (r[0] < r[1]) {
                        ranks.add(r);
                    }
                }
                out.add(new RankFilter(c, u, sieving.apply(c), ranks));
            }
            filters = List.copyOf(out);
        }
        return filters;
    }
}
