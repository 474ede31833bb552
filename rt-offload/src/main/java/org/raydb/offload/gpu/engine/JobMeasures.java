package org.raydb.offload.gpu.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.raydb.offload.engine.MeasureProgram;
import org.raydb.offload.engine.OffloadJob;
import org.raydb.offload.plan.Aggregate;
import org.raydb.offload.plan.AggregateFunction.Accumulator;

/**
 * The distinct measure expressions of a job and which aggregate reads which: {@code SUM(x)} and
 * {@code MIN(x)} share one resident column. COUNT(*) reads none.
 */
record JobMeasures(
        List<String> canonical,
        List<MeasureProgram> programs,
        int[] measureOfAggregate,
        boolean needMins,
        boolean needMaxs) {

    static JobMeasures of(OffloadJob job) {
        Map<String, Integer> index = new LinkedHashMap<>();
        List<MeasureProgram> programs = new ArrayList<>();
        List<Aggregate> aggregates = job.aggregates();
        int[] measureOf = new int[aggregates.size()];
        for (int a = 0; a < aggregates.size(); a++) {
            Aggregate agg = aggregates.get(a);
            if (agg.argument() == null) {
                measureOf[a] = -1;
                continue;
            }
            int next = index.size();
            Integer m = index.putIfAbsent(agg.argument().canonical(), next);
            if (m == null) {
                m = next;
                programs.add(job.measures()[a]);
            }
            measureOf[a] = m;
        }
        Set<Accumulator> needed = Accumulator.of(aggregates);
        return new JobMeasures(
                List.copyOf(index.keySet()),
                programs,
                measureOf,
                needed.contains(Accumulator.MIN),
                needed.contains(Accumulator.MAX));
    }

    int count() {
        return programs.size();
    }
}
