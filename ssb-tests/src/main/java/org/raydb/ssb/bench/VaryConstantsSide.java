package org.raydb.ssb.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.raydb.ssb.query.SsbQuery;

/**
 * What one side of the vary-constants bench ({@code jdbc:duckdb:} or {@code jdbc:raydb:}) measured in its timed
 * window: the window's length (from the start line until the last thread stopped after its last query), the queries
 * answered, the offloaded ones among them, the errors (warm-up included) and the first few in words, the
 * latencies' median and 99th percentile, and per template the count and median.
 */
public record VaryConstantsSide(
        String name,
        double seconds,
        long queries,
        long offloaded,
        long errors,
        List<String> errorTexts,
        double p50Ms,
        double p99Ms,
        List<Template> templates) {

    /** One template's timed queries on this side; NaN median where none answered. */
    public record Template(String id, long queries, double p50Ms) {}

    public double queriesPerSecond() {
        return seconds > 0 ? queries / seconds : Double.NaN;
    }

    /** The figures of {@code clients}, with one row per template in {@code drawnFrom}'s order. */
    static VaryConstantsSide of(
            String name, List<SsbQuery> drawnFrom, long timedStart, List<VaryConstantsClient> clients) {
        Map<String, List<Long>> byTemplate = new LinkedHashMap<>();
        for (SsbQuery template : drawnFrom) {
            byTemplate.put(template.id(), new ArrayList<>());
        }
        List<String> errorTexts = new ArrayList<>();
        long offloaded = 0;
        long errors = 0;
        long stopped = timedStart;
        for (VaryConstantsClient c : clients) {
            c.nanosByTemplate().forEach((id, nanos) -> byTemplate.get(id).addAll(nanos));
            errorTexts.addAll(c.errorTexts());
            offloaded += c.offloaded();
            errors += c.errors();
            stopped = Math.max(stopped, c.stopped());
        }
        List<Template> templates = new ArrayList<>();
        byTemplate.forEach(
                (id, nanos) -> templates.add(new Template(id, nanos.size(), percentileMs(sorted(nanos), 0.5))));
        long[] all = sorted(byTemplate.values().stream().flatMap(List::stream).toList());
        return new VaryConstantsSide(
                name,
                (stopped - timedStart) / 1e9,
                all.length,
                offloaded,
                errors,
                List.copyOf(errorTexts),
                percentileMs(all, 0.5),
                percentileMs(all, 0.99),
                List.copyOf(templates));
    }

    private static long[] sorted(List<Long> nanos) {
        long[] values = nanos.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(values);
        return values;
    }

    /** The nearest-rank percentile {@code q} (0..1) of ascending nanoseconds, in ms; NaN of none. */
    static double percentileMs(long[] sortedNanos, double q) {
        if (sortedNanos.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(q * sortedNanos.length);
        return sortedNanos[Math.max(rank, 1) - 1] / 1e6;
    }
}
