package org.raydb.offload.engine.partition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.raydb.offload.engine.partition.PartitionedRunTest.CPU;
import static org.raydb.offload.engine.partition.PartitionedRunTest.assertSameGroups;

import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.raydb.offload.engine.EngineException;
import org.raydb.offload.engine.EngineResult;
import org.raydb.offload.engine.OffloadJob;

/** Whole-table jobs over replicas on simulated devices: which device answers, replicas made, faults. */
class ReplicatedRunTest {

    private static OffloadJob job;
    private static EngineResult whole;

    @BeforeAll
    static void job() throws Exception {
        job = PartitionedRunTest.groupedJob();
        whole = CPU.run(job);
    }

    private static int[] runs(List<TestDevice> devices) {
        return devices.stream().mapToInt(d -> d.runs.get()).toArray();
    }

    @Test
    void theLeastBusyDeviceHoldingTheInputsAnswersAlone() throws Exception {
        List<TestDevice> devices = TestDevice.list(3);
        devices.get(0).busy = 2;
        devices.get(1).busy = 1;
        devices.get(2).busy = 0;
        devices.get(2).holds = false; // idle, but it would have to load first
        EngineResult r = ReplicatedRun.run(job, devices);
        assertSameGroups(whole.aggregates(), r.aggregates());
        assertEquals(whole.rowsHit(), r.rowsHit());
        assertArrayEquals(new int[] {0, 1, 0}, runs(devices));
        devices.get(1).busy = 3;
        ReplicatedRun.run(job, devices);
        assertEquals(1, devices.get(0).runs.get());
    }

    @Test
    void aJobNoDeviceHoldsRunsOnEveryServingDeviceSoThatEachMakesItsReplica() throws Exception {
        List<TestDevice> devices = TestDevice.list(3);
        devices.forEach(d -> d.holds = false);
        devices.get(1).outOfService = true;
        assertSameGroups(whole.aggregates(), ReplicatedRun.run(job, devices).aggregates());
        assertEquals(1, devices.get(0).runs.get());
        assertEquals(0, devices.get(1).runs.get());
        assertEquals(1, devices.get(2).runs.get());
    }

    @Test
    void aFailedRunGoesToTheNextDeviceAndAFailingReplicaDoesNotFailTheJob() throws Exception {
        List<TestDevice> devices = TestDevice.list(2);
        devices.get(0).failures = 1;
        devices.get(0).leavesService = true;
        assertSameGroups(whole.aggregates(), ReplicatedRun.run(job, devices).aggregates());
        assertTrue(devices.get(0).outOfService);
        assertEquals(1, devices.get(1).runs.get());

        List<TestDevice> building = TestDevice.list(2);
        building.forEach(d -> d.holds = false);
        building.get(0).failures = 1; // e.g. out of memory while making its replica: it stays in service
        assertSameGroups(whole.aggregates(), ReplicatedRun.run(job, building).aggregates());
        assertFalse(building.get(0).outOfService);
        assertEquals(1, building.get(1).runs.get());
    }

    @Test
    void aJobNoDeviceCanRunFails() throws Exception {
        List<TestDevice> devices = TestDevice.list(2);
        devices.forEach(d -> d.failures = 5);
        EngineException e = assertThrows(EngineException.class, () -> ReplicatedRun.run(job, devices));
        assertTrue(e.getMessage().startsWith("no device could run the job: sim:"), e.getMessage());
        devices.forEach(d -> d.holds = false);
        e = assertThrows(EngineException.class, () -> ReplicatedRun.run(job, devices));
        assertTrue(e.getMessage().startsWith("no device could run the job: sim:"), e.getMessage());
        devices.forEach(d -> d.outOfService = true);
        e = assertThrows(EngineException.class, () -> ReplicatedRun.run(job, devices));
        assertEquals("every device of the offload is out of service", e.getMessage());
    }
}
