package org.raydb.offload;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.jdbc.offload.Offloader;
import org.raydb.jdbc.offload.QueryCancel;

/** A real DuckDB connection with the offloader attached, as the driver does it. */
final class OffloadHarness implements AutoCloseable {

    final RayOffloadProvider provider = new RayOffloadProvider();
    final Connection duckdb;
    final Offloader offloader;

    OffloadHarness(OffloadSettings.Mode mode, OffloadSettings.Engine engine, boolean verify) throws SQLException {
        this(mode, engine, verify, OffloadSettings.Finish.DIRECT);
    }

    OffloadHarness(
            OffloadSettings.Mode mode, OffloadSettings.Engine engine, boolean verify, OffloadSettings.Finish finish)
            throws SQLException {
        this(mode, engine, verify, finish, new int[0], 1, OffloadSettings.Placement.PARTITIONED);
    }

    private OffloadHarness(
            OffloadSettings.Mode mode,
            OffloadSettings.Engine engine,
            boolean verify,
            OffloadSettings.Finish finish,
            int[] devices,
            int partitions,
            OffloadSettings.Placement placement)
            throws SQLException {
        duckdb = DriverManager.getConnection("jdbc:duckdb:");
        offloader = provider.attach(
                duckdb,
                new OffloadSettings(
                        mode,
                        engine,
                        verify,
                        OffloadSettings.MemoryBudget.ofPercent(80),
                        OffloadSettings.MemoryBudget.ofPercent(50),
                        devices,
                        partitions,
                        placement,
                        finish));
    }

    static OffloadHarness forceCpu() throws SQLException {
        return new OffloadHarness(OffloadSettings.Mode.FORCE, OffloadSettings.Engine.CPU, false);
    }

    /** Forced onto the cpu engine over {@code devices} simulated devices of {@code partitions} partitions each. */
    static OffloadHarness forceCpu(int devices, int partitions) throws SQLException {
        return forceCpu(devices, partitions, OffloadSettings.Placement.PARTITIONED);
    }

    /** The same with the table {@code placement} over the devices. */
    static OffloadHarness forceCpu(int devices, int partitions, OffloadSettings.Placement placement)
            throws SQLException {
        return new OffloadHarness(
                OffloadSettings.Mode.FORCE,
                OffloadSettings.Engine.CPU,
                false,
                OffloadSettings.Finish.DIRECT,
                java.util.stream.IntStream.range(0, devices).toArray(),
                partitions,
                placement);
    }

    void exec(String sql) throws SQLException {
        try (Statement st = duckdb.createStatement()) {
            st.execute(sql);
        }
        offloader.tableWritten(sql);
    }

    /** The offloaded answer (null when declined). */
    List<List<Object>> offloaded(String sql, List<Object> params) throws SQLException {
        try (Statement st = duckdb.createStatement()) {
            ResultSet rs = offloader.tryQuery(st, sql, params, new QueryCancel());
            if (rs == null) {
                return null;
            }
            try (rs) {
                return ResultComparator.rows(rs);
            }
        }
    }

    /** Column names and types plus rows of one execution. */
    record Answer(List<String> types, List<List<Object>> rows) {

        /** How this answer differs from {@code expected} (types, then rows in any order), or {@code null}. */
        String differenceFrom(Answer expected) {
            return expected.types().equals(types)
                    ? ResultComparator.difference(expected.rows(), rows)
                    : "types " + types + " instead of " + expected.types();
        }
    }

    Answer offloadedAnswer(String sql) throws SQLException {
        try (Statement st = duckdb.createStatement();
                ResultSet rs = offloader.tryQuery(st, sql, List.of(), new QueryCancel())) {
            return new Answer(ResultComparator.types(rs), ResultComparator.rows(rs));
        }
    }

    Answer duckAnswer(String sql) throws SQLException {
        try (Statement st = duckdb.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            return new Answer(ResultComparator.types(rs), ResultComparator.rows(rs));
        }
    }

    List<String> offloadedTypes(String sql) throws SQLException {
        try (Statement st = duckdb.createStatement();
                ResultSet rs = offloader.tryQuery(st, sql, List.of(), new QueryCancel())) {
            return ResultComparator.types(rs);
        }
    }

    List<List<Object>> duck(String sql) throws SQLException {
        try (Statement st = duckdb.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            return ResultComparator.rows(rs);
        }
    }

    List<String> duckTypes(String sql) throws SQLException {
        try (Statement st = duckdb.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            return ResultComparator.types(rs);
        }
    }

    java.util.Map<String, String> explain(String sql) throws SQLException {
        return explain(sql, List.of());
    }

    /** Asserts that the query qualifies and that its offloaded answer is DuckDB's, rows and types. */
    void assertOffloadedExactly(String sql) throws SQLException {
        java.util.Map<String, String> explain = explain(sql);
        org.junit.jupiter.api.Assertions.assertEquals("true", explain.get("qualifies"), () -> sql + ": " + explain);
        org.junit.jupiter.api.Assertions.assertEquals(duckAnswer(sql), offloadedAnswer(sql), sql);
    }

    /** The reason a query that must not qualify gives. */
    String declineReason(String sql) throws SQLException {
        java.util.Map<String, String> explain = explain(sql);
        org.junit.jupiter.api.Assertions.assertEquals("false", explain.get("qualifies"), sql);
        return explain.get("reason");
    }

    /** How the statement with these parameters was planned (EXPLAIN OFFLOAD's {@code planning}). */
    String explainPlanning(String sql, List<Object> params) throws SQLException {
        return explain(sql, params).get("planning");
    }

    java.util.Map<String, String> explain(String sql, List<Object> params) throws SQLException {
        java.util.Map<String, String> out = new java.util.LinkedHashMap<>();
        try (Statement st = duckdb.createStatement();
                ResultSet rs = offloader.explain(st, sql, params)) {
            while (rs.next()) {
                out.put(rs.getString(1), rs.getString(2));
            }
        }
        return out;
    }

    @Override
    public void close() throws SQLException {
        offloader.close();
        duckdb.close();
    }
}
