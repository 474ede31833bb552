package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.raydb.jdbc.RayConnection;
import org.raydb.jdbc.RayStatement;
import org.raydb.jdbc.offload.Residency;
import org.raydb.offload.gpu.runtime.GpuAvailability;

/**
 * Through the real driver, {@link RayConnection#residency()} counts what an offloaded query left resident. The host
 * budget is the process's, shared with the other tests of this JVM: only relations that hold whatever they left
 * resident are asserted.
 */
class ResidencyReportTest {

    @Test
    void anOffloadedQueryLeavesItsTableResidentWithinTheHostBudget() throws SQLException {
        try (Connection ray = DriverManager.getConnection("jdbc:raydb::memory:?offload=force&engine=cpu");
                Statement st = ray.createStatement()) {
            RayConnection connection = ray.unwrap(RayConnection.class);
            Residency before = connection.residency();
            assertTrue(before.hostBudgetBytes() > 0, "host.memory is a budget even before anything is resident");
            assertTrue(before.hostBytes() >= 0 && before.hostBytes() <= before.hostBudgetBytes(), before::toString);

            st.execute("CREATE TABLE t AS SELECT i::INTEGER AS a, 'g' || (i % 7) AS b FROM range(50000) r(i)");
            try (ResultSet rs = st.executeQuery("SELECT b, sum(a) FROM t WHERE a > 10 GROUP BY b")) {
                assertEquals(7, ResultComparator.rows(rs).size());
            }
            assertTrue(st.unwrap(RayStatement.class).lastQueryOffloaded());

            Residency after = connection.residency();
            // This connection's database stays open, so its snapshot of t is still held and counted.
            assertTrue(after.hostBytes() > 0, after::toString);
            assertTrue(after.hostBytes() <= after.hostBudgetBytes(), after::toString);
            assertEquals(before.hostBudgetBytes(), after.hostBudgetBytes(), "one budget for the process");
            if (!GpuAvailability.probe().cuda()) {
                assertEquals(0, after.gpuBytes(), "no GPU was opened");
                assertEquals(0, after.gpuBudgetBytes(), "no GPU was opened");
            } else {
                // GPU tests and the warm-up of this JVM may have opened one: device data needs its budget.
                assertTrue(after.gpuBudgetBytes() > 0 || after.gpuBytes() == 0, after::toString);
            }
        }
    }
}
