package org.raydb.ssb.bench;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ResultTablePrinterTest {

    private static final BenchResult OFFLOADED =
            new BenchResult("q1.1", "flat", 0.02, 100, 4, 900, 100, "cuda", true, true, 1, null, null);
    private static final BenchResult NOT_OFFLOADED =
            new BenchResult("q2.1", "flat", 0.01, 80, 60, 70, 80, "duckdb", false, true, 280, null, null);

    private static String print(BenchResult... results) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ResultTablePrinter printer = new ResultTablePrinter(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        for (BenchResult r : results) {
            printer.print(r);
        }
        printer.printLegend();
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aRowNotOffloadedIsMarkedAsDuckDbAgainstDuckDb() {
        String table = print(OFFLOADED, NOT_OFFLOADED);
        assertTrue(table.matches("(?s).*\\nq1\\.1 +flat .* cuda +true +25\\.00x +yes *\\n.*"), table);
        assertTrue(table.matches("(?s).*\\nq2\\.1 +flat .* duckdb +false +1\\.33x \\(DuckDB\\) +yes *\\n.*"), table);
        assertTrue(
                table.endsWith("(DuckDB) not offloaded: DuckDB ran the query on both sides, the ratio is DuckDB"
                        + " against DuckDB, not a speed-up\n"),
                table);
    }

    @Test
    void everyRowOffloadedNeedsNoLegend() {
        String table = print(OFFLOADED);
        assertFalse(table.contains("(DuckDB)"), table);
    }

    @Test
    void aFailedRunHasNoRatio() {
        BenchResult failed = new BenchResult(
                "q4.3",
                "flat",
                0.0001,
                Double.NaN,
                Double.NaN,
                Double.NaN,
                Double.NaN,
                "duckdb",
                false,
                false,
                0,
                "boom",
                null);
        assertTrue(
                print(failed).matches("(?s).*\\nq4\\.3 +flat .* false +— \\(DuckDB\\) +NO *\\n +boom\\n.*"),
                print(failed));
    }

    @Test
    void theReportsMarkItToo() {
        BenchReport report = new BenchReport(
                new MachineInfo(2, 1L << 30, "Linux", "Java 25", java.util.List.of()),
                1,
                "generated",
                7,
                6_000_000,
                "auto",
                5,
                "blocks",
                "t",
                "raydb bench",
                java.util.List.of(OFFLOADED, NOT_OFFLOADED),
                ColdStart.NONE,
                BandwidthFloor.UNKNOWN,
                null,
                "no GPU engine is available");
        String html = HtmlReport.render(report);
        assertTrue(html.contains("<td>1.33&times; (DuckDB)</td>") && html.contains("<td>25.00&times;</td>"), html);
        assertTrue(html.contains("Nothing was offloaded: no GPU engine is available."), html);
        assertTrue(JsonReport.render(report).contains("\"offload_unavailable\": \"no GPU engine is available\""));
    }
}
