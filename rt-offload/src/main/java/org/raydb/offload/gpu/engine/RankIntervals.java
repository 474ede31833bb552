package org.raydb.offload.gpu.engine;

import java.util.ArrayList;
import java.util.List;
import org.raydb.offload.engine.RankFilter;

/** RTScan's half-open rank intervals {@code [start, end)} as closed {@code {lo, hi}} pairs (empty ones dropped). */
final class RankIntervals {

    private RankIntervals() {}

    static List<int[]> closed(RankFilter f) {
        List<int[]> out = new ArrayList<>();
        for (int[] iv : f.rankIntervals()) {
            if (iv[0] < iv[1]) out.add(new int[] {iv[0], iv[1] - 1});
        }
        return out;
    }
}
