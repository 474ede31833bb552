package org.raydb.offload;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.function.Supplier;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.jdbc.offload.QueryCancel;
import org.raydb.offload.cost.HostOverhead;
import org.raydb.offload.cost.JobCosts;
import org.raydb.offload.engine.Engine;
import org.raydb.offload.engine.EngineException;
import org.raydb.offload.engine.EngineResult;
import org.raydb.offload.exec.DictionaryFilter;
import org.raydb.offload.exec.JobPlanner;
import org.raydb.offload.exec.PreparedJob;
import org.raydb.offload.exec.ResidencyCache;
import org.raydb.offload.exec.ResidentTable;
import org.raydb.offload.exec.TableVersion;
import org.raydb.offload.plan.OffloadPlan;
import org.raydb.offload.plan.TextReads;
import org.raydb.offload.result.TopRows;

/**
 * What one query shape needs, built behind DuckDB's answer ({@link BackgroundBuilds}): its table's columns
 * loaded, its job encoded, and one run on the engine the cost model picks, which makes the engine's inputs
 * resident (device copies, the Z-sorted projection, a BVH). It reads through a connection of its own to the
 * same database, and only the snapshot the asking query saw: if the table's version differs before or after
 * the load, it stops (the next query asks again for the new one). Once done, the shape is ready for that
 * snapshot and its next query runs offloaded without building anything. Where its own index would not fit the
 * host budget but its columns do, only those are loaded: the shape then scans them. Either way a scan of the
 * shape runs once, which makes the columns' device copies resident for later scans.
 */
final class ShapeBuild implements BackgroundBuilds.Build {

    private final Connection connection;
    private final ResidencyCache cache;
    private final OffloadPlan plan;
    private final String boundSql;
    private final TableVersion version;
    private final Path file;
    private final Engines engines;
    private final Supplier<Engines.Candidates> candidates;
    private final OffloadSettings settings;
    private final HostOverhead overhead;
    private final BackgroundBuilds builds;
    private final Target target;
    private final List<String> names;
    private final Built built;

    /**
     * What a run of the shape needs resident: {@code engine}'s inputs where a query chose it ({@code null}: the
     * engine the cost model picks here, if any), for a finish that keeps {@code top} of the groups where that is
     * known ({@code null}: all), whose cut the run makes.
     */
    record Target(Engine engine, TopRows top) {}

    /** Takes the job a build prepared and ran for its shape's own entry, with what it measured. */
    @FunctionalInterface
    interface Built {
        void built(ResidentTable table, PreparedJob job, JobCosts costs);
    }

    /**
     * @param connection a connection of its own to the query's database, which each run reads through, closed once
     *                   the build ended
     * @param file       the database file holding the table, {@code null} for a table in memory
     * @param names      the table's columns as a connection bound them, told to the snapshot ({@link
     *                   ResidentTable#named}); {@code null}: not known here
     */
    ShapeBuild(
            Connection connection,
            ResidencyCache cache,
            OffloadPlan plan,
            String boundSql,
            TableVersion version,
            Path file,
            Engines engines,
            Supplier<Engines.Candidates> candidates,
            OffloadSettings settings,
            HostOverhead overhead,
            BackgroundBuilds builds,
            Target target,
            List<String> names,
            Built built) {
        this.connection = connection;
        this.cache = cache;
        this.plan = plan;
        this.boundSql = boundSql;
        this.version = version;
        this.file = file;
        this.engines = engines;
        this.candidates = candidates;
        this.settings = settings;
        this.overhead = overhead;
        this.builds = builds;
        this.target = target;
        this.names = names;
        this.built = built;
    }

