package org.raydb.offload.gpu.selftest;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.raydb.offload.ResultComparator;
import org.raydb.offload.build.BuildPhases;
import org.raydb.offload.gpu.engine.ResidentBytes;
import org.raydb.ssb.query.QueryCatalog;
import org.raydb.ssb.query.QueryForm;
import org.raydb.ssb.query.SsbQuery;

/**
 * Where a fresh process's cold start goes: runs the SSB flat queries once each, cold,
 * through {@code jdbc:raydb:<db>?engine=<engine>&offload=force} in this process (so the residency starts empty),
 * then once warm, checks every answer against DuckDB, and prints the cold and warm milliseconds per query, the
 * seconds of each build phase ({@link BuildPhases}: export from DuckDB, encodings, group codes, sieving vectors,
 * BVH-catalog scenes, measures, uploads, device-built projections, GASes) and the GPU-resident bytes per row by
 * kind.
 *
 * <p>Run: {@code ./run coldstart --db FILE [--engine cuda|optix|cpu|auto] [--queries q1.1,q2.1,...]} (bundle),
 * or {@code java ... org.raydb.offload.gpu.selftest.ColdStartProfile} with the same options. Exit status 1 when an
 * answer differs from DuckDB's.
 */
public final class ColdStartProfile {

    private ColdStartProfile() {}

    public static void main(String[] args) throws SQLException {
        System.setProperty("slf4j.internal.verbosity", "ERROR");
        Path db = null;
        String engine = "cuda";
        List<String> ids = QueryCatalog.IDS;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--db" -> db = Path.of(args[++i]);
                case "--engine" -> engine = args[++i];
                case "--queries" -> ids = List.of(args[++i].split(","));
                default -> {
                    System.err.println(
                            "usage: coldstart --db FILE [--engine cuda|optix|cpu|auto] [--queries q1.1,...]");
                    System.exit(2);
                }
            }
        }
        if (db == null) {
            System.err.println("coldstart: --db FILE is required (an SSB database with lineorder_flat)");
            System.exit(2);
        }
        System.exit(run(db, engine, ids) ? 0 : 1);
    }

    private static boolean run(Path db, String engine, List<String> ids) throws SQLException {
        List<SsbQuery> queries =
                ids.stream().map(id -> QueryCatalog.get(id, QueryForm.FLAT)).toList();
        long[] coldNanos = new long[queries.size()];
        long[] warmNanos = new long[queries.size()];
        List<List<List<Object>>> answers = new ArrayList<>();
        BuildPhases.reset();
        long start = System.nanoTime();
        long rows;
        String url = "jdbc:raydb:" + db + "?engine=" + engine + "&offload=force";
        try (Connection ray = DriverManager.getConnection(url)) {
            for (int q = 0; q < queries.size(); q++) {
                long t0 = System.nanoTime();
                answers.add(rows(ray, queries.get(q).sql()));
                coldNanos[q] = System.nanoTime() - t0;
            }
            long coldTotal = System.nanoTime() - start;
            Map<BuildPhases.Phase, Long> phases = BuildPhases.micros();
            for (int q = 0; q < queries.size(); q++) {
                long t0 = System.nanoTime();
                rows(ray, queries.get(q).sql());
                warmNanos[q] = System.nanoTime() - t0;
            }
            boolean allMatch = true;
            try (Connection duck = DriverManager.getConnection("jdbc:duckdb:" + db)) {
                rows = count(duck);
                System.out.printf("cold start of %s, engine %s, %,d rows%n%n", db, engine, rows);
                System.out.printf("%-6s %10s %10s  %s%n", "query", "cold ms", "warm ms", "matches DuckDB");
                for (int q = 0; q < queries.size(); q++) {
                    boolean match =
                            answers.get(q).equals(rows(duck, queries.get(q).sql()));
                    allMatch &= match;
                    System.out.printf(
                            Locale.ROOT,
                            "%-6s %10.1f %10.2f  %s%n",
                            queries.get(q).id(),
                            coldNanos[q] / 1e6,
                            warmNanos[q] / 1e6,
                            match);
                }
            }
            printPhases(phases, coldTotal);
            printResident(rows);
            return allMatch;
        }
    }

    private static void printPhases(Map<BuildPhases.Phase, Long> phases, long coldTotalNanos) {
        System.out.printf("%n%-14s %9s%n", "build phase", "seconds");
        long built = 0;
        for (Map.Entry<BuildPhases.Phase, Long> e : phases.entrySet()) {
            built += e.getValue();
            System.out.printf(Locale.ROOT, "%-14s %9.2f%n", e.getKey().label(), e.getValue() / 1e6);
        }
        System.out.printf(Locale.ROOT, "%-14s %9.2f%n", "builds", built / 1e6);
        System.out.printf(
                Locale.ROOT,
                "%-14s %9.2f  (connection and every query's cold run, builds included)%n",
                "total",
                coldTotalNanos / 1e9);
    }

    private static void printResident(long rows) {
        Map<String, Long> bytes = ResidentBytes.byKind();
        long total = bytes.values().stream().mapToLong(Long::longValue).sum();
        System.out.printf(
                Locale.ROOT,
                "%nGPU resident: %,d bytes, %.1f bytes per row%n",
                total,
                rows == 0 ? 0.0 : (double) total / rows);
        bytes.forEach((kind, b) -> {
            if (b > 0) {
                System.out.printf(
                        Locale.ROOT,
                        "  %-20s %,16d bytes %7.1f per row%n",
                        kind,
                        b,
                        rows == 0 ? 0.0 : (double) b / rows);
            }
        });
    }

    private static List<List<Object>> rows(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            return ResultComparator.rows(rs);
        }
    }

    private static long count(Connection c) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM lineorder_flat")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
