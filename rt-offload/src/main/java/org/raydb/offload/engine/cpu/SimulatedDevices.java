package org.raydb.offload.engine.cpu;

import java.util.List;
import java.util.stream.IntStream;
import org.raydb.offload.engine.Engine;
import org.raydb.offload.engine.EngineException;
import org.raydb.offload.engine.EngineResult;
import org.raydb.offload.engine.OffloadJob;
import org.raydb.offload.engine.RowRange;
import org.raydb.offload.engine.partition.PartitionedRun;

/**
 * The cpu engine over several devices ({@code engine=cpu} with {@code device=0,1} or {@code partitions=2}): each
 * device a thread that answers for its partitions, so that partitioning and the exact merge run, and are
 * tested, where no GPU is. Equal shares.
 */
final class SimulatedDevices implements Engine {

    private final CpuEngine cpu;
    private final List<PartitionedRun.Device> devices;
    private final int perDevice;

    SimulatedDevices(CpuEngine cpu, int devices, int perDevice) {
        this.cpu = cpu;
        this.devices = IntStream.range(0, devices)
                .mapToObj(d -> (PartitionedRun.Device) new PartitionedRun.Device() {
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
                        return cpu.run(job, rows);
                    }
                })
                .toList();
        this.perDevice = perDevice;
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
        return devices.size() + " simulated devices x " + perDevice + " row partitions, merged on the host";
    }

    @Override
    public EngineResult run(OffloadJob job) throws EngineException {
        return PartitionedRun.run(job, devices, perDevice);
    }
}
