package org.raydb.offload.engine.partition;

import java.util.ArrayList;
import java.util.List;
import org.raydb.offload.engine.EngineException;
import org.raydb.offload.engine.EngineResult;
import org.raydb.offload.engine.OffloadJob;
import org.raydb.offload.engine.RowRange;

/**
 * Runs one job over the whole table on one of several devices that each keep the whole table (replicas):
 * the least busy device holding the job's inputs answers, so that the devices serve different queries at once.
 * A warm query is mostly host work around a short device window, and that window (a lane of the device) is what
 * several devices multiply; a partitioned run holds a window on every device instead.
 *
 * <p>A job that no serving device holds yet runs on every serving device at once, each making its replica
 * resident, and the first device's answer is returned: later runs then have every device to choose from. A device
 * that fails the job is told ({@link PartitionedRun.Device#failed}) and the next one runs it; where none can, the
 * job fails with an {@link EngineException}, and DuckDB answers.
 */
public final class ReplicatedRun {

    private ReplicatedRun() {}

    public static EngineResult run(OffloadJob job, List<? extends PartitionedRun.Device> devices)
            throws EngineException {
        List<PartitionedRun.Device> serving = new ArrayList<>();
        for (PartitionedRun.Device d : devices) if (!d.outOfService()) serving.add(d);
        if (serving.isEmpty()) {
            throw new EngineException("every device of the offload is out of service", null);
        }
        List<PartitionedRun.Device> holders =
                serving.stream().filter(d -> d.holds(job)).toList();
        if (holders.isEmpty()) {
            return everywhere(job, serving);
        }
        // The least busy holder first (the first of those equally busy; each asked once, as the counts change
        // while we look), then the other holders, then the devices that would still have to load the inputs.
        PartitionedRun.Device least = holders.get(0);
        int fewest = least.busy();
        for (PartitionedRun.Device d : holders.subList(1, holders.size())) {
            int busy = d.busy();
            if (busy < fewest) {
                least = d;
                fewest = busy;
            }
        }
        List<PartitionedRun.Device> order = new ArrayList<>(List.of(least));
        for (PartitionedRun.Device d : holders) if (d != least) order.add(d);
        for (PartitionedRun.Device d : serving) if (!holders.contains(d)) order.add(d);
        EngineException last = null;
        for (PartitionedRun.Device d : order) {
            if (d.outOfService()) continue;
            try {
                return d.run(job, RowRange.all(job.rows()));
            } catch (EngineException e) {
                d.failed(e);
                last = e;
            }
        }
        throw new EngineException("no device could run the job: " + last.getMessage(), last);
    }

    /** Runs the job on each of {@code serving} at once (each making its replica); the first success answers. */
    private static EngineResult everywhere(OffloadJob job, List<PartitionedRun.Device> serving) throws EngineException {
        RowRange all = RowRange.all(job.rows());
        EngineResult[] results = new EngineResult[serving.size()];
        EngineException[] failures = new EngineException[serving.size()];
        List<Runnable> work = new ArrayList<>();
        for (int i = 0; i < serving.size(); i++) {
            int d = i;
            work.add(() -> {
                try {
                    results[d] = serving.get(d).run(job, all);
                } catch (EngineException e) {
                    failures[d] = e;
                }
            });
        }
        PartitionedRun.atOnce(work);
        EngineException last = null;
        for (int d = 0; d < serving.size(); d++) {
            if (failures[d] != null) {
                serving.get(d).failed(failures[d]);
                last = failures[d];
            }
        }
        for (EngineResult r : results) if (r != null) return r;
        throw new EngineException("no device could run the job: " + last.getMessage(), last);
    }
}
