package org.raydb.offload.engine.cpu;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.raydb.offload.engine.Engine;
import org.raydb.offload.engine.EngineException;
import org.raydb.offload.engine.EngineResult;
import org.raydb.offload.engine.OffloadJob;
import org.raydb.offload.engine.RowRange;
import org.raydb.offload.engine.partition.PartitionedRun;
import org.raydb.offload.engine.partition.ReplicatedRun;

/**
 * The cpu engine over several devices ({@code engine=cpu} with {@code device=0,1} or {@code partitions=2}): each
 * device a thread that answers for its partitions, so that partitioning and the exact merge run, and are
 * tested, where no GPU is. Equal shares. Replicated ({@code placement=replicated}): each device answers whole
 * jobs, the least busy first (every simulated device holds every table: the cpu engine keeps nothing resident).
 */
final class SimulatedDevices implements Engine {

    private final CpuEngine cpu;
    private final List<PartitionedRun.Device> devices;
    private final int perDevice;
    private final boolean replicated;

    SimulatedDevices(CpuEngine cpu, int devices, int perDevice, boolean replicated) {
        this.cpu = cpu;
        this.devices = IntStream.range(0, devices)
                .mapToObj(d -> (PartitionedRun.Device) new PartitionedRun.Device() {
                    private final AtomicInteger jobs = new AtomicInteger();

                    @Override
                    public String label() {
                        return "cpu:" + d;
                    }

                    @Override
                    public double share() {
                        return 1;
                    }

                    @Override
                    public EngineResult run(OffloadJob job, RowRange rows) throws EngineException {
                        jobs.incrementAndGet();
                        try {
                            return cpu.run(job, rows);
                        } finally {
                            jobs.decrementAndGet();
                        }
                    }

                    @Override
                    public int busy() {
                        return jobs.get();
                    }
                })
                .toList();
        this.perDevice = perDevice;
        this.replicated = replicated;
    }

    @Override
    public String name() {
        return cpu.name();
    }

    @Override
    public String unavailableReason() {
        return cpu.unavailableReason();
    }

    @Override
    public String placement() {
        return replicated
                ? devices.size() + " simulated devices, each holding the whole table; a query runs on the least busy"
                : devices.size() + " simulated devices x " + perDevice + " row partitions, merged on the host";
    }

    @Override
    public EngineResult run(OffloadJob job) throws EngineException {
        return replicated ? ReplicatedRun.run(job, devices) : PartitionedRun.run(job, devices, perDevice);
    }
}
