package org.raydb.offload.cost;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The online correction: the engine time last measured per engine for one prepared job (a plan on one table
 * snapshot), which replaces that engine's estimate when the same query comes again, and the groups its last run
 * returned, which replace the guess of how many it hands back. A job's first run on an
 * engine is not kept: it can pay one-time costs inside the engine's own time (a kernel's lazy loading, the
 * first launch of a ray pipeline: 5.5 ms against 0.2 ms warm, seen on the H100), and a cold figure could
 * leave an engine that is in fact fastest never chosen again.
 */
public final class MeasuredTimes {

    private final Set<String> ran = new HashSet<>();
    private final Map<String, Long> micros = new TreeMap<>();
    private long groupsHit = -1;

    /** Records a run's engine time; returns whether the engine had run this job before (the run was warm). */
    public synchronized boolean record(String engine, long engineMicros) {
        boolean warm = !ran.add(engine);
        if (warm && engineMicros >= 0) micros.put(engine, engineMicros);
        return warm;
    }

    /** Keeps a deliberate timing as it is (DuckDB timed on the query, see {@link CostChoice#uncertain()}). */
    public synchronized void keep(String side, long timedMicros) {
        micros.put(side, timedMicros);
    }

    /**
     * Starts from the times measured on another job of the same statement template (other constants, same
     * columns, groups and aggregates): close enough to choose by, so DuckDB is not timed again for every new
     * set of constants. The other job's runs do not count as this one's ({@link #record} still treats this
     * job's first run on an engine as cold).
     */
    public void startFrom(MeasuredTimes other) {
        startFrom(other, true);
    }

    /**
     * {@link #startFrom} a job of the same statement on another technique (a scan's job, then its shape's own):
     * only DuckDB's time and the groups carry over, since the engines' times were for other work.
     */
    public void startFromDuckDb(MeasuredTimes other) {
        startFrom(other, false);
    }

    private void startFrom(MeasuredTimes other, boolean engines) {
        Map<String, Long> times = other.all();
        long groups = other.groupsHit();
        synchronized (this) {
            times.forEach((side, t) -> {
                if (engines || side.equals(CostChoice.DUCKDB)) micros.putIfAbsent(side, t);
            });
            if (groupsHit < 0) groupsHit = groups;
        }
    }

    /** Records how many groups a run of the job returned (how many its handoff passes on). */
    public synchronized void groupsHit(long groups) {
        groupsHit = groups;
    }

    /** The groups the job's last run returned, or -1 where it has not run (nor a job of its template). */
    public synchronized long groupsHit() {
        return groupsHit;
    }

    /** The last warm time measured for the engine, or -1 when there is none. */
    public synchronized long of(String engine) {
        return micros.getOrDefault(engine, -1L);
    }

    /** Every measurement, by engine name. */
    public synchronized Map<String, Long> all() {
        return new TreeMap<>(micros);
    }
}
