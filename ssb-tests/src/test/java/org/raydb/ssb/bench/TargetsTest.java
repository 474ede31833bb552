package org.raydb.ssb.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TargetsTest {

    private static final MachineInfo MACHINE = new MachineInfo(16, 128L << 30, "Linux", "Java 25", List.of("H100"));

    /** Two anchored queries: Crystal 1 ms and 2 ms, DuckDB (anchor) 50 and 80 ms. */
    private static final Anchors ANCHORS = Anchors.parse("test", """
            # comment
            sf\t20
            description\ttest host
            q1.1\t1.0\t90\t50\t1
            q2.1\t2.0\t100\t80\t280
            """);

    /** A flat cuda result: DuckDB and RayDB ms (first runs: DuckDB's on both sides), engine µs, kernel µs and bytes read. */
    private static BenchResult cuda(
            String query, double duckdbMs, double raydbMs, long engineUs, long kernelUs, long bytes) {
        return new BenchResult(
                query,
                "flat",
                0.01,
                duckdbMs,
                raydbMs,
                duckdbMs,
                duckdbMs,
                "cuda",
                true,
                true,
                1,
                null,
                new PhaseBreakdown(5, engineUs + 20, 30, 100, engineUs, kernelUs, bytes));
    }

    private static BenchReport report(double sf, double coldMs, BandwidthFloor floor, BenchResult... results) {
        return new BenchReport(
                MACHINE,
                sf,
                "generated",
                1,
                120_000_000,
                "cuda",
                10,
                "blocks",
                "2026-11-22T12:00",
                "raydb bench --anchors test",
                List.of(results),
                new ColdStart(50, "q1.1/flat", 600, coldMs, 10_000, 2000),
                floor,
                ANCHORS,
                null);
    }

    private static Map<String, Targets.Target> byName(Targets targets) {
        return targets.targets().stream().collect(java.util.stream.Collectors.toMap(Targets.Target::name, g -> g));
    }

    @Test
    void everyTargetMetWhenTheNumbersAreThere() {
        // Crystal/ours: 1000/50 = 20, 2000/100 = 20; DuckDB/RayDB: 50/0.5 = 100, 80/1 = 80.
        // Floors at 2000 GB/s: 100 MB -> 50 us (kernel 80: 1.6x), 200 MB -> 100 us (kernel 150: 1.5x).
        Targets targets = report(
                        20,
                        9000,
                        new BandwidthFloor(2000),
                        cuda("q1.1", 50, 0.5, 50, 80, 100_000_000),
                        cuda("q2.1", 80, 1, 100, 150, 200_000_000))
                .targets();
        assertEquals(2, targets.comparisons().size());
        assertEquals(8, targets.targets().size(), targets.toString());
        targets.targets().forEach(g -> assertEquals(Targets.Status.PASS, g.status(), g.toString()));
        Map<String, Targets.Target> g = byName(targets);
        assertEquals(
                "20.00x over 2 queries",
                g.get("GPU time >= 10x below Crystal's, geometric mean").detail());
        assertEquals(
                String.format(java.util.Locale.ROOT, "%.2fx over 2 queries", Math.sqrt(100 * 80)),
                g.get("end to end >= 60x faster than DuckDB, geometric mean").detail());
        assertEquals(
                "2 of 2; highest q1.1 at 1.60x its floor",
                g.get("cuda kernel time within 2x of its floor (bytes read / 2000 GB/s)")
                        .detail());
    }

    @Test
    void oneSlowQueryFailsItsEveryQueryTargetAndIsNamed() {
        // q2.1 takes 2500 us against Crystal's 2000 us, and is only 16x faster than DuckDB end to end.
        Targets targets = report(
                        20,
                        20_000,
                        BandwidthFloor.UNKNOWN,
                        cuda("q1.1", 50, 0.5, 50, 80, 100_000_000),
                        cuda("q2.1", 80, 5, 2500, 2400, 200_000_000))
                .targets();
        Map<String, Targets.Target> g = byName(targets);
        Targets.Target crystal = g.get("GPU time below Crystal's kernel time, every query");
        assertEquals(Targets.Status.FAIL, crystal.status());
        assertEquals("1 of 2; lowest q2.1 at 0.80x (Crystal's time / ours)", crystal.detail());
        assertEquals(
                Targets.Status.FAIL,
                g.get("end to end >= 25x faster than DuckDB, every query").status());
        assertEquals(
                Targets.Status.FAIL,
                g.get("cold start (connect + first run of each query) within 1.1x DuckDB's")
                        .status());
        assertTrue(
                targets.targets().stream().noneMatch(x -> x.name().startsWith("cuda kernel")),
                "no bandwidth, no floor");
    }

    @Test
    void oneSlowFirstRunFailsTheFirstRunTargetAndIsNamed() {
        BenchResult slowFirst =
                new BenchResult("q2.1", "star", 0.01, 80, 1, 96, 80, "cuda", true, true, 280, null, null);
        Map<String, Targets.Target> g =
                byName(report(20, 9000, BandwidthFloor.UNKNOWN, cuda("q1.1", 50, 0.5, 50, 80, 100_000_000), slowFirst)
                        .targets());
        Targets.Target first = g.get("every first run within 1.1x DuckDB's");
        assertEquals(Targets.Status.FAIL, first.status());
        assertEquals("1 of 2; highest q2.1/star at 1.20x", first.detail());
    }

    @Test
    void aQueryThatWasNotOffloadedFailsRatherThanBeingSkipped() {
        BenchResult notOffloaded =
                new BenchResult("q2.1", "flat", 0.01, 80, 60, 70, 80, "duckdb", false, true, 280, null, null);
        Map<String, Targets.Target> g = byName(
                report(20, 9000, BandwidthFloor.UNKNOWN, cuda("q1.1", 50, 0.5, 50, 80, 100_000_000), notOffloaded)
                        .targets());
        assertEquals(
                Targets.Status.FAIL,
                g.get("GPU time >= 10x below Crystal's, geometric mean").status());
        assertEquals(
                "20.00x over 1 queries (1 not measured)",
                g.get("GPU time >= 10x below Crystal's, geometric mean").detail());
        assertEquals(
                Targets.Status.FAIL,
                g.get("every answer exact, every flat query offloaded").status());
        assertTrue(
                g.get("end to end >= 60x faster than DuckDB, geometric mean")
                        .detail()
                        .endsWith("; 1 not offloaded (DuckDB against DuckDB)"),
                "its ratio compares DuckDB with itself, and the detail says so");
    }

    @Test
    void anotherScaleFactorIsFlaggedFirstAndTheCpuEngineHasNoFloor() {
        BenchResult cpu = new BenchResult(
                "q1.1",
                "flat",
                0.01,
                5,
                4,
                70,
                5,
                "cpu",
                true,
                true,
                1,
                null,
                new PhaseBreakdown(5, 300, 30, 100, 280, -1, -1));
        Targets targets = report(0.1, 900, new BandwidthFloor(2000), cpu).targets();
        assertEquals(
                "data at the anchors' scale factor",
                targets.targets().getFirst().name());
        assertEquals(
                Targets.Status.NOT_MEASURED,
                byName(targets)
                        .get("cuda kernel time within 2x of its floor (bytes read / 2000 GB/s)")
                        .status());
    }

    @Test
    void noAnchorsAndNoBandwidthMeanNoTargets() {
        BenchReport plain = new BenchReport(
                MACHINE,
                1,
                "generated",
                1,
                6_000_000,
                "cuda",
                3,
                "blocks",
                "t",
                "raydb bench",
                List.of(cuda("q1.1", 50, 0.5, 50, 80, 100)),
                ColdStart.NONE,
                BandwidthFloor.UNKNOWN,
                null,
                null);
        assertTrue(plain.targets().isEmpty());
        assertTrue(plain.targets().comparisons().isEmpty());
    }

    @Test
    void theReportsShowTheComparisonAndTheTargets() {
        BenchReport report = report(
                20,
                9000,
                new BandwidthFloor(2000),
                cuda("q1.1", 50, 0.5, 50, 80, 100_000_000),
                cuda("q2.1", 80, 1, 100, 150, 200_000_000));
        String html = HtmlReport.render(report);
        assertTrue(
                html.contains("<td class=\"good\">PASS</td><td style=\"text-align:left\">GPU time below Crystal's"
                        + " kernel time, every query</td>"),
                html);
        assertTrue(
                html.contains("<tr><td>q2.1</td><td>cuda</td><td>2.000</td><td>100</td><td>20.00&times;</td>"
                        + "<td>80.00</td><td>1.00</td><td>80.00&times;</td><td>80.0</td><td>1</td><td>280</td></tr>"),
                html);
        assertTrue(html.contains("<td>200.0</td><td>100</td><td>1.50&times;</td>"), "MB read, floor, ratio: " + html);
        assertTrue(html.contains("Crystal, kernel time (anchor)"), "the Crystal chart: " + html);
        String json = JsonReport.render(report);
        assertTrue(
                json.contains("{\"query\": \"q2.1\", \"crystal_ms\": 2, \"engine_us\": 100, \"crystal_over_ours\": 20,"
                        + " \"duckdb_ms\": 80, \"raydb_ms\": 1, \"speedup\": 80, \"anchor_duckdb_flat_ms\": 80,"
                        + " \"result_rows\": 1, \"anchor_result_rows\": 280}"),
                json);
        assertTrue(
                json.contains("{\"target\": \"every answer exact, every flat query offloaded\", \"status\": \"PASS\","),
                json);
        assertTrue(json.contains("\"floor_us\": 100, \"kernel_over_floor\": 1.5}"), json);
    }
}
