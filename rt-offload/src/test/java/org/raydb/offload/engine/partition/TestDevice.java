package org.raydb.offload.engine.partition;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.raydb.offload.engine.EngineException;
import org.raydb.offload.engine.EngineResult;
import org.raydb.offload.engine.OffloadJob;
import org.raydb.offload.engine.RowRange;

/**
 * A simulated device on the cpu engine that counts its runs, fails the first {@code failures} of them, and says
 * what a test sets: whether it leaves service on a failure, whether it holds a job's inputs, how busy it is.
 */
final class TestDevice implements PartitionedRun.Device {
    final String label;
    final AtomicInteger runs = new AtomicInteger();
    int failures;
    boolean leavesService;
    boolean outOfService;
    boolean holds = true;
    int busy;

    TestDevice(String label) {
        this.label = label;
    }

    static List<TestDevice> list(int n) {
        List<TestDevice> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(new TestDevice("sim:" + i));
        return out;
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public double share() {
        return 1;
    }

    @Override
    public EngineResult run(OffloadJob job, RowRange rows) throws EngineException {
        runs.incrementAndGet();
        synchronized (this) {
            if (failures > 0) {
                failures--;
                throw new EngineException(label + " injected failure", null);
            }
        }
        return PartitionedRunTest.CPU.run(job, rows);
    }

    @Override
    public boolean outOfService() {
        return outOfService;
    }

    @Override
    public void failed(EngineException e) {
        outOfService |= leavesService;
    }

    @Override
    public boolean holds(OffloadJob job) {
        return holds;
    }

    @Override
    public int busy() {
        return busy;
    }
}
