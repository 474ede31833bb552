package org.raydb.offload.index;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.raydb.offload.build.BuildPhases;
import org.raydb.offload.build.HeldBytes;
import org.raydb.offload.encode.BijectivePacking;
import org.raydb.offload.encode.GroupCodes;
import org.raydb.offload.encode.SortedDictionary;

/**
 * RayDB's BVH catalog for one table snapshot: a few geometries, each over one attribute set (Z = packed
 * filter attributes, Y = group attributes). A query takes the entry that maximizes {@code x + y + α·z}
 * matched attributes (scan weighted highest, α = {@value #ALPHA}); an entry qualifies only when its Z
 * covers every filtered attribute with at most {@value #MAX_INTERVALS} Z intervals. When no entry reaches
 * the score of the query's own ideal attribute set, that set is built and added (RayDB prebuilds the catalog
 * offline; we build on first use and keep it), evicting the least recently used beyond
 * {@value #CAPACITY} entries. The count is only a backstop: memory is bounded by the host budget, which
 * admits each query shape's build with its index counted, and by the GPU budget's eviction. (At 8 entries
 * the 13 SSB flat queries in turn evicted each other's entries, and every query rebuilt its Z order.)
 * Attributes an entry lacks (other group keys, all measures) are read by row.
 *
 * <p>An attribute set whose Z codes reach {@link TriangleScene#MAX_CODE} cannot be exact float32 geometry;
 * up to {@link #maxRangeCodes} codes it still becomes a {@linkplain TriangleScene#rangeOnly() range-only}
 * entry, which engines read by Z ranges (cuda, cpu) and ray engines replace by RTScan. Such a query is
 * served only by range-only entries (any entry covering its filters packs at least as many codes) and a
 * narrower one only by geometry entries, so that a ray engine never loses a geometry it could have had.
 */
public final class BvhCatalog {

    public static final int ALPHA = 4;
    public static final int MAX_INTERVALS = 4096;
    public static final int CAPACITY = 64;
    /**
     * A range-only entry's Z order keeps a 4-byte start per code: its code space stays within this or the
     * table's rows, whichever is larger, so that array is never larger than 64 MiB or the row permutation.
     */
    static final int MIN_RANGE_CODES = 1 << 24;

    private final Map<BvhKey, TriangleScene> entries = new LinkedHashMap<>(16, 0.75f, true);
    /**
     * The entries least recently used first, as of their last change or use: what choices evaluate and the bytes are
     * summed over without the catalog's lock. Under it, 16 connections' warm queries of one table waited 17 s in 10
     * (each choice evaluates every entry's Z intervals; the host budget's check of each query sums the bytes).
     */
    private volatile List<TriangleScene> byUse = List.of();

    /** The chosen entry, the query's Z intervals in it, and how it scored. */
    public record Choice(TriangleScene scene, List<long[]> zIntervals, int score, boolean built) {}

    /** What the catalog needs to know about the table. */
    public interface Encodings {
        SortedDictionary dictionary(String column);

        GroupCodes groupCodes(List<String> columns);

        /** The catalog dropped this entry: whatever was ready on it is no longer. */
        void dropped(BvhKey key);
    }

    /**
     * Chooses (or builds) an entry for a query; {@code null} when its filters cannot be packed into one Z
     * code below {@link #maxRangeCodes} with few enough intervals (then RTScan's path is used). The entry is
     * range-only when the filters' codes reach {@link TriangleScene#MAX_CODE}.
     *
     * @param filters   filtered attributes, most selective first, with their code intervals
     * @param groups    the query's group attributes
     */
    public Choice choose(LinkedHashMap<String, List<int[]>> filters, List<String> groups, Encodings encodings) {
        return choose(filters, groups, encodings, true);
    }

    /**
     * {@link #choose} among the entries built already, building none: {@code null} where none serves (a query
     * that must not wait for a build).
     */
    public Choice chooseBuilt(LinkedHashMap<String, List<int[]>> filters, List<String> groups, Encodings encodings) {
        return choose(filters, groups, encodings, false);
    }

    /** The best entry as of the last use, taken (and touched) where it is still held; else chosen under the lock. */
    private Choice choose(
            LinkedHashMap<String, List<int[]>> filters, List<String> groups, Encodings encodings, boolean build) {
        boolean rangeOnly = codeSpace(filters.keySet(), encodings) >= TriangleScene.MAX_CODE;
        Choice best = best(byUse, filters, groups, encodings, rangeOnly);
        if ((best != null && best.score >= idealScore(filters, groups) || !build) && (best == null || used(best))) {
            return best;
        }
        synchronized (this) {
            return chooseOrBuild(filters, groups, encodings, rangeOnly, build);
        }
    }

    private static int idealScore(LinkedHashMap<String, List<int[]>> filters, List<String> groups) {
        return ALPHA * filters.size() + groups.size();
    }

