package org.raydb.offload;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.function.Supplier;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.offload.cost.CalibrationCache;
import org.raydb.offload.cost.CostChoice;
import org.raydb.offload.cost.CostModel;
import org.raydb.offload.cost.DeviceConstants;
import org.raydb.offload.cost.HostOverhead;
import org.raydb.offload.cost.HostScanRate;
import org.raydb.offload.cost.HostScanRates;
import org.raydb.offload.cost.JobCosts;
import org.raydb.offload.cost.JobShape;
import org.raydb.offload.engine.Engine;
import org.raydb.offload.engine.EngineProvider;
import org.raydb.offload.engine.GroupCut;
import org.raydb.offload.engine.OffloadJob;
import org.raydb.offload.engine.cpu.CpuEngine;
import org.raydb.offload.exec.ResidentTable;
import org.raydb.offload.gpu.runtime.GpuAvailability;
import org.raydb.offload.plan.ColumnComparison;
import org.raydb.offload.plan.ColumnType;
import org.raydb.offload.plan.DerivedColumn;
import org.raydb.offload.plan.OffloadPlan;
import org.raydb.offload.plan.RowColumn;
import org.raydb.offload.plan.VirtualColumn;
import org.raydb.offload.result.TopRows;

/**
 * The engines of this JVM and the choice among them, in two steps. Before planning, {@link #candidates}:
 * {@code engine=cpu}, {@code optix} and {@code cuda} pin an engine (one that is not available declines with
 * its reason); {@code engine=auto} takes the available GPU engines, and without a GPU offloads only under
 * {@code offload=force}, to the cpu engine (the cpu reference engine is slower than DuckDB itself, and
 * {@code auto} must only ever make queries faster). Once the job is prepared, {@link #choose}: auto picks the
 * cheapest of its GPU engines and DuckDB by the cost model ({@link CostChoice}; under {@code offload=force}
 * DuckDB is no candidate). The device constants come from a calibration at first use, DuckDB's scan rate
 * from a measurement per table snapshot; where DuckDB's estimate is too close to the offload's to decide
 * by, DuckDB is timed once on the query itself: a background build runs it to time it, a query is answered by
 * DuckDB and timed as it answers ({@link DuckDbSide#timesNow}). Engine times measured on a job replace their
 * estimates.
 */
final class Engines {

    /** The engines a query may run on, known before planning, or why there are none. */
    record Candidates(List<Engine> engines, boolean costed, String reason) {
        boolean none() {
            return engines.isEmpty();
        }

        /**
         * Whether there are none only because the process is new (auto): the GPU's probe, or the warm-up's first
         * pass, is still running.
         */
        boolean starting() {
            return none() && (PROBING.equals(reason) || WARMING.equals(reason));
        }

        /**
         * The candidates that would find {@code job}'s inputs resident ({@link Engine#inputsResident}): those a
         * first run may use, which must not make any on its path.
         */
        Candidates residentFor(OffloadJob job) {
            List<Engine> resident =
                    engines.stream().filter(e -> e.inputsResident(job)).toList();
            return resident.size() == engines.size() ? this : new Candidates(resident, costed, reason);
        }
    }

    /** The engine a prepared job runs on (null: DuckDB runs the query), why, and the costs when auto compared them. */
    record Choice(Engine engine, String reason, CostChoice costs) {}

    /**
     * A new process's start as the engines see it: the GPU's probe (whether it is done, and waiting for it), and
     * whether the offload's own code is still being warmed up.
     */
    interface Probe {
        boolean known();

        void await();

        /** Whether the process's {@link WarmUp} still runs its first pass: the offload's code is not compiled yet. */
        default boolean warming() {
            return false;
        }

        /** {@link GpuAvailability}'s probe: started by the first connection, on its own thread. */
        Probe GPU = new Probe() {
            @Override
            public boolean known() {
                return GpuAvailability.known() != null;
            }

            @Override
            public void await() {
                GpuAvailability.awaited();
            }
        };

        /** The provider's: {@link #GPU} and the process's {@link WarmUp}. */
        Probe PROCESS = new Probe() {
            @Override
            public boolean known() {
                return GPU.known();
            }

            @Override
            public void await() {
                GPU.await();
            }

            @Override
            public boolean warming() {
                return WarmUp.warming();
            }
        };
    }

    private final CpuEngine cpu = new CpuEngine();
    private final List<Engine> gpu;
    private final Supplier<DeviceConstants> device;
    private final Probe probe;
    private final HostScanRates hostRates = new HostScanRates();

    Engines() {
        this(
                installedGpuEngines(),
                () -> org.raydb.offload.gpu.calibration.SharedCalibration.constants(CalibrationCache.standard()),
                Probe.PROCESS);
    }

