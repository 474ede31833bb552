package org.raydb.offload;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.raydb.jdbc.offload.OffloadProvider;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.jdbc.offload.Offloader;
import org.raydb.offload.exec.DatabaseIdentity;
import org.raydb.offload.exec.HostMemoryBudget;
import org.raydb.offload.exec.ResidencyCache;
import org.raydb.offload.gpu.runtime.GpuAvailability;
import org.raydb.offload.plan.QueryPlanner;

/**
 * The offload layer's entry point, found by the driver through {@link java.util.ServiceLoader}. It owns one
 * Arrow {@link RootAllocator}; each connection gets a child allocator that must be empty when it closes.
 * Connections to one database share its resident tables (and so their indexes and, for GPU engines, their
 * device copies). For a database file the shared cache outlives its connections, so a process that reconnects
 * finds its tables resident (each is checked against the file before use); an in-memory database's cache is
 * dropped with its last connection, since nothing can open that database again.
 */
public final class RayOffloadProvider implements OffloadProvider {

    private final RootAllocator root = new RootAllocator();
    private final Engines engines = new Engines();
    private final BackgroundBuilds builds =
            new BackgroundBuilds(root.newChildAllocator("background builds", 0, Long.MAX_VALUE));
    private final Map<Object, Shared> residencies = new HashMap<>();

    /** The host memory budget of every database's resident tables, set by the first connection's host.memory. */
    private HostMemoryBudget hostBudget;

    /** One database's resident tables, the decisions its pristine sessions ran, and how many connections use them. */
    private static final class Shared {
        final ResidencyCache cache;
        final SharedDecisions decisions = new SharedDecisions();
        int connections;

        Shared(HostMemoryBudget budget) {
            cache = new ResidencyCache(budget);
        }
    }

    @Override
    public String unavailableReason() {
        return Runtime.version().feature() < 22 ? "the offload layer needs Java 22 or newer" : null;
    }

    @Override
    public Offloader attach(Connection duckdb, OffloadSettings settings) throws SQLException {
        Object database = DatabaseIdentity.of(duckdb);
        Shared shared;
        synchronized (residencies) {
            if (hostBudget == null) {
                hostBudget = new HostMemoryBudget(
                        settings.hostMemory().budgetFor(Runtime.getRuntime().maxMemory()));
            }
            shared = residencies.computeIfAbsent(database, k -> new Shared(hostBudget));
            shared.connections++;
        }
        // The GPU's probe starts with the first connection, so that it is done by the time a query can use it; its
        // initialisation of the driver waits for the process's first statement, as the warm-up and the first spare
        // planning database do.
        GpuAvailability.knownAfter(() -> builds.awaitFirstStatement(WarmUp.FIRST_STATEMENT_WAIT_MS));
        if (settings.mode() != OffloadSettings.Mode.OFF
                && !WarmUp.startOnce(builds, engines, settings)
                && !engines.offloadsNothing(settings)) {
            QueryPlanner.prepare();
        }
        BufferAllocator child = root.newChildAllocator("connection", 0, Long.MAX_VALUE);
        return new ConnectionOffloader(
                duckdb, settings, child, engines, shared.cache, shared.decisions, builds, () -> release(database));
    }

    private void release(Object database) {
        synchronized (residencies) {
            Shared shared = residencies.get(database);
            if (shared != null && --shared.connections == 0 && !DatabaseIdentity.isFile(database)) {
                residencies.remove(database);
                shared.cache.invalidateAll();
            }
        }
    }

    /** Arrow bytes currently held by all connections of this provider. */
    public long allocatedBytes() {
        return root.getAllocatedMemory();
    }
}
