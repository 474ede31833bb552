package org.raydb.offload.gpu.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.raydb.offload.exec.JobPlanner;
import org.raydb.offload.exec.LoadedSnapshot;
import org.raydb.offload.exec.PreparedJob;
import org.raydb.offload.plan.NotQualified;
import org.raydb.offload.plan.QueryPlanner;

/**
 * The GPU engines' fixture table in a fresh in-memory database, planned and prepared as the offloader would, for
 * tests that run jobs on the engines directly: one snapshot, whose columns each job's plan loads first.
 */
final class FixtureSnapshot implements AutoCloseable {

    private final Connection connection;
    private final BufferAllocator allocator = new RootAllocator();
    private final QueryPlanner planner;
    private final LoadedSnapshot snapshot;

    FixtureSnapshot() throws SQLException {
        connection = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement st = connection.createStatement()) {
            st.execute(GpuEngineFixture.createSql());
        }
        planner = new QueryPlanner(connection.unwrap(org.duckdb.DuckDBConnection.class));
        snapshot = new LoadedSnapshot(connection, allocator);
    }

    /** The job of {@code sql} (which must qualify) reading the {@code index} asked for. */
    PreparedJob prepare(String sql, JobPlanner.Index index) throws SQLException, NotQualified {
        var pq = planner.plan(sql, List.of());
        assertTrue(pq.qualifies(), sql + ": " + pq.reason());
        return snapshot.prepare(pq, index);
    }

    @Override
    public void close() throws SQLException {
        planner.close();
        allocator.close();
        connection.close();
    }
}