    /** @param device the calibrated constants of the process's GPU (asked only while a GPU engine is available) */
    Engines(List<Engine> gpu, Supplier<DeviceConstants> device) {
        this(gpu, device, Probe.GPU);
    }

    Engines(List<Engine> gpu, Supplier<DeviceConstants> device, Probe probe) {
        this.gpu = List.copyOf(gpu);
        this.device = device;
        this.probe = probe;
    }

    private static List<Engine> installedGpuEngines() {
        List<Engine> out = new ArrayList<>();
        for (EngineProvider p : ServiceLoader.load(EngineProvider.class, Engines.class.getClassLoader())) {
            out.addAll(p.engines());
        }
        return out;
    }

    static final String PROBING =
            "the GPU is being probed (about half a second in a new process): DuckDB answers meanwhile";

    static final String WARMING = "the offload's code is being warmed up (the first seconds of a new process):"
            + " DuckDB answers meanwhile, and the statement is planned behind its answer";

    /**
     * The candidates once the GPU's probe is known, waiting for it where it still runs (for background builds,
     * which the warm-up does not hold back).
     */
    Candidates afterProbe(OffloadSettings settings) {
        probe.await();
        return candidates(settings, false);
    }

    Candidates candidates(OffloadSettings settings) {
        return candidates(settings, true);
    }

    /**
     * Whether statements under {@code settings} are known to be offloaded nowhere: auto where the probe found no GPU
     * (false while it runs). Nothing is then warmed up, planned or built for them.
     */
    boolean offloadsNothing(OffloadSettings settings) {
        Candidates c = candidates(settings);
        return c.none() && !c.starting();
    }

    /** Device bytes resident on the process's GPUs (the GPU engines share them: the first one's figure). */
    long residentDeviceBytes() {
        return gpu.isEmpty() ? 0 : gpu.getFirst().residentDeviceBytes();
    }

    /** The {@code gpu.memory} budgets of the GPUs {@link #residentDeviceBytes} counts, summed. */
    long deviceBudgetBytes() {
        return gpu.isEmpty() ? 0 : gpu.getFirst().deviceBudgetBytes();
    }

    private Candidates candidates(OffloadSettings settings, boolean untilWarm) {
        OffloadSettings.Engine wanted = settings.engine();
        if (wanted == OffloadSettings.Engine.CPU) {
            return new Candidates(List.of(cpu.configured(settings)), false, "pinned by engine=cpu");
        }
        // Under auto a new process's first queries do not wait for the GPU's probe: DuckDB answers them.
        if (settings.mode() == OffloadSettings.Mode.AUTO && !probe.known()) {
            return new Candidates(List.of(), false, PROBING);
        }
        if (wanted != OffloadSettings.Engine.AUTO) {
            String name = wanted.name().toLowerCase(Locale.ROOT);
            String why = unavailableReason(name);
            return why == null
                    ? warmed(
                            settings,
                            untilWarm,
                            new Candidates(
                                    List.of(installed(name).configured(settings)), false, "pinned by engine=" + name))
                    : new Candidates(List.of(), false, "engine " + name + " is not available: " + why);
        }
        List<Engine> available = new ArrayList<>();
        for (String name : List.of("cuda", "optix")) {
            if (unavailableReason(name) == null) available.add(installed(name).configured(settings));
        }
        if (!available.isEmpty()) {
            return warmed(settings, untilWarm, new Candidates(available, true, null));
        }
        if (settings.mode() == OffloadSettings.Mode.FORCE) {
            return new Candidates(
                    List.of(cpu.configured(settings)),
                    false,
                    "offload=force without a GPU engine: the cpu reference engine");
        }
        return new Candidates(
                List.of(),
                false,
                "no GPU engine is available and engine=auto does not use the cpu"
                        + " reference engine (slower than DuckDB); set engine=cpu to use it");
    }

    /**
     * {@code gpu}, or none while the warm-up's first pass runs (auto): in a new process nothing is resident, so a
     * statement's first run is DuckDB's whatever its plan, and deciding so cost tens of milliseconds of code run for
     * the first time (40 ms of a 116 ms answer on the H200 host); such statements are planned behind their answers
     * as while the GPU is probed.
     */
    private Candidates warmed(OffloadSettings settings, boolean untilWarm, Candidates gpu) {
        return untilWarm && settings.mode() == OffloadSettings.Mode.AUTO && probe.warming()
                ? new Candidates(List.of(), false, WARMING)
                : gpu;
    }

