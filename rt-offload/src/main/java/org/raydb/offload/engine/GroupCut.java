package org.raydb.offload.engine;

/**
 * What a statement keeps of a job's groups when it is finished by ordering them by one aggregate and limiting
 * them: the first {@code count} in the order of aggregate {@code aggregate} (a COUNT, or the accumulator of
 * SUM, MIN or MAX), every group tied with the last of those, and every group whose value is NULL. An engine
 * may return only those (the finish cuts again); one that returns every group is as exact.
 *
 * @param aggregate  the aggregate, in the job's order
 * @param descending its direction in the statement
 * @param count      OFFSET plus LIMIT
 */
public record GroupCut(int aggregate, boolean descending, long count) {

    /**
     * Group spaces from which a GPU engine makes the cut: below, the groups all come back in a few milliseconds
     * at most, and the host's cut is as quick.
     */
    public static final int MIN_GROUPS = 64 * 1024;

    /** Whether a GPU engine makes this cut over a group space of {@code groups}: large, and the cut keeps few. */
    public boolean madeOver(long groups) {
        return groups >= MIN_GROUPS && count < groups / 4;
    }
}
