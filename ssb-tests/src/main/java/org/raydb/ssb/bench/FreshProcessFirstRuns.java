package org.raydb.ssb.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.raydb.ssb.Progress;
import org.raydb.ssb.query.QueryCatalog;
import org.raydb.ssb.query.QueryForm;
import org.raydb.ssb.query.SsbQuery;
import org.raydb.ssb.suite.QueryExecution;

/**
 * What a new process pays on each side: opening the connection and each query's first run, timed in fresh JVMs of
 * their own (this one's {@code java}, JVM options and class path, the JIT's default thresholds), one side per
 * process, nothing else in it. Timed within the bench's process, where the two sides' statements alternate, the work
 * the driver starts behind an answer (the GPU's probe, plans, builds) ran through DuckDB's next answer, which the
 * driver cannot see, and on into its own next statement: a cost neither side has in an application's process.
 */
final class FreshProcessFirstRuns {

    /**
     * Fresh processes per side, their order alternating; each figure is the median of the processes' (one process's
     * first runs of a query vary by 10% and more).
     */
    static final int PROCESSES = 3;

    private static final String PREFIX = "first-run ";

    /** One side's medians: opening the connection, and each query's first run (NaN where it failed). */
    record Side(double connectMs, double[] firstMs) {

        /** The connection and every first run that did not fail. */
        double totalMs() {
            return connectMs
                    + Arrays.stream(firstMs).filter(ms -> !Double.isNaN(ms)).sum();
        }
    }

    /** The medians of both sides, RayDB's and DuckDB's. */
    record Both(Side raydb, Side duckdb) {}

    private FreshProcessFirstRuns() {}

    static Both measure(String raydbUrl, String duckdbUrl, List<SsbQuery> queries, Progress progress)
            throws IOException {
        List<Side> raydb = new ArrayList<>();
        List<Side> duckdb = new ArrayList<>();
        try (Progress.Phase phase = progress.start("first runs in fresh processes", 2 * PROCESSES, "processes")) {
            for (int i = 0; i < PROCESSES; i++) {
                // RayDB's process first in the first round: it alone then pays any first read of the file's blocks.
                boolean raydbFirst = i % 2 == 0;
                for (boolean raydbSide : new boolean[] {raydbFirst, !raydbFirst}) {
                    (raydbSide ? raydb : duckdb).add(inFreshProcess(raydbSide ? raydbUrl : duckdbUrl, queries));
                    phase.advance(1);
                }
            }
        }
        return new Both(medians(raydb, queries.size()), medians(duckdb, queries.size()));
    }

    private static Side medians(List<Side> sides, int queries) {
        double[] first = new double[queries];
        for (int q = 0; q < queries; q++) {
            int index = q;
            first[q] = BenchRunner.median(
                    sides.stream().mapToDouble(s -> s.firstMs()[index]).toArray());
        }
        return new Side(
                BenchRunner.median(sides.stream().mapToDouble(Side::connectMs).toArray()), first);
    }

    private static Side inFreshProcess(String url, List<SsbQuery> queries) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            // A cache this process records is written by this process alone; a debugger's port is this process's.
            // The JIT's thresholds are the JVM's own, an application's: a lowered -XX:CompileThresholdScaling (the
            // bundle's, so that a few warm runs time the host path compiled) compiles what a new process runs first,
            // beside it.
            if (!option.startsWith("-XX:AOTCacheOutput")
                    && !option.startsWith("-XX:AOTMode")
                    && !option.startsWith("-XX:AOTConfiguration")
                    && !option.startsWith("-agentlib:jdwp")
                    && !option.startsWith("-XX:CompileThresholdScaling")) {
                command.add(option);
            }
        }
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(FreshProcessFirstRuns.class.getName());
        command.add(url);
        queries.forEach(q -> command.add(q.label()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        double connectMs = Double.NaN;
        double[] first = new double[queries.size()];
        Arrays.fill(first, Double.NaN);
        List<String> other = new ArrayList<>();
        try (BufferedReader lines =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            int query = 0;
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (!line.startsWith(PREFIX)) {
                    other.add(line);
                } else if (line.startsWith(PREFIX + "connect ")) {
                    connectMs = Double.parseDouble(line.substring((PREFIX + "connect ").length()));
                } else {
                    String ms = line.substring(PREFIX.length());
                    first[query++] = ms.startsWith("failed") ? Double.NaN : Double.parseDouble(ms);
                }
            }
        }
        try {
            if (process.waitFor() != 0 || Double.isNaN(connectMs)) {
                throw new IOException("a fresh process timing first runs on " + url + " failed (exit "
                        + process.exitValue() + "): "
                        + String.join("\n", other.subList(Math.max(0, other.size() - 20), other.size())));
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while timing first runs in a fresh process", e);
        }
        return new Side(connectMs, first);
    }

    /**
     * The fresh process: {@code <url> <query label>...}; prints the connection's time, then each query's first run
     * (or {@code failed} and why), in milliseconds, each on a line of its own, and ends without waiting for anything
     * the driver started behind its answers.
     */
    public static void main(String[] args) throws SQLException {
        List<SsbQuery> queries = new ArrayList<>();
        for (String label : Arrays.asList(args).subList(1, args.length)) {
            String[] idAndForm = label.split("/");
            queries.add(
                    QueryCatalog.get(idAndForm[0], QueryForm.parse(idAndForm[1]).getFirst()));
        }
        long start = System.nanoTime();
        try (Connection connection = DriverManager.getConnection(args[0])) {
            System.out.printf(Locale.ROOT, PREFIX + "connect %.3f%n", (System.nanoTime() - start) / 1e6);
            for (SsbQuery query : queries) {
                try {
                    System.out.printf(
                            Locale.ROOT,
                            PREFIX + "%.3f%n",
                            QueryExecution.run(connection, query.sql()).millis());
                } catch (SQLException | RuntimeException e) {
                    System.out.println(PREFIX + "failed " + e.toString().replace('\n', ' '));
                }
            }
            System.out.flush();
        }
        System.exit(0);
    }
}
