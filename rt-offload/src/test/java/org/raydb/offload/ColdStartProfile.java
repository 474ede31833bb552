package org.raydb.offload;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A measuring tool, not a test (surefire does not pick it up): runs the 13 SSB flat queries cold through
 * {@code jdbc:raydb:<db>?engine=<engine, default cpu>&offload=force} on a fresh connection (so a fresh
 * residency cache), then once warm, checks each answer against DuckDB, and prints per query the phases
 * EXPLAIN OFFLOAD's {@code last_run} reports for the cold run (load = export from DuckDB, encode =
 * dictionaries, group codes, index builds) with the wall time of the cold and warm runs.
 *
 * <p>Run: {@code java <raydb jvm flags> -cp <test classpath> org.raydb.offload.ColdStartProfile <db>
 * <queries folder> [engine]} (the queries are ssb-tests' {@code queries/flat/*.sql}).
 */
public final class ColdStartProfile {

    private static final List<String> PHASES = List.of("load", "encode", "filter", "aggregate", "handoff");
    private static final Pattern PHASE =
            Pattern.compile("(load|encode|filter|aggregate|handoff(?: to DuckDB)?) (\\d+) us");

    private ColdStartProfile() {
    }

    public static void main(String[] args) throws Exception {
        Path db = Path.of(args[0]);
        Path queries = Path.of(args[1]);
        String engine = args.length > 2 ? args[2] : "cpu";
        List<Path> files;
        try (var s = Files.list(queries)) {
            files = s.filter(p -> p.toString().endsWith(".sql")).sorted().toList();
        }
        long[] total = new long[7];
        System.out.printf("%-6s %9s %9s %9s %9s %9s %9s %9s %s%n", "query", "load ms", "encode ms", "filter ms",
                "aggr ms", "handoff", "cold ms", "warm ms", "match");
        long start = System.nanoTime();
        try (Connection ray = DriverManager.getConnection("jdbc:raydb:" + db + "?engine=" + engine + "&offload=force");
                Connection duck = DriverManager.getConnection("jdbc:duckdb:" + db)) {
            for (Path f : files) {
                String sql = Files.readString(f, StandardCharsets.UTF_8).trim();
                long t0 = System.nanoTime();
                List<List<Object>> offloaded = rows(ray, sql);
                long cold = System.nanoTime() - t0;
                long[] phases = phases(ray, sql);
                long t1 = System.nanoTime();
                rows(ray, sql);
                long warm = System.nanoTime() - t1;
                boolean match = offloaded.equals(rows(duck, sql));
                System.out.printf(Locale.ROOT, "%-6s %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %s%n",
                        f.getFileName().toString().replace(".sql", ""), phases[0] / 1e3, phases[1] / 1e3,
                        phases[2] / 1e3, phases[3] / 1e3, phases[4] / 1e3, cold / 1e6, warm / 1e6, match);
                for (int i = 0; i < 5; i++) {
                    total[i] += phases[i];
                }
                total[5] += cold / 1000;
                total[6] += warm / 1000;
            }
        }
        System.out.printf(Locale.ROOT, "%-6s %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f%n", "total", total[0] / 1e3,
                total[1] / 1e3, total[2] / 1e3, total[3] / 1e3, total[4] / 1e3, total[5] / 1e3, total[6] / 1e3);
        System.out.printf(Locale.ROOT, "wall %.1f s (cold + explain + warm + DuckDB check)%n",
                (System.nanoTime() - start) / 1e9);
    }

    private static List<List<Object>> rows(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            return ResultComparator.rows(rs);
        }
    }

    /** load, encode, filter, aggregate, handoff in µs from the last run of {@code sql}. */
    private static long[] phases(Connection ray, String sql) throws SQLException {
        long[] out = new long[5];
        try (Statement st = ray.createStatement(); ResultSet rs = st.executeQuery("EXPLAIN OFFLOAD " + sql)) {
            while (rs.next()) {
                if ("last_run".equals(rs.getString("item"))) {
                    Matcher m = PHASE.matcher(rs.getString("value"));
                    while (m.find()) {
                        out[PHASES.indexOf(m.group(1).replace(" to DuckDB", ""))] = Long.parseLong(m.group(2));
                    }
                }
            }
        }
        return out;
    }
}
