package org.raydb.ssb.bench;

import java.util.List;

/**
 * Everything one ad-hoc bench run measured: the run's header (machine, data, driver settings, the seed the
 * queries were drawn with), DuckDB's timed runs per query, when and by which command, and the results.
 */
public record AdhocReport(RunHeader header, int reps, String timestamp, String command, List<AdhocResult> results) {

    /** What the memory columns are. */
    public static final String MEMORY_NOTE = "memory after each query: the JVM's used heap (live data and garbage"
            + " not yet collected) and the GPUs' used memory by nvidia-smi (n/a without it; it includes the CUDA"
            + " contexts), beside what the offload layer holds resident for the process: host bytes counted"
            + " against host.memory and GPU bytes counted against gpu.memory";

    public AdhocSummary summary() {
        return AdhocSummary.of(results);
    }

    public boolean allExact() {
        return results.stream().allMatch(AdhocResult::exact);
    }
}
