package org.raydb.offload.index;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.raydb.offload.encode.BijectivePacking;
import org.raydb.offload.encode.GroupCodes;
import org.raydb.offload.encode.SortedDictionary;
import org.raydb.offload.exec.BuildPhases;

/**
 * RayDB's BVH catalog for one table snapshot: a few geometries, each over one attribute set (Z = packed
 * filter attributes, Y = group attributes). A query takes the entry that maximizes {@code x + y + α·z}
 * matched attributes (scan weighted highest, α = {@value #ALPHA}); an entry qualifies only when its Z
 * covers every filtered attribute with at most {@value #MAX_INTERVALS} Z intervals. When no entry reaches
 * the score of the query's own ideal attribute set, that set is built and added (RayDB prebuilds the catalog
 * offline; we build on first use and keep it), evicting the least recently used beyond
 * {@value #CAPACITY} entries. Attributes an entry lacks (other group keys, all measures) are read by row.
 */
public final class BvhCatalog {

    public static final int ALPHA = 4;
    public static final int MAX_INTERVALS = 4096;
    public static final int CAPACITY = 8;

    private final Map<BvhKey, TriangleScene> entries = new LinkedHashMap<>(16, 0.75f, true);

    /** The chosen entry, the query's Z intervals in it, and how it scored. */
    public record Choice(TriangleScene scene, List<long[]> zIntervals, int score, boolean built) {
    }

    /** What the catalog needs to know about the table. */
    public interface Encodings {
        SortedDictionary dictionary(String column);

        GroupCodes groupCodes(List<String> columns);
    }

    /**
     * Chooses (or builds) an entry for a query; {@code null} when its filters cannot be packed into one Z
     * code below {@link TriangleScene#MAX_CODE} with few enough intervals (then RTScan's path is used).
     *
     * @param filters   filtered attributes, most selective first, with their code intervals
     * @param groups    the query's group attributes
     */
    public synchronized Choice choose(LinkedHashMap<String, List<int[]>> filters, List<String> groups,
            Encodings encodings) {
        Choice best = null;
        for (TriangleScene scene : entries.values()) {
            Choice c = evaluate(scene, filters, groups, encodings::dictionary, false);
            if (c != null && (best == null || c.score > best.score
                    || (c.score == best.score && c.zIntervals.size() < best.zIntervals.size()))) {
                best = c;
            }
        }
        List<String> z = new ArrayList<>(filters.keySet());
        int idealScore = ALPHA * z.size() + groups.size();
        if (best != null && best.score >= idealScore) {
            entries.get(best.scene.key());
            return best;
        }
        TriangleScene scene;
        try (BuildPhases.Span _ = BuildPhases.start(BuildPhases.Phase.SCENES)) {
            scene = build(new BvhKey(z, groups), encodings);
        }
        if (scene == null) {
            return best;
        }
        Choice built = evaluate(scene, filters, groups, encodings::dictionary, true);
        if (built == null) {
            return best;
        }
        entries.put(scene.key(), scene);
        while (entries.size() > CAPACITY) {
            entries.remove(entries.keySet().iterator().next());
        }
        return built;
    }

    private static Choice evaluate(TriangleScene scene, LinkedHashMap<String, List<int[]>> filters,
            List<String> groups, Function<String, SortedDictionary> dictionaries, boolean built) {
        List<String> z = scene.key().zAttributes();
        if (!z.containsAll(filters.keySet())) {
            return null;
        }
        List<List<int[]>> perAttribute = new ArrayList<>();
        for (String a : z) {
            perAttribute.add(filters.get(a));
        }
        List<long[]> intervals = scene.packing().intervals(perAttribute, MAX_INTERVALS);
        if (intervals == null) {
            return null;
        }
        int y = scene.key().yAttributes().equals(groups) ? groups.size() : 0;
        return new Choice(scene, intervals, ALPHA * filters.size() + y, built);
    }

    /** Builds the geometry for an attribute set, or {@code null} when its codes would not be exact in float32. */
    private static TriangleScene build(BvhKey key, Encodings encodings) {
        int[] cards = new int[key.zAttributes().size()];
        SortedDictionary[] dicts = new SortedDictionary[cards.length];
        long size = 1;
        for (int i = 0; i < cards.length; i++) {
            dicts[i] = encodings.dictionary(key.zAttributes().get(i));
            cards[i] = dicts[i].cardinality();
            size *= cards[i];
            if (size >= TriangleScene.MAX_CODE) {
                return null;
            }
        }
        BijectivePacking packing = new BijectivePacking(cards);
        int[][] columns = new int[dicts.length][];
        for (int i = 0; i < dicts.length; i++) {
            columns[i] = dicts[i].codes();
        }
        GroupCodes groups = encodings.groupCodes(key.yAttributes());
        boolean yFits = groups.count() < TriangleScene.MAX_CODE;
        int rows = groups.groupOfRow().length;
        int[] y = yFits ? groups.groupOfRow() : new int[rows];
        int[] z = packing.packAllInts(columns, rows);
        BvhKey actual = yFits ? key : new BvhKey(key.zAttributes(), List.of());
        return new TriangleScene(actual, packing, y, z, yFits ? Math.max(1, groups.count()) : 1);
    }

    public synchronized int size() {
        return entries.size();
    }

    public synchronized long bytes() {
        return entries.values().stream().mapToLong(TriangleScene::bytes).sum();
    }
}
