package org.raydb.offload.exec;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.raydb.jdbc.offload.QueryCancel;
import org.raydb.offload.build.BuildPhases;
import org.raydb.offload.build.BuiltOnce;
import org.raydb.offload.build.HeldBytes;
import org.raydb.offload.column.ColumnData;
import org.raydb.offload.encode.GroupCodes;
import org.raydb.offload.encode.SortedDictionary;
import org.raydb.offload.encode.UniformEncoding;
import org.raydb.offload.engine.OffloadJob;
import org.raydb.offload.index.BvhCatalog;
import org.raydb.offload.index.BvhKey;
import org.raydb.offload.index.SievingVectors;
import org.raydb.offload.plan.ColumnComparison;
import org.raydb.offload.plan.ColumnFilter;
import org.raydb.offload.plan.ColumnType;
import org.raydb.offload.plan.DerivedColumn;
import org.raydb.offload.plan.OffloadPlan;
import org.raydb.offload.plan.TableRef;
import org.raydb.offload.plan.VirtualColumn;

/**
 * One snapshot of a table as the offload holds it: the columns loaded so far and everything derived from
 * them (dictionaries, uniform encodings, sieving vectors, group codes, the BVH catalog), each built once on
 * first use ({@link BuiltOnce}: no lock is held while one builds). The whole object is replaced when the
 * table's {@link TableVersion} changes.
 */
public final class ResidentTable implements BvhCatalog.Encodings {

    /** Sieving vectors per column (RTScan's K). */
    public static final int SIEVING_VECTORS = 32;

    private final TableRef table;
    private final TableVersion version;
    private final Map<String, ColumnData> columns = new ConcurrentHashMap<>();
    private final Map<String, BuiltOnce<SortedDictionary>> dictionaries = new ConcurrentHashMap<>();
    private final Map<String, BuiltOnce<UniformEncoding>> uniform = new ConcurrentHashMap<>();
    private final Map<String, BuiltOnce<SievingVectors>> sieving = new ConcurrentHashMap<>();
    private final Map<List<String>, BuiltOnce<GroupCodes>> groupCodes = new ConcurrentHashMap<>();
    /** Packed group codes by key list (empty where the keys' code space is too large to pack). */
    private final Map<List<String>, java.util.Optional<GroupCodes>> packedGroups = new ConcurrentHashMap<>();

    private final BvhCatalog catalog = new BvhCatalog();
    /**
     * Plan shapes ({@link OffloadPlan#shape}) whose columns, encodings and engine inputs are built, with what of
     * the shape's own they read: dropping that ({@link #shed}) makes them scan again until rebuilt.
     */
    private final Map<Object, ShapeParts> ready = new ConcurrentHashMap<>();

    /**
     * How long a ready shape must have gone unasked before {@link #shed} may take its index: shapes that take
     * turns (a dashboard's, the SSB bench's 13) must not evict each other in a cycle, each rebuilt before its
     * next query; under that much pressure the shapes built last scan instead.
     */
    public static final long IDLE_BEFORE_SHED_NANOS = 60_000_000_000L;

    /**
     * Shapes whose own index a build could not make room for, where nothing scans them either: why, and when. Until
     * {@link #IDLE_BEFORE_SHED_NANOS} later (the soonest the other shapes can give theirs back) their queries say
     * so, rather than starting a build that would end the same way.
     */
    private final Map<Object, Refusal> refused = new ConcurrentHashMap<>();

    private record Refusal(String reason, long at) {}

    /** A ready shape's catalog entry (null: it scans with RTScan), group keys, and when it was last asked. */
    private static final class ShapeParts {
        final BvhKey entry;
        final List<String> groupKeys;
        volatile long lastUsed = System.nanoTime();

        ShapeParts(BvhKey entry, List<String> groupKeys) {
            this.entry = entry;
            this.groupKeys = groupKeys;
        }
    }
    /** Loads one at a time, so that two queries never scan the same columns twice or mix their rows. */
    private final ReentrantLock loading = new ReentrantLock();

    private volatile int rows = -1;
    /** No longer held by its cache (replaced, evicted or cleared): whoever kept it should let it go. */
    private volatile boolean retired;

    public ResidentTable(TableRef table, TableVersion version) {
        this.table = table;
        this.version = version;
    }

    /** What the table's data was when this snapshot began (its columns load later, see {@link #ensureLoaded}). */
    public TableVersion version() {
        return version;
    }

    public TableRef table() {
        return table;
    }

    /** Its cache let it go: a newer snapshot replaces it, or the host budget or a write dropped it. */
    void retire() {
        retired = true;
        RETIREMENTS.incrementAndGet();
    }

