package org.raydb.ssb.cli;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.raydb.ssb.bench.Anchors;
import org.raydb.ssb.bench.BenchRunner;
import org.raydb.ssb.bench.Json;
import org.raydb.ssb.gen.ScaleFactor;
import org.raydb.ssb.query.QueryCatalog;
import org.raydb.ssb.query.QueryForm;

/**
 * The options of {@code bench}, {@code suite}, {@code generate} and {@code soak}:
 * {@code [--sf N | --from-tbl DIR] [--db FILE] [--form flat|star|both] [--engine auto|optix|cuda|cpu]
 * [--offload auto|force|off] [--device 0|0,1|all] [--placement partitioned|replicated] [--host-memory M] [--reps R] [--queries q1.1,q2.1,...] [--seed S] [--threads T] [--breakdown]
 * [--copy-bandwidth-gbs X] [--anchors NAME] [--timing blocks|alternating] [--writers W] [--minutes M]
 * [--write-pause S] [--out FILE] [--adhoc N] [--vary-constants] [--duration S] [--prepared]}; {@link #help}
 * lists those of one command, one line each, for its {@code --help}.
 *
 * @param sf       the scale factor to generate, null when importing or reusing {@code --db} as it is
 * @param fromTbl  the folder of dbgen {@code .tbl} files to import, or null
 * @param db       the database file
 * @param dbGiven  whether {@code --db} was given (then, without --sf or --from-tbl, it is used as it is)
 * @param engine   the driver's {@code engine} setting for {@code jdbc:raydb:}
 * @param offload  the driver's {@code offload} setting ({@code force} makes a query that is not offloaded fail)
 * @param device   the driver's {@code device} setting: the GPUs a table is partitioned over
 * @param placement the driver's {@code placement} setting: partitioned over the GPUs or replicated on each
 * @param hostMemory the driver's {@code host.memory} setting, or null for its default
 * @param breakdown whether {@code bench} also prints where each offloaded query's time went
 * @param copyBandwidthGbs the device copy bandwidth ({@code run bandwidth}) for the kernels' floors; NaN when
 *                  neither {@code --copy-bandwidth-gbs} nor the environment's {@value #BANDWIDTH_ENV} gives it
 * @param anchors   the anchors to compare with ({@code --anchors}, see {@link Anchors#KNOWN}), or null
 * @param timing    how the bench orders its timed runs ({@code --timing}, default blocks)
 * @param readers   the soak's reader threads: {@code --threads} when given, else {@value #DEFAULT_READERS}
 * @param writers   the soak's writer threads ({@code --writers}, default {@value #DEFAULT_WRITERS})
 * @param minutes   how long the soak runs ({@code --minutes}, default {@value #DEFAULT_MINUTES})
 * @param writePause seconds each soak writer waits between its writes ({@code --write-pause}, default
 *                  {@value #DEFAULT_WRITE_PAUSE})
 * @param out       where the soak writes its JSON report ({@code --out}), or null for its default
 * @param adhoc     how many generated ad-hoc queries {@code bench} runs instead of the SSB queries
 *                  ({@code --adhoc}, drawn with {@code --seed}); 0 for the SSB queries
 * @param varyConstants whether {@code bench} runs the flat forms of {@code queries} with drawn constants for a
 *                  while on each side ({@code --vary-constants}) instead of the SSB queries
 * @param duration  the seconds the vary-constants bench times each side ({@code --duration}, default
 *                  {@value #DEFAULT_DURATION})
 * @param prepared  whether the vary-constants bench binds its constants to statements prepared once per thread
 *                  ({@code --prepared})
 * @param clients   the vary-constants bench's threads, each with its own connection: {@code --threads} when
 *                  given, else 1
 * @param constantsSeed the seed the vary-constants bench draws its constants with: {@code --seed} when given,
 *                  else {@value #DEFAULT_CONSTANTS_SEED}
 */
