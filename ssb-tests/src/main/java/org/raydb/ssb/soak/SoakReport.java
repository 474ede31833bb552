package org.raydb.ssb.soak;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;
import org.raydb.ssb.bench.Json;
import org.raydb.ssb.bench.MachineInfo;

/**
 * What a soak found, as the closing table and as JSON: {@code {"machine": {...}, "sf", "source", "seed", "rows",
 * "engine", "offload", "readers", "writers", "seconds", "timestamp", "command", "queries", "offloaded",
 * "mismatches", "errors", "stuck_threads", "writes", "queries_per_second", "p50_ms", "p99_ms",
 * "gpu_memory_budget", "peak_gpu_memory_mib", "problems": [...]}}. Latencies are in milliseconds; the peak
 * GPU memory is nvidia-smi's used memory summed over the GPUs, null without nvidia-smi; the budget is the
 * driver's {@code gpu.memory} setting.
 */
record SoakReport(
        MachineInfo machine,
        double sf,
        String source,
        long seed,
        long rows,
        String engine,
        String offload,
        int readers,
        int writers,
        double seconds,
        String timestamp,
        String command,
        long queries,
        long offloaded,
        long mismatches,
        long errors,
        List<String> stuck,
        long writes,
        double p50Ms,
        double p99Ms,
        String gpuMemoryBudget,
        long peakGpuMib,
        List<String> problems) {

    boolean passed() {
        return mismatches == 0 && errors == 0 && stuck.isEmpty();
    }

    double queriesPerSecond() {
        return queries / Math.max(seconds, 1e-9);
    }

    void print(PrintStream out) {
        problems.forEach(p -> out.println("  " + p));
        stuck.forEach(s -> out.println("  stuck: " + s));
        out.printf(
                Locale.ROOT,
                "%-22s %s%n",
                "soak",
                String.format(
                        Locale.ROOT,
                        "%d readers, %d writers, %.0f s, " + "engine=%s offload=%s",
                        readers,
                        writers,
                        seconds,
                        engine,
                        offload));
        row(out, "queries run", String.format(Locale.ROOT, "%,d", queries));
        row(out, "offloaded", String.format(Locale.ROOT, "%,d", offloaded));
        row(out, "mismatches", String.format(Locale.ROOT, "%,d", mismatches));
        row(out, "errors", String.format(Locale.ROOT, "%,d", errors));
        row(out, "stuck threads", Integer.toString(stuck.size()));
        row(out, "writes", String.format(Locale.ROOT, "%,d", writes));
        row(out, "queries/s", String.format(Locale.ROOT, "%.1f", queriesPerSecond()));
        row(out, "p50 / p99 latency", String.format(Locale.ROOT, "%.2f / %.2f ms", p50Ms, p99Ms));
        row(
                out,
                "peak GPU memory",
                (peakGpuMib < 0 ? "n/a (no nvidia-smi)" : peakGpuMib + " MiB") + ", budget gpu.memory="
                        + gpuMemoryBudget);
        row(out, "result", passed() ? "PASS" : "FAIL");
    }

    private static void row(PrintStream out, String name, String value) {
        out.printf(Locale.ROOT, "%-22s %s%n", name, value);
    }

    String json() {
        StringJoiner gpus = new StringJoiner(", ", "[", "]");
        machine.gpus().forEach(g -> gpus.add(Json.string(g)));
        return "{\n  \"machine\": {\"cores\": " + machine.cores() + ", \"memory_bytes\": " + machine.memoryBytes()
                + ", \"os\": " + Json.string(machine.os()) + ", \"java\": " + Json.string(machine.java())
                + ", \"gpus\": " + gpus + "},\n  \"sf\": " + Json.number(sf) + ",\n  \"source\": "
                + Json.string(source) + ",\n  \"seed\": " + seed + ",\n  \"rows\": " + rows
                + ",\n  \"engine\": " + Json.string(engine) + ",\n  \"offload\": " + Json.string(offload)
                + ",\n  \"readers\": " + readers + ",\n  \"writers\": " + writers
                + ",\n  \"seconds\": " + Json.number(seconds) + ",\n  \"timestamp\": " + Json.string(timestamp)
                + ",\n  \"command\": " + Json.string(command) + ",\n  \"queries\": " + queries
                + ",\n  \"offloaded\": " + offloaded + ",\n  \"mismatches\": " + mismatches
                + ",\n  \"errors\": " + errors + ",\n  \"stuck_threads\": " + strings(stuck)
                + ",\n  \"writes\": " + writes + ",\n  \"queries_per_second\": " + Json.number(queriesPerSecond())
                + ",\n  \"p50_ms\": " + Json.number(p50Ms) + ",\n  \"p99_ms\": " + Json.number(p99Ms)
                + ",\n  \"gpu_memory_budget\": " + Json.string(gpuMemoryBudget)
                + ",\n  \"peak_gpu_memory_mib\": " + (peakGpuMib < 0 ? "null" : Long.toString(peakGpuMib))
                + ",\n  \"problems\": " + strings(problems) + "\n}\n";
    }

    private static String strings(List<String> items) {
        StringJoiner out = new StringJoiner(", ", "[", "]");
        items.forEach(i -> out.add(Json.string(i)));
        return out.toString();
    }
}