    /**
     * The engine for a prepared job: a pinned one as it is; under auto the cheapest by cost, where DuckDB
     * being cheapest gives a choice without engine (the offload declines and DuckDB runs the query). The statement's
     * finish keeps {@code top} of its groups ({@code null}: all), so only those are counted, and an engine that cuts
     * the rest on the device is costed so.
     */
    Choice choose(
            Candidates candidates,
            OffloadSettings settings,
            JobCosts job,
            HostOverhead overhead,
            DuckDbSide duckdb,
            TopRows top)
            throws SQLException {
        if (!candidates.costed()) {
            return new Choice(candidates.engines().get(0), candidates.reason(), null);
        }
        long kept = TopRows.kept(top);
        GroupCut cut = TopRows.cut(top, duckdb.plan());
        double duckdbMicros =
                settings.mode() == OffloadSettings.Mode.FORCE ? Double.NaN : duckdb.micros(this, job.shape());
        List<String> names = candidates.engines().stream().map(Engine::name).toList();
        DeviceConstants constants = deviceConstants();
        boolean cutOnDevice = cut != null && cut.madeOver(job.shape().groups());
        CostChoice costs = CostChoice.choose(
                names, job.shape(), constants, duckdbMicros, overhead, job.measured(), kept, cutOnDevice);
        if (costs.uncertain()) {
            if (!duckdb.timesNow()) {
                return new Choice(null, UNDECIDED + costs.reason(), costs);
            }
            job.measured().keep(CostChoice.DUCKDB, Math.round(duckdb.measure()));
            costs = CostChoice.choose(
                    names, job.shape(), constants, duckdbMicros, overhead, job.measured(), kept, cutOnDevice);
        }
        CostChoice chosen = costs;
        Engine engine = candidates.engines().stream()
                .filter(e -> e.name().equals(chosen.engine()))
                .findFirst()
                .orElse(null);
        return new Choice(engine, (engine == null ? "cost model: DuckDB is faster: " : "") + costs.reason(), costs);
    }

    /** The costs of every available GPU engine and DuckDB, whatever the settings pin (EXPLAIN OFFLOAD); null without a GPU. */
    CostChoice estimates(JobCosts job, HostOverhead overhead, DuckDbSide duckdb) throws SQLException {
        List<String> names = List.of("cuda", "optix").stream()
                .filter(n -> unavailableReason(n) == null)
                .toList();
        return names.isEmpty()
                ? null
                : CostChoice.choose(
                        names,
                        job.shape(),
                        deviceConstants(),
                        duckdb.micros(this, job.shape()),
                        overhead,
                        job.measured());
    }

    /** The calibrated constants of the process's GPU; the defaults (the H100's) where even opening the GPU failed. */
    DeviceConstants deviceConstants() {
        try {
            return device.get();
        } catch (RuntimeException e) {
            return DeviceConstants.defaults("unknown GPU (" + e.getMessage() + ")", "unknown", -1);
        }
    }

    /** Why the named GPU engine cannot run here, or null when it can. */
    String unavailableReason(String name) {
        Engine e = installed(name);
        return e == null ? "it is not installed in this JVM" : e.unavailableReason();
    }

    private Engine installed(String name) {
        for (Engine e : gpu) {
            if (e.name().equals(name)) {
                return e;
            }
        }
        return null;
    }

    /** The reason of a choice left undecided by the estimates, where DuckDB was not to be timed on the query first. */
    static final String UNDECIDED = "the cost model cannot tell the offload from DuckDB by its estimates: DuckDB"
            + " answers and is timed as it does; ";

    /**
     * The DuckDB side of a comparison: the job's table snapshot, plan, the query as DuckDB would run it, and the
     * connection to measure on; {@code timesNow}: an undecided choice may run the query on DuckDB to time it (a
     * background build), else the choice leaves the query to DuckDB, timed as it answers.
     */
    record DuckDbSide(Connection connection, ResidentTable table, OffloadPlan plan, String sql, boolean timesNow) {

        /** DuckDB's estimated time for the job. */
        double micros(Engines engines, JobShape job) throws SQLException {
            return CostModel.duckdbMicros(
                    HostScanRate.scannedBytes(plan, table.rows(), job.qualifyingRows()), rate(engines));
        }

        /** DuckDB's time for the query, measured by running it once. */
        double measure() throws SQLException {
            return HostScanRate.micros(connection, sql);
        }

        HostScanRate rate(Engines engines) throws SQLException {
            // A star join's dimension columns and computed columns are not the table's: DuckDB's rate is measured
            // over the table's own.
            Map<String, ColumnType> own = new LinkedHashMap<>(plan.columnTypes());
            own.keySet()
                    .removeIf(c -> VirtualColumn.parse(c) != null
                            || DerivedColumn.parse(c) != null
                            || ColumnComparison.parse(c) != null
                            || RowColumn.parse(c) != null);
            return engines.hostRates.of(table, connection, plan.table(), own, table.rows());
        }
    }
}
