package org.raydb.ssb.bench;

import java.util.List;

/**
 * Everything one bench run measured: the machine, the data (scale factor, where it came from, lineorder
 * rows), the settings and the command line that chose them, the results, the cold start, and what the targets
 * compare them with: the device copy bandwidth for the kernels' floors and the anchors ({@code null} when
 * none were asked for). {@code timing} is how the timed runs were ordered ({@link BenchRunner.Timing});
 * {@code offloadUnavailable} is the driver's reason when the RayDB side could offload nothing (null otherwise).
 */
public record BenchReport(
        MachineInfo machine,
        double sf,
        String source,
        long seed,
        long rows,
        String engine,
        int reps,
        String timing,
        String timestamp,
        String command,
        List<BenchResult> results,
        ColdStart cold,
        BandwidthFloor bandwidth,
        Anchors anchors,
        String offloadUnavailable) {

    public boolean allMatch() {
        return results.stream().allMatch(BenchResult::match);
    }

    /** The targets this report can be checked against: none without anchors or a bandwidth. */
    public Targets targets() {
        return Targets.of(this);
    }
}
