package org.raydb.offload.gpu.engine;

import org.raydb.offload.engine.GroupAggregates;

/** Rows that passed the filters: the sum of the groups' COUNT(*). */
final class RowsHit {

    private RowsHit() {
    }

    static long of(GroupAggregates a) {
        long s = 0;
        for (int g = 0; g < a.groups(); g++) s += a.rowsHit(g);
        return s;
    }
}