    @Override
    public void run() throws Exception {
        Connection c = connection; // closed once the build ended, after its last run
        // Waits for the GPU's probe where a new process's statement asked before it was known. Without an
        // engine (auto where the probe found no GPU) nothing would read what the build makes.
        Engines.Candidates candidates = this.candidates.get();
        if (candidates.none() || !current(c)) {
            return;
        }
        ResidentTable table = cache.roomFor(plan, version, c, true);
        ResidentTable snapshot = cache.held(plan.table(), version);
        if (snapshot != null) {
            if (names != null) snapshot.named(names);
            snapshot.askMeasures(TextReads.measuresOf(boundSql)); // what the build makes resident
        }
        boolean index = table != null;
        if (!index) {
            // Its own index would not fit the host budget: its columns may, and then it scans.
            table = cache.roomFor(plan, version, c, false);
            if (table == null || table.scansNow(plan)) {
                return;
            }
        }
        QueryCancel cancel = new QueryCancel(builds.checkPoints());
        try {
            table.ensureLoaded(c, plan.columnTypes(), builds.allocator(), cancel);
        } catch (SQLException e) {
            // An expression DuckDB computes a column by may fail on rows the statement's WHERE drops (an
            // overflow): every load of the snapshot would, so its shape is refused for a while, not exported
            // again at each run while DuckDB answers.
            if (plan.computesColumns()) {
                table.refuseIndex(plan.shape(), "a column it computes failed to load: " + e.getMessage());
            }
            throw e;
        }
        if (!current(c) || table.retired()) {
            return;
        }
        Engines.DuckDbSide duckdb = new Engines.DuckDbSide(c, table, plan, boundSql, true);
        if (index) {
            PreparedJob job = JobPlanner.prepare(plan, table, new DictionaryFilter(c), cancel, JobPlanner.Index.OWN);
            JobCosts costs = new JobCosts(job.job());
            EngineResult ran = runOnTarget(job, costs, candidates, duckdb);
            if (ran != null) {
                // The groups it returns, not its time: a session's first run of the job is its own cold one.
                costs.measured().groupsHit(ran.aggregates().groupsHit());
            }
            table.markReady(plan, job);
            built.built(table, job, costs);
        } else {
            table.buildScanDictionaries(plan);
            if (!table.scansNow(plan)) {
                long needs = ResidentTable.buildBytes(table, plan, table.rows(), true);
                table.refuseIndex(
                        plan.shape(),
                        "its own index (about " + (needs >> 20) + " MiB more) does not fit the host.memory budget"
                                + " of " + (cache.budget().budget() >> 20) + " MiB now, which the table's other"
                                + " shapes hold, and its group keys have too many combinations to scan its"
                                + " columns instead");
            }
        }
        cancel.check();
        // Later queries over these columns scan them while their own entries build (or where those do not
        // fit): what they read on the GPU (the columns' codes, the measures) is made resident now.
        if (table.scansNow(plan)) {
            PreparedJob scan = JobPlanner.prepare(plan, table, new DictionaryFilter(c), cancel, JobPlanner.Index.NONE);
            runOnTarget(scan, new JobCosts(scan.job()), candidates, duckdb);
        }
        cache.budget().enforce(table);
    }

    /**
     * Runs {@code job} where {@link #target} says (its inputs made resident there), with the cut of its finish; null
     * where the cost model leaves it to DuckDB.
     */
    private EngineResult runOnTarget(
            PreparedJob job, JobCosts costs, Engines.Candidates candidates, Engines.DuckDbSide duckdb)
            throws SQLException, EngineException {
        TopRows top = target.top();
        Engine engine = target.engine() != null
                ? target.engine()
                : engines.choose(candidates, settings, costs, overhead, duckdb, top)
                        .engine();
        return engine == null ? null : engine.run(job.job().withCut(TopRows.cut(top, plan)));
    }

    /** Whether the table is still at the version the asking query saw. */
    private boolean current(Connection c) throws SQLException {
        return TableVersion.read(c, plan.table(), file, cache.writes()).equals(version);
    }

    @Override
    public void dropped() {
        ended();
    }

    @Override
    public void ended() {
        try {
            connection.close();
        } catch (SQLException e) {
            // closed with the database already
        }
    }
}
