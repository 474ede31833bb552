package org.raydb.offload.plan;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.raydb.offload.json.Json;

/**
 * Plans one connection's queries and caches the decisions by SQL text and parameter values. The table a
 * query reads is bound in the application's own session ({@link TableBinding}); the optimized plan the offload
 * matches comes from a {@link PlanningDatabase} of its own, so that nothing in the application's session or
 * database changes. A cached decision is dropped when the settings change ({@link #clear()}), and a decision
 * whose table is no longer the one bound then is made again ({@link #plan}'s caller checks the identity).
 */
public final class QueryPlanner implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger("org.raydb.offload");
    private static final int CACHE_SIZE = 512;
    private static final int TEMPLATES_PER_SKELETON = 8;
    private static final AtomicLong RELATIONS = new AtomicLong();

    private final Connection session;
    private PlanningDatabase planning;
    private final StatisticsCache statistics = new StatisticsCache();
    /** How each dimension key a star join met was found unique ({@link StarJoins#flatten}). */
    private final Map<List<Object>, String> uniqueKeys = new java.util.HashMap<>();

    private boolean settingsMirrored;
    /** The session's settings as last read ({@code null}: to be read), which the planning database mirrors. */
    private Map<String, String> sessionSettings;
    /** Counts {@link #clear()}s: a decision made behind before one is not taken ({@link #adopt}). */
    private long epoch;

    private final Map<List<Object>, PlannedQuery> cache = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<List<Object>, PlannedQuery> eldest) {
            return size() > CACHE_SIZE;
        }
    };

    /**
     * Templates ({@link PlanTemplate}) by skeleton, for as many skeletons as plans are cached: one per type
     * classes and kept literals, a few per skeleton.
     */
    private final Map<String, List<PlanTemplate>> templates = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, List<PlanTemplate>> eldest) {
            return size() > CACHE_SIZE;
        }
    };

    /**
     * Whether the session still binds as a new connection of its database does, with its settings: nothing but
     * queries ran in it (no temporary object, {@code USE}, variable or setting of its own), and none of its DuckDB
     * objects was handed out.
     */
    private final java.util.function.BooleanSupplier pristine;

    /** @param session the application's DuckDB connection (only asked, never changed), never taken as pristine */
    public QueryPlanner(Connection session) {
        this(session, () -> false);
    }

    /**
     * @param pristine whether the session binds as a new connection of its database would: a decision made behind
     *                 for a statement it left {@link #unbound} is then taken without binding the statement in it
     */
    public QueryPlanner(Connection session, java.util.function.BooleanSupplier pristine) {
        this(session, pristine, Elsewhere.NOWHERE);
    }

    /** @param elsewhere asked, while the session is pristine, for a statement it has no decision for yet */
    public QueryPlanner(Connection session, java.util.function.BooleanSupplier pristine, Elsewhere elsewhere) {
        this.session = session;
        this.pristine = pristine;
        this.elsewhere = elsewhere;
    }

    /**
     * Where a decision made by another connection of the database whose session binds as a new one does may be
     * found, for a pristine session that has none yet: taken as its own instead of being planned.
     */
    @FunctionalInterface
    public interface Elsewhere {
        Elsewhere NOWHERE = (sql, parameters, key) -> null;

        /** The decision for the statement ({@code key}: as {@link #key} makes it), or {@code null}. */
        PlannedQuery find(String sql, List<Object> parameters, List<Object> key) throws SQLException;
    }

    private final Elsewhere elsewhere;

    /** Opens a planning database ahead for the next planner, in the background, unless one is ready. */
    public static void prepare() {
        PlanningDatabase.openSpare();
    }

    /** The cached or new decision for a statement. */
    public synchronized PlannedQuery plan(String sql, List<Object> parameters) throws SQLException {
        try {
            return plan(sql, parameters, null);
        } catch (PlanBehind e) {
            throw new AssertionError(e); // nothing asks to leave it
        }
    }

    /**
     * {@link #plan(String, List)}, asking {@code ahead} (where not {@code null}) before a statement that is neither
     * cached nor templated is planned in full: where it leaves the statement, {@link PlanBehind} is thrown with
     * what a planner on another connection needs to plan it as this session would ({@link #planBehind}).
     */
    public synchronized PlannedQuery plan(String sql, List<Object> parameters, Ahead ahead)
            throws SQLException, PlanBehind {
        List<Object> key = key(sql, parameters);
        PlannedQuery cached = cache.get(key);
        if (cached != null && (!rebindEachRun || bindsAsPlanned(key, cached))) {
            return cached;
        }
        PlannedQuery found = pristine.getAsBoolean() ? elsewhere.find(sql, parameters, key) : null;
        if (found != null) {
            cache.put(key, found);
            return found;
        }
        lastBound = null;
        PlannedQuery planned = planNew(sql, parameters, ahead);
        cache.put(key, planned);
        if (lastBound != null && !planned.templated()) {
            boundAs.put(key, lastBound);
        }
        return planned;
    }

    /**
     * From now on each cached decision is taken only where the session binds its statement as it did when the
     * decision was planned in full here (no template is rebound): the session may change behind the planner
     * (its DuckDB objects were handed out, and a temporary object, a {@code USE} or a view made through them is
     * not seen otherwise). One bind per run of a qualifying statement.
     */
    public synchronized void rebindEachRun() {
        rebindEachRun = true;
    }

    private boolean rebindEachRun;

    /**
     * The session's bound plan ({@link TableBinding.Bound#plan}) of each statement planned in full here, for
     * {@link #rebindEachRun}.
     */
    private final Map<List<Object>, String> boundAs = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<List<Object>, String> eldest) {
            return size() > CACHE_SIZE;
        }
    };

    /** Whether the session binds a cached decision's statement as it did when it was planned (a decline: always). */
    private boolean bindsAsPlanned(List<Object> key, PlannedQuery cached) throws SQLException {
        if (!cached.qualifies()) return true; // DuckDB answers it
        String planned = boundAs.get(key);
        return planned != null && planned.equals(TableBinding.plan(session, cached.boundSql()));
    }

    /** A name no other decision's result relation of the process has. */
    public static String newRelation() {
        return "__raydb_result_" + RELATIONS.incrementAndGet();
    }

    /** A statement with its parameters, as decisions are cached by. */
    public static List<Object> key(String sql, List<Object> parameters) {
        List<Object> key = new ArrayList<>(parameters.size() + 1);
        key.add(sql);
        key.addAll(parameters);
        return key;
    }

    /**
     * A table scan of a statement as the session binds it: the table, the columns the scan reads, and all the
     * table's columns as bound.
     */
    public record Scan(TableRef table, java.util.Set<String> columns, List<String> names) {}

    /** Decides whether a new statement is left to DuckDB and planned behind its answer. */
    @FunctionalInterface
    public interface Ahead {
        /** From its scans as the session binds it. */
        boolean leave(List<Scan> scans);

        /**
         * From its text alone, before the session binds it (the bind was most of such a statement's time on the
         * path: 3.3-5.5 ms before DuckDB started on the H100 host): a guess, which may leave a statement that
         * would qualify now, costing its first run the offload and never its answer. None by default.
         */
        default boolean leaveUnbound(TextReads reads) {
            return false;
        }
    }

    /**
     * What planning a statement depends on in a session: DuckDB's unoptimized plan of it there (the tables, views,
     * macros, functions and collations as bound) and the session's settings; and the planner's count of
     * {@link #clear()}s when it was read. Both {@code null} where the session left the statement unbound
     * ({@link #unbound}); the settings alone where the session is pristine (a new connection's).
     */
    public record SessionView(String boundPlan, Map<String, String> settings, long epoch) {}

    /**
     * The view of a statement the session leaves without binding it (a new process's first statements, whose
     * bind would run code for the first time): a decision made {@link #planBehind behind} for it is held, and taken
     * by the session's next plan of the statement where the session binds it as the other connection did.
     */
    public synchronized SessionView unbound() {
        return new SessionView(null, null, epoch);
    }

    /** A new statement left unplanned by {@link Ahead}. */
    public static final class PlanBehind extends Exception {
        private final transient SessionView view;

        PlanBehind(SessionView view) {
            super(null, null, false, false);
            this.view = view;
        }

        public SessionView view() {
            return view;
        }
    }

    /**
     * A statement planned in full by a planner on another connection of the same database, for a session that
     * left it to DuckDB ({@link #planBehind}).
     */
    public static final class Behind {
        private final List<Object> key;
        private final Full full;
        private final SessionView view;
        private final boolean asSession;
        /** For a session that left the statement unbound: how this connection bound it, else {@code null}. */
        private final SessionView made;

        private final List<Scan> scans;

        private Behind(
                List<Object> key, Full full, SessionView view, boolean asSession, SessionView made, List<Scan> scans) {
            this.key = key;
            this.full = full;
            this.view = view;
            this.asSession = asSession;
            this.made = made;
            this.scans = scans;
        }

        public PlannedQuery query() {
            return full.query();
        }

        /** The tables as this connection bound the statement, with their columns; empty where it was not bound. */
        public List<Scan> scans() {
            return scans;
        }

        /**
         * Whether the session may take it: made as the session of its view would make it, or made for a session
         * that left the statement unbound, to be compared with the session's own bind ({@link #adopt}).
         */
        public boolean adoptable() {
            return asSession || (made != null && full.query().qualifies());
        }
    }

    /**
     * Decisions made behind for statements the session left unbound ({@link #unbound}), each with the view of the
     * connection that made it, until the session next plans the statement.
     */
    private final Map<List<Object>, Behind> held = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<List<Object>, Behind> eldest) {
            return size() > CACHE_SIZE;
        }
    };

    /**
     * Plans a statement in full as the session of {@code view} would (neither cache nor templates used). Its
     * decision is that session's own where this connection bound the statement to the same plan with the same
     * settings: nothing else of a session (its temporary objects, search path, {@code USE}, local settings)
     * reaches a plan but through those. For a view {@link #unbound}, a decision the session compares with its own bind
     * when it next plans the statement ({@link #adopt}).
     */
    public synchronized Behind planBehind(String sql, List<Object> parameters, SessionView view) throws SQLException {
        Map<String, String> own = PlanningDatabase.settings(session);
        if (!own.equals(sessionSettings)) {
            clear();
            sessionSettings = own;
        }
        SqlLiterals literals;
        try {
            literals = SqlLiterals.of(ParameterBinder.bind(sql, parameters));
        } catch (NotQualified e) {
            literals = null; // planning in full gives the reason
        }
        Full full;
        try {
            full = planFully(sql, parameters, literals, null);
        } catch (PlanBehind e) {
            throw new AssertionError(e);
        }
        if (view.boundPlan() == null) {
            SessionView made = lastBound == null ? null : new SessionView(lastBound, own, view.epoch());
            return new Behind(key(sql, parameters), full, view, false, made, lastScans);
        }
        boolean asSession = (view.settings() == null || own.equals(view.settings()))
                && view.boundPlan().equals(lastBound);
        return new Behind(key(sql, parameters), full, view, asSession, null, lastScans);
    }

    /**
     * Takes a decision made {@link #planBehind behind} as this session's own where it was made as this session
     * would make it and nothing was {@link #clear() forgotten} since the session left the statement; whether it
     * did. One made for a statement left {@link #unbound} is the session's own while the session is pristine (it
     * binds as that new connection did); otherwise it is held until the session next plans the statement, which
     * takes it where the session binds the statement to the same plan with the same settings.
     */
    public synchronized boolean adopt(Behind behind) {
        if (behind.view.boundPlan() == null
                && !behind.full.query().qualifies()
                && behind.view.epoch() == epoch
                && pristine.getAsBoolean()
                && !cache.containsKey(behind.key)) {
            // Its reason is the session's own, as its plan would be: a statement left by its text that does not
            // qualify is declined from the cache, not left and planned behind again at each run.
            cache.put(behind.key, behind.full.query());
            return true;
        }
        if (!behind.adoptable() || behind.view.epoch() != epoch || cache.containsKey(behind.key)) {
            LOG.log(
                    System.Logger.Level.DEBUG,
                    "a decision made behind is not taken: {0}",
                    !behind.adoptable()
                            ? "it does not qualify, or was not made as the session makes it"
                            : behind.view.epoch() != epoch ? "settings or tables changed since" : "planned meanwhile");
            return false;
        }
        if (!behind.asSession) {
            if (!pristine.getAsBoolean()) {
                held.put(behind.key, behind);
                return true;
            }
            // The session binds it as that new connection did, with its settings: taken now, so that its next run
            // finds it cached as a repeated statement does, not bound nor its literals read. A session stops being
            // pristine only through what also clears this cache, or by handing its DuckDB objects out, after which
            // its own cached decisions are trusted alike.
            LOG.log(System.Logger.Level.DEBUG, "a decision made behind is taken unbound: the session is pristine");
        }
        cache.put(behind.key, behind.full.query());
        String sql = (String) behind.key.get(0);
        PlanTemplate made = behind.full.template();
        if (made == null) return true;
        try {
            SqlLiterals literals = SqlLiterals.of(ParameterBinder.bind(sql, behind.key.subList(1, behind.key.size())));
            if (literals == null) return true;
            List<PlanTemplate> family = templates.computeIfAbsent(literals.skeleton(), k -> new ArrayList<>(1));
            if (family.stream().noneMatch(t -> t.matches(literals)) && family.size() < TEMPLATES_PER_SKELETON) {
                family.add(made);
            }
        } catch (NotQualified e) {
            // not bound as a template here either
        }
        return true;
    }

    /**
     * A statement's decision from its template where one is trusted, else planned in full (which makes or
     * confirms the template of the statement's skeleton).
     */
    private PlannedQuery planNew(String sql, List<Object> parameters, Ahead ahead) throws SQLException, PlanBehind {
        long t0 = System.nanoTime();
        String bound;
        try {
            bound = ParameterBinder.bind(sql, parameters);
        } catch (NotQualified e) {
            return planFully(sql, parameters, null, ahead).query(); // which gives the reason
        }
        SqlLiterals literals = SqlLiterals.of(bound);
        if (literals == null) {
            return planFully(sql, parameters, null, ahead).query();
        }
        List<PlanTemplate> family = templates.computeIfAbsent(literals.skeleton(), k -> new ArrayList<>(1));
        PlanTemplate template =
                family.stream().filter(t -> t.matches(literals)).findFirst().orElse(null);
        if (template != null && template.confirmed() && !rebindEachRun) {
            PlannedQuery rebound = rebind(template, bound, literals, t0);
            if (rebound != null) {
                return rebound;
            }
        }
        Full full = planFully(sql, parameters, literals, ahead);
        if (template != null && !template.confirmed() && full.query().qualifies()) {
            template.confirm(literals, full.query().plan());
        }
        if (full.template() != null && (template == null || !template.confirmed())) {
            family.remove(template);
            if (family.size() < TEMPLATES_PER_SKELETON) {
                family.add(full.template());
            }
        }
        return full.query();
    }

    private static PlannedQuery rebind(PlanTemplate template, String bound, SqlLiterals literals, long t0) {
        OffloadPlan plan = template.rebind(literals);
        if (plan == null) {
            return null; // a constant the template cannot hold: planning in full decides
        }
        PlannedQuery model = template.model();
        return new PlannedQuery(
                bound,
                plan,
                null,
                model.rewrittenSql(),
                model.relationName(),
                (System.nanoTime() - t0) / 1000,
                new PlannedQuery.LastRun(),
                false,
                true);
    }

    /** A statement planned in full, with the template it makes ({@code null}: none). */
    private record Full(PlannedQuery query, PlanTemplate template) {}

    /** The bound plan ({@link TableBinding.Bound#plan}) of the statement planned last, {@code null} if none bound. */
    private String lastBound;

    /** The scans of the statement planned last ({@link #scans}), empty if none bound. */
    private List<Scan> lastScans = List.of();

    private Full planFully(String sql, List<Object> parameters, SqlLiterals literals, Ahead ahead)
            throws SQLException, PlanBehind {
        long t0 = System.nanoTime();
        String bound = sql;
        lastBound = null;
        lastScans = List.of();
        Parse parse = null;
        try {
            ExpressionSize.check(sql);
            bound = ParameterBinder.bind(sql, parameters);
            TextReads reads = ahead == null || literals == null ? null : TextReads.of(literals);
            if (reads != null && ahead.leaveUnbound(reads)) {
                throw new PlanBehind(unbound());
            }
            Behind made = held.remove(key(sql, parameters));
            awaitInFlight();
            // The parse reads no catalog or session: where the planning database is ready it runs there while the
            // session binds (0.8 ms of a new statement's planning on the H200 host, the median over 90 ad-hoc queries).
            if (planning != null && settingsMirrored) {
                parse = new Parse(planning, bound);
            }
            TableBinding.Bound scans = TableBinding.bind(session, bound);
            if (scans.gets().isEmpty()) {
                throw new NotQualified("no base table");
            }
            lastBound = scans.plan();
            lastScans = scans(scans);
            if (made != null) {
                String refused = made.made.epoch() != epoch
                        ? "settings or tables changed since"
                        : !made.made.boundPlan().equals(lastBound)
                                ? "the session binds it otherwise"
                                : !made.made.settings().equals(sessionSettings())
                                        ? "the session's settings differ"
                                        : null;
                if (refused == null) {
                    return made.full; // planned behind as this session binds it
                }
                LOG.log(System.Logger.Level.DEBUG, "a decision made behind is not taken ({0}): planned again", refused);
            }
            // Only an aggregation can be offloaded: anything else is declined from its bound plan, which says why
            // (a join, a window, no aggregation), without being parsed and optimized (5-10 ms of its first run).
            if (!scans.plan().contains(AGGREGATE)) {
                PlanMatcher.match(scans.plan());
                throw new NotQualified("no aggregation over the table"); // match has thrown its own reason
            }
            if (ahead != null && ahead.leave(lastScans)) {
                // A pristine session's settings are a new connection's: not read on its path (5-10 ms the first time).
                throw new PlanBehind(
                        new SessionView(scans.plan(), pristine.getAsBoolean() ? null : sessionSettings(), epoch));
            }
            List<TableBinding> tables = scans.tables();
            PlanningDatabase db = planning();
            // One parse serves both the replica's plan and the rewrite (a long IN list makes parsing cost).
            Map<String, Object> tree = parse != null ? joined(parse.tree) : SqlRewriter.parse(db.connection(), bound);
            String written = SqlRewriter.writtenTable(tree);
            // From here on the planning connection is this thread's (views, replicas, dictionary predicates use it):
            // the guess is awaited now, and compared once the replica is known.
            Speculated guessed = guessed(parse);
            SessionFunctions.check(db.connection(), tree);
            StarJoins.Star star = tables.size() == 1 ? null : StarJoins.flatten(session, tree, tables, uniqueKeys);
            TableBinding binding = star == null ? tables.get(0) : star.fact();
            boolean viaView = star == null && ViewInlining.inline(session, tree, binding);
            Map<String, String> virtual = star == null ? Map.of() : star.virtualColumns();
            DerivedKeys.Derived derived = DerivedKeys.apply(
                    session, tree, binding.table(), binding.columns(), virtual, star == null ? null : star.names());
            Map<String, ColumnType> compared = ColumnComparisons.apply(tree, binding.table(), binding.columns());
            Map<String, ColumnType> computed = RowColumns.apply(session, tree, binding.table(), binding.columns());
            binding = binding.with(derived.types()).with(compared).with(computed);
            Map<String, String> added = new LinkedHashMap<>(virtual);
            added.putAll(derived.columns());
            compared.keySet().forEach(c -> added.put(c, "BOOLEAN"));
            computed.forEach((c, type) -> added.put(c, type.sql()));
            String replica = added.isEmpty() ? db.replica(session, binding) : db.replica(session, binding, added);
            List<String> names = star != null ? star.names() : derived.names();
            Speculated confirmed = confirmed(guessed, tree, binding.table(), replica);
            Optimized optimized;
            if (confirmed != null) {
                optimized = confirmed.optimized();
                if (names == null) names = confirmed.names();
            } else {
                Map<String, Object> namesTree = names == null ? SqlRewriter.namesTree(tree, binding.table()) : null;
                optimized = optimized(db, tree, binding.table(), replica, namesTree);
            }
            if (written != null
                    && star == null
                    && !viaView
                    && derived.columns().isEmpty()
                    && compared.isEmpty()
                    && computed.isEmpty()) {
                if (guesses.size() >= CACHE_SIZE) guesses.clear();
                guesses.put(written, new Guess(binding.table(), replica));
            }
            OffloadPlan matched;
            Map<String, List<String>> predicates = Map.of();
            try {
                matched = PlanMatcher.match(optimized.plan());
            } catch (NotQualified e) {
                // Filters DuckDB judges over dictionaries may make it qualify; not where DuckDB's own error is due or
                // DuckDB answers at once.
                if (star != null || e.duckDbMayReject() || e.reason().equals(PlanMatcher.EMPTY_INPUT)) throw e;
                predicates = DictionaryPredicates.extract(session, tree, binding);
                if (predicates.isEmpty()) throw e;
                matched = PlanMatcher.match(
                        optimized(db, tree, binding.table(), replica, null).plan());
            }
            List<DimensionJoin> joins = star == null ? List.of() : star.joins();
            OffloadPlan plan = new OffloadPlan(
                    binding.table(),
                    withJoins(withPredicates(matched.filters(), predicates, binding.columns()), joins, binding),
                    matched.groups(),
                    matched.aggregates(),
                    joins);
            // A COUNT(DISTINCT)'s column is a group key of the job, which a dimension's column may be.
            for (Aggregate a : plan.jobAggregates()) {
                java.util.Set<String> read = new java.util.LinkedHashSet<>();
                if (a.argument() != null) a.argument().collectColumns(read);
                for (String c : read) {
                    VirtualColumn v = VirtualColumn.parse(c);
                    if (v != null) {
                        throw new NotQualified("an aggregate over the dimension column " + v
                                + " (only the fact table's columns are measures)");
                    }
                }
            }
            for (String column : plan.columnTypes().keySet()) {
                ColumnType boundType = binding.columns().get(column);
                if (boundType != null && boundType.kind() == ColumnType.Kind.OTHER) {
                    // The planning database's copy of the table lacks what makes it so (a collation).
                    throw new NotQualified("the column " + column + " is " + boundType.name());
                }
            }
            SumBounds.check(statistics, session, plan, binding.oid());
            CountedStrings.check(statistics, session, plan, binding.oid());
            // Read before the rewrite, which replaces it. A view's WHERE has literals that are not in the text, and
            // filters DuckDB evaluates over a dictionary are not computed from literals: no template.
            // A star join's WHERE is not the text's: no template.
            // Nor are the literals of a derived group key (date_trunc's unit, substring's bounds) constants of a
            // template: they shape the column, as those of an expression over several columns do (a row column's);
            // and a comparison of two columns is no longer in the text's WHERE.
            Object where = viaView
                            || !predicates.isEmpty()
                            || star != null
                            || !derived.columns().isEmpty()
                            || !compared.isEmpty()
                            || !computed.isEmpty()
                    ? null
                    : SqlRewriter.aggregatingWhere(tree, binding.table());
            String relation = newRelation();
            String rewritten = SqlRewriter.rewrite(
                    session, db.connection(), tree, plan, relation, names, names == null ? optimized.namesSql() : null);
            PlannedQuery planned = new PlannedQuery(
                    bound,
                    plan,
                    null,
                    rewritten,
                    relation,
                    (System.nanoTime() - t0) / 1000,
                    new PlannedQuery.LastRun(),
                    false,
                    false);
            return new Full(
                    planned, literals == null || where == null ? null : PlanTemplate.of(literals, where, planned));
        } catch (NotQualified e) {
            return new Full(PlannedQuery.notQualified(bound, e, (System.nanoTime() - t0) / 1000), null);
        } catch (SQLException e) {
            // DuckDB raised it while planning: it may raise it when running the statement too.
            return new Full(
                    PlannedQuery.notQualified(
                            bound, new NotQualified("planning failed: " + e, true), (System.nanoTime() - t0) / 1000),
                    null);
        } catch (RuntimeException | StackOverflowError e) {
            return new Full(
                    PlannedQuery.notQualified(
                            bound, new NotQualified("planning failed: " + e), (System.nanoTime() - t0) / 1000),
                    null);
        } finally {
            if (parse != null && !parse.task.isDone()) {
                // Left running where planning ended before its guess was needed: the planning database is the
                // guess's until it ends, so its next use waits for it (planning()), not this statement.
                parse.abandoned = true;
                inFlight = parse.task;
            }
        }
    }

    /** A table as a statement's text names it, as it was bound there last, with its replica ({@link Parse}). */
    private record Guess(TableRef table, String replica) {}

    /** Guesses by the table as written ({@link SqlRewriter#writtenTable}), read by {@link Parse}'s thread. */
    private final Map<String, Guess> guesses = new java.util.concurrent.ConcurrentHashMap<>();

    /** A {@link Parse} left running by the statement that started it, which the planning database's next use awaits. */
    private Future<?> inFlight;

    /**
     * An optimized plan made on a {@link Guess}, the parse tree it was made from, written out, and the names of the
     * aggregating SELECT's columns ({@code null}: not made).
     */
    private record Speculated(String tree, Guess guess, Optimized optimized, List<String> names) {}

    /**
     * A new statement's parse on the planning database, beside the session's bind, and then its optimized plan made
     * on the guess that the table its text names binds as it did last time: the bind and the optimize, 1-3 ms each on
     * the H200 host, overlap. The guess is taken only where the bind confirms it ({@link #confirmed}).
     */
    private final class Parse {
        final CompletableFuture<Map<String, Object>> tree = new CompletableFuture<>();
        final Future<Speculated> task;
        /** Set where planning ended before the guess was needed: it is not made then. */
        volatile boolean abandoned;

        Parse(PlanningDatabase db, String text) {
            task = PARSER.submit(() -> run(db, text));
        }

        private Speculated run(PlanningDatabase db, String text) throws SQLException, NotQualified {
            Map<String, Object> parsed;
            try {
                parsed = SqlRewriter.parse(db.connection(), text);
            } catch (SQLException | NotQualified | RuntimeException | Error e) {
                tree.completeExceptionally(e);
                return null;
            }
            String written = SqlRewriter.writtenTable(parsed);
            Guess guess = written == null ? null : guesses.get(written);
            String json = guess == null ? null : Json.write(parsed);
            tree.complete(parsed); // the planner's from here on: only the copy written out is read below
            if (guess == null || abandoned) return null;
            Map<String, Object> copy = SqlRewriter.asMap(Json.parse(json));
            Map<String, Object> namesTree = SqlRewriter.namesTree(copy, guess.table());
            // The columns are named on a connection of their own while this one optimizes, where the session named
            // them after the optimize: the tree goes written out, since the optimize redirects its own copy in place.
            Future<List<String>> naming = namesTree == null
                    ? null
                    : PARSER.submit(() -> db.names(Json.write(namesTree), guess.table(), guess.replica()));
            Optimized made;
            try {
                made = optimized(db, copy, guess.table(), guess.replica(), null);
            } finally {
                if (naming != null) awaitQuietly(naming);
            }
            // Names that failed here are made in the session by the rewrite, which raises what is DuckDB's to raise.
            List<String> names = naming != null && naming.state() == Future.State.SUCCESS ? naming.resultNow() : null;
            return new Speculated(json, guess, made, names);
        }
    }

    /** What {@code parse} made on its guess, once it ended; {@code null}: nothing (no guess, or it failed). */
    private static Speculated guessed(Parse parse) throws SQLException {
        if (parse == null) return null;
        try {
            return parse.task.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while planning", e);
        } catch (ExecutionException e) {
            return null; // made here, which raises what is DuckDB's to raise
        }
    }

    /**
     * What was made on a guess (the optimized plan, the names), where the statement bound to the guessed table and
     * replica and planning left its parse tree as parsed (they depend on nothing else); {@code null}: made here.
     */
    private static Speculated confirmed(Speculated made, Map<String, Object> tree, TableRef table, String replica) {
        return made != null
                        && made.guess().table().equals(table)
                        && made.guess().replica().equals(replica)
                        && made.tree().equals(Json.write(tree))
                ? made
                : null;
    }

    private void awaitInFlight() {
        if (inFlight != null) {
            awaitQuietly(inFlight);
            inFlight = null;
        }
    }

    /**
     * Parses beside the session's bind ({@link #planFully}), and names a guess's columns beside its optimize
     * ({@link PlanningDatabase#names}); daemon threads, made as needed and kept a while.
     */
    private static final ExecutorService PARSER = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "raydb-parse");
        t.setDaemon(true);
        return t;
    });

    private static <T> T joined(Future<T> running) throws SQLException, NotQualified {
        try {
            return running.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while planning", e);
        } catch (ExecutionException e) {
            switch (e.getCause()) {
                case SQLException s -> throw s;
                case NotQualified n -> throw n;
                case RuntimeException r -> throw r;
                case Error r -> throw r;
                default -> throw new SQLException(e.getCause());
            }
        }
    }

    private static void awaitQuietly(Future<?> parsing) {
        boolean interrupted = false;
        while (true) {
            try {
                parsing.get();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            } catch (ExecutionException e) {
                break;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }

    private static final String AGGREGATE = "\"LOGICAL_AGGREGATE_AND_GROUP_BY\"";

    private static List<Scan> scans(TableBinding.Bound bound) {
        List<Scan> out = new ArrayList<>();
        for (int i = 0; i < bound.refs().size(); i++) {
            List<?> names = (List<?>) bound.gets().get(i).raw("names");
            out.add(new Scan(
                    bound.refs().get(i),
                    bound.reads().get(i),
                    names.stream().map(String::valueOf).toList()));
        }
        return out;
    }

    /** DuckDB's optimized plan of a statement, and the text of the names tree written out with it ({@code null}: none). */
    private record Optimized(String plan, String namesSql) {}

    private static final String OPTIMIZE =
            "SELECT json_serialize_plan(json_deserialize_sql(?::JSON), optimize := true)";
    private static final String OPTIMIZE_AND_NAME = OPTIMIZE + ", json_deserialize_sql(?::JSON)";

    /**
     * DuckDB's optimized plan of the statement, its table redirected to the planning database's replica, and the
     * text of {@code names} ({@link SqlRewriter#namesTree}; {@code null}: none): one call to DuckDB for what were
     * three (the redirected tree and the names tree each written out as SQL, then the plan).
     */
    private static Optimized optimized(
            PlanningDatabase db, Map<String, Object> tree, TableRef table, String replica, Map<String, Object> names)
            throws SQLException, NotQualified {
        String redirected = Json.write(db.redirect(SqlRewriter.copy(tree), table, replica));
        return HelperQueries.with(db.forPlanning(), names == null ? OPTIMIZE : OPTIMIZE_AND_NAME, p -> {
            p.setString(1, redirected);
            if (names != null) p.setString(2, Json.write(names));
            try (ResultSet rs = p.executeQuery()) {
                rs.next();
                return new Optimized(rs.getString(1), names == null ? null : rs.getString(2));
            }
        });
    }

    /**
     * The plan's filters with each join's own filter on its foreign key ({@link DimensionJoin#matchPredicate})
     * where no filter on one of its dimension's columns fails NULL, which a fact row meeting no dimension row holds.
     */
    private static List<ColumnFilter> withJoins(
            List<ColumnFilter> filters, List<DimensionJoin> joins, TableBinding binding) {
        Map<String, List<String>> predicates = new LinkedHashMap<>();
        for (DimensionJoin j : joins) {
            boolean implied = filters.stream().anyMatch(f -> {
                VirtualColumn v = VirtualColumn.parse(f.column());
                return v != null && j.impliedBy(v) && !f.values().accepts(null);
            });
            if (!implied) {
                predicates
                        .computeIfAbsent(j.foreignKey(), k -> new ArrayList<>())
                        .add(j.matchPredicate());
            }
        }
        Map<String, ColumnType> types = new LinkedHashMap<>(binding.columns());
        joins.forEach(
                j -> types.put(j.foreignKey(), j.keyType())); // a snowflake's second join starts from a virtual one
        return withPredicates(filters, predicates, types);
    }

    /** The plan's filters with the predicates DuckDB evaluates over dictionaries added to their columns. */
    private static List<ColumnFilter> withPredicates(
            List<ColumnFilter> filters, Map<String, List<String>> predicates, Map<String, ColumnType> types) {
        if (predicates.isEmpty()) return filters;
        List<ColumnFilter> out = new ArrayList<>();
        Map<String, List<String>> left = new LinkedHashMap<>(predicates);
        for (ColumnFilter f : filters) {
            List<String> p = left.remove(f.column());
            if (p == null) {
                out.add(f);
            } else {
                List<String> all = new ArrayList<>(f.predicates());
                all.addAll(p);
                out.add(new ColumnFilter(f.column(), f.type(), f.values(), all));
            }
        }
        left.forEach((column, p) -> out.add(
                new ColumnFilter(column, types.get(column), ValueSet.allValues().or(ValueSet.isNull()), p)));
        return out;
    }

    private PlanningDatabase planning() throws SQLException {
        awaitInFlight();
        if (planning == null) {
            planning = PlanningDatabase.open();
        }
        if (!settingsMirrored) {
            planning.mirrorSettings(sessionSettings());
            settingsMirrored = true;
        }
        return planning;
    }

    private Map<String, String> sessionSettings() throws SQLException {
        if (sessionSettings == null) {
            sessionSettings = PlanningDatabase.settings(session);
        }
        return sessionSettings;
    }

    /**
     * The parse tree of {@code sql} ({@link SqlRewriter#parse}), parsed on the planning database, whose prepared
     * parse query is kept: parsing reads no catalog or session.
     */
    public synchronized Map<String, Object> parse(String sql) throws SQLException, NotQualified {
        return SqlRewriter.parse(planning().connection(), sql);
    }

    /**
     * The connection on which DuckDB finishes this session's offloaded statements over their results: the planning
     * database's, with the session's settings and optimizers (nothing of the offload's is registered in the
     * application's database). Used by the thread that plans, between plans.
     */
    public synchronized Connection finishing() throws SQLException {
        return planning().forFinishing();
    }

    /**
     * The session's settings as this planner last read them, {@code null} where it has not since it last forgot
     * ({@link #clear()}): the same object until then.
     */
    public synchronized Map<String, String> settingsRead() {
        return sessionSettings;
    }

    /** The session's settings as they are now (one query). */
    public synchronized Map<String, String> settingsNow() throws SQLException {
        return PlanningDatabase.settings(session);
    }

    /**
     * The session's settings that change an offloaded aggregation's answer once it is planned (the order and collation
     * of its rows and groups, division in its expressions), as they are now: one query, each setting about 50 µs of it
     * on the 2-core build machine, where reading every setting ({@link #settingsNow}) takes milliseconds. Time zone
     * and calendar are not among them (the offload declines TIMESTAMP WITH TIME ZONE), nor the search path and schema,
     * which are a session's own and which its bind reflects.
     */
    public synchronized List<String> answerSettingsNow() throws SQLException {
        List<String> out = new ArrayList<>(ANSWER_SETTINGS.size());
        try (Statement st = session.createStatement();
                ResultSet rs = st.executeQuery(ANSWER_SETTINGS_QUERY)) {
            rs.next();
            for (int i = 1; i <= ANSWER_SETTINGS.size(); i++) out.add(rs.getString(i));
        }
        return out;
    }

    private static final List<String> ANSWER_SETTINGS = List.of(
            "default_order",
            "default_null_order",
            "default_collation",
            "integer_division",
            "ieee_floating_point_ops",
            "error_on_division_by_zero");
    private static final String ANSWER_SETTINGS_QUERY = "SELECT "
            + String.join(
                    ", ",
                    ANSWER_SETTINGS.stream()
                            .map(n -> "current_setting('" + n + "')")
                            .toList());

    /** Forgets every decision (after DDL or a setting change). */
    public synchronized void clear() {
        cache.clear();
        boundAs.clear();
        guesses.clear();
        statistics.clear();
        uniqueKeys.clear();
        templates.clear();
        held.clear();
        settingsMirrored = false;
        sessionSettings = null;
        epoch++;
    }

    @Override
    public synchronized void close() {
        awaitInFlight();
        if (planning != null) {
            planning.close();
        }
    }
}
