package org.raydb.offload.cost;

import org.raydb.offload.engine.OffloadJob;

/**
 * The cost side of one prepared job, cached with it: its shape (computed on first use: a RayDB job's exact
 * qualifying rows need the scene's Z order, which the cuda engine builds anyway) and the engine times
 * measured on it.
 */
public final class JobCosts {

    private final OffloadJob job;
    private final MeasuredTimes measured = new MeasuredTimes();
    private volatile JobShape shape;

    public JobCosts(OffloadJob job) {
        this.job = job;
    }

    public JobShape shape() {
        JobShape s = shape;
        if (s == null) {
            s = JobShape.of(job);
            shape = s;
        }
        return s;
    }

    public MeasuredTimes measured() {
        return measured;
    }
}
