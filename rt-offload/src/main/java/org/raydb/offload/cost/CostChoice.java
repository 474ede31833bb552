package org.raydb.offload.cost;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.raydb.offload.engine.GroupCut;

/**
 * {@code engine=auto}'s decision for one prepared job: each available GPU engine's time (its measured time for
 * this job where it has run it, else its estimate) plus the offload's host overhead and handoff, against DuckDB's
 * time (measured where it was, else estimated); the cheapest wins, ties in the order cuda, optix, duckdb. Where
 * only the handoff of groups whose number is a guess makes DuckDB cheaper, the best engine runs once to count
 * them ({@link #countsGroups}); the choice is then made again on the count.
 *
 * @param engine      "cuda", "optix" or "duckdb"
 * @param reason      the comparison, for EXPLAIN OFFLOAD and the decline message
 * @param estimates   per GPU engine its estimated engine time in µs (the model's, before any measurement)
 * @param duckdb      DuckDB's time in µs as compared (measured or estimated), NaN where DuckDB was not a
 *                    candidate ({@code offload=force})
 * @param duckdbMeasured whether {@code duckdb} was measured
 * @param bestOffload the cheapest GPU engine's total in µs, host overhead included
 */
public record CostChoice(
        String engine,
        String reason,
        Map<String, Double> estimates,
        double duckdb,
        boolean duckdbMeasured,
        double bestOffload,
        boolean countsGroups) {

    public static final String DUCKDB = "duckdb";
    /**
     * Where DuckDB's estimate and the best offload lie within this factor of each other, the estimate (a
     * scan model, which knows nothing of DuckDB's zone maps or string costs) cannot be trusted to decide, and
     * timing DuckDB once on the query costs at most this factor times the offload: then it is measured.
     */
    public static final double UNCERTAIN = 4;

    /**
     * The most the model's bias on one engine scales another's estimate: a few times covers the fixed costs
     * it leaves out, while an engine measured far slower than modelled (a bad fit for the job) must still let
     * the others win.
     */
    static final double MAX_BIAS = 4;

    /**
     * Handing a job's groups back and finishing the statement over them, per group: on the H100 host, TPC-H at
     * SF 10 grouped by order, part or customer key (1M-15M groups) took 0.4-1.1 µs a group there while the
     * engine took 0.5-8 ms in all. The measured host overhead ({@link HostOverhead}) comes from queries of a
     * few groups and misses it, so an offload of millions of groups looked cheaper than DuckDB. Counted for the
     * groups the job can return: no more than its qualifying rows (SSB q3.2 and q4.3 have 10^5-10^6 groups in the
     * table but return a few hundred, and counting the table's made DuckDB look 5-10x cheaper).
     */
    static final double HANDOFF_MICROS_PER_GROUP = 1.0;

    /**
     * Bringing a GPU job's groups back into host memory, per group, beyond the model's kernel: on the H100 at SF 20,
     * lineorder grouped by order key (30M groups) took 743 ms from launch to groups in host memory and by part key
     * (1M) 37 ms, where the kernel itself takes milliseconds. Added to estimates only: a measured time has it.
     */
    static final double ENGINE_MICROS_PER_GROUP = 0.025;

    /**
     * A cut on the GPU (GroupCut), per group of the group space: a radix select reads the accumulators once per
     * digit (CompactKernels.cut).
     */
    static final double CUT_MICROS_PER_GROUP = 0.0001;

    /** One candidate's total. */
    private record Option(String name, double micros, String how) {}

    /**
     * @param engines     the available GPU engines' names (at least one), in preference order for ties
     * @param duckdb      DuckDB's estimate, or NaN when the query must be offloaded
     */
    public static CostChoice choose(
            List<String> engines,
            JobShape job,
            DeviceConstants device,
            double duckdb,
            HostOverhead overhead,
            MeasuredTimes measured) {
        return choose(engines, job, device, duckdb, overhead, measured, Long.MAX_VALUE, false);
    }

    /**
     * {@link #choose(List, JobShape, DeviceConstants, double, HostOverhead, MeasuredTimes)} for a statement that
     * keeps at most about {@code kept} of the groups (an ORDER BY with LIMIT finished by the driver): only those
     * are handed over; where {@code cutOnDevice} (a {@link GroupCut} the GPU engines make over the job's group
     * space) only those come back from the GPU too.
     */
    public static CostChoice choose(
            List<String> engines,
            JobShape job,
            DeviceConstants device,
            double duckdb,
            HostOverhead overhead,
            MeasuredTimes measured,
            long kept,
            boolean cutOnDevice) {
        Map<String, Double> estimates = new LinkedHashMap<>();
        List<Option> options = new ArrayList<>();
        double host = overhead.micros();
        long groupsHit = measured.groupsHit();
        long returned = groupsHit >= 0 ? groupsHit : Math.min(job.groups(), job.qualifyingRows());
        long handed = Math.min(returned, kept);
        double handoff = handed * HANDOFF_MICROS_PER_GROUP;
        // The model's underestimate, as an engine that has run this job shows it (fixed costs it does not
        // model): an engine not run yet is judged with the same factor, so a measurement is never compared
        // with a bare estimate (on the H100 cuda measured 131 us against 62 estimated, and optix, estimated
        // at 92 us, looked cheaper without ever having run).
        double bias = 1;
        for (String e : engines) {
            estimates.put(e, estimate(e, job, device));
            long m = measured.of(e);
            if (m >= 0 && estimates.get(e) > 0) bias = Math.max(bias, Math.min(MAX_BIAS, m / estimates.get(e)));
        }
        for (String e : engines) {
            long m = measured.of(e);
            double engineMicros = m >= 0
                    ? m
                    : estimates.get(e) * bias
                            + (cutOnDevice ? handed : returned) * ENGINE_MICROS_PER_GROUP
                            + (cutOnDevice ? job.groups() * CUT_MICROS_PER_GROUP : 0);
            options.add(new Option(
                    e,
                    engineMicros + host + handoff,
                    String.format(
                            Locale.ROOT,
                            "%s %.0f us (%s %.0f + host %.0f + handoff of %s%d groups %.0f)",
                            e,
                            engineMicros + host + handoff,
                            m >= 0 ? "measured" : bias > 1 ? "estimated x model bias" : "estimated",
                            engineMicros,
                            host,
                            groupsHit >= 0 ? "" : "at most ",
                            handed,
                            handoff)));
        }
        double best = options.stream().mapToDouble(Option::micros).min().orElseThrow();
        long duckdbMeasured = measured.of(DUCKDB);
        double duckdbMicros = Double.isNaN(duckdb) || duckdbMeasured < 0 ? duckdb : duckdbMeasured;
        if (!Double.isNaN(duckdbMicros)) {
            options.add(new Option(
                    DUCKDB,
                    duckdbMicros,
                    String.format(
                            Locale.ROOT,
                            "duckdb %.0f us (%s)",
                            duckdbMicros,
                            duckdbMeasured >= 0 ? "measured" : "estimated")));
        }
        List<Option> ranked = new ArrayList<>(options);
        ranked.sort(Comparator.comparingDouble(Option::micros)); // stable: ties keep the preference order
        StringBuilder why = new StringBuilder("cheapest: ");
        for (int i = 0; i < ranked.size(); i++)
            why.append(i == 0 ? "" : " < ").append(ranked.get(i).how());
        String engine = ranked.get(0).name();
        // Where only the guess of the groups handed back makes DuckDB cheaper, or leaves the offload too close to
        // DuckDB to decide by (on the H100 at SF 20 every such ad-hoc statement guessed 4,860-10,608 groups, 5-11 ms,
        // beside 0.6-1 ms of engine and host, and returned 4-1,250), the engine runs once to count them, and the
        // choice is made again on the count: DuckDB is timed only where the count leaves it undecided.
        boolean countsGroups = groupsHit < 0
                && !Double.isNaN(duckdbMicros)
                && (engine.equals(DUCKDB)
                        ? best - handoff < duckdbMicros
                        : duckdbMeasured < 0
                                && duckdbMicros < UNCERTAIN * best
                                && UNCERTAIN * (best - handoff) <= duckdbMicros);
        if (countsGroups && engine.equals(DUCKDB)) {
            engine = ranked.stream()
                    .filter(o -> !o.name().equals(DUCKDB))
                    .findFirst()
                    .orElseThrow()
                    .name();
            why.append("; but without the handoff ")
                    .append(engine)
                    .append(" is cheaper, and the groups it returns are not known yet: it runs once to count them");
        } else if (countsGroups) {
            why.append("; too close to DuckDB by the groups it may return, which are not known yet: it runs once to"
                    + " count them");
        }
        return new CostChoice(engine, why.toString(), estimates, duckdbMicros, duckdbMeasured >= 0, best, countsGroups);
    }

    /**
     * Whether DuckDB's estimate is too close to the offload to decide by, so DuckDB should be timed once; not where the
     * engine runs first to count the groups, after which the choice is made again.
     */
    public boolean uncertain() {
        return !countsGroups
                && !duckdbMeasured
                && !Double.isNaN(duckdb)
                && duckdb < UNCERTAIN * bestOffload
                && bestOffload < UNCERTAIN * duckdb;
    }

    /** The model's estimate of a GPU engine's time for the job. */
    public static double estimate(String engine, JobShape job, DeviceConstants device) {
        return switch (engine) {
            case "cuda" -> CostModel.cudaMicros(job, device);
            case "optix" -> CostModel.optixMicros(job, device);
            default -> throw new IllegalArgumentException("no cost model for engine " + engine);
        };
    }
}
