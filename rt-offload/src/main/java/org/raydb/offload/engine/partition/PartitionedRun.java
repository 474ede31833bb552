package org.raydb.offload.engine.partition;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.raydb.offload.engine.EngineException;
import org.raydb.offload.engine.EngineResult;
import org.raydb.offload.engine.OffloadJob;
import org.raydb.offload.engine.RowRange;

/**
 * Runs one job over the partitions of its table on every device at once and merges their groups exactly.
 * Each device runs its own partitions one after another on one thread (its lane and stream), the first
 * device's on the calling thread. A partition whose device fails runs on the next device that has not failed
 * on it; a device that reports itself out of service ({@link Device#outOfService()}) gets no partitions from
 * then on, and its partitions go to the others. Where no device can run a partition the job fails with an
 * {@link EngineException}, and DuckDB answers.
 */
public final class PartitionedRun {

    private static final System.Logger LOG = System.getLogger("org.raydb.offload.engine");

    /** Threads that run the second and later devices' partitions of a job; idle ones end after a minute. */
    private static final ExecutorService DEVICES = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "raydb-device");
        t.setDaemon(true);
        return t;
    });

    /** One device a job's partitions run on. */
    public interface Device {

        /** The device in log lines and errors ({@code cuda:1}). */
        String label();

        /** Its share of a table's rows, relative to the other devices' (speed and memory). */
        double share();

        /** Runs the job over {@code rows} only: the partial groups of those rows. */
        EngineResult run(OffloadJob job, RowRange rows) throws EngineException;

        /** Whether this device takes no more partitions (it failed before in a way that is not about one job). */
        default boolean outOfService() {
            return false;
        }

        /** Told when a partition failed on this device; it may take itself out of service. */
        default void failed(EngineException e) {}

        /**
         * Whether this device holds what a whole-table run of {@code job} reads (a replica's inputs), so that it
         * answers without loading or building anything.
         */
        default boolean holds(OffloadJob job) {
            return true;
        }

        /** The jobs running or waiting on this device now: a replicated run goes to the least busy. */
        default int busy() {
            return 0;
        }
    }

    private PartitionedRun() {}

    /** Runs {@code job} over {@code perDevice} partitions per device of {@code devices} and merges the results. */
    public static EngineResult run(OffloadJob job, List<? extends Device> devices, int perDevice)
            throws EngineException {
        double[] shares = devices.stream().mapToDouble(Device::share).toArray();
        List<PartitionLayout.Part> parts =
                PartitionLayout.of(job.rows(), shares, perDevice).parts();
        List<Integer> serving = new ArrayList<>();
        for (int d = 0; d < devices.size(); d++) if (!devices.get(d).outOfService()) serving.add(d);
        if (serving.isEmpty()) {
            throw new EngineException("every device of the offload is out of service", null);
        }
        // The layout's owner, or a serving device in its place: the layout (and so what is resident) stays put.
        int[] owner = new int[parts.size()];
        Map<Integer, List<PartitionLayout.Part>> byDevice = new LinkedHashMap<>();
        for (PartitionLayout.Part p : parts) {
            owner[p.index()] =
                    devices.get(p.device()).outOfService() ? serving.get(p.index() % serving.size()) : p.device();
            byDevice.computeIfAbsent(owner[p.index()], d -> new ArrayList<>()).add(p);
        }
        EngineResult[] results = new EngineResult[parts.size()];
        EngineException[] failures = new EngineException[parts.size()];
        List<Runnable> work = new ArrayList<>();
        for (Map.Entry<Integer, List<PartitionLayout.Part>> e : byDevice.entrySet()) {
            Device device = devices.get(e.getKey());
            work.add(() -> {
                for (PartitionLayout.Part p : e.getValue()) {
                    try {
                        results[p.index()] = device.run(job, p.rows());
                    } catch (EngineException x) {
                        failures[p.index()] = x;
                    }
                }
            });
        }
        atOnce(work);
        long t0 = System.nanoTime();
        for (PartitionLayout.Part p : parts) {
            if (failures[p.index()] != null) {
                results[p.index()] = rerun(job, devices, p, owner[p.index()], failures[p.index()]);
            }
        }
        try {
            return EngineResult.merged(List.of(results), (System.nanoTime() - t0) / 1000);
        } catch (ArithmeticException e) {
            throw new EngineException("a sum of the partitions' groups leaves the exact 64-bit range", e);
        }
    }

    /**
     * Runs each of {@code work} at once, the first on the calling thread and the others on device threads, and
     * returns when all have ended; an unchecked failure of one is thrown then (the first one met).
     */
    static void atOnce(List<Runnable> work) {
        List<CompletableFuture<Void>> others = new ArrayList<>();
        for (Runnable w : work.subList(1, work.size())) others.add(CompletableFuture.runAsync(w, DEVICES));
        Throwable unchecked = null;
        try {
            work.get(0).run();
        } catch (RuntimeException | Error x) {
            unchecked = x;
        }
        for (CompletableFuture<Void> f : others) {
            try {
                f.join();
            } catch (CompletionException x) {
                if (unchecked == null) unchecked = x.getCause();
            }
        }
        if (unchecked instanceof RuntimeException r) throw r;
        if (unchecked instanceof Error r) throw r;
    }

    /** A failed partition on the devices that have not failed on it, in order; the last failure where none can. */
    private static EngineResult rerun(
            OffloadJob job,
            List<? extends Device> devices,
            PartitionLayout.Part p,
            int failedOn,
            EngineException failure)
            throws EngineException {
        devices.get(failedOn).failed(failure);
        EngineException last = failure;
        String tried = devices.get(failedOn).label();
        for (int d = 0; d < devices.size(); d++) {
            Device other = devices.get(d);
            if (d == failedOn || other.outOfService()) continue;
            LOG.log(
                    System.Logger.Level.WARNING,
                    "raydb: {0} failed on {1} ({2}); {3} runs them",
                    tried,
                    p.rows(),
                    last.getMessage(),
                    other.label());
            try {
                return other.run(job, p.rows());
            } catch (EngineException e) {
                other.failed(e);
                last = e;
                tried = other.label();
            }
        }
        throw new EngineException(
                "no device could run " + p.rows() + " of the table: " + tried + ": " + last.getMessage(), last);
    }
}
