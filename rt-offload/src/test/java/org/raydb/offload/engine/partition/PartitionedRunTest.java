package org.raydb.offload.engine.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.duckdb.DuckDBConnection;
import org.junit.jupiter.api.Test;
import org.raydb.offload.engine.EngineException;
import org.raydb.offload.engine.EngineResult;
import org.raydb.offload.engine.GroupAggregates;
import org.raydb.offload.engine.OffloadJob;
import org.raydb.offload.engine.cpu.CpuEngine;
import org.raydb.offload.exec.JobPlanner;
import org.raydb.offload.exec.LoadedSnapshot;
import org.raydb.offload.plan.PlannedQuery;
import org.raydb.offload.plan.QueryPlanner;

/** Partitions run on simulated devices (the cpu engine), with faults injected into some of them. */
class PartitionedRunTest {

    static final CpuEngine CPU = new CpuEngine();

    /** The job of {@code query} over a table made by {@code createSql}. */
    static OffloadJob job(String createSql, String query) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                BufferAllocator allocator = new RootAllocator();
                QueryPlanner planner = new QueryPlanner(c.unwrap(DuckDBConnection.class))) {
            try (Statement st = c.createStatement()) {
                st.execute(createSql);
            }
            PlannedQuery pq = planner.plan(query, List.of());
            assertTrue(pq.qualifies(), pq.reason());
            // The job's columns are Java arrays: they outlive the connection and the allocator.
            return new LoadedSnapshot(c, allocator)
                    .prepare(pq, JobPlanner.Index.BUILT)
                    .job();
        }
    }

    static OffloadJob groupedJob() throws Exception {
        return job(
                "CREATE TABLE t AS SELECT i % 97 AS k, (i * 7919) % 10007 - 5000 AS m,"
                        + " CASE WHEN i % 13 = 0 THEN NULL ELSE i % 1000 END AS n FROM range(50000) r(i)",
                "SELECT k, count(*), sum(m), min(m), max(m), count(n), sum(n) FROM t WHERE m > -4000 GROUP BY k");
    }

    static void assertSameGroups(GroupAggregates expected, GroupAggregates got) {
        assertEquals(expected.groupsHit(), got.groupsHit());
        for (int g = 0; g < expected.groups(); g++) {
            assertEquals(expected.rowsHit(g), got.rowsHit(g), "rows of group " + g);
            for (int a = 0; a < 6; a++) {
                assertEquals(expected.count(a, g), got.count(a, g), "count " + a + " of group " + g);
                if (expected.count(a, g) > 0) assertEquals(expected.value(a, g), got.value(a, g));
            }
        }
    }

    @Test
    void partitionsMergeToTheWholeTablesGroups() throws Exception {
        OffloadJob job = groupedJob();
        EngineResult whole = CPU.run(job);
        for (int devices = 1; devices <= 3; devices++) {
            for (int perDevice = 1; perDevice <= 4; perDevice++) {
                EngineResult parts = PartitionedRun.run(job, TestDevice.list(devices), perDevice);
                assertSameGroups(whole.aggregates(), parts.aggregates());
                assertEquals(whole.rowsHit(), parts.rowsHit());
            }
        }
    }

    @Test
    void aFailedDevicesPartitionsRunOnTheOthersAndItLeavesService() throws Exception {
        OffloadJob job = groupedJob();
        List<TestDevice> devices = TestDevice.list(3);
        devices.get(1).failures = 1;
        devices.get(1).leavesService = true;
        EngineResult r = PartitionedRun.run(job, devices, 2);
        assertSameGroups(CPU.run(job).aggregates(), r.aggregates());
        assertTrue(devices.get(1).outOfService);
        // Out of service, it is not asked again: its partitions go to the others from the start.
        int before = devices.get(1).runs.get();
        assertSameGroups(
                CPU.run(job).aggregates(), PartitionedRun.run(job, devices, 2).aggregates());
        assertEquals(before, devices.get(1).runs.get());
    }

    @Test
    void aDeviceThatStaysInServiceKeepsItsPartitions() throws Exception {
        OffloadJob job = groupedJob();
        List<TestDevice> devices = TestDevice.list(2);
        devices.get(0).failures = 1; // e.g. out of memory for this job: the device itself is fine
        assertSameGroups(
                CPU.run(job).aggregates(), PartitionedRun.run(job, devices, 1).aggregates());
        assertFalse(devices.get(0).outOfService);
        int before = devices.get(0).runs.get();
        PartitionedRun.run(job, devices, 1);
        assertEquals(before + 1, devices.get(0).runs.get());
    }

    @Test
    void aPartitionNoDeviceCanRunFailsTheJob() throws Exception {
        OffloadJob job = groupedJob();
        List<TestDevice> devices = TestDevice.list(2);
        devices.get(0).failures = 5;
        devices.get(1).failures = 5;
        EngineException e = assertThrows(EngineException.class, () -> PartitionedRun.run(job, devices, 1));
        assertTrue(e.getMessage().startsWith("no device could run rows "), e.getMessage());
        devices.forEach(d -> d.outOfService = true);
        e = assertThrows(EngineException.class, () -> PartitionedRun.run(job, devices, 1));
        assertEquals("every device of the offload is out of service", e.getMessage());
    }
}
