package org.raydb.offload;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.raydb.jdbc.config.ConnectionSettings;
import org.raydb.jdbc.core.ConnectionWrapper;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.jdbc.offload.Offloader;
import org.raydb.offload.cost.DeviceConstants;
import org.raydb.offload.engine.Engine;
import org.raydb.offload.exec.HostMemoryBudget;
import org.raydb.offload.exec.ResidencyCache;

/**
 * Driver connections whose offload layer runs on an engine a test supplies, attached as
 * {@link RayOffloadProvider} attaches them: the engine stands in as the GPU engine of its name (pin it with
 * {@code engine=<name>}), the connections of one rig share resident tables, and each offloader gets a child of
 * the rig's allocator, so a test sees what the offload layer still holds.
 */
public final class EngineRig implements AutoCloseable {

    private final RootAllocator root = new RootAllocator();
    private final Engines engines;
    private final ResidencyCache residency;
    private final BackgroundBuilds builds =
            new BackgroundBuilds(root.newChildAllocator("background builds", 0, Long.MAX_VALUE));

    public EngineRig(Engine gpu) {
        this(gpu, HostMemoryBudget.JVM);
    }

    /** Resident tables held within {@code budget} (the provider's is set by {@code host.memory}). */
    public EngineRig(Engine gpu, HostMemoryBudget budget) {
        this(gpu, budget, Engines.Probe.GPU);
    }

    /** With {@code probe} standing in for the process's GPU probe. */
    EngineRig(Engine gpu, HostMemoryBudget budget, Engines.Probe probe) {
        this(List.of(gpu), budget, probe);
    }

    /** With several GPU engines (each standing in for the one of its name). */
    EngineRig(List<Engine> gpus, HostMemoryBudget budget, Engines.Probe probe) {
        engines = new Engines(gpus, () -> DeviceConstants.defaults("stand-in GPU", "none", -1), probe);
        residency = new ResidencyCache(budget);
    }

    /** A driver connection to {@code url} ({@code jdbc:raydb:...}). */
    public Connection connect(String url) throws SQLException {
        return connect(url, root.newChildAllocator("connection", 0, Long.MAX_VALUE));
    }

    /** A driver connection whose offloader allocates from {@code allocator} (a child of {@link #allocator()}). */
    public Connection connect(String url, BufferAllocator allocator) throws SQLException {
        ConnectionSettings settings = ConnectionSettings.resolve(url, null);
        Connection duckdb = DriverManager.getConnection(settings.duckdbUrl(), settings.duckdb());
        return new ConnectionWrapper(duckdb, settings, attach(duckdb, settings.offload(), allocator));
    }

    /**
     * A {@link DataSource} for a pool: each connection is {@link #connect(String, BufferAllocator) connect(url,
     * ...)}'s, with a new child of {@code parent} (a descendant of {@link #allocator()}) as its offloader's allocator.
     */
    public DataSource dataSource(String url, BufferAllocator parent) {
        return new DataSource() {
            private PrintWriter logWriter;
            private int loginTimeout;

            @Override
            public Connection getConnection() throws SQLException {
                return connect(url, parent.newChildAllocator("connection", 0, Long.MAX_VALUE));
            }

            @Override
            public Connection getConnection(String user, String password) throws SQLException {
                return getConnection();
            }

            @Override
            public PrintWriter getLogWriter() {
                return logWriter;
            }

            @Override
            public void setLogWriter(PrintWriter out) {
                logWriter = out;
            }

            @Override
            public void setLoginTimeout(int seconds) {
                loginTimeout = seconds;
            }

            @Override
            public int getLoginTimeout() {
                return loginTimeout;
            }

            @Override
            public Logger getParentLogger() {
                return Logger.getLogger("org.raydb.jdbc");
            }

            @Override
            public <T> T unwrap(Class<T> iface) throws SQLException {
                if (iface.isInstance(this)) {
                    return iface.cast(this);
                }
                throw new SQLException("not a wrapper for " + iface.getName());
            }

            @Override
            public boolean isWrapperFor(Class<?> iface) {
                return iface.isInstance(this);
            }
        };
    }

    /** The offloader alone over a DuckDB connection, as the driver calls it. */
    public Offloader attach(Connection duckdb, OffloadSettings settings) throws SQLException {
        return attach(duckdb, settings, root.newChildAllocator("connection", 0, Long.MAX_VALUE));
    }

    private Offloader attach(Connection duckdb, OffloadSettings settings, BufferAllocator allocator)
            throws SQLException {
        return new ConnectionOffloader(
                duckdb, settings, allocator, engines, residency, new SharedDecisions(), builds, () -> {});
    }

    /** Waits for the background builds its connections started (their Arrow memory is the allocator's too). */
    public void awaitBuilds() throws InterruptedException {
        builds.awaitIdle(60_000);
    }

    public BufferAllocator allocator() {
        return root;
    }

    @Override
    public void close() {
        try {
            awaitBuilds();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        residency.invalidateAll();
        builds.allocator().close();
        root.close();
    }
}
