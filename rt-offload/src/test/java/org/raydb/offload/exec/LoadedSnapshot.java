package org.raydb.offload.exec;

import java.sql.Connection;
import java.sql.SQLException;
import org.apache.arrow.memory.BufferAllocator;
import org.raydb.jdbc.offload.QueryCancel;
import org.raydb.offload.plan.NotQualified;
import org.raydb.offload.plan.PlannedQuery;

/**
 * One table snapshot for tests that prepare jobs directly, as the offloader would: begun with the first plan's
 * table at its current version, with each plan's columns loaded before its job is prepared.
 */
public final class LoadedSnapshot {

    private final Connection connection;
    private final BufferAllocator allocator;
    private ResidentTable table;

    public LoadedSnapshot(Connection connection, BufferAllocator allocator) {
        this.connection = connection;
        this.allocator = allocator;
    }

    /** The plan's job, reading the {@code index} asked for, its columns loaded first. */
    public PreparedJob prepare(PlannedQuery pq, JobPlanner.Index index) throws SQLException, NotQualified {
        if (table == null) {
            table = new ResidentTable(
                    pq.plan().table(), TableVersion.read(connection, pq.plan().table(), null, 0));
        }
        table.ensureLoaded(connection, pq.plan().columnTypes(), allocator, new QueryCancel());
        return JobPlanner.prepare(pq.plan(), table, new DictionaryFilter(connection), new QueryCancel(), index);
    }

    /** The snapshot, once a job was prepared on it. */
    public ResidentTable table() {
        return table;
    }
}
