package org.raydb.ssb.soak;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.raydb.jdbc.RayConnection;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.ssb.bench.MachineInfo;
import org.raydb.ssb.cli.CliOptions;
import org.raydb.ssb.load.ExistingDatabase;
import org.raydb.ssb.load.SsbDatabase;
import org.raydb.ssb.suite.DifferentialSuite;

/**
 * {@code soak}: reader threads run SSB queries through {@code jdbc:raydb:} for a while and check every answer,
 * while writer threads change the flat table without changing any answer (see {@link SoakWriter}), so that
 * resident copies keep going stale under concurrent queries. A watchdog names queries running longer than
 * {@value #STUCK_SECONDS} s; readers still in such a query at the end count as stuck.
 */
public final class SoakCommand {

    static final int STUCK_SECONDS = 120;
    private static final long PROGRESS_MS = 30_000;

    private final PrintStream out;

    public SoakCommand(PrintStream out) {
        this.out = out;
    }

    /** Runs the soak on the prepared database and writes its JSON report; true when it passed. */
    public boolean run(SsbDatabase.Contents contents, CliOptions options, String command)
            throws SQLException, IOException {
        Path file = contents.file();
        String url = DifferentialSuite.raydbUrl(file, options.raydbParameters());
        List<SoakQueries.Case> cases = SoakQueries.expected(file, options.seed(), options.writers());
        out.printf(
                Locale.ROOT,
                "expected answers of %d queries from jdbc:duckdb:; the writers' rows change none%n",
                cases.size());
        String budget = gpuMemoryBudget(url);

        SoakStats stats = new SoakStats();
        GpuMemorySampler sampler = new GpuMemorySampler();
        List<SoakReader> readers = new ArrayList<>();
        List<SoakWriter> writers = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        Thread.ofPlatform().name("soak-gpu-memory").daemon().start(sampler);
        for (int i = 0; i < options.readers(); i++) {
            readers.add(new SoakReader(url, i, cases, options.seed(), stats));
            start(readers.getLast(), "soak-reader-" + i, threads);
        }
        for (int i = 0; i < options.writers(); i++) {
            writers.add(new SoakWriter(url, i, stats, Math.round(options.writePause() * 1000)));
            start(writers.getLast(), "soak-writer-" + i, threads);
        }
        long startNanos = System.nanoTime();
        watch(readers, stats, startNanos, (long) (options.minutes() * 60e9));
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        readers.forEach(SoakReader::stop);
        writers.forEach(SoakWriter::stop);
        sampler.stop();
        List<String> stuck = awaitEnd(readers, threads);
        sampler.sampleOnce();

        SoakReport report = new SoakReport(
                MachineInfo.current(),
                ExistingDatabase.scaleFactor(file, contents.provenance()),
                contents.provenance().source(),
                contents.provenance().seed(),
                contents.lineorderRows(),
                options.engine(),
                options.offload(),
                options.readers(),
                options.writers(),
                seconds,
                LocalDateTime.now().toString(),
                command,
                stats.queries.sum(),
                stats.offloaded.sum(),
                stats.mismatches.sum(),
                stats.errors.sum(),
                stuck,
                stats.writes.sum(),
                stats.latencyMs(0.5),
                stats.latencyMs(0.99),
                budget,
                sampler.peakMib(),
                stats.problems());
        report.print(out);
        Path json = options.out() != null ? options.out() : Path.of(CliOptions.BENCH_FOLDER, "soak-latest.json");
        if (json.toAbsolutePath().getParent() != null) {
            Files.createDirectories(json.toAbsolutePath().getParent());
        }
        Files.writeString(json, report.json(), StandardCharsets.UTF_8);
        out.println("wrote " + json);
        return report.passed();
    }

    private static void start(Runnable work, String name, List<Thread> threads) {
        // Daemons: a query that never returns must not keep the JVM from exiting after the report.
        Thread thread = Thread.ofPlatform().name(name).daemon().start(work);
        threads.add(thread);
    }

    /** The driver's {@code gpu.memory} budget as the connection reports it. */
    private static String gpuMemoryBudget(String url) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url)) {
            OffloadSettings.MemoryBudget memory =
                    connection.unwrap(RayConnection.class).offloadSettings().gpuMemory();
            return memory.bytes() >= 0 ? memory.bytes() + " bytes" : memory.percent() + "%";
        }
    }

    /** Until the soak's time is up: names each query that passes the stuck limit, and prints progress. */
    private void watch(List<SoakReader> readers, SoakStats stats, long startNanos, long durationNanos) {
        Map<Integer, Long> named = new HashMap<>();
        long nextProgress = startNanos + PROGRESS_MS * 1_000_000;
        long now;
        while ((now = System.nanoTime()) - startNanos < durationNanos) {
            for (SoakReader reader : readers) {
                long queryStart = reader.queryStart();
                if (queryStart != 0
                        && (now - queryStart) / 1e9 > STUCK_SECONDS
                        && named.put(reader.index(), queryStart) == null) {
                    out.printf(
                            Locale.ROOT,
                            "watchdog: reader %d in %s for %.0f s%n",
                            reader.index(),
                            reader.current(),
                            (now - queryStart) / 1e9);
                } else if (named.containsKey(reader.index()) && named.get(reader.index()) != queryStart) {
                    named.remove(reader.index());
                }
            }
            if (now >= nextProgress) {
                nextProgress += PROGRESS_MS * 1_000_000;
                out.printf(
                        Locale.ROOT,
                        "%4.0f s: %,d queries (%,d offloaded), %d mismatches, %d errors, %,d writes%n",
                        (now - startNanos) / 1e9,
                        stats.queries.sum(),
                        stats.offloaded.sum(),
                        stats.mismatches.sum(),
                        stats.errors.sum(),
                        stats.writes.sum());
            }
            sleep(Math.min(1000, Math.max(1, (durationNanos - (now - startNanos)) / 1_000_000)));
        }
    }

    /**
     * Gives the threads up to the stuck limit to finish what they are doing, and returns those still running
     * then, as {@code "reader 3 in q2.1 for 130 s"} or the thread's name.
     */
    private static List<String> awaitEnd(List<SoakReader> readers, List<Thread> threads) {
        long limit = System.nanoTime() + STUCK_SECONDS * 1_000_000_000L;
        while (threads.stream().anyMatch(Thread::isAlive) && System.nanoTime() < limit) {
            sleep(100);
        }
        long now = System.nanoTime();
        List<String> stuck = new ArrayList<>();
        for (int i = 0; i < threads.size(); i++) {
            if (threads.get(i).isAlive()) {
                // Readers were started first, so thread i is reader i.
                stuck.add(
                        i >= readers.size()
                                ? threads.get(i).getName()
                                : String.format(
                                        Locale.ROOT,
                                        "reader %d in %s for %.0f s",
                                        i,
                                        readers.get(i).current(),
                                        readers.get(i).queryStart() == 0
                                                ? 0
                                                : (now - readers.get(i).queryStart()) / 1e9));
            }
        }
        return stuck;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
