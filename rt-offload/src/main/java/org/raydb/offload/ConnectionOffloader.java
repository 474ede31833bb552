package org.raydb.offload;

import java.lang.System.Logger.Level;
import java.lang.invoke.MethodHandles;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Field;
import org.duckdb.DuckDBConnection;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.jdbc.offload.Offloader;
import org.raydb.jdbc.offload.QueryCancel;
import org.raydb.jdbc.offload.Residency;
import org.raydb.offload.cost.CostChoice;
import org.raydb.offload.cost.HostOverhead;
import org.raydb.offload.cost.JobCosts;
import org.raydb.offload.cost.MeasuredTimes;
import org.raydb.offload.engine.Engine;
import org.raydb.offload.engine.EngineException;
import org.raydb.offload.engine.EngineResult;
import org.raydb.offload.engine.GroupCut;
import org.raydb.offload.exec.DatabaseIdentity;
import org.raydb.offload.exec.DictionaryFilter;
import org.raydb.offload.exec.HostMemoryBudget;
import org.raydb.offload.exec.JobPlanner;
import org.raydb.offload.exec.OpenTransaction;
import org.raydb.offload.exec.PreparedJob;
import org.raydb.offload.exec.ResidencyCache;
import org.raydb.offload.exec.ResidentTable;
import org.raydb.offload.exec.TableVersion;
import org.raydb.offload.plan.AverageProbe;
import org.raydb.offload.plan.NotQualified;
import org.raydb.offload.plan.OffloadPlan;
import org.raydb.offload.plan.PlannedQuery;
import org.raydb.offload.plan.QueryPlanner;
import org.raydb.offload.plan.TableRef;
import org.raydb.offload.plan.TextReads;
import org.raydb.offload.result.DirectResultSet;
import org.raydb.offload.result.ResultBuilder;
import org.raydb.offload.result.TopRows;

/**
 * The offload layer of one connection: plans each query (cached), runs qualifying ones on the chosen engine,
 * hands the aggregated groups to DuckDB as Arrow ({@link ResultHandoff}) and lets DuckDB run the rest of the
 * statement, so the application gets DuckDB's own ResultSet. Modes: {@code off} never offloads; {@code auto}
 * falls back to DuckDB silently (one DEBUG line); {@code force} raises an SQLException naming why.
 * {@code verify} also runs DuckDB and raises on any difference. Each offloaded query's timings by phase
 * ({@link OffloadTimings}) are kept for {@link #lastTimings()}.
 */
final class ConnectionOffloader implements Offloader {

    private static final System.Logger LOG = System.getLogger("org.raydb.offload");
    /**
     * Counts setting changes made through any connection of this JVM ({@link #settingsChanged}): a
     * {@code SET GLOBAL} on one connection changes how another's plans and finishing steps would bind.
     */
    private static final AtomicLong SETTINGS_EPOCH = new AtomicLong();
    /** Prepared jobs kept per connection (the planner caches 512 plans; the hot ones are far fewer). */
    private static final int PREPARED_JOBS = 64;

    private final Connection duckdb;
    private final OffloadSettings settings;
    private final BufferAllocator allocator;
    private final Engines engines;
    private final ResidencyCache residency;
    private final SharedDecisions decisions;
    /** This connection's temporary tables: no other connection can see them, so they are not shared. */
    private final ResidencyCache temporary;
    /**
     * Whether only this driver can reach the database's in-memory catalogs: an unnamed in-memory database is
     * private to its connection, while a named one (or one attached to a database file) can be opened by plain
     * DuckDB connections of the process, whose writes nothing lets the driver observe.
     */
    private final boolean privateDatabase;
    /** DuckDB's own connection, statement or result set of this connection reached the application. */
    private volatile boolean handedOut;
    /**
     * A statement other than a query ran in the session through the driver (or its schema or catalog was set): from
     * then on it may bind otherwise than a new connection would, and every decision made behind is checked against
     * its own bind.
     */
    private volatile boolean sessionMoved;
    /**
     * DuckDB's driver ran SQL of the application's in the session when it opened ({@code session_init_sql_file}),
     * which the driver never saw: it may have made temporary objects or variables.
     */
    private final boolean initializedByDuckDb;

