package org.raydb.ssb.bench;

import java.util.List;

/**
 * Everything one bench run measured: the machine, the data (scale factor, where it came from, lineorder
 * rows), the settings and the results.
 */
public record BenchReport(MachineInfo machine, double sf, String source, long seed, long rows, String engine,
        int reps, String timestamp, List<BenchResult> results) {

    public boolean allMatch() {
        return results.stream().allMatch(BenchResult::match);
    }
}
