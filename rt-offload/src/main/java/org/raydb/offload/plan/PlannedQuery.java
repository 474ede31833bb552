package org.raydb.offload.plan;

/**
 * The planner's decision for one (SQL text, parameters): either a matched plan with its rewritten SQL, or
 * the reason it does not qualify. Cached, so it also remembers the timings of its last run.
 *
 * @param boundSql       the statement with parameters bound as literals
 * @param plan           the matched plan, {@code null} when it does not qualify
 * @param reason         why it does not qualify ({@code null} when it does)
 * @param rewrittenSql   the statement DuckDB runs over the registered result
 * @param relationName   the name the result is registered under
 * @param planningMicros what planning cost
 * @param duckDbMayReject whether the reason suggests DuckDB rejects the statement itself ({@link NotQualified})
 * @param templated      whether the plan is a template's with this statement's constants ({@link PlanTemplate})
 */
public record PlannedQuery(
        String boundSql,
        OffloadPlan plan,
        String reason,
        String rewrittenSql,
        String relationName,
        long planningMicros,
        LastRun lastRun,
        boolean duckDbMayReject,
        boolean templated) {

    /** Timings of the last offloaded run of this query (mutable, shared by cache hits). */
    public static final class LastRun {
        public volatile String summary;
    }

    /**
     * A decision is its own identity: statements of one template share the rewrite and the relation but not
     * their constants, so what is cached per decision (prepared jobs) is keyed by the decision itself.
     */
    @Override
    public boolean equals(Object o) {
        return this == o;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(this);
    }

    public boolean qualifies() {
        return plan != null;
    }

    /**
     * This decision for another connection, which registers its results under a relation of its own: the same
     * rewrite over {@code relation}, a last run of its own.
     */
    public PlannedQuery relabeled(String relation) {
        return new PlannedQuery(
                boundSql,
                plan,
                reason,
                rewrittenSql.replace(relationName, relation),
                relation,
                planningMicros,
                new LastRun(),
                duckDbMayReject,
                templated);
    }

    public static PlannedQuery notQualified(String boundSql, NotQualified reason, long micros) {
        return new PlannedQuery(
                boundSql, null, reason.reason(), null, null, micros, new LastRun(), reason.duckDbMayReject(), false);
    }
}