    private final BackgroundBuilds builds;
    private final Runnable onClose;
    private final ResultHandoff handoff;
    /**
     * Jobs the background builds of this connection's statements prepared and ran for their shapes' own entries, by
     * plan: the statement's next run takes its job from here rather than preparing it again (0.2-0.6 ms of such a
     * run, and its first choice, on the H100 host), with the groups it returned (and DuckDB's time, where the build
     * timed it).
     */
    private final Map<OffloadPlan, CachedJob> built = Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<OffloadPlan, CachedJob> eldest) {
            return size() > PREPARED_JOBS;
        }
    });

    private final Map<PlannedQuery, CachedJob> preparedJobs = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<PlannedQuery, CachedJob> eldest) {
            return size() > PREPARED_JOBS;
        }
    };
    /** The database file of each catalog this connection read ({@code null}: held in memory). */
    private final Map<String, Path> files = new HashMap<>();
    /**
     * The latest job of each rewritten statement: statements of one template share it ({@link PlannedQuery}),
     * and a new job of theirs starts from its measured times.
     */
    private final Map<String, CachedJob> latestOfTemplate = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, CachedJob> eldest) {
            return size() > PREPARED_JOBS;
        }
    };
    /** The host overhead of this connection's recent offloads, for the cost model. */
    private final HostOverhead overhead = new HostOverhead();

    /**
     * Made with the connection: made by its first statement, it was 2.2 ms of a new process's first statement (class
     * loading and initialisation, timed in a test JVM on the build machine).
     */
    private final QueryPlanner planner;
    /** {@link ResidentTable#retirements()} when this connection last let go of jobs on retired snapshots. */
    private long retirementsSwept = -1;
    /** The {@link #SETTINGS_EPOCH} this connection's plans were made in. */
    private long settingsEpoch = SETTINGS_EPOCH.get();

    private Map<String, Long> lastTimings = Map.of();
    /**
     * Guards everything above. {@link #close()} never waits for it: a query may be blocked inside an engine,
     * so close cancels it and whoever holds the lock last releases the connection's resources.
     */
    private final ReentrantLock lock = new ReentrantLock();
    /** The cancellation of the query running now, {@code null} when none is. */
    private volatile QueryCancel running;

    private volatile boolean closing;
    private boolean released;

    /**
     * A plan's job encoded against one table snapshot. Encoding depends only on the plan and the snapshot
     * (a write makes a new {@link ResidentTable}), so a repeated query skips it; its costs (shape, measured
     * engine times) stay with it.
     */
    private record CachedJob(ResidentTable table, PreparedJob job, JobCosts costs, JobPlanner.Index index) {}

    /**
     * @param residency the resident tables of this connection's database (shared with its other connections)
     * @param decisions what pristine sessions of the database ran, shared by its connections
     * @param onClose   releases this connection's share of them
     */
    ConnectionOffloader(
            Connection duckdb,
            OffloadSettings settings,
            BufferAllocator allocator,
            Engines engines,
            ResidencyCache residency,
            SharedDecisions decisions,
            BackgroundBuilds builds,
            Runnable onClose)
            throws SQLException {
        this.duckdb = duckdb;
        this.decisions = decisions;
        this.settings = settings;
        this.allocator = allocator;
        this.engines = engines;
        this.residency = residency;
        this.temporary = new ResidencyCache(residency.budget());
        this.privateDatabase = DatabaseIdentity.isPrivate(duckdb);
        String init = duckdb.unwrap(DuckDBConnection.class).getSessionInitSQL();
        this.initializedByDuckDb = init != null && !init.isBlank();
        this.builds = builds;
        this.onClose = onClose;
        this.planner = new QueryPlanner(duckdb.unwrap(DuckDBConnection.class), this::pristine, this::madeElsewhere);
        this.handoff = new ResultHandoff(
                duckdb, planner::finishing, settings.finish() == OffloadSettings.Finish.DIRECT, planner::parse);
        loadDeclinePathOnce(duckdb);
    }

    private static final AtomicBoolean DECLINE_PATH_LOADED = new AtomicBoolean();

    /**
     * Loads and links what a new process's first statements run through before DuckDB answers them (the offer, the
     * transaction check's reflective call, the decline), once per process at its first connection, as the driver
     * does for its statement path: class loading and linking, not sampled by profilers, were most of the first
     * offer's cost.
     */
    private static void loadDeclinePathOnce(Connection duckdb) {
        if (!DECLINE_PATH_LOADED.compareAndSet(false, true)) {
            return;
        }
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        for (Class<?> c : List.of(Engines.Candidates.class, Declined.class, OffloadTimings.class, QueryCancel.class)) {
            try {
                lookup.ensureInitialized(c);
            } catch (IllegalAccessException e) {
                throw new AssertionError(e); // this class's own or its package's
            }
        }
        try {
            OpenTransaction.in(duckdb);
        } catch (SQLException e) {
            // only the loading is wanted: the first statement asks again
        }
    }

    /**
     * Offloads the query, or declines. Nothing the offload layer throws reaches the application as such: any
     * failure, Errors included (the heap or the stack running out while an index is built), becomes a decline,
     * so {@code auto} ends in DuckDB's answer and {@code force} in an SQLException naming why.
     */
    @Override
    public ResultSet tryQuery(Statement duckdbStatement, String sql, List<Object> parameters, QueryCancel cancel)
            throws SQLException {
        if (settings.mode() == OffloadSettings.Mode.OFF) {
            return null;
        }
        long start = System.nanoTime();
        lock.lock();
        try (DuckDbWork _ = builds.statement()) {
            if (released) {
                throw QueryCancel.interrupted();
            }
            running = cancel;
            if (closing) {
                cancel.cancel();
            }
            cancel.check();
            try {
                return offload(sql, parameters, cancel);
            } catch (Declined e) {
                return decline(e, sql, parameters, cancel, start);
            } catch (VerifyMismatch e) {
                throw OffloadErrors.of(e.getMessage(), OffloadErrors.VERIFY_MISMATCH, null);
            } catch (OutOfMemoryError e) {
                // What the offload holds is only a cache: dropping it gives the heap back for DuckDB's answer.
                preparedJobs.clear();
                latestOfTemplate.clear();
                residency.budget().evictAll();
                return decline(
                        new Declined("the offload ran out of memory: " + e.getMessage(), true, e),
                        sql,
                        parameters,
                        cancel,
                        start);
            } catch (Exception | Error e) {
                return decline(new Declined("execution failed: " + e, true, e), sql, parameters, cancel, start);
            }
        } finally {
            running = null;
            unlock();
        }
    }

    /** Releases the lock, and the connection's resources where it closed meanwhile. */
    private void unlock() {
        lock.unlock();
        releaseIfClosing();
    }

    private ResultSet offload(String sql, List<Object> parameters, QueryCancel cancel)
            throws SQLException, Declined, VerifyMismatch {
        long start = System.nanoTime();
        forgetPlansAfterSettingChanges();
        // Without a usable engine nothing can be offloaded: skip planning altogether (auto without a GPU).
        Engines.Candidates candidates = engines.candidates(settings);
        if (candidates.none() && !candidates.starting()) {
            throw new Declined(candidates.reason(), false, null);
        }
        // Planning asks the session too: inside a transaction nothing of the offload's may run.
        if (OpenTransaction.in(duckdb)) {
            throw new Declined(IN_TRANSACTION, false, null);
        }
        forgetPlansAfterSettingsMovedBehind();
        if (candidates.starting()) {
            planBehind(sql, parameters, planner.unbound());
            throw new Declined(candidates.reason(), false, null);
        }
        // Jobs prepared on snapshots their cache let go would keep each one's columns and indexes alive beside
        // the snapshot that replaced it. Looked for only after a retirement: walking every job on every query
        // touched each one's table (cold after a build, a cache miss apiece). The count is read before the walk, so
        // a snapshot retired meanwhile is looked for at the next query; a job that lands later on one retired
        // before (a background build's) is never taken (prepared() asks for the snapshot held) and goes at the
        // next retirement or when its plan is prepared again.
        long retirements = ResidentTable.retirements();
        if (retirements != retirementsSwept) {
            preparedJobs.values().removeIf(j -> j.table().retired());
            latestOfTemplate.values().removeIf(j -> j.table().retired());
            synchronized (built) {
                built.values().removeIf(j -> j.table().retired());
            }
            retirementsSwept = retirements;
        }
        PlannedQuery pq = planned(sql, parameters, settings.mode() == OffloadSettings.Mode.AUTO ? unready : null);
        TableVersion version = null;
        try {
            version = version(pq.plan());
            Seen now = new Seen(version, otherFiles(pq));
            Seen seen = versionSeen.put(pq.plan().table(), now);
            if (seen != null && !seen.equals(now)) {
                // Written since this connection last offloaded from the table, by anyone: what its decisions and
                // templates were planned from (a view, a macro, a column's type, a dimension) may have changed with
                // the data, on this connection or another.
                planner.clear();
                pq = planned(sql, parameters);
                version = version(pq.plan());
                now = new Seen(version, otherFiles(pq));
                versionSeen.put(pq.plan().table(), now);
            }
            if (pristine() && !TEMP_CATALOG.equals(pq.plan().table().catalog())) {
                share(sql, parameters, pq, now);
            }
            Overflow overflow = overflows.get(pq);
            if (overflow != null && overflow.version().equals(version)) {
                throw new Declined(overflow.message(), true, null);
            }
            OffloadPlan finishing = finishing(pq, version);
            boolean scan = settings.mode() == OffloadSettings.Mode.AUTO
                    && readyOrBuiltBehind(
                            pq,
                            version,
                            files.get(pq.plan().table().catalog()),
                            duckdb,
                            () -> candidates,
                            new ShapeBuild.Target(null, handoff.knownTopRows(pq)),
                            null);
            long planned = System.nanoTime();
            Loaded loaded = load(pq, version, cancel, scan, candidates);
            long loadedAt = System.nanoTime();
            cancel.check();
            Engines.Candidates runnable = scan ? holding(pq, loaded, candidates) : candidates;
            // The engine is chosen on the prepared job: its shape is what the cost model estimates.
            // What the finish keeps of the groups: the cost model counts it, and an engine may return only that. A
            // finishing that keeps them all is prepared while the engine runs.
            List<Field> fields = ResultBuilder.fields(pq.plan());
            boolean keepsTop = ResultHandoff.mayKeepTop(pq);
            TopRows top = keepsTop ? handoff.topRows(pq, fields) : null;
            Engines.Choice engine = chooseEngine(pq, loaded, runnable, top);
            if (!scan
                    && settings.mode() == OffloadSettings.Mode.AUTO
                    && !engine.engine().inputsResident(loaded.job().job().job())) {
                // A ready shape whose copies the GPU budget evicted since its build would build them on its path (a Z
                // order and its gathers took 63 ms of such a run at SF 20): the resident columns scan it while the
                // shape builds again behind. A small or temporary table is built by the query itself, as always.
                // The build runs on this choice: its own, not knowing what the finish keeps, may leave the job to
                // DuckDB and its inputs unmade, and every later run then asked for the build again (a top 10 over 30M
                // groups never offloaded at SF 20).
                loaded.job().table().unready(pq.plan().shape());
                ShapeBuild.Target target = new ShapeBuild.Target(engine.engine(), top);
                if (readyOrBuiltBehind(
                        pq, version, files.get(pq.plan().table().catalog()), duckdb, () -> candidates, target, null)) {
                    scan = true;
                    loaded = load(pq, version, cancel, true, candidates);
                    runnable = holding(pq, loaded, candidates);
                    engine = chooseEngine(pq, loaded, runnable, top);
                }
            }
            long chosen = System.nanoTime();
            if (!keepsTop) {
                handoff.prepareAhead(pq, fields);
            }
            Run run = run(pq, loaded, engine.engine(), TopRows.cut(top, pq.plan()));
            if (!scan) {
                loaded.job().table().markReady(pq.plan(), loaded.job().job());
            }
            cancel.check();
            residency.budget().enforce(loaded.job().table());
            loaded.job().costs().measured().groupsHit(run.result().aggregates().groupsHit());
            if (engine.costs() != null && engine.costs().countsGroups()) {
                chooseEngine(pq, loaded, runnable, top); // on the groups just counted: DuckDB may be cheaper
            }
            if (settings.verify()) {
                verify(pq, finishing, run, cancel);
            }
            long ran = System.nanoTime();
            Handoff done = execute(pq, finishing, run, cancel);
            lastTimings = new OffloadTimings(
                            OffloadTimings.micros(start, planned),
                            OffloadTimings.micros(planned, ran),
                            loaded.loadMicros(),
                            done.micros(),
                            done.duckdbMicros(),
                            done.resultSet() instanceof DirectResultSet,
                            run.result())
                    .asMap();
            if (LOG.isLoggable(System.Logger.Level.DEBUG)) { // one line per offloaded query: host time by step
                LOG.log(
                        System.Logger.Level.DEBUG,
                        String.format(
                                java.util.Locale.ROOT,
                                "raydb.offload %s %s: planning"
                                        + " %d, load+encode %d, choice %d, engine host %d, engine %d, handoff %d, finish %d us",
                                pq.relationName(),
                                run.engine(),
                                OffloadTimings.micros(start, planned),
                                OffloadTimings.micros(planned, loadedAt),
                                OffloadTimings.micros(loadedAt, chosen),
                                run.hostMicros(),
                                run.result().engineMicros(),
                                done.micros(),
                                done.duckdbMicros()));
            }
            // A job's first run on an engine pays its uploads: only later runs tell the host overhead.
            if (run.warm()) {
                overhead.record(run.hostMicros() + done.micros() + done.duckdbMicros());
            }
            return done.resultSet();
        } catch (EngineException e) {
            // An engine's overflow may be DuckDB's own error too (or a sum DuckDB answers in 128 bits).
            if (e.getCause() instanceof ArithmeticException && version != null) {
                overflows.put(pq, new Overflow(version, e.getMessage()));
            }
            throw new Declined(e.getMessage(), true, e);
        } catch (NotQualified e) {
            throw new Declined(e.reason(), e.duckDbMayReject(), e);
        } finally {
            handoff.settleAhead(); // where the statement ended between the engine's start and its finishing
        }
    }

    /**
     * The candidates holding all that a scan of {@code loaded} reads. A scan never waits for a measure to be evaluated,
     * a column uploaded or an index's copies or geometry built: where none holds them, the shape's background build
     * makes them resident and DuckDB answers meanwhile, its finishing prepared behind.
     */
    private Engines.Candidates holding(PlannedQuery pq, Loaded loaded, Engines.Candidates candidates)
            throws SQLException, Declined {
        Engines.Candidates runnable = candidates.residentFor(loaded.job().job().job());
        if (runnable.none()) {
            finishBehind(pq);
            throw new Declined(INPUTS_BUILDING, false, null);
        }
        return runnable;
    }

    /** The engine the cost model picks for the prepared job; declined where DuckDB is cheaper. */
    private Engines.Choice chooseEngine(PlannedQuery pq, Loaded loaded, Engines.Candidates candidates, TopRows top)
            throws SQLException, Declined {
        Engines.Choice engine = engines.choose(
                candidates,
                settings,
                loaded.job().costs(),
                overhead,
                new Engines.DuckDbSide(duckdb, loaded.job().table(), pq.plan(), pq.boundSql(), false),
                top);
        if (engine.engine() == null) {
            if (engine.costs() != null && engine.costs().uncertain()) {
                finishBehind(pq); // DuckDB's time may leave the next run to the offload
                undecided.set(new Undecided(loaded.job().costs().measured(), System.nanoTime()));
            }
            throw new Declined(engine.reason(), false, null);
        }
        return engine;
    }

    /** A query left to DuckDB to be timed as it answers: where its time goes, and when DuckDB started. */
    private record Undecided(MeasuredTimes measured, long since) {}

    private final AtomicReference<Undecided> undecided = new AtomicReference<>();

    /**
     * Under {@code auto} a query never waits for a build: unless its shape is ready on this snapshot (a run
     * built everything it needs), its shape is built in the background, and meanwhile it scans the snapshot's
     * resident columns where they hold all it needs ({@link ResidentTable#scansNow}; then true), else DuckDB
     * answers it. A table small enough that building costs less than handing the work over
     * ({@link #INLINE_VALUES}) is built by the query itself, and so is a temporary table, which no other
     * connection can read. The build makes resident what {@code target} says a run needs.
     */
    private boolean readyOrBuiltBehind(
            PlannedQuery pq,
            TableVersion version,
            Path file,
            Connection session,
            Supplier<Engines.Candidates> candidates,
            ShapeBuild.Target target,
            List<String> names)
            throws SQLException, Declined {
        OffloadPlan plan = pq.plan();
        ResidencyCache cache = residencyOf(plan.table());
        ResidentTable held = cache.held(plan.table(), version);
        if (held != null && held.ready(plan.shape()) || cache == temporary) {
            return false;
        }
        long rows =
                held != null && held.rows() >= 0 ? held.rows() : plan.table().estimatedRows(session, 0);
        if (buildsInline(rows, plan)) {
            return false;
        }
        boolean scans = held != null && held.scansNow(plan);
        // A build whose index does not fit still loads the columns, so that the shape scans them.
        long needs = ResidentTable.buildBytes(null, plan, rows, false);
        if (needs > cache.budget().budget()) {
            if (scans) {
                return true; // its own index would not fit: the scan keeps answering it
            }
            throw new Declined(tooLarge(needs, cache), false, null);
        }
        String refused = held == null || scans ? null : held.indexRefusal(plan.shape());
        if (refused != null) {
            throw new Declined(refused, false, null);
        }
        Object key = buildKey(cache, plan, version);
        if (!builds.building(key)) {
            Connection own = session.unwrap(DuckDBConnection.class).duplicate();
            builds.submit(
                    key,
                    new ShapeBuild(
                            own,
                            cache,
                            plan,
                            pq.boundSql(),
                            version,
                            file,
                            engines,
                            candidates,
                            settings,
                            overhead,
                            builds,
                            target,
                            names,
                            (t, job, costs) -> built.put(plan, new CachedJob(t, job, costs, JobPlanner.Index.OWN))));
        }
        if (scans) {
            return true;
        }
        throw new Declined(BUILDING_BEHIND, false, null);
    }

    /**
     * Whether a new statement's first run would be DuckDB's whatever its plan ({@link #readyOrBuiltBehind}): the
     * snapshot of its largest table holds nothing yet, or not every column the statement reads (a dimension's
     * through the fact table's virtual columns). Then DuckDB answers at once and the statement is planned behind
     * the answer ({@link #planBehind}): planned on its path, it cost 10–30 ms on answers of 40–200 ms. Temporary
     * and small tables are built by the query itself, so they are planned on the path. What cannot be told
     * here is planned on the path too.
     */
    private boolean unreadyNow(List<QueryPlanner.Scan> scans) {
        try {
            QueryPlanner.Scan largest = null;
            ResidentTable held = null;
            for (QueryPlanner.Scan s : scans) {
                if (TEMP_CATALOG.equals(s.table().catalog())) return false;
                ResidentTable t = residency.held(s.table(), version(s.table()));
                if (t != null) t.named(s.names()); // for the guesses of statements to come (unreadyByText)
                if (t != null && (held == null || t.rows() > held.rows())) {
                    held = t;
                    largest = s;
                }
            }
            if (held == null) {
                long values = 0;
                for (QueryPlanner.Scan s : scans) {
                    values = Math.max(
                            values,
                            s.table().estimatedRows(duckdb, 0)
                                    * Math.max(1, s.columns().size()));
                }
                return values > INLINE_VALUES;
            }
            if (!held.hasLoaded(largest.columns())) return true;
            for (QueryPlanner.Scan s : scans) {
                if (s != largest && !s.table().equals(largest.table()) && !held.hasGathered(s.table(), s.columns())) {
                    return true;
                }
            }
            return false;
        } catch (SQLException | NotQualified | RuntimeException e) {
            return false;
        }
    }

    /**
     * {@link #unreadyNow}'s guess from a new statement's text alone, before the session binds it: a snapshot held of
     * a table its text names, at the table's current version, has a column the text names that is not loaded yet (a
     * star join's fact table while the first star query's build loads it: the bind on the path was 12-26 ms of such
     * a first run on the 2-core build machine), or, for text naming one table, where the engines answer only from
     * measures made resident ({@link Engine#judgesMeasures}), one of its measures is asked of the snapshot for the
     * first time (such a statement was planned in full, 6-9 ms on the H100 host, to be declined before DuckDB
     * answered). A statement that reads a temporary table or a view of such a name, names such a column only as an
     * alias or writes a resident measure otherwise, is left to DuckDB for its first run too, and planned behind it as
     * the session binds it.
     */
    private boolean unreadyByText(TextReads reads) {
        try {
            List<ResidentTable> held = new ArrayList<>();
            for (TextReads.Table table : reads.tables()) {
                held.addAll(residency.named(table.qualifiers(), table.name()));
            }
            for (ResidentTable t : held) {
                boolean unmeasured = reads.tables().size() == 1
                        && held.size() == 1
                        && t.askMeasures(reads.measures())
                        && engines.candidates(settings).engines().stream().allMatch(Engine::judgesMeasures);
                if ((t.unloadedAmong(reads.names()) || unmeasured)
                        && residency.held(t.table(), version(t.table())) == t) {
                    return true;
                }
            }
            return false;
        } catch (SQLException | NotQualified | RuntimeException e) {
            return false;
        }
    }

    private final QueryPlanner.Ahead unready = new QueryPlanner.Ahead() {
        @Override
        public boolean leaveUnbound(TextReads reads) {
            return unreadyByText(reads);
        }

        @Override
        public boolean leave(List<QueryPlanner.Scan> scans) {
            return unreadyNow(scans);
        }
    };

    /**
     * Plans a statement DuckDB answers behind that answer, on a connection of its own, to start its build. A
     * statement the session left ({@link #unreadyNow}) with its {@code view}: the decision becomes the session's where
     * it was made as the session would make it ({@link QueryPlanner#adopt}), so that its next run is planned already.
     * A new process's first statements while the GPU is probed or the offload's code is warmed up, and statements
     * left by their text alone ({@link #unreadyByText}), left unbound ({@link QueryPlanner#unbound}; bound on its
     * path, such a statement cost several times DuckDB's answer, the binder's and planner's first runs in the JVM):
     * the decision is the session's at its next run where the session binds the statement as that connection did.
     */
    private void planBehind(String sql, List<Object> parameters, QueryPlanner.SessionView view) throws SQLException {
        Object key = Arrays.asList(this, sql, new ArrayList<>(parameters));
        if (builds.building(key)) {
            return;
        }
        QueryPlanner session = planner;
        behind.open(); // here, not on the build's thread: the session's connection is used by this one
        builds.submitPlan(key, new BackgroundBuilds.Build() {
            @Override
            public void run() throws Exception {
                planBehindNow(sql, parameters, view, session);
            }

            @Override
            public void dropped() {}
        });
    }

    private void planBehindNow(String sql, List<Object> parameters, QueryPlanner.SessionView view, QueryPlanner session)
            throws SQLException {
        Connection c = behind.connection();
        if (c == null) return; // the connection closed meanwhile
        if (engines.offloadsNothing(settings)) return; // the probe found no GPU meanwhile: nothing would use the plan
        QueryPlanner planner = behind.planner();
        QueryPlanner.Behind planned = planner.planBehind(sql, parameters, view);
        PlannedQuery pq = planned.query();
        ResultHandoff.Prepared finish = null;
        if (planned.adoptable() && pq.qualifies()) {
            builds.planCheckPoint();
            // The finishing statement's first preparation too (2.6-7.4 ms of a second run on the H200 host):
            // this connection's settings are the session's.
            try {
                finish = ResultHandoff.prepareElsewhere(
                        pq, planner.finishing(), c, planner::parse, settings.finish() == OffloadSettings.Finish.DIRECT);
            } catch (SQLException | RuntimeException e) {
                // the session prepares it at its next run
            }
        }
        adoptBehind(session, planned, finish);
        if (!pq.qualifies() || TEMP_CATALOG.equals(pq.plan().table().catalog())) {
            return;
        }
        builds.planCheckPoint();
        TableRef table = pq.plan().table();
        Path file = TableVersion.file(c, table.catalog());
        if (file == null && (handedOut || !privateDatabase)) {
            return; // an in-memory table others may write: only the session's checks can version it
        }
        TableVersion version = TableVersion.read(c, table, file, residency.writes());
        try {
            TopRows top = finish == null ? null : finish.topRows();
            // The table's columns as bound here, for the text guesses of statements to come (unreadyByText): a new
            // process's statements are planned behind, so the session may bind none over this snapshot.
            List<String> names = planned.scans().stream()
                    .filter(s -> s.table().equals(table))
                    .map(QueryPlanner.Scan::names)
                    .findFirst()
                    .orElse(null);
            readyOrBuiltBehind(
                    pq, version, file, c, () -> engines.afterProbe(settings), new ShapeBuild.Target(null, top), names);
        } catch (Declined building) {
            // being built, or too large for the host budget
        }
    }

    /**
     * Prepares the finishing of a statement planned in the session and left to DuckDB for now (its GPU inputs still
     * being made resident, or DuckDB timed on it because the estimates could not decide), behind DuckDB's answer, as
     * {@link #planBehindNow} does for the statements it plans (its next run prepared it: 3-4 ms of such a second run
     * on the H200 host): on the connection plans are made behind on, where its settings are those the session's
     * planner read, taken only while they still are.
     */
    private void finishBehind(PlannedQuery pq) throws SQLException {
        if (settings.finish() != OffloadSettings.Finish.DIRECT || handoff.prepared(pq)) {
            return;
        }
        Object key = Arrays.asList(this, pq.relationName());
        if (builds.building(key)) {
            return;
        }
        QueryPlanner session = planner;
        Map<String, String> seen = session.settingsRead();
        if (seen == null) {
            return;
        }
        behind.open(); // here, not on the build's thread: the session's connection is used by this one
        builds.submitPlan(key, new BackgroundBuilds.Build() {
            @Override
            public void run() throws Exception {
                Connection c = behind.connection();
                if (c == null) return; // the connection closed meanwhile
                QueryPlanner planner = behind.planner();
                if (!seen.equals(planner.settingsNow())) return;
                ResultHandoff.Prepared finish =
                        ResultHandoff.prepareElsewhere(pq, planner.finishing(), c, planner::parse, true);
                if (!lockToAdopt()) {
                    handoff.adopt(pq, finish, true);
                    return;
                }
                try {
                    handoff.adopt(pq, finish, released || session.settingsRead() != seen);
                } finally {
                    unlock();
                }
            }

            @Override
            public void dropped() {}
        });
    }

    /**
     * The session takes a plan made behind and its finishing together, under the connection's lock, so that its
     * next run finds both or neither (the finishing's result slot is named by the plan). Without the lock soon
     * (every connection's plans wait behind this one thread) the plan alone.
     */
    private void adoptBehind(QueryPlanner session, QueryPlanner.Behind planned, ResultHandoff.Prepared finish) {
        if (!lockToAdopt()) {
            handoff.adopt(planned.query(), finish, true);
            session.adopt(planned);
            return;
        }
        try {
            boolean adopted = !released && session.adopt(planned);
            handoff.adopt(planned.query(), finish, !adopted);
        } finally {
            unlock();
        }
    }

    /** Takes the connection's lock for an adoption, waiting {@link #ADOPT_WAIT_MS} at most; whether it was had. */
    private boolean lockToAdopt() {
        try {
            return lock.tryLock(ADOPT_WAIT_MS, java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * The connection and planner statements are planned behind on ({@link #planBehind}), one at a time (by the
     * builds' plan thread): a duplicate of the session's connection, outside its session, opened on first use and
     * closed with it.
     */
    private final class BehindPlanner {
        private Connection connection;
        private QueryPlanner planner;
        private boolean closed;

        synchronized void open() throws SQLException {
            if (!closed && connection == null) {
                connection = duckdb.unwrap(DuckDBConnection.class).duplicate();
                planner = new QueryPlanner(connection);
            }
        }

        /** {@code null} once closed. */
        synchronized Connection connection() {
            return closed ? null : connection;
        }

        synchronized QueryPlanner planner() {
            return planner;
        }

        /** Waits for a plan being made on it (the planner's lock); a build still using the connection then fails. */
        synchronized void close() {
            closed = true;
            if (planner != null) planner.close();
            try {
                if (connection != null) connection.close();
            } catch (SQLException e) {
                // closed with its database already
            }
        }
    }

    private final BehindPlanner behind = new BehindPlanner();

    /** How long a plan made behind waits for the connection's statement to end before its finishing is let go. */
    private static final long ADOPT_WAIT_MS = 200;

    private static String tooLarge(long needs, ResidencyCache cache) {
        return "its columns and encodings need about " + (needs >> 20) + " MiB of host memory, which the"
                + " host.memory budget of " + (cache.budget().budget() >> 20) + " MiB does not have left";
    }

    /**
     * A decision whose sums left 64 bits on a table version: its next runs there decline at once instead of
     * running the engine again (the planner's bounds cannot tell it, {@code SumBounds}).
     */
    private record Overflow(TableVersion version, String message) {}

    private final Map<PlannedQuery, Overflow> overflows = new WeakHashMap<>();

    /**
     * The version of each table this connection last offloaded from, and the stamps of the other database files
     * attached then. Where either moved, every decision is made again: any commit changes a database file's
     * version, and any write through the driver every version of its database, so a view or table another
     * connection replaced, in the table's file or another, is not answered from its old definition. Forgotten with
     * the decisions at this connection's own writes.
     */
    private final Map<TableRef, Seen> versionSeen = new HashMap<>();

    /** A table's version and the stamps of the other attached files ({@link TableVersion#otherFiles}). */
    record Seen(TableVersion version, String otherFiles) {}

    /**
     * The files of the databases attached, as last read ({@code null}: to be read): read again for each decision
     * this connection runs first that was planned in full (another connection may have attached a file it reads),
     * and forgotten with {@link #files}.
     */
    private List<Path> attached;

    /** Decisions run since {@link #attached} was read, or taken with the stamps of another connection's read. */
    private final Set<PlannedQuery> stamped = Collections.newSetFromMap(new WeakHashMap<>());

    /** The residency's count of writes through the driver when {@link #files} was last forgotten. */
    private long filesAtWrites;

    private String otherFiles(PlannedQuery pq) throws SQLException {
        if (attached == null || (stamped.add(pq) && !pq.templated())) {
            attached = TableVersion.attachedFiles(duckdb);
        }
        return TableVersion.otherFiles(attached, files.get(pq.plan().table().catalog()));
    }

    /**
     * A decision's plan with the form DuckDB's plan gives its statistics-decided AVGs, asked once per table version;
     * kept whole, so that a repeated query does not copy the plan (and derive its shape) again.
     */
    private record AskedAverage(TableVersion version, OffloadPlan finishing) {}

    private final Map<PlannedQuery, AskedAverage> askedAverages = new WeakHashMap<>();

    /** The plan results are built from: {@code pq}'s, with its AVGs' forms as DuckDB plans them on {@code version}. */
    private OffloadPlan finishing(PlannedQuery pq, TableVersion version) throws SQLException, NotQualified {
        if (!pq.plan().asksAverage()) {
            return pq.plan();
        }
        AskedAverage asked = askedAverages.get(pq);
        if (asked == null || !asked.version().equals(version)) {
            asked = new AskedAverage(
                    version, pq.plan().withAskedAverage(AverageProbe.ask(duckdb, pq.boundSql(), pq.plan())));
            askedAverages.put(pq, asked);
        }
        return asked.finishing();
    }

    /** A background build's identity: one per database, table snapshot and shape. */
    private static Object buildKey(ResidencyCache cache, OffloadPlan plan, TableVersion version) {
        return List.of(cache, plan.table(), version, plan.shape());
    }

    /** The catalog the session starts in and its file ({@code null}: in memory), known to the database already. */
    void startsIn(String catalog, Path file) {
        filesAtWrites = residency.writes();
        files.put(catalog, file);
    }

    /**
     * Whether the session binds as a new connection of its database does, with its settings: nothing but queries
     * ran in it (no temporary object, {@code USE}, variable or setting of its own), none of its DuckDB objects was
     * handed out, and DuckDB ran no initialisation of its own in it.
     */
    private boolean pristine() {
        return !handedOut && !sessionMoved && !initializedByDuckDb;
    }

    /**
     * The decision another pristine session of the database ran for the statement, as this connection's own (its
     * planner asks where it has none yet), where the table is still at the version it ran at and no setting changed
     * since; else {@code null}.
     */
    private PlannedQuery madeElsewhere(String sql, List<Object> parameters, List<Object> key) throws SQLException {
        // Where DuckDB's objects were handed out, the instance's settings may have moved unseen since it ran.
        if (decisions.anyHandedOut()) return null;
        SharedDecisions.Decision d = decisions.get(key);
        if (d == null || d.settingsEpoch() != SETTINGS_EPOCH.get()) return null;
        TableVersion now;
        try {
            now = version(d.query().plan());
        } catch (NotQualified e) {
            return null; // planning in full gives the reason
        }
        if (!now.equals(d.seen().version())) return null;
        PlannedQuery mine = d.query().relabeled(QueryPlanner.newRelation());
        stamped.add(mine);
        if (!otherFiles(mine).equals(d.seen().otherFiles())) return null;
        handoff.adopt(mine, d.finish());
        sharing.put(mine, Sharing.TAKEN);
        return mine;
    }

    /**
     * Offers a decision this pristine session runs to the database's other pristine sessions: once without its
     * finishing, once more with it after the run that read it.
     */
    private void share(String sql, List<Object> parameters, PlannedQuery pq, Seen seen) {
        Sharing now = sharing.get(pq);
        if (now == Sharing.DONE || now == Sharing.TAKEN) return;
        decisions.put(
                QueryPlanner.key(sql, parameters),
                new SharedDecisions.Decision(pq, seen, settingsEpoch, handoff.known(pq)));
        sharing.put(pq, handoff.prepared(pq) ? Sharing.DONE : Sharing.OFFERED);
    }

    /** Where a decision of this connection stands with the database's other sessions. */
    private enum Sharing {
        /** Offered before its finishing was read here: offered again once it was. */
        OFFERED,
        /** Offered with all there is of it. */
        DONE,
        /** Taken from another connection ({@link #madeElsewhere}). */
        TAKEN
    }

    private final Map<PlannedQuery, Sharing> sharing = new WeakHashMap<>();

    /** The plan of a qualifying query, else its decline. */
    private PlannedQuery planned(String sql, List<Object> parameters) throws SQLException, Declined {
        return planned(sql, parameters, null);
    }

    /** {@link #planned(String, List)}, a new statement that {@code ahead} leaves planned behind DuckDB's answer. */
    private PlannedQuery planned(String sql, List<Object> parameters, QueryPlanner.Ahead ahead)
            throws SQLException, Declined {
        PlannedQuery pq;
        try {
            pq = planner.plan(sql, parameters, ahead);
        } catch (QueryPlanner.PlanBehind behind) {
            planBehind(sql, parameters, behind.view());
            throw new Declined(behind.view().boundPlan() == null ? NAMED_BEHIND : PLANNED_BEHIND, false, null);
        }
        if (!pq.qualifies()) {
            throw new Declined(pq.reason(), pq.duckDbMayReject(), null);
        }
        return pq;
    }

    /**
     * Why a query is not offloaded. {@code duckDbMayReject}: the reason suggests DuckDB fails on the statement
     * too, and then its error is the answer.
     */
    private static final class Declined extends Exception {
        private final boolean duckDbMayReject;

        Declined(String reason, boolean duckDbMayReject, Throwable cause) {
            super(reason, cause, false, false);
            this.duckDbMayReject = duckDbMayReject;
        }
    }

    /** A query's table made resident and its job prepared, with what each took. */
    private record Loaded(CachedJob job, long loadMicros, long encodeMicros) {}

    private static final String IN_TRANSACTION = "inside an open transaction (DuckDB answers from its snapshot)";
    private static final String NOT_LOADED = "not loaded yet";
    private static final String PLANNED_BEHIND = "what it reads is not resident yet: DuckDB answers while the"
            + " statement is planned and its columns are made resident in the background";
    private static final String NAMED_BEHIND = "a column or measure its text names is not resident yet: DuckDB answers"
            + " while the statement is planned and its columns and measures are made resident in the background";
    private static final String INPUTS_BUILDING =
            "its measures and columns are being made resident on the GPU in the background";
    private static final String BUILDING_BEHIND =
            "its columns and index are being built in the background; DuckDB answers until they are ready";
    /**
     * Values to load at most (rows times columns) for a query under auto to build what it needs itself: about
     * a millisecond of loading and encoding, which handing the build to the background would not save.
     */
    static final long INLINE_VALUES = 1 << 16;

    private static final String TEMP_CATALOG = "temp";
    private static final String UNSEEN_WRITES = "an in-memory table whose writes the driver cannot see: ";

    /**
     * The table's version as this session sees it now. A table held in memory has a version only while every
     * write to it passes through the driver: a file records every commit, memory records none.
     */
    private TableVersion version(OffloadPlan plan) throws SQLException, NotQualified {
        return version(plan.table());
    }

    private TableVersion version(TableRef table) throws SQLException, NotQualified {
        long writes = residency.writes();
        if (writes != filesAtWrites) {
            // Another connection wrote through the driver: it may have attached another file under a name read here.
            forgetFiles();
            filesAtWrites = writes;
        }
        String catalog = table.catalog();
        Path file = files.containsKey(catalog) ? files.get(catalog) : TableVersion.file(duckdb, catalog);
        files.put(catalog, file);
        if (file == null) {
            if (handedOut) {
                throw new NotQualified(UNSEEN_WRITES + "this connection's DuckDB objects were unwrapped");
            }
            // A private database has this one connection, so its own hand-out above covers every writer.
            if (!TEMP_CATALOG.equals(catalog) && !privateDatabase) {
                throw new NotQualified(
                        UNSEEN_WRITES + "plain DuckDB connections of this process can open its database");
            }
        }
        return TableVersion.read(duckdb, table, file, residencyOf(table).writes());
    }

    private void forgetFiles() {
        files.clear();
        attached = null;
        stamped.clear();
    }

    /** Where the resident snapshots of {@code table} live: this connection's own for a temporary table. */
    private ResidencyCache residencyOf(TableRef table) {
        return TEMP_CATALOG.equals(table.catalog()) ? temporary : residency;
    }

    /** {@code scan}: a job that builds nothing for its shape ({@link #scanJob}). */
    private Loaded load(
            PlannedQuery pq, TableVersion version, QueryCancel cancel, boolean scan, Engines.Candidates candidates)
            throws SQLException, NotQualified {
        OffloadPlan plan = pq.plan();
        long t0 = System.nanoTime();
        ResidencyCache cache = residencyOf(plan.table());
        // A scan adds nothing to the snapshot, so it needs no room in the host budget.
        ResidentTable table = scan ? cache.held(plan.table(), version) : cache.roomFor(plan, version, duckdb);
        if (table == null && scan) {
            throw new NotQualified(NOT_LOADED);
        }
        if (table == null) {
            long needs = ResidentTable.buildBytes(null, plan, plan.table().estimatedRows(duckdb, 0));
            throw new NotQualified(tooLarge(needs, cache));
        }
        boolean loaded = table.ensureLoaded(duckdb, plan.columnTypes(), allocator, cancel);
        if (loaded && !version.equals(version(plan))) {
            // Loading takes several statements: a write between them could mix two versions.
            throw new NotQualified("the table changed while it was loaded");
        }
        long t1 = System.nanoTime();
        cancel.check();
        CachedJob job =
                scan ? scanJob(pq, table, cancel, candidates) : prepared(pq, table, cancel, JobPlanner.Index.OWN);
        long t2 = System.nanoTime();
        return new Loaded(job, loaded ? (t1 - t0) / 1000 : 0, (t2 - t1) / 1000);
    }

    /**
     * One engine run: the job, its exact result, the host time the engine spent beyond its own measured
     * time (pinning resident inputs, allocations: part of the offload's overhead), and whether the engine had
     * run this job before.
     */
    private record Run(
            PreparedJob job, EngineResult result, String engine, long loadMicros, long hostMicros, boolean warm) {}

    private Run run(PlannedQuery pq, Loaded loaded, Engine engine, GroupCut cut) throws EngineException {
        long t0 = System.nanoTime();
        EngineResult result = engine.run(loaded.job().job().job().withCut(cut));
        long wall = OffloadTimings.micros(t0, System.nanoTime());
        boolean warm = loaded.job().costs().measured().record(engine.name(), result.engineMicros());
        pq.lastRun().summary = "engine " + engine.name() + ", " + result.rowsHit() + " rows hit, " + result.raysCast()
                + " rays, load " + loaded.loadMicros() + " us, encode " + loaded.encodeMicros() + " us, filter "
                + result.filterMicros() + " us, aggregate " + result.aggregateMicros() + " us";
        return new Run(
                loaded.job().job(),
                result,
                engine.name(),
                loaded.loadMicros(),
                Math.max(0, wall - result.engineMicros()),
                warm);
    }

    /** The query's job on {@code table}: a scan job's is prepared again once its shape is built. */
    private CachedJob prepared(PlannedQuery pq, ResidentTable table, QueryCancel cancel, JobPlanner.Index index)
            throws NotQualified, SQLException {
        CachedJob cached = preparedJobs.get(pq);
        // A full scan chosen over a built entry stays chosen until the shape's own index is ready (scanJob).
        boolean reusable = cached != null
                && cached.table() == table
                && (cached.index() == index
                        || (index == JobPlanner.Index.BUILT && cached.index() == JobPlanner.Index.NONE));
        if (!reusable) {
            CachedJob ran = index == JobPlanner.Index.OWN ? built.remove(pq.plan()) : null;
            if (ran != null && ran.table() == table) {
                cached = ran; // prepared and run by the shape's build
            } else {
                PreparedJob job = JobPlanner.prepare(pq.plan(), table, new DictionaryFilter(duckdb), cancel, index);
                cached = new CachedJob(table, job, new JobCosts(job.job()), index);
            }
            CachedJob sibling = latestOfTemplate.get(pq.relationName());
            // Engine times carry over between statements of one template and one kind of job only.
            if (sibling != null && sibling.table() == table && sibling.index() == index) {
                cached.costs().measured().startFrom(sibling.costs().measured());
            } else if (sibling != null && sibling.table() == table) {
                cached.costs().measured().startFromDuckDb(sibling.costs().measured());
            }
            preparedJobs.put(pq, cached);
            latestOfTemplate.put(pq.relationName(), cached);
        }
        return cached;
    }

    /**
     * The job of a query whose own index is not ready: over an entry built for another shape where the candidates
     * find the copies in its order resident, else a full scan of the resident columns (building those copies, a
     * sort and gigabytes of gathers at large scale, would be on the query's path).
     */
    private CachedJob scanJob(PlannedQuery pq, ResidentTable table, QueryCancel cancel, Engines.Candidates candidates)
            throws NotQualified, SQLException {
        CachedJob job = prepared(pq, table, cancel, JobPlanner.Index.BUILT);
        if (job.job().job().scene() != null
                && candidates.residentFor(job.job().job()).none()) {
            job = prepared(pq, table, cancel, JobPlanner.Index.NONE);
        }
        return job;
    }

    /** DuckDB's result set over the handed-off groups, with the microseconds of the handoff and of DuckDB. */
    private record Handoff(ResultSet resultSet, long micros, long duckdbMicros) {}

    /**
     * Decodes the aggregated groups and finishes the statement over them ({@link ResultHandoff}). The timed
     * handoff ends once the result relation is ready; the rest is finishing it: DuckDB's part (the result
     * handed over, published for the scan or bound as parameters, and the prepared statement's run), or the
     * direct finish.
     */
    private Handoff execute(PlannedQuery pq, OffloadPlan finishing, Run run, QueryCancel cancel)
            throws SQLException, NotQualified {
        long t0 = System.nanoTime();
        List<Field> fields = ResultBuilder.fields(finishing);
        List<Object[]> rows = ResultBuilder.rows(
                finishing,
                run.job().groups(),
                run.job().keyDictionaries(),
                run.result().aggregates(),
                run.job().job().columns(),
                handoff.topRows(pq, fields),
                handoff.groupFilter(pq, fields));
        ResultSet rs = handoff.run(
                pq, fields, rows, () -> allocator.newChildAllocator(pq.relationName(), 0, Long.MAX_VALUE), cancel);
        long t1 = handoff.readyAt();
        long t2 = System.nanoTime();
        Handoff done = new Handoff(rs, OffloadTimings.micros(t0, t1), OffloadTimings.micros(t1, t2));
        pq.lastRun().summary += ", " + rows.size() + " groups handed over, handoff " + done.micros() + " us, "
                + (rs instanceof DirectResultSet ? "direct" : "DuckDB") + " finish " + done.duckdbMicros() + " us";
        return done;
    }

    private void verify(PlannedQuery pq, OffloadPlan finishing, Run run, QueryCancel cancel)
            throws SQLException, VerifyMismatch, NotQualified {
        List<List<Object>> offloaded;
        List<String> offloadedTypes;
        try (ResultSet rs = execute(pq, finishing, run, cancel).resultSet()) {
            offloadedTypes = ResultComparator.types(rs);
            offloaded = ResultComparator.rows(rs);
        }
        List<List<Object>> expected;
        List<String> expectedTypes;
        try (Statement own = duckdb.createStatement();
                QueryCancel.Watch _ = cancel.watch(own);
                ResultSet rs = own.executeQuery(pq.boundSql())) {
            expectedTypes = ResultComparator.types(rs);
            expected = ResultComparator.rows(rs);
        }
        String diff = expectedTypes.equals(offloadedTypes)
                ? ResultComparator.difference(expected, offloaded)
                : "columns " + offloadedTypes + " instead of " + expectedTypes;
        if (diff != null) {
            throw new VerifyMismatch("verify: the " + run.engine() + " answer differs from DuckDB's: " + diff);
        }
    }

    private static final class VerifyMismatch extends Exception {
        VerifyMismatch(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * {@code auto} leaves the statement to DuckDB. {@code force} raises the refusal (0A000), unless DuckDB
     * itself rejects the statement: a statement DuckDB rejects gets DuckDB's error in every mode, so then the
     * statement is run on DuckDB and its error raised as it is. A cancelled query raises DuckDB's interrupt
     * error at once in every mode: whatever failed, DuckDB is not to run it any more.
     */
    private ResultSet decline(Declined declined, String sql, List<Object> parameters, QueryCancel cancel, long start)
            throws SQLException {
        cancel.check();
        if (settings.mode() == OffloadSettings.Mode.FORCE) {
            if (declined.duckDbMayReject) {
                runOnDuckDb(sql, parameters);
            }
            throw OffloadErrors.of(declined.getMessage(), OffloadErrors.NOT_SUPPORTED, declined.getCause());
        }
        LOG.log(
                Level.DEBUG,
                "offload declined after {0} us, DuckDB runs the query: {1}",
                OffloadTimings.micros(start, System.nanoTime()),
                declined.getMessage());
        return null;
    }

    /** Runs the statement as the application gave it, so that DuckDB raises its own error, if it has one. */
    private void runOnDuckDb(String sql, List<Object> parameters) throws SQLException {
        try (PreparedStatement p = duckdb.prepareStatement(sql)) {
            for (int i = 0; i < parameters.size(); i++) {
                p.setObject(i + 1, parameters.get(i));
            }
            p.executeQuery().close();
        }
    }

    @Override
    public Map<String, Long> lastTimings() {
        lock.lock();
        try {
            return lastTimings;
        } finally {
            unlock();
        }
    }

    @Override
    public ResultSet explain(Statement duckdbStatement, String sql, List<Object> parameters) throws SQLException {
        lock.lock();
        try {
            return explainLocked(duckdbStatement, sql, parameters);
        } finally {
            unlock();
        }
    }

    private ResultSet explainLocked(Statement duckdbStatement, String sql, List<Object> parameters)
            throws SQLException {
        forgetPlansAfterSettingChanges();
        if (!OpenTransaction.in(duckdb)) forgetPlansAfterSettingsMovedBehind();
        PlannedQuery pq = planner.plan(sql, parameters);
        ExplainRows rows = new ExplainRows().add("qualifies", pq.qualifies());
        if (!pq.qualifies()) {
            return rows.add("reason", pq.reason())
                    .add("planning_us", pq.planningMicros())
                    .query(duckdbStatement);
        }
        OffloadPlan plan = pq.plan();
        Engines.Candidates candidates = engines.candidates(settings);
        rows.add("table", plan.table());
        if (!plan.joins().isEmpty()) {
            rows.add("joins", plan.joins());
        }
        rows.add("filters", plan.filters().isEmpty() ? "none" : plan.filters())
                .add(
                        "group_keys",
                        plan.groups().stream()
                                .map(g -> g.column() + " " + g.type()
                                        + (plan.keys().contains(g)
                                                ? ""
                                                : " (the job's only: COUNT(DISTINCT) counts its values)"))
                                .toList())
                .add("aggregates", plan.aggregates());
        String engine = "duckdb";
        String reason = candidates.reason();
        String placement = null;
        String averageDeclined = null;
        if (!candidates.none()) {
            // EXPLAIN tells what is known without loading the table: the encodings, index and costs of a
            // snapshot already resident, else that they are not known yet.
            try {
                if (OpenTransaction.in(duckdb)) {
                    throw new NotQualified(IN_TRANSACTION);
                }
                TableVersion version = version(plan);
                if (plan.asksAverage()) {
                    try {
                        rows.add(
                                "average",
                                "as DuckDB's plan of this table version computes it: "
                                        + finishing(pq, version).askedAverage());
                    } catch (NotQualified e) {
                        rows.add("average", e.reason());
                        averageDeclined = e.reason();
                    }
                }
                ResidencyCache cache = residencyOf(plan.table());
                ResidentTable table =
                        cache.resident(plan.table(), version, plan.columnTypes().keySet());
                rows.add("build", buildState(cache, plan, version, table));
                if (table == null) {
                    rows.add("technique", NOT_LOADED)
                            .add("encodings", NOT_LOADED)
                            .add("index", NOT_LOADED);
                    if (!candidates.costed()) {
                        engine = candidates.engines().get(0).name();
                    } else {
                        engine = "not chosen yet";
                        reason = NOT_LOADED + ": the cost model needs the table's encodings";
                    }
                } else {
                    // EXPLAIN builds no more than the query would.
                    boolean auto = settings.mode() == OffloadSettings.Mode.AUTO;
                    boolean scan = auto && !table.ready(plan.shape()) && table.scansNow(plan);
                    Engines.DuckDbSide side = new Engines.DuckDbSide(duckdb, table, plan, pq.boundSql(), false);
                    // What the query's finish keeps is known once it ran: EXPLAIN prepares nothing of its own.
                    TopRows top = handoff.knownTopRows(pq);
                    CachedJob job = null;
                    Engines.Choice choice = null;
                    boolean waits = false;
                    // A ready shape whose chosen engine lacks its copies is not run on them: as the query does, it
                    // scans the resident columns, or DuckDB answers, while the shape builds again.
                    String missing = null;
                    if (!scan) {
                        job = prepared(pq, table, new QueryCancel(), JobPlanner.Index.OWN);
                        choice = engines.choose(candidates, settings, job.costs(), overhead, side, top);
                        if (auto
                                && choice.engine() != null
                                && !builtOnItsPath(cache, table, plan)
                                && !choice.engine().inputsResident(job.job().job())) {
                            missing = "the copies " + choice.engine().name() + " reads for the shape's own index are"
                                    + " not on the GPU (evicted since its build, or never made)";
                            choice = null;
                            scan = table.scansNow(plan);
                        }
                    }
                    if (scan) {
                        job = scanJob(pq, table, new QueryCancel(), candidates);
                        Engines.Candidates runnable =
                                candidates.residentFor(job.job().job());
                        waits = runnable.none();
                        choice = waits ? null : engines.choose(runnable, settings, job.costs(), overhead, side, top);
                    }
                    rows.add("technique", job.job().job().technique())
                            .add("encodings", job.job().encodings())
                            .add("index", job.job().index());
                    boolean duckdbAnswers = waits || choice == null || choice.engine() == null;
                    engine = duckdbAnswers ? "duckdb" : choice.engine().name();
                    reason = waits ? INPUTS_BUILDING : choice == null ? BUILDING_BEHIND : choice.reason();
                    if (missing != null) {
                        reason = missing + "; " + (scan && !waits ? "meanwhile a full scan: " : "") + reason;
                    }
                    placement = duckdbAnswers ? null : choice.engine().placement();
                    explainCosts(rows, job.costs(), side);
                }
            } catch (NotQualified e) {
                rows.add("encodings", "not encodable: " + e.reason());
                reason = "not encodable: " + e.reason();
            }
        }
        if (averageDeclined != null) {
            engine = "duckdb";
            reason = averageDeclined;
            placement = null;
        }
        rows.add("engine", engine).add("engine_reason", reason);
        if (placement != null) rows.add("devices", placement);
        rows.add("mode", settings.mode().name().toLowerCase(java.util.Locale.ROOT))
                .add("planning_us", pq.planningMicros())
                .add(
                        "planning",
                        pq.templated()
                                ? "template: the plan of an earlier statement of this text with these constants"
                                : sharing.get(pq) == Sharing.TAKEN
                                        ? "another connection's: made in a session of this database that binds as"
                                                + " this one, at this version of the table"
                                        : "in full (DuckDB's optimized plan)")
                .add("rewritten_sql", pq.rewrittenSql())
                .add("finishing", handoff.prepared(pq) ? "prepared" : "prepared at its next offloaded run")
                .add("last_run", pq.lastRun().summary == null ? "not run yet" : pq.lastRun().summary);
        return rows.query(duckdbStatement);
    }

    /**
     * Whether a query of {@code plan} builds what it needs on its own path ({@link #readyOrBuiltBehind}): a temporary
     * table, or one small enough ({@link #INLINE_VALUES}).
     */
    private boolean builtOnItsPath(ResidencyCache cache, ResidentTable table, OffloadPlan plan) {
        return cache == temporary || table.rows() >= 0 && buildsInline(table.rows(), plan);
    }

    /** Whether a query of {@code plan} over {@code rows} rows builds what it needs itself ({@link #INLINE_VALUES}). */
    private static boolean buildsInline(long rows, OffloadPlan plan) {
        return rows * Math.max(1, plan.columnTypes().size()) <= INLINE_VALUES;
    }

    /** Whether the query's shape is built on this snapshot, being built behind DuckDB's answers, or neither. */
    private String buildState(ResidencyCache cache, OffloadPlan plan, TableVersion version, ResidentTable table) {
        if (table != null && table.ready(plan.shape())) {
            return "ready";
        }
        if (builds.building(buildKey(cache, plan, version))) {
            return settings.mode() == OffloadSettings.Mode.AUTO && table != null && table.scansNow(plan)
                    ? "building in the background; meanwhile a full scan of the resident columns answers"
                    : "building in the background";
        }
        if (settings.mode() != OffloadSettings.Mode.AUTO) {
            return "not built: its next query builds it first";
        }
        String refused = table == null ? null : table.indexRefusal(plan.shape());
        if (refused != null) {
            return "not built: " + refused;
        }
        return table != null && table.scansNow(plan)
                ? "not built: its next query scans the resident columns while it builds in the background"
                : "not built: unless the table is small, its next query is answered by DuckDB while it builds"
                        + " in the background";
    }

    /**
     * Each engine's estimate (µs of engine time), DuckDB's, the offload's host overhead, where the constants
     * come from, and the engine times measured on this job.
     */
    private void explainCosts(ExplainRows rows, JobCosts job, Engines.DuckDbSide duckdbSide) throws SQLException {
        CostChoice costs = engines.estimates(job, overhead, duckdbSide);
        for (String name : List.of("cuda", "optix")) {
            Double estimate = costs == null ? null : costs.estimates().get(name);
            rows.add(
                    "estimate_" + name + "_us",
                    estimate != null
                            ? Long.toString(Math.round(estimate))
                            : "unavailable: " + engines.unavailableReason(name));
        }
        rows.add("estimate_duckdb_us", Math.round(duckdbSide.micros(engines, job.shape())))
                .add("offload_overhead_us", Math.round(overhead.micros()) + " (" + overhead.source() + ")")
                .add("calibration", costs == null ? "none: no GPU engine is available" : engines.deviceConstants())
                .add("duckdb_scan", duckdbSide.rate(engines))
                .add(
                        "measured_us",
                        job.measured().all().isEmpty()
                                ? "not run yet"
                                : job.measured().all());
    }

    /**
     * A statement that may have written went through the driver: every resident snapshot of the database is
     * dropped (which table it touched is not guessed), and this connection's plans and finishing steps are made
     * again, since a write may also have been DDL.
     */
    @Override
    public void tableWritten(String sql) {
        sessionMoved = true; // any statement but a query: it may have made a temporary object, a variable, a USE
        lock.lock();
        try {
            residency.written();
            temporary.written();
            forgetFiles();
            versionSeen.clear();
            planner.clear();
            preparedJobs.clear();
            latestOfTemplate.clear();
            handoff.clear();
        } finally {
            unlock();
        }
    }

    @Override
    public DuckDbWork duckDbWorks() {
        DuckDbWork statement = builds.statement();
        return () -> {
            statement.close();
            // The span ends with DuckDB's answer to a query the cost model left it to be timed on.
            Undecided timed = undecided.getAndSet(null);
            if (timed != null) {
                timed.measured().keep(CostChoice.DUCKDB, (System.nanoTime() - timed.since()) / 1000);
            }
        };
    }

    @Override
    public boolean awaitBackgroundBuilds(long timeoutMillis) throws InterruptedException {
        return builds.awaitIdle(timeoutMillis);
    }

    /** The host budget is shared by every database of the process, so its figures are the whole process's. */
    @Override
    public Residency residency() {
        HostMemoryBudget budget = residency.budget();
        return new Residency(
                budget.held(), budget.budget(), engines.residentDeviceBytes(), engines.deviceBudgetBytes());
    }

    @Override
    public void duckDbHandedOut() {
        if (handedOut) return;
        // From now on the session may change through DuckDB's own objects, unseen: its settings are compared at each
        // statement (first with none, so the next statement makes every decision again: they are not read here, where
        // another thread's statement may be using the session), and each cached decision is taken only where the
        // session still binds its statement as it did when it was planned.
        planner.rebindEachRun();
        decisions.handedOut();
        handedOut = true;
    }

    @Override
    public void settingsChanged() {
        sessionMoved = true;
        SETTINGS_EPOCH.incrementAndGet();
    }

    /** Plans and finishing steps made before a setting changed (on any connection) are made again. */
    private void forgetPlansAfterSettingChanges() {
        long epoch = SETTINGS_EPOCH.get();
        if (epoch != settingsEpoch) {
            settingsEpoch = epoch;
            planner.clear();
            handoff.clear();
        }
    }

    /**
     * Once a session of the database handed DuckDB's objects out, settings may change through them, unseen (this
     * session's own, or the instance's that every session shares): plans and finishing steps are made again where they
     * differ from those the decisions were made with. Outside a transaction only (the query is the session's).
     */
    private void forgetPlansAfterSettingsMovedBehind() throws SQLException {
        if (handedOut || decisions.anyHandedOut()) {
            List<String> now = planner.answerSettingsNow();
            if (!now.equals(settingsHandedOut)) {
                settingsHandedOut = now;
                planner.clear();
                handoff.clear();
            }
        }
    }

    /** The session's settings as last compared, once DuckDB's objects were handed out ({@code null}: none yet). */
    private List<String> settingsHandedOut;

    /**
     * Cancels the running query, if any, without waiting for it (it may be blocked inside an engine): the
     * resources are released now when no query holds them, else by the query as it ends.
     */
    @Override
    public void close() {
        closing = true;
        QueryCancel query = running;
        if (query != null) {
            query.cancel();
        }
        releaseIfClosing();
    }

    private void releaseIfClosing() {
        if (!closing || !lock.tryLock()) {
            return;
        }
        try {
            if (!released) {
                released = true;
                release();
            }
        } finally {
            lock.unlock();
        }
    }

    private void release() {
        handoff.close();
        temporary.invalidateAll();
        onClose.run();
        planner.close();
        behind.close();
        try {
            allocator.close();
        } catch (IllegalStateException e) {
            LOG.log(Level.WARNING, "offload memory still held at connection close: {0}", e.getMessage());
        }
    }
}
