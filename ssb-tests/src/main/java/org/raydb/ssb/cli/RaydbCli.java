package org.raydb.ssb.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.raydb.ssb.bench.AdhocHtmlReport;
import org.raydb.ssb.bench.AdhocJsonReport;
import org.raydb.ssb.bench.AdhocReport;
import org.raydb.ssb.bench.AdhocResult;
import org.raydb.ssb.bench.AdhocRunner;
import org.raydb.ssb.bench.AdhocTablePrinter;
import org.raydb.ssb.bench.Anchors;
import org.raydb.ssb.bench.BandwidthFloor;
import org.raydb.ssb.bench.BenchReport;
import org.raydb.ssb.bench.BenchResult;
import org.raydb.ssb.bench.BenchRunner;
import org.raydb.ssb.bench.BreakdownTablePrinter;
import org.raydb.ssb.bench.HtmlReport;
import org.raydb.ssb.bench.Json;
import org.raydb.ssb.bench.JsonReport;
import org.raydb.ssb.bench.MachineInfo;
import org.raydb.ssb.bench.ResultTablePrinter;
import org.raydb.ssb.bench.RunHeader;
import org.raydb.ssb.bench.SummaryPrinter;
import org.raydb.ssb.bench.Targets;
import org.raydb.ssb.bench.VaryConstantsHtmlReport;
import org.raydb.ssb.bench.VaryConstantsJsonReport;
import org.raydb.ssb.bench.VaryConstantsReport;
import org.raydb.ssb.bench.VaryConstantsRunner;
import org.raydb.ssb.bench.VaryConstantsTablePrinter;
import org.raydb.ssb.load.ExistingDatabase;
import org.raydb.ssb.load.SsbDatabase;
import org.raydb.ssb.query.AdhocQueries;
import org.raydb.ssb.query.AdhocQuery;
import org.raydb.ssb.query.QueryCatalog;
import org.raydb.ssb.query.Selectivity;
import org.raydb.ssb.query.SsbQuery;
import org.raydb.ssb.query.VariedConstants;
import org.raydb.ssb.soak.SoakCommand;
import org.raydb.ssb.suite.DifferentialSuite;

/**
 * {@code ./raydb bench|suite|generate|soak [options]} (see {@link CliOptions}). Exit status: 0 when every answer
 * matched, 1 when one differed (or, for soak, a query failed or stuck), 2 on a usage or setup error;
 * {@code --help} (or {@code -h}) prints the command's options and exits 0.
 */
public final class RaydbCli {

    static final int MISMATCH = 1;
    static final int FAILURE = 2;

    private final PrintStream out;

    RaydbCli(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        // Arrow brings slf4j-api without a provider; its "no providers" notice would only clutter the output.
        System.setProperty("slf4j.internal.verbosity", "ERROR");
        System.exit(new RaydbCli(System.out).run(args));
    }

