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

    /**
     * The database of each DuckDB instance the driver's connections have open, by the instance's address, with the
     * URL it was opened by and how many are open: a new connection to it is not asked which database it is (two
     * catalog queries, most of a connection's opening: 12 of 12.5 ms on the build machine, against DuckDB's 0.4 ms).
     * A closed instance's address may name a new one: the URL must match too, and a new instance of the same URL
     * is the same database (a file's real path) or is named by that same address (memory), as asking would find.
     */
    private final Map<Long, Instance> instances = new HashMap<>();

    private static final class Instance {
        final DatabaseIdentity.Named database;
        final String url;
        int connections;

        Instance(DatabaseIdentity.Named database, String url) {
            this.database = database;
            this.url = url;
        }
    }

    @Override
    public Offloader attach(Connection duckdb, OffloadSettings settings) throws SQLException {
        long address = DatabaseIdentity.instance(duckdb);
        String url = duckdb.getMetaData().getURL();
        DatabaseIdentity.Named named;
        synchronized (residencies) {
            Instance open = address == 0 ? null : instances.get(address);
            named = open == null || !open.url.equals(url) ? null : open.database;
        }
        if (named == null) {
            named = DatabaseIdentity.of(duckdb);
        }
        Object database = named.key();
        Shared shared;
        synchronized (residencies) {
            if (hostBudget == null) {
                hostBudget = new HostMemoryBudget(
                        settings.hostMemory().budgetFor(Runtime.getRuntime().maxMemory()));
            }
            shared = residencies.computeIfAbsent(database, k -> new Shared(hostBudget));
            shared.connections++;
            if (address != 0) {
                Instance open = instances.get(address);
                if (open == null || open.database != named) {
                    open = new Instance(named, url);
                    instances.put(address, open);
                }
                open.connections++;
            }
        }
        // The GPU's probe starts with the first connection, so that it is done by the time a query can use it; its
        // initialisation of the driver waits for the process's first statement and those that follow it with gaps
        // under BackgroundBuilds.RUN_GAP_MS, as the warm-up and the first spare planning database do.
        GpuAvailability.knownAfter(() -> builds.awaitFirstStatement(WarmUp.FIRST_STATEMENT_WAIT_MS));
        if (settings.mode() != OffloadSettings.Mode.OFF
                && !WarmUp.startOnce(builds, engines, settings)
                && !engines.offloadsNothing(settings)) {
            QueryPlanner.prepare();
        }
        BufferAllocator child = root.newChildAllocator("connection", 0, Long.MAX_VALUE);
        ConnectionOffloader offloader = new ConnectionOffloader(
                duckdb,
                settings,
                child,
                engines,
                shared.cache,
                shared.decisions,
                builds,
                () -> release(database, address));
        offloader.startsIn(named.catalog(), named.file());
        return offloader;
    }

    private void release(Object database, long address) {
        synchronized (residencies) {
            Instance open = instances.get(address);
            if (open != null && --open.connections == 0) {
                instances.remove(address);
            }
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
