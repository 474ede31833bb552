package org.raydb.offload.gpu.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.duckdb.DuckDBConnection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.jdbc.offload.Offloader;
import org.raydb.jdbc.offload.QueryCancel;
import org.raydb.offload.RayOffloadProvider;
import org.raydb.offload.ResultComparator;
import org.raydb.offload.gpu.GpuTestSupport;
import org.raydb.offload.gpu.runtime.GpuAvailability;

/**
 * The cuda and optix engines against the cpu engine and DuckDB itself, through the offload seam with
 * {@code offload=force}: every query must come back offloaded with DuckDB's rows and types; where the cpu
 * engine fails (a sum leaving 64 bits), the GPU engine must fail with the same SQLState. Also: a write
 * through the driver drops the resident data, and the next answer reflects the write. Skips, with the
 * reason printed, where there is no GPU (CI); runs on the GPU host through {@code ./run test-gpu}.
 */
class GpuEnginesDifferentialTest {

    private Connection duckdb;
    private final RayOffloadProvider provider = new RayOffloadProvider();
    private final List<Offloader> offloaders = new ArrayList<>();

    @BeforeEach
    void table() throws SQLException {
        duckdb = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement st = duckdb.createStatement()) {
            st.execute(GpuEngineFixture.createSql());
        }
    }

    @AfterEach
    void close() throws SQLException {
        for (Offloader o : offloaders) o.close();
        duckdb.close();
        assertEquals(0, provider.allocatedBytes(), "Arrow memory held after the offloaders closed");
    }

    private Offloader attach(OffloadSettings.Engine engine) throws SQLException {
        return attach(duckdb, engine);
    }

    private Offloader attach(Connection connection, OffloadSettings.Engine engine) throws SQLException {
        return attach(connection, engine, OffloadSettings.Placement.PARTITIONED);
    }

    private Offloader attach(Connection connection, OffloadSettings.Engine engine, OffloadSettings.Placement placement)
            throws SQLException {
        Offloader o = provider.attach(
                connection,
                new OffloadSettings(
                        OffloadSettings.Mode.FORCE,
                        engine,
                        false,
                        OffloadSettings.MemoryBudget.ofPercent(80),
                        OffloadSettings.MemoryBudget.ofPercent(50),
                        new int[0],
                        1,
                        placement,
                        OffloadSettings.Finish.DIRECT));
        offloaders.add(o);
        return o;
    }

    /** Runs everywhere: the fixture is only meaningful if the reference offloads all but the overflow query. */
    @Test
    void cpuEngineOffloadsTheFixture() throws SQLException {
        Offloader cpu = attach(OffloadSettings.Engine.CPU);
        Map<String, String> failed = new LinkedHashMap<>();
        for (String q : GpuEngineFixture.QUERIES) {
            try {
                String diff = ResultComparator.difference(duck(q), rows(cpu, q));
                if (diff != null) failed.put(q, diff);
            } catch (SQLException e) {
                failed.put(q, e.getSQLState() + (e.getSQLState().equals("0A000") ? "" : " " + e.getMessage()));
            }
        }
        assertEquals(Map.of(GpuEngineFixture.OVERFLOW, "0A000"), failed);
    }

    @Test
    @Tag("gpu")
    void cudaMatchesCpuAndDuckDb() throws SQLException {
        GpuTestSupport.requireCuda("cudaMatchesCpuAndDuckDb");
        assertEquals(Map.of(), differences(OffloadSettings.Engine.CUDA));
    }

    @Test
    @Tag("gpu")
    void optixMatchesCpuAndDuckDb() throws SQLException {
        GpuTestSupport.requireOptix("optixMatchesCpuAndDuckDb");
        assertEquals(Map.of(), differences(OffloadSettings.Engine.OPTIX));
    }

    @Test
    @Tag("gpu")
    void writesInvalidateResidentData() throws SQLException {
        GpuTestSupport.requireCuda("writesInvalidateResidentData");
        Offloader cuda = attach(OffloadSettings.Engine.CUDA);
        String q = GpuEngineFixture.QUERIES.get(1);
        assertEquals(null, ResultComparator.difference(duck(q), rows(cuda, q)));
        String write = "UPDATE g SET m_int = m_int + 7, k1000 = 150 WHERE id % 3 = 0";
        try (Statement st = duckdb.createStatement()) {
            st.execute(write);
        }
        cuda.tableWritten(write);
        assertEquals(null, ResultComparator.difference(duck(q), rows(cuda, q)), "after a write");
    }

    /**
     * Twice as many connections as the device has lanes, each running every query in its own order, several
     * times over: jobs run side by side (and wait for a lane) and each gets its own query's answer. Where OptiX is
     * there, half the connections use the optix engine. Over every GPU (the default {@code device=all}), with the
     * table partitioned over them or replicated on each (then the connections' jobs spread over the GPUs).
     */
    @ParameterizedTest
    @EnumSource(OffloadSettings.Placement.class)
    @Tag("gpu")
    void concurrentJobsMatchDuckDb(OffloadSettings.Placement placement) throws Exception {
        GpuTestSupport.requireCuda("concurrentJobsMatchDuckDb");
        List<String> queries = GpuEngineFixture.QUERIES.stream()
                .filter(q -> !q.equals(GpuEngineFixture.OVERFLOW))
                .toList();
        Map<String, List<List<Object>>> expected = new LinkedHashMap<>();
        for (String q : queries) expected.put(q, duck(q));
        boolean optix = GpuAvailability.probe().optix();
        int threads = 2 * JobLanes.LANES;
        List<Connection> connections = new ArrayList<>();
        List<Callable<String>> clients = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            for (int t = 0; t < threads; t++) {
                Connection c = duckdb.unwrap(DuckDBConnection.class).duplicate();
                connections.add(c);
                Offloader o = attach(
                        c, optix && t % 2 == 1 ? OffloadSettings.Engine.OPTIX : OffloadSettings.Engine.CUDA, placement);
                int first = t;
                clients.add(() -> {
                    for (int round = 0; round < 5; round++) {
                        for (int i = 0; i < queries.size(); i++) {
                            String q = queries.get((first + i) % queries.size());
                            String diff = ResultComparator.difference(expected.get(q), rows(o, c, q));
                            if (diff != null) return "connection " + first + ", " + q + ": " + diff;
                        }
                    }
                    return null;
                });
            }
            List<String> failures = new ArrayList<>();
            for (Future<String> f : pool.invokeAll(clients)) {
                if (f.get() != null) failures.add(f.get());
            }
            assertEquals(List.of(), failures);
        } finally {
            pool.shutdownNow();
            for (Offloader o : offloaders) o.close();
            offloaders.clear();
            for (Connection c : connections) c.close();
        }
    }

    /** Per query, what differs from DuckDB (rows, types, or the error's SQLState against the cpu engine's). */
    private Map<String, String> differences(OffloadSettings.Engine engine) throws SQLException {
        Offloader cpu = attach(OffloadSettings.Engine.CPU);
        Offloader gpu = attach(engine);
        Map<String, String> out = new LinkedHashMap<>();
        for (String q : GpuEngineFixture.QUERIES) {
            String cpuState = null;
            List<List<Object>> expected = duck(q);
            try {
                rows(cpu, q);
            } catch (SQLException e) {
                cpuState = e.getSQLState();
            }
            try {
                // Twice: the second run uses the resident columns and indexes of the first.
                for (int run = 0; run < 2; run++) {
                    List<List<Object>> actual = rows(gpu, q);
                    String diff = cpuState != null
                            ? "answered where the cpu engine failed with " + cpuState
                            : ResultComparator.difference(expected, actual);
                    if (diff == null) diff = sameTypes(gpu, q);
                    if (diff != null) out.put(q, "run " + run + ": " + diff);
                }
            } catch (SQLException e) {
                if (!e.getSQLState().equals(cpuState)) {
                    out.put(q, "failed " + e.getSQLState() + " (cpu: " + cpuState + "): " + e.getMessage());
                }
            }
        }
        return out;
    }

    private String sameTypes(Offloader gpu, String q) throws SQLException {
        List<String> expected;
        try (Statement st = duckdb.createStatement();
                ResultSet rs = st.executeQuery(q)) {
            expected = ResultComparator.types(rs);
        }
        try (Statement st = duckdb.createStatement();
                ResultSet rs = gpu.tryQuery(st, q, List.of(), new QueryCancel())) {
            List<String> actual = ResultComparator.types(rs);
            return expected.equals(actual) ? null : "types " + actual + " instead of " + expected;
        }
    }

    private List<List<Object>> duck(String q) throws SQLException {
        try (Statement st = duckdb.createStatement();
                ResultSet rs = st.executeQuery(q)) {
            return ResultComparator.rows(rs);
        }
    }

    private List<List<Object>> rows(Offloader o, String q) throws SQLException {
        return rows(o, duckdb, q);
    }

    private static List<List<Object>> rows(Offloader o, Connection connection, String q) throws SQLException {
        try (Statement st = connection.createStatement()) {
            ResultSet rs = o.tryQuery(st, q, List.of(), new QueryCancel());
            assertNotNull(rs, "offload=force returned no result for " + q);
            try (rs) {
                return ResultComparator.rows(rs);
            }
        }
    }
}