    int run(String[] args) {
        if (args.length == 0 || !CliOptions.COMMANDS.containsKey(args[0])) {
            if (args.length > 0) {
                System.err.println("raydb: unknown command '" + args[0] + "'");
            }
            System.err.println("usage: raydb <command> [options]; raydb <command> --help lists its options");
            CliOptions.COMMANDS.forEach((name, what) -> System.err.printf(Locale.ROOT, "  %-9s %s%n", name, what));
            return FAILURE;
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        if (CliOptions.wantsHelp(rest)) {
            out.print(CliOptions.help(args[0]));
            return 0;
        }
        try {
            CliOptions options = CliOptions.parse(rest);
            return switch (args[0]) {
                case "generate" -> generate(options);
                case "suite" -> suite(options);
                case "bench" -> bench(options, "raydb " + String.join(" ", args));
                case "soak" -> soak(options, "raydb " + String.join(" ", args));
                default -> throw new IllegalStateException("command without a case: " + args[0]);
            };
        } catch (SQLException | IOException e) {
            System.err.println("raydb " + args[0] + ": " + e.getMessage());
            return FAILURE;
        }
    }

    private int generate(CliOptions options) throws SQLException {
        Datasets.prepare(options, ConsoleProgress.forThisTerminal(), out);
        return 0;
    }

    private int suite(CliOptions options) throws SQLException {
        SsbDatabase.Contents contents = Datasets.prepare(options, ConsoleProgress.forThisTerminal(), out);
        List<SsbQuery> queries = QueryCatalog.select(options.queries(), options.forms());
        List<DifferentialSuite.Outcome> outcomes =
                DifferentialSuite.run(contents.file(), options.raydbParameters(), queries);
        int mismatches = 0;
        for (DifferentialSuite.Outcome o : outcomes) {
            out.printf(
                    Locale.ROOT,
                    "%-10s %5d rows  offloaded=%-5s %s%n",
                    o.query().label(),
                    o.rows(),
                    o.offloaded(),
                    o.matches() ? "match" : "DIFFERS: " + o.difference().get());
            mismatches += o.matches() ? 0 : 1;
        }
        out.printf(Locale.ROOT, "%d of %d results identical%n", outcomes.size() - mismatches, outcomes.size());
        return mismatches == 0 ? 0 : MISMATCH;
    }

    private int soak(CliOptions options, String command) throws SQLException, IOException {
        SsbDatabase.Contents contents = Datasets.prepare(options, ConsoleProgress.forThisTerminal(), out);
        return new SoakCommand(out).run(contents, options, command) ? 0 : MISMATCH;
    }

    /** {@code bench --adhoc N}: N generated queries, each met for the first time (see {@link AdhocRunner}). */
    private int adhoc(CliOptions options, String command) throws SQLException, IOException {
        SsbDatabase.Contents contents = Datasets.prepare(options, ConsoleProgress.forThisTerminal(), out);
        List<AdhocQuery> queries = AdhocQueries.generate(options.adhoc(), options.seed());
        out.printf(
                Locale.ROOT,
                "%d ad-hoc queries drawn with seed %d, through jdbc:raydb:%s%n",
                queries.size(),
                options.seed(),
                options.raydbParameters());
        AdhocTablePrinter printer = new AdhocTablePrinter(out);
        List<AdhocResult> results = new AdhocRunner(contents.file(), options.raydbParameters(), options.reps())
                .run(queries, printer::print);
        LocalDateTime now = LocalDateTime.now();
        AdhocReport report = new AdhocReport(
                runHeader(contents, options, options.seed()), options.reps(), now.toString(), command, results);
        printer.printSummary(report);
        ReportFiles.write(
                out, "adhoc-latest", "adhoc", now, AdhocJsonReport.render(report), AdhocHtmlReport.render(report));
        return report.allExact() ? 0 : MISMATCH;
    }

    /** The header both the ad-hoc and the vary-constants reports open with; {@code querySeed} drew their queries. */
    private static RunHeader runHeader(SsbDatabase.Contents contents, CliOptions options, long querySeed)
            throws SQLException {
        return new RunHeader(
                MachineInfo.current(),
                ExistingDatabase.scaleFactor(contents.file(), contents.provenance()),
                contents.provenance().source(),
                contents.provenance().seed(),
                contents.lineorderRows(),
                options.engine(),
                options.offload(),
                querySeed);
    }

    /**
     * {@code bench --vary-constants}: the flat SSB queries ({@code --queries}, all 13 by default) with constants
     * drawn afresh, timed for a while on each side (see {@link VaryConstantsRunner}).
     */
    private int varyConstants(CliOptions options, String command) throws SQLException, IOException {
        List<SsbQuery> templates = VariedConstants.templates(options.queries());
        String ids = String.join(",", templates.stream().map(SsbQuery::id).toList());
        SsbDatabase.Contents contents = Datasets.prepare(options, ConsoleProgress.forThisTerminal(), out);
        out.printf(
                Locale.ROOT,
                "%d flat SSB templates%s, constants drawn with seed %d%s; %d threads; %d s warm-up, then %s s timed:"
                        + " jdbc:duckdb:, then jdbc:raydb:%s%n",
                templates.size(),
                ids.equals(String.join(",", QueryCatalog.IDS)) ? "" : " (" + ids + ")",
                options.constantsSeed(),
                options.prepared() ? " and bound to prepared statements" : "",
                options.clients(),
                VaryConstantsRunner.WARM_UP.toSeconds(),
                Json.number(options.duration()),
                options.raydbParameters());
        VaryConstantsRunner.Outcome outcome = new VaryConstantsRunner(
                        contents.file(),
                        options.raydbParameters(),
                        templates,
                        options.clients(),
                        Duration.ofNanos(Math.round(options.duration() * 1e9)),
                        options.prepared(),
                        options.constantsSeed())
                .run();
        LocalDateTime now = LocalDateTime.now();
        VaryConstantsReport report = new VaryConstantsReport(
                runHeader(contents, options, options.constantsSeed()),
                options.clients(),
                options.duration(),
                options.prepared(),
                now.toString(),
                command,
                outcome);
        new VaryConstantsTablePrinter(out).print(report);
        ReportFiles.write(
                out,
                "vary-constants-latest",
                "vary-constants",
                now,
                VaryConstantsJsonReport.render(report),
                VaryConstantsHtmlReport.render(report));
        return report.passed() ? 0 : MISMATCH;
    }

    private int bench(CliOptions options, String command) throws SQLException, IOException {
        if (options.adhoc() > 0) {
            return adhoc(options, command);
        }
        if (options.varyConstants()) {
            return varyConstants(options, command);
        }
        Anchors anchors = options.anchors() == null ? null : Anchors.load(options.anchors());
        BandwidthFloor bandwidth = new BandwidthFloor(options.copyBandwidthGbs());
        SsbDatabase.Contents contents = Datasets.prepare(options, ConsoleProgress.forThisTerminal(), out);
        Map<String, Double> selectivity;
        try (var connection = SsbDatabase.open(contents.file())) {
            selectivity = Selectivity.fractions(connection, options.queries(), contents.flatRows());
        }
        ResultTablePrinter printer = new ResultTablePrinter(out);
        BenchRunner.Outcome outcome = new BenchRunner(
                        contents.file(), options.raydbParameters(), options.reps(), options.timing())
                .run(
                        QueryCatalog.select(options.queries(), options.forms()),
                        selectivity,
                        ConsoleProgress.forThisTerminal(),
                        printer::printOffloadUnavailable,
                        printer::print);
        printer.printLegend();
        List<BenchResult> results = outcome.results();
        LocalDateTime now = LocalDateTime.now();
        BenchReport report = new BenchReport(
                MachineInfo.current(),
                ExistingDatabase.scaleFactor(contents.file(), contents.provenance()),
                contents.provenance().source(),
                contents.provenance().seed(),
                contents.lineorderRows(),
                options.engine(),
                options.reps(),
                options.timing().label(),
                now.toString(),
                command,
                results,
                outcome.cold(),
                bandwidth,
                anchors,
                outcome.offloadUnavailable());
        if (options.breakdown()) {
            new BreakdownTablePrinter(out, bandwidth).print(results);
        }
        SummaryPrinter summary = new SummaryPrinter(out);
        summary.printColdStart(report);
        Targets targets = report.targets();
        summary.printComparison(report, targets);
        ReportFiles.write(out, "latest", "bench", now, JsonReport.render(report), HtmlReport.render(report));
        long mismatches = results.stream().filter(r -> !r.match()).count();
        out.printf(Locale.ROOT, "%d of %d answers matched DuckDB's%n", results.size() - mismatches, results.size());
        summary.printTargets(targets);
        return mismatches == 0 ? 0 : MISMATCH;
    }
}