    /**
     * The best of {@code scenes}, which iterate least recently used first: a choice uses its entry, and among equals
     * the later one wins, so that a query keeps the entry it (or its shape's build) chose last, whose device copies
     * are the ones made resident. Taking the first of equals flipped between entries on consecutive choices, and a
     * ready shape's next run then built another entry's Z order and copies on its path (63 ms at SF 20).
     */
    private static Choice best(
            Iterable<TriangleScene> scenes,
            LinkedHashMap<String, List<int[]>> filters,
            List<String> groups,
            Encodings encodings,
            boolean rangeOnly) {
        Choice best = null;
        for (TriangleScene scene : scenes) {
            if (scene.rangeOnly() != rangeOnly) {
                continue;
            }
            Choice c = evaluate(scene, filters, groups, encodings::dictionary, false);
            if (c != null
                    && (best == null
                            || c.score > best.score
                            || (c.score == best.score && c.zIntervals.size() <= best.zIntervals.size()))) {
                best = c;
            }
        }
        return best;
    }

    /** Marks the chosen entry used, where the catalog still holds it (an eviction may have come between). */
    private synchronized boolean used(Choice choice) {
        if (entries.get(choice.scene.key()) != choice.scene) return false;
        byUse = List.copyOf(entries.values()); // the same entries in a new order: nothing held changed
        return true;
    }

    private Choice chooseOrBuild(
            LinkedHashMap<String, List<int[]>> filters,
            List<String> groups,
            Encodings encodings,
            boolean rangeOnly,
            boolean build) {
        Choice best = best(entries.values(), filters, groups, encodings, rangeOnly);
        if (best != null && best.score >= idealScore(filters, groups) || !build) {
            if (best != null) used(best);
            return best;
        }
        List<String> z = new ArrayList<>(filters.keySet());
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
            BvhKey oldest = entries.keySet().iterator().next();
            entries.remove(oldest);
            encodings.dropped(oldest);
        }
        byUse = List.copyOf(entries.values());
        HeldBytes.changed();
        return built;
    }

    private static Choice evaluate(
            TriangleScene scene,
            LinkedHashMap<String, List<int[]>> filters,
            List<String> groups,
            Function<String, SortedDictionary> dictionaries,
            boolean built) {
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
        // A range-only entry has no Y: every query reads its groups by row, as well as any entry would serve it.
        int y = scene.rangeOnly() || scene.key().yAttributes().equals(groups) ? groups.size() : 0;
        return new Choice(scene, intervals, ALPHA * filters.size() + y, built);
    }

    /**
     * Builds the entry for an attribute set: geometry while its Z codes are exact in float32, range-only up
     * to {@link #maxRangeCodes}, {@code null} beyond.
     */
    private static TriangleScene build(BvhKey key, Encodings encodings) {
        int[] cards = new int[key.zAttributes().size()];
        int[][] columns = new int[cards.length][];
        for (int i = 0; i < cards.length; i++) {
            SortedDictionary d = encodings.dictionary(key.zAttributes().get(i));
            cards[i] = d.cardinality();
            columns[i] = d.codes();
        }
        GroupCodes groups = encodings.groupCodes(key.yAttributes());
        int rows = groups.groupOfRow().length;
        long size = codeSpace(key.zAttributes(), encodings);
        if (size > maxRangeCodes(rows)) {
            return null;
        }
        BijectivePacking packing = new BijectivePacking(cards);
        if (size >= TriangleScene.MAX_CODE) {
            return TriangleScene.rangeOnly(key.zAttributes(), packing, columns, rows);
        }
        boolean yFits = groups.count() < TriangleScene.MAX_CODE;
        // Y is always a group-code array the table holds (and counts): with too many groups, the no-group one.
        int[] y = (yFits ? groups : encodings.groupCodes(List.of())).groupOfRow();
        BvhKey actual = yFits ? key : new BvhKey(key.zAttributes(), List.of());
        return new TriangleScene(actual, packing, columns, rows, y, yFits ? Math.max(1, groups.count()) : 1);
    }

    /** The most Z codes an entry over a table of {@code rows} rows may pack (see {@link #MIN_RANGE_CODES}). */
    public static long maxRangeCodes(int rows) {
        return Math.max(MIN_RANGE_CODES, rows);
    }

    /** The number of Z codes of the attributes packed together, capped at 2^31 (above any bound; no overflow). */
    private static long codeSpace(Iterable<String> attributes, Encodings encodings) {
        long size = 1;
        for (String a : attributes) {
            size = Math.min(size * encodings.dictionary(a).cardinality(), 1L << 31);
        }
        return size;
    }

    /** The entries' keys, least recently used first. */
    public synchronized List<BvhKey> keysByUse() {
        return new ArrayList<>(entries.keySet());
    }

    /** Drops an entry (its host memory goes back); the bytes it held, 0 where there was none. */
    public synchronized long drop(BvhKey key) {
        TriangleScene scene = entries.remove(key);
        byUse = List.copyOf(entries.values());
        HeldBytes.changed();
        return scene == null ? 0 : scene.bytes();
    }

    public synchronized int size() {
        return entries.size();
    }

    public long bytes() {
        return byUse.stream().mapToLong(TriangleScene::bytes).sum();
    }
}