public record CliOptions(
        ScaleFactor sf,
        Path fromTbl,
        Path db,
        boolean dbGiven,
        List<QueryForm> forms,
        String engine,
        String offload,
        String device,
        String placement,
        String hostMemory,
        int reps,
        List<String> queries,
        long seed,
        int threads,
        boolean breakdown,
        double copyBandwidthGbs,
        String anchors,
        BenchRunner.Timing timing,
        int readers,
        int writers,
        double minutes,
        double writePause,
        Path out,
        int adhoc,
        boolean varyConstants,
        double duration,
        boolean prepared,
        int clients,
        long constantsSeed) {

    public static final String BANDWIDTH_ENV = "RAYDB_COPY_BANDWIDTH_GBS";

    public static final long DEFAULT_SEED = 19920101;
    public static final long DEFAULT_CONSTANTS_SEED = 42;
    public static final double DEFAULT_DURATION = 20;
    public static final String BENCH_FOLDER = "target/bench";
    public static final int DEFAULT_READERS = 16;
    public static final int DEFAULT_WRITERS = 2;
    public static final double DEFAULT_MINUTES = 10;
    public static final double DEFAULT_WRITE_PAUSE = 0.25;
    /** Each writer marks its rows with a year of its own below every SSB date (see the soak's writer). */
    public static final int MAX_WRITERS = 50;

    private static final List<String> ENGINES = List.of("auto", "optix", "cuda", "cpu");
    private static final List<String> OFFLOAD_MODES = List.of("auto", "force", "off");
    private static final List<String> PLACEMENTS = List.of("partitioned", "replicated");
    private static final List<String> TIMINGS = Arrays.stream(BenchRunner.Timing.values())
            .map(BenchRunner.Timing::label)
            .toList();

    /** The commands that take these options, each with what it does. */
    static final Map<String, String> COMMANDS = commands();

    /** One option as {@code --help} shows it: its form, what it does, and the commands that read it. */
    private record Help(String option, String meaning, List<String> commands) {}

    private static final List<String> ALL = List.copyOf(COMMANDS.keySet());
    private static final List<String> QUERYING = List.of("bench", "suite");
    private static final List<String> DRIVER = List.of("bench", "suite", "soak");
    private static final List<String> BENCH = List.of("bench");
    private static final List<String> SOAK = List.of("soak");

    private static final List<Help> HELP = List.of(
            new Help("--sf N", "generate SSB at scale factor N, 0.01 to 100 (default 1)", ALL),
            new Help("--from-tbl DIR", "import dbgen's .tbl files from DIR instead of generating", ALL),
            new Help(
                    "--db FILE",
                    "the DuckDB file (default " + BENCH_FOLDER + "/ssb-sf<N>-seed<S>.duckdb); alone: used as it is",
                    ALL),
            new Help(
                    "--seed S",
                    "generator seed (default " + DEFAULT_SEED + "); bench --adhoc: the queries' seed;"
                            + " bench --vary-constants: the constants' seed (default " + DEFAULT_CONSTANTS_SEED + ")",
                    ALL),
            new Help(
                    "--threads T",
                    "generator threads (default all cores); soak: readers (default " + DEFAULT_READERS + ");"
                            + " bench --vary-constants: client threads (default 1)",
                    ALL),
            new Help("--form flat|star|both", "flat queries, star joins, or both (default both)", QUERYING),
            new Help("--queries q1.1,q2.1,...", "which SSB queries (default all 13)", QUERYING),
            new Help("--engine auto|optix|cuda|cpu", "the driver's engine setting (default auto)", DRIVER),
            new Help("--device 0|0,1|all", "the driver's device setting: the GPUs to use (default all)", DRIVER),
            new Help(
                    "--placement partitioned|replicated",
                    "the driver's placement setting: a table partitioned over the GPUs or whole on each (default"
                            + " partitioned)",
                    DRIVER),
            new Help(
                    "--host-memory 8g|60%",
                    "the driver's host.memory setting: the heap budget for resident columns and indexes (default"
                            + " 50%)",
                    DRIVER),
            new Help(
                    "--offload auto|force|off",
                    "the driver's offload setting (default auto; force: a query not offloaded fails)",
                    DRIVER),
            new Help("--reps R", "timed runs per query and side, medians reported (default 5)", BENCH),
            new Help("--breakdown", "also print where each offloaded query's time went", BENCH),
            new Help(
                    "--copy-bandwidth-gbs X",
                    "device copy bandwidth for the kernels' floors (default $" + BANDWIDTH_ENV + ")",
                    BENCH),
            new Help(
                    "--anchors " + String.join("|", Anchors.KNOWN),
                    "compare with measured anchors and print the targets as PASS/FAIL",
                    BENCH),
            new Help(
                    "--timing " + String.join("|", TIMINGS),
                    "all DuckDB runs then all RayDB runs, or alternating (default blocks)",
                    BENCH),
            new Help("--adhoc N", "N generated queries, each met for the first time, instead of the SSB ones", BENCH),
            new Help("--vary-constants", "the flat SSB queries with constants drawn afresh every run", BENCH),
            new Help(
                    "--duration S",
                    "with --vary-constants: seconds timed per side (default " + Json.number(DEFAULT_DURATION) + ")",
                    BENCH),
            new Help("--prepared", "with --vary-constants: bind the constants to prepared statements", BENCH),
            new Help("--writers W", "writer threads, 0 to " + MAX_WRITERS + " (default " + DEFAULT_WRITERS + ")", SOAK),
            new Help("--minutes M", "how long the soak runs (default " + Json.number(DEFAULT_MINUTES) + ")", SOAK),
            new Help(
                    "--write-pause S",
                    "seconds each writer waits between writes (default " + Json.number(DEFAULT_WRITE_PAUSE) + ")",
                    SOAK),
            new Help("--out FILE", "the soak's JSON report (default " + BENCH_FOLDER + "/soak-latest.json)", SOAK),
            new Help("-h, --help", "print this help and exit", ALL));

    private static Map<String, String> commands() {
        Map<String, String> commands = new LinkedHashMap<>();
        commands.put("bench", "time the SSB queries on jdbc:duckdb: and jdbc:raydb:, every answer compared");
        commands.put("suite", "check every SSB query's answer through jdbc:raydb: against jdbc:duckdb:, untimed");
        commands.put("generate", "only make the database (the SSB tables and lineorder_flat)");
        commands.put("soak", "concurrent readers and writers on jdbc:raydb:, every answer checked");
        return Collections.unmodifiableMap(commands);
    }

    /** Whether {@code args} (a command's options) ask for its help. */
    static boolean wantsHelp(String[] args) {
        return Arrays.stream(args).anyMatch(a -> a.equals("--help") || a.equals("-h"));
    }

    /** {@code command}'s help: what it does and the options it reads, one line each. */
    static String help(String command) {
        StringBuilder text = new StringBuilder(
                "usage: raydb " + command + " [options]\n" + COMMANDS.get(command) + "\n\noptions:\n");
        for (Help h : HELP) {
            if (h.commands().contains(command)) {
                text.append(String.format(Locale.ROOT, "  %-30s %s%n", h.option(), h.meaning()));
            }
        }
        return text.toString();
    }

    public static CliOptions parse(String[] args) throws SQLException {
        return parse(args, System.getenv(BANDWIDTH_ENV));
    }

    /** @param bandwidthEnv the environment's {@value #BANDWIDTH_ENV}, or null */
    static CliOptions parse(String[] args, String bandwidthEnv) throws SQLException {
        ScaleFactor sf = null;
        Path fromTbl = null;
        Path db = null;
        List<QueryForm> forms = QueryForm.parse("both");
        String engine = "auto";
        String offload = "auto";
        String device = "all";
        String placement = "partitioned";
        String hostMemory = null;
        int reps = 5;
        List<String> queries = QueryCatalog.IDS;
        Long seedGiven = null;
        Integer threadsGiven = null;
        int writers = DEFAULT_WRITERS;
        double minutes = DEFAULT_MINUTES;
        double writePause = DEFAULT_WRITE_PAUSE;
        Path out = null;
        int adhoc = 0;
        boolean varyConstants = false;
        double duration = DEFAULT_DURATION;
        boolean prepared = false;
        boolean breakdown = false;
        double copyBandwidthGbs = Double.NaN;
        String anchors = null;
        BenchRunner.Timing timing = BenchRunner.Timing.BLOCKS;
        if (bandwidthEnv != null && !bandwidthEnv.isBlank()) {
            try {
                copyBandwidthGbs = bandwidth(BANDWIDTH_ENV, bandwidthEnv.strip());
            } catch (IllegalArgumentException e) {
                throw usage(e.getMessage());
            }
        }
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            boolean flag = true;
            switch (option) {
                case "--breakdown" -> breakdown = true;
                case "--vary-constants" -> varyConstants = true;
                case "--prepared" -> prepared = true;
                default -> flag = false;
            }
            if (flag) {
                continue;
            }
            String value = i + 1 < args.length ? args[i + 1] : null;
            if (value == null) {
                throw usage("option " + option + " needs a value");
            }
            i++;
            try {
                switch (option) {
                    case "--sf" -> sf = ScaleFactor.parse(value);
                    case "--from-tbl" -> fromTbl = Path.of(value);
                    case "--db" -> db = Path.of(value);
                    case "--form" -> forms = QueryForm.parse(value);
                    case "--engine" -> engine = oneOf("--engine", value, ENGINES);
                    case "--offload" -> offload = oneOf("--offload", value, OFFLOAD_MODES);
                    case "--device" -> device = devices(value);
                    case "--placement" -> placement = oneOf("--placement", value, PLACEMENTS);
                    case "--host-memory" -> hostMemory = memory(value);
                    case "--reps" -> reps = positive("--reps", value);
                    case "--queries" -> queries = queries(value);
                    case "--seed" -> seedGiven = Long.parseLong(value);
                    case "--threads" -> threadsGiven = positive("--threads", value);
                    case "--writers" -> writers = writers(value);
                    case "--minutes" -> minutes = positiveNumber("--minutes", value);
                    case "--write-pause" -> writePause = seconds("--write-pause", value);
                    case "--out" -> out = Path.of(value);
                    case "--adhoc" -> adhoc = positive("--adhoc", value);
                    case "--duration" -> duration = positiveNumber("--duration", value);
                    case "--copy-bandwidth-gbs" -> copyBandwidthGbs = bandwidth("--copy-bandwidth-gbs", value);
                    case "--anchors" -> anchors = oneOf("--anchors", value, Anchors.KNOWN);
                    case "--timing" ->
                        timing = BenchRunner.Timing.valueOf(
                                oneOf("--timing", value, TIMINGS).toUpperCase(Locale.ROOT));
                    default -> throw usage("unknown option " + option);
                }
            } catch (IllegalArgumentException e) {
                throw usage(e.getMessage());
            }
        }
        if (sf != null && fromTbl != null) {
            throw usage("--sf and --from-tbl exclude each other");
        }
        if (varyConstants && adhoc > 0) {
            throw usage("--vary-constants and --adhoc exclude each other");
        }
        long seed = seedGiven != null ? seedGiven : DEFAULT_SEED;
        boolean dbGiven = db != null;
        if (sf == null && fromTbl == null && !dbGiven) {
            sf = new ScaleFactor(1);
        }
        if (!dbGiven) {
            db = Path.of(
                    BENCH_FOLDER,
                    fromTbl != null
                            ? "ssb-tbl-" + fromTbl.toAbsolutePath().normalize().getFileName() + ".duckdb"
                            : "ssb-sf" + sf.label() + "-seed" + seed + ".duckdb");
        }
        int threads = threadsGiven != null ? threadsGiven : Runtime.getRuntime().availableProcessors();
        int readers = threadsGiven != null ? threadsGiven : DEFAULT_READERS;
        int clients = threadsGiven != null ? threadsGiven : 1;
        return new CliOptions(
                sf,
                fromTbl,
                db,
                dbGiven,
                forms,
                engine,
                offload,
                device,
                placement,
                hostMemory,
                reps,
                queries,
                seed,
                threads,
                breakdown,
                copyBandwidthGbs,
                anchors,
                timing,
                readers,
                writers,
                minutes,
                writePause,
                out,
                adhoc,
                varyConstants,
                duration,
                prepared,
                clients,
                seedGiven != null ? seedGiven : DEFAULT_CONSTANTS_SEED);
    }

    /** The URL parameters of the {@code jdbc:raydb:} side: the driver settings these options choose. */
    public String raydbParameters() {
        return "?engine=" + engine + "&offload=" + offload + (device.equals("all") ? "" : "&device=" + device)
                + (placement.equals("partitioned") ? "" : "&placement=" + placement)
                + (hostMemory == null ? "" : "&host.memory=" + hostMemory);
    }

    /** A byte count with an optional k, m, g or t suffix, or a percentage (the driver checks the range). */
    private static String memory(String value) {
        String v = value.strip().toLowerCase(Locale.ROOT);
        if (!v.matches("\\d+[kmgt]?|\\d+%")) {
            throw new IllegalArgumentException(
                    "--host-memory takes a byte count (8g) or a percentage (60%), not " + value);
        }
        return v;
    }

    /** {@code all} or a comma-separated list of GPU ordinals (the driver checks that they are distinct). */
    private static String devices(String value) {
        String v = value.strip().toLowerCase(Locale.ROOT);
        if (!v.equals("all") && !v.matches("\\d+(,\\d+)*")) {
            throw new IllegalArgumentException("--device takes all or GPU ordinals such as 0,1, not " + value);
        }
        return v;
    }

    private static List<String> queries(String value) {
        List<String> ids = Arrays.stream(value.split(","))
                .map(s -> s.strip().toLowerCase(Locale.ROOT))
                .toList();
        for (String id : ids) {
            if (!QueryCatalog.IDS.contains(id)) {
                throw new IllegalArgumentException(
                        "unknown query '" + id + "' in --queries (known: " + String.join(",", QueryCatalog.IDS) + ")");
            }
        }
        return ids;
    }

    private static String oneOf(String option, String value, List<String> allowed) {
        if (!allowed.contains(value)) {
            throw new IllegalArgumentException(
                    option + " must be one of " + String.join("|", allowed) + ", not '" + value + "'");
        }
        return value;
    }

    private static double bandwidth(String option, String value) {
        double gbs = Double.parseDouble(value);
        if (!(gbs > 0) || Double.isInfinite(gbs)) {
            throw new IllegalArgumentException(option + " must be a positive GB/s figure, not '" + value + "'");
        }
        return gbs;
    }

    private static int writers(String value) {
        int n = Integer.parseInt(value);
        if (n < 0 || n > MAX_WRITERS) {
            throw new IllegalArgumentException("--writers must be 0 to " + MAX_WRITERS + ", not " + n);
        }
        return n;
    }

    private static double positiveNumber(String option, String value) {
        double x = Double.parseDouble(value);
        if (!(x > 0) || Double.isInfinite(x)) {
            throw new IllegalArgumentException(option + " must be a positive number, not '" + value + "'");
        }
        return x;
    }

    private static double seconds(String option, String value) {
        double s = Double.parseDouble(value);
        if (!(s >= 0) || Double.isInfinite(s)) {
            throw new IllegalArgumentException(option + " must be a number of seconds, not '" + value + "'");
        }
        return s;
    }

    private static int positive(String option, String value) {
        int n = Integer.parseInt(value);
        if (n < 1) {
            throw new IllegalArgumentException(option + " must be at least 1, not " + n);
        }
        return n;
    }

    private static SQLException usage(String message) {
        return new SQLException(message, "42601");
    }
}