    private static final AtomicLong RETIREMENTS = new AtomicLong();

    /**
     * How many snapshots of the process were retired so far: what holds jobs on snapshots looks for retired ones
     * only when it changed since it last looked.
     */
    public static long retirements() {
        return RETIREMENTS.get();
    }

    /** Whether its cache let it go ({@link #retire}): a job prepared on it only keeps its memory alive. */
    public boolean retired() {
        return retired;
    }

    /**
     * Makes sure the named columns are loaded (one scan for all missing ones); whether it loaded any. A cancel
     * stops the wait for another query's load as well as this one's (a cancelled load keeps nothing).
     */
    public boolean ensureLoaded(
            Connection connection, Map<String, ColumnType> wanted, BufferAllocator allocator, QueryCancel cancel)
            throws SQLException {
        if (hasLoaded(wanted.keySet())) {
            return false; // without the lock: a load of other columns must not hold up a query that needs none
        }
        lock(cancel);
        try {
            return loadMissing(connection, wanted, allocator, cancel);
        } finally {
            loading.unlock();
        }
    }

    private void lock(QueryCancel cancel) throws SQLException {
        try {
            while (!loading.tryLock(50, TimeUnit.MILLISECONDS)) {
                cancel.check();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw QueryCancel.interrupted();
        }
    }

    private boolean loadMissing(
            Connection connection, Map<String, ColumnType> wanted, BufferAllocator allocator, QueryCancel cancel)
            throws SQLException {
        List<String> names = new ArrayList<>();
        List<ColumnType> types = new ArrayList<>();
        wanted.forEach((name, type) -> {
            if (!columns.containsKey(name)) {
                names.add(name);
                types.add(type);
            }
        });
        if (names.isEmpty() && rows >= 0) {
            return false;
        }
        // A star join's dimension columns are gathered through foreign keys loaded first (its plan reads them),
        // and computed group keys from their sources, loaded or gathered before them.
        List<String> virtualNames = new ArrayList<>();
        List<ColumnType> virtualTypes = new ArrayList<>();
        List<String> derivedNames = new ArrayList<>();
        for (int i = names.size() - 1; i >= 0; i--) {
            if (VirtualColumn.parse(names.get(i)) != null) {
                virtualNames.add(0, names.remove(i));
                virtualTypes.add(0, types.remove(i));
            } else if (DerivedColumn.parse(names.get(i)) != null || ColumnComparison.parse(names.get(i)) != null) {
                derivedNames.add(0, names.remove(i));
                types.remove(i);
            }
        }
        List<ColumnData> loaded = new ArrayList<>();
        try (BuildPhases.Span _ = BuildPhases.start(BuildPhases.Phase.LOAD)) {
            // A bare count(*) reads no column: only the row count below.
            if (!names.isEmpty()) {
                loaded.addAll(ColumnLoader.load(connection, table, names, types, allocator, cancel));
            }
            // Chains one join at a time: a column two joins away is gathered through one a join away.
            Map<String, ColumnData> justLoaded = new java.util.HashMap<>();
            loaded.forEach(c -> justLoaded.put(c.name(), c));
            for (int joins = 1; !virtualNames.isEmpty(); joins++) {
                List<String> level = new ArrayList<>();
                List<ColumnType> levelTypes = new ArrayList<>();
                for (int i = virtualNames.size() - 1; i >= 0; i--) {
                    if (VirtualColumn.parse(virtualNames.get(i)).path().size() == joins) {
                        level.add(0, virtualNames.remove(i));
                        levelTypes.add(0, virtualTypes.remove(i));
                    }
                }
                if (level.isEmpty()) continue;
                for (ColumnData c : DimensionGather.gather(
                        connection,
                        table,
                        fk -> justLoaded.containsKey(fk) ? justLoaded.get(fk) : column(fk),
                        level,
                        levelTypes,
                        allocator,
                        cancel)) {
                    loaded.add(c);
                    justLoaded.put(c.name(), c);
                }
            }
            java.util.function.Function<String, ColumnData> loadedColumn =
                    c -> justLoaded.containsKey(c) ? justLoaded.get(c) : column(c);
            for (String name : derivedNames) {
                DerivedColumn d = DerivedColumn.parse(name);
                ColumnComparison c = ColumnComparison.parse(name);
                loaded.add(
                        d != null
                                ? DerivedValues.compute(connection, loadedColumn.apply(d.source()), d, name)
                                : ComparedValues.compute(
                                        loadedColumn.apply(c.left()), loadedColumn.apply(c.right()), c, name));
            }
        }
        for (ColumnData c : loaded) {
            if (rows >= 0 && c.rows() != rows) {
                throw new SQLException("table " + table + " changed under the offload cache", "40001");
            }
        }
        int count = rows >= 0
                ? rows
                : loaded.isEmpty()
                        ? countRows(connection, cancel)
                        : loaded.get(0).rows();
        for (ColumnData c : loaded) {
            columns.put(c.name(), c);
        }
        HeldBytes.changed();
        rows = count;
        return true;
    }

    /**
     * Records that {@code shape}'s index cannot be built here, and why: it found no room in the host budget, or a
     * column it computes failed to load.
     */
    public void refuseIndex(Object shape, String reason) {
        refused.put(shape, new Refusal(reason, System.nanoTime()));
    }

    /** Why {@code shape}'s index was refused lately, or {@code null}: never, or long enough ago to try again. */
    public String indexRefusal(Object shape) {
        Refusal r = refused.get(shape);
        return r == null || System.nanoTime() - r.at() > IDLE_BEFORE_SHED_NANOS ? null : r.reason();
    }

    /** Whether a query of this shape finds everything it needs built (a run of it marked it so). */
    public boolean ready(Object shape) {
        ShapeParts parts = ready.get(shape);
        if (parts == null) return false;
        parts.lastUsed = System.nanoTime();
        return true;
    }

    /**
     * A run of {@code job}, the plan's, built everything its shape needs: later queries of the shape build nothing
     * (until what it read is dropped).
     */
    public void markReady(OffloadPlan plan, PreparedJob job) {
        OffloadJob j = job.job();
        List<String> keys = j.groups().isPacked()
                ? null
                : plan.groups().stream().map(g -> g.column()).toList();
        ready.put(
                plan.shape(),
                new ShapeParts(j.scene() == null ? null : j.scene().key(), keys));
    }

    /** {@code shape} needs building again: what a run of it reads on the GPU was evicted since it was ready. */
    public void unready(Object shape) {
        ready.remove(shape);
    }

    @Override
    public void dropped(BvhKey key) {
        ready.values().removeIf(p -> key.equals(p.entry));
    }

    /**
     * Gives back at least {@code bytes} of host memory where it can without touching what queries scan (columns
     * and their encodings): the catalog entries and group codes of shapes unasked for {@code idleNanos}, those
     * unasked longest first, which then scan until a query of theirs rebuilds them. The bytes given back.
     */
    public long shed(long bytes, long idleNanos) {
        long now = System.nanoTime();
        List<Map.Entry<Object, ShapeParts>> idle = new ArrayList<>();
        for (Map.Entry<Object, ShapeParts> e : ready.entrySet()) {
            if (now - e.getValue().lastUsed >= idleNanos) idle.add(e);
        }
        idle.sort(java.util.Comparator.comparingLong(e -> e.getValue().lastUsed));
        long freed = 0;
        for (Map.Entry<Object, ShapeParts> e : idle) {
            if (freed >= bytes) break;
            ShapeParts parts = e.getValue();
            if (!ready.remove(e.getKey(), parts)) continue;
            if (parts.entry != null && ready.values().stream().noneMatch(p -> parts.entry.equals(p.entry))) {
                freed += catalog.drop(parts.entry);
            }
            if (parts.groupKeys != null
                    && !parts.groupKeys.isEmpty()
                    && ready.values().stream().noneMatch(p -> parts.groupKeys.equals(p.groupKeys))) {
                BuiltOnce<GroupCodes> codes = groupCodes.remove(parts.groupKeys);
                HeldBytes.changed();
                GroupCodes built = codes == null ? null : codes.ifBuilt();
                freed += built == null ? 0 : built.bytes();
            }
        }
        return freed;
    }

    /**
     * Host bytes a build of {@code plan}'s shape adds to {@code table} (null: not held yet) of {@code rows},
     * estimated before it starts from what the snapshot does not hold yet: each column not loaded in its
     * storage form (4 bytes a row where it {@link ColumnData#holdsInts holds ints} or is a string column's
     * codes, else 8), a filtered or grouped column's dictionary codes (4 bytes a row) unless built, the group
     * codes (4) unless built for these keys, and an index entry (Z codes, group codes in its order and the
     * order itself: 12). Counting shared columns and encodings again for every shape refused shapes that
     * fitted: at SF 20 in a 32 GiB budget the last three SSB queries.
     */
    public static long buildBytes(ResidentTable table, OffloadPlan plan, long rows) {
        return buildBytes(table, plan, rows, true);
    }

    /**
     * {@link #buildBytes}, or with {@code index} false what only the scan of the shape needs: its columns and
     * their dictionaries, without its own index and group codes.
     */
    public static long buildBytes(ResidentTable table, OffloadPlan plan, long rows, boolean index) {
        List<String> groups = plan.groups().stream().map(g -> g.column()).toList();
        long perRow = index ? 12 : 0;
        BuiltOnce<GroupCodes> codes = table == null ? null : table.groupCodes.get(groups);
        if (index && (codes == null || codes.ifBuilt() == null)) {
            perRow += 4;
        }
        Set<String> coded = new java.util.HashSet<>(groups);
        plan.filters().forEach(f -> coded.add(f.column()));
        for (Map.Entry<String, ColumnType> c : plan.columnTypes().entrySet()) {
            if (table == null || !table.columns.containsKey(c.getKey())) {
                ColumnType type = c.getValue();
                perRow += ColumnData.holdsInts(type) || type.kind() == ColumnType.Kind.VARCHAR ? 4 : 8;
            }
            BuiltOnce<SortedDictionary> dictionary = table == null ? null : table.dictionaries.get(c.getKey());
            if (coded.contains(c.getKey()) && (dictionary == null || dictionary.ifBuilt() == null)) {
                perRow += 4;
            }
        }
        return Math.multiplyHigh(rows, perRow) != 0 ? Long.MAX_VALUE : rows * perRow;
    }

    /** Whether every named column is loaded already. */
    public boolean hasLoaded(Set<String> names) {
        return rows >= 0 && columns.keySet().containsAll(names);
    }

    /** The table's columns as a session bound it, by lower-cased name; {@code null} until one told them. */
    private volatile Map<String, String> names;

    /** Tells the table's columns, as a session bound them (they are this snapshot's: its version is the schema's). */
    public void named(List<String> columns) {
        if (names != null) return;
        Map<String, String> byLowerCase = new java.util.HashMap<>();
        columns.forEach(c -> byLowerCase.put(c.toLowerCase(java.util.Locale.ROOT), c));
        names = byLowerCase;
    }

    /**
     * Whether one of {@code words} (lower-cased) is a column of the table that is not loaded here; false while the
     * columns are not {@link #named}.
     */
    public boolean unloadedAmong(Set<String> words) {
        Map<String, String> known = names;
        if (known == null) return false;
        for (String w : words) {
            String column = known.get(w);
            if (column != null && (rows < 0 || !columns.containsKey(column))) return true;
        }
        return false;
    }

    /** The measures statements' texts asked of this snapshot ({@link #askMeasures}). */
    private final Set<String> measuresAsked = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /**
     * Remembers that a statement asks this snapshot for {@code measures} (aggregates' arguments as its text writes
     * them); whether one of them was asked for the first time. A measure is made resident on a GPU only by the
     * build of a statement that asks for it, so one that no statement asked for is not resident yet.
     */
    public boolean askMeasures(Set<String> measures) {
        boolean first = false;
        for (String m : measures) {
            first |= measuresAsked.add(m);
        }
        return first;
    }

    /**
     * Whether every one of {@code read}, columns of the dimension table {@code dimension}, is loaded here as part
     * of a virtual column: its last column, or a key or foreign key one of its joins meets it by.
     */
    public boolean hasGathered(TableRef dimension, Set<String> read) {
        if (rows < 0 || !dimension.catalog().equals(table.catalog())) return false;
        Set<String> met = new java.util.HashSet<>();
        for (String name : columns.keySet()) {
            VirtualColumn v = VirtualColumn.parse(name);
            if (v == null) continue;
            List<VirtualColumn.Hop> path = v.path();
            for (int i = 0; i < path.size(); i++) {
                VirtualColumn.Hop hop = path.get(i);
                if (hop.schema().equals(dimension.schema()) && hop.table().equals(dimension.name())) {
                    met.add(hop.key());
                    met.add(i + 1 < path.size() ? path.get(i + 1).foreignKey() : v.column());
                }
            }
        }
        return met.containsAll(read);
    }

    private int countRows(Connection connection, QueryCancel cancel) throws SQLException {
        try (var st = connection.createStatement();
                QueryCancel.Watch _ = cancel.watch(st);
                var rs = st.executeQuery("SELECT count(*) FROM " + table.sql())) {
            rs.next();
            return Math.toIntExact(rs.getLong(1));
        }
    }

    public int rows() {
        return rows;
    }

    public ColumnData column(String name) {
        ColumnData c = columns.get(name);
        if (c == null) {
            throw new IllegalStateException("column " + name + " not loaded");
        }
        return c;
    }

    @Override
    public SortedDictionary dictionary(String column) {
        return once(
                dictionaries, column, c -> timed(BuildPhases.Phase.ENCODE, () -> SortedDictionary.build(column(c))));
    }

    public UniformEncoding uniform(String column) {
        return once(uniform, column, c -> {
            SortedDictionary d = dictionary(c);
            return timed(BuildPhases.Phase.ENCODE, () -> UniformEncoding.build(d));
        });
    }

    public SievingVectors sieving(String column) {
        return once(sieving, column, c -> {
            UniformEncoding u = uniform(c);
            return timed(BuildPhases.Phase.SIEVING, () -> SievingVectors.build(u, SIEVING_VECTORS));
        });
    }

    @Override
    public GroupCodes groupCodes(List<String> keys) {
        return once(groupCodes, List.copyOf(keys), k -> {
            SortedDictionary[] dicts = k.stream().map(this::dictionary).toArray(SortedDictionary[]::new);
            return timed(BuildPhases.Phase.GROUP_CODES, () -> GroupCodes.build(dicts, rows));
        });
    }

    /**
     * The keys' {@link GroupCodes#packed packed} group codes (one object per key list, so that device copies
     * keyed by it are shared), or null where their code space is too large to pack.
     */
    public GroupCodes packedGroups(List<String> keys) {
        java.util.Optional<GroupCodes> packed = packedGroups.get(keys);
        if (packed == null) {
            packed = packedGroups.computeIfAbsent(
                    List.copyOf(keys),
                    k -> java.util.Optional.ofNullable(GroupCodes.packed(
                            k.stream().map(this::dictionary).toArray(SortedDictionary[]::new), rows)));
            HeldBytes.changed();
        }
        return packed.orElse(null);
    }

    /**
     * Whether a query of {@code plan}'s shape can run now by a full scan of what this snapshot holds, without
     * building anything of its own on the host: its columns loaded, its filtered and grouped columns'
     * dictionaries built (a full scan selects and groups by their codes), and its group keys' code space small
     * enough to pack. Its measures are evaluated on first use of each expression.
     */
    public boolean scansNow(OffloadPlan plan) {
        if (!hasLoaded(plan.columnTypes().keySet())) {
            return false;
        }
        for (ColumnFilter f : plan.filters()) {
            if (!built(dictionaries, f.column())) {
                return false;
            }
        }
        List<String> keys = plan.groups().stream().map(g -> g.column()).toList();
        for (String k : keys) {
            if (!built(dictionaries, k)) {
                return false;
            }
        }
        return keys.isEmpty() || packedGroups(keys) != null;
    }

    /** Builds the dictionaries {@link #scansNow} asks of {@code plan}'s shape (its columns loaded). */
    public void buildScanDictionaries(OffloadPlan plan) {
        plan.filters().forEach(f -> dictionary(f.column()));
        plan.groups().forEach(g -> dictionary(g.column()));
    }

    private static <K, V> boolean built(Map<K, BuiltOnce<V>> map, K key) {
        BuiltOnce<V> b = map.get(key);
        return b != null && b.ifBuilt() != null;
    }

    private static <K, V> V once(Map<K, BuiltOnce<V>> built, K key, Function<K, V> build) {
        return built.computeIfAbsent(key, k -> new BuiltOnce<>()).get(() -> build.apply(key));
    }

    private static <T> T timed(BuildPhases.Phase phase, java.util.function.Supplier<T> build) {
        try (BuildPhases.Span _ = BuildPhases.start(phase)) {
            return build.get();
        }
    }

    public BvhCatalog catalog() {
        return catalog;
    }

    /** Host bytes held for this snapshot (columns and indexes). */
    public long bytes() {
        long b = catalog.bytes();
        for (ColumnData c : columns.values()) {
            b += c.bytes();
        }
        b += builtBytes(sieving.values(), SievingVectors::bytes);
        b += builtBytes(dictionaries.values(), SortedDictionary::bytes);
        b += builtBytes(uniform.values(), UniformEncoding::bytes);
        b += builtBytes(groupCodes.values(), GroupCodes::bytes);
        for (java.util.Optional<GroupCodes> p : packedGroups.values()) {
            b += p.map(GroupCodes::bytes).orElse(0L);
        }
        return b;
    }

    private static <T> long builtBytes(
            java.util.Collection<BuiltOnce<T>> values, java.util.function.ToLongFunction<T> bytes) {
        long b = 0;
        for (BuiltOnce<T> v : values) {
            T built = v.ifBuilt();
            b += built == null ? 0 : bytes.applyAsLong(built);
        }
        return b;
    }
}
