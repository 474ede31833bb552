package org.raydb.offload.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.raydb.offload.engine.cpu.CpuEngine;
import org.raydb.offload.plan.PlannedQuery;
import org.raydb.offload.plan.QueryPlanner;

/**
 * Under host memory pressure the table in use gives back the indexes (catalog entries, group codes) of its shapes
 * that went unasked long enough, those unasked longest first; only those shapes stop being ready, and what
 * queries scan stays.
 */
class ShapeSheddingTest {

    private static final String TABLE = "CREATE TABLE t AS SELECT (i % 97)::INTEGER AS c, (i % 13)::INTEGER AS b,"
            + " (i % 7)::INTEGER AS d, i::BIGINT AS m FROM range(50000) r(i)";

    @Test
    void theLeastRecentlyUsedShapeGivesBackItsIndexAndScansAgain() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                BufferAllocator allocator = new RootAllocator();
                QueryPlanner planner = new QueryPlanner(c.unwrap(org.duckdb.DuckDBConnection.class))) {
            try (Statement st = c.createStatement()) {
                st.execute(TABLE);
            }
            PlannedQuery first = planner.plan("SELECT b, sum(m) FROM t WHERE c < 20 GROUP BY b", List.of());
            PlannedQuery second = planner.plan("SELECT d, sum(m) FROM t WHERE b = 3 GROUP BY d", List.of());
            LoadedSnapshot snapshot = new LoadedSnapshot(c, allocator);
            for (PlannedQuery pq : List.of(first, second)) {
                PreparedJob job = snapshot.prepare(pq, JobPlanner.Index.OWN);
                new CpuEngine().run(job.job()); // which builds the entry's parts it reads
                snapshot.table().markReady(pq.plan(), job);
            }
            ResidentTable table = snapshot.table();
            assertEquals(2, table.catalog().size());
            long before = table.bytes();

            assertEquals(0, table.shed(Long.MAX_VALUE, 60_000_000_000L), "no shape has been idle that long");
            table.ready(second.plan().shape()); // asked again: the first is now the one unasked longest
            long freed = table.shed(1, 0);
            assertTrue(freed > 0);
            assertEquals(before - freed, table.bytes());
            assertFalse(table.ready(first.plan().shape()), "it went unasked longest");
            assertTrue(table.ready(second.plan().shape()));
            assertTrue(table.scansNow(first.plan()), "what it scans stays");

            table.shed(Long.MAX_VALUE, 0);
            assertEquals(0, table.catalog().size());
            assertFalse(table.ready(second.plan().shape()));
            assertTrue(table.scansNow(second.plan()));
        }
    }
}
