package org.raydb.offload.exec;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.raydb.offload.encode.GroupCodes;
import org.raydb.offload.encode.SortedDictionary;
import org.raydb.offload.encode.UniformEncoding;
import org.raydb.offload.index.BvhCatalog;
import org.raydb.offload.index.SievingVectors;
import org.raydb.offload.plan.ColumnType;
import org.raydb.offload.plan.TableRef;

/**
 * One snapshot of a table as the offload holds it: the columns loaded so far and everything derived from
 * them (dictionaries, uniform encodings, sieving vectors, group codes, the BVH catalog), each built once on
 * first use. The whole object is replaced when the table's {@link TableVersion} changes.
 */
public final class ResidentTable implements BvhCatalog.Encodings {

    /** Sieving vectors per column (RTScan's K). */
    public static final int SIEVING_VECTORS = 32;

    private final TableRef table;
    private final TableVersion version;
    private final Map<String, ColumnData> columns = new HashMap<>();
    private final Map<String, SortedDictionary> dictionaries = new HashMap<>();
    private final Map<String, UniformEncoding> uniform = new HashMap<>();
    private final Map<String, SievingVectors> sieving = new HashMap<>();
    private final Map<List<String>, GroupCodes> groupCodes = new HashMap<>();
    private final BvhCatalog catalog = new BvhCatalog();
    private int rows = -1;

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

    /** Makes sure the named columns are loaded (one scan for all missing ones); whether it loaded any. */
    public synchronized boolean ensureLoaded(Connection connection, Map<String, ColumnType> wanted,
            BufferAllocator allocator) throws SQLException {
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
        List<ColumnData> loaded;
        try (BuildPhases.Span _ = BuildPhases.start(BuildPhases.Phase.LOAD)) {
            loaded = ColumnLoader.load(connection, table, names, types, allocator);
        }
        for (ColumnData c : loaded) {
            if (rows >= 0 && c.rows() != rows) {
                throw new SQLException("table " + table + " changed under the offload cache", "40001");
            }
            columns.put(c.name(), c);
        }
        if (rows < 0) {
            rows = loaded.isEmpty() ? countRows(connection) : loaded.get(0).rows();
        }
        return true;
    }

    /** Whether every named column is loaded already. */
    public synchronized boolean hasLoaded(Set<String> names) {
        return rows >= 0 && columns.keySet().containsAll(names);
    }

    private int countRows(Connection connection) throws SQLException {
        try (var st = connection.createStatement();
                var rs = st.executeQuery("SELECT count(*) FROM " + table.sql())) {
            rs.next();
            return Math.toIntExact(rs.getLong(1));
        }
    }

    public synchronized int rows() {
        return rows;
    }

    public synchronized ColumnData column(String name) {
        ColumnData c = columns.get(name);
        if (c == null) {
            throw new IllegalStateException("column " + name + " not loaded");
        }
        return c;
    }

    @Override
    public synchronized SortedDictionary dictionary(String column) {
        return dictionaries.computeIfAbsent(column, c -> timed(BuildPhases.Phase.ENCODE,
                () -> SortedDictionary.build(column(c))));
    }

    public synchronized UniformEncoding uniform(String column) {
        return uniform.computeIfAbsent(column, c -> {
            SortedDictionary d = dictionary(c);
            return timed(BuildPhases.Phase.ENCODE, () -> UniformEncoding.build(d));
        });
    }

    public synchronized SievingVectors sieving(String column) {
        return sieving.computeIfAbsent(column, c -> {
            UniformEncoding u = uniform(c);
            return timed(BuildPhases.Phase.SIEVING, () -> SievingVectors.build(u, SIEVING_VECTORS));
        });
    }

    @Override
    public synchronized GroupCodes groupCodes(List<String> keys) {
        return groupCodes.computeIfAbsent(List.copyOf(keys), k -> {
            SortedDictionary[] dicts = k.stream().map(this::dictionary).toArray(SortedDictionary[]::new);
            return timed(BuildPhases.Phase.GROUP_CODES, () -> GroupCodes.build(dicts, rows));
        });
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
    public synchronized long bytes() {
        long b = catalog.bytes();
        for (ColumnData c : columns.values()) {
            b += c.bytes();
        }
        for (SievingVectors s : sieving.values()) {
            b += s.bytes();
        }
        for (SortedDictionary d : dictionaries.values()) {
            b += d.bytes();
        }
        for (UniformEncoding u : uniform.values()) {
            b += u.bytes();
        }
        for (GroupCodes g : groupCodes.values()) {
            b += g.bytes();
        }
        return b;
    }
}
