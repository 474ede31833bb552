package org.raydb.offload.exec;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.apache.arrow.memory.BufferAllocator;
import org.duckdb.DuckDBConnection;
import org.raydb.arrow.DuckDbArrowReader;
import org.raydb.jdbc.offload.QueryCancel;
import org.raydb.offload.column.ColumnData;
import org.raydb.offload.plan.ColumnType;
import org.raydb.offload.plan.RowColumn;
import org.raydb.offload.plan.TableRef;
import org.raydb.offload.plan.Utf8Order;

/**
 * Loads table columns from DuckDB through Arrow into {@link ColumnData}, with one scan for all of them.
 * DuckDB does the per-row work it is fastest at: for a VARCHAR column it lists the distinct values with
 * their {@code hash()}, Java sorts those few in UTF-8 byte order, and the scan exports each row's hash
 * (see {@link StringHashes}), so no string crosses into Java per row. Numbers arrive as Arrow buffers and
 * are copied in bulk. A large table is exported in rowid ranges at once, one reader per core (per worker in a
 * background build's pool). A cancel interrupts DuckDB's statements and stops the copies between batches.
 */
public final class ColumnLoader {

    /**
     * Rows per Arrow batch. A background export gives way to the application's statements only between batches, so a
     * batch is what a statement that starts meanwhile meets of each reader: a few milliseconds at this size, where
     * the per-batch import cost is still small against the copies.
     */
    private static final int BATCH = 1 << 17;
    /** Rows per part of a parallel export, at least: below it, one reader is as fast. */
    static final int PART_ROWS = 1 << 15;
    /**
     * Parts of a parallel export at most, one per core up to 16: each part's Arrow conversion runs on its
     * reading thread, so fewer parts than cores leave cores idle. Each part holds one batch of
     * {@link #BATCH} rows at a time (8 bytes per column and row), and re-reads the rowid column to find its
     * range, which costs little beside the columns.
     */
    static final int MAX_PARTS = Math.min(16, Runtime.getRuntime().availableProcessors());

    /**
     * The parts an export may run at once here: {@link #MAX_PARTS}, and inside a pool of workers no more than it has,
     * as the load's parallel streams: a background build runs on its own quarter of the cores so that DuckDB's
     * answers meanwhile keep the rest, and its export, one reader converting per part, was its heaviest step.
     */
    static int maxParts() {
        ForkJoinPool pool = ForkJoinTask.getPool();
        return pool == null ? MAX_PARTS : Math.max(1, Math.min(MAX_PARTS, pool.getParallelism()));
    }

    /** Above this many distinct values a VARCHAR column travels as strings (its list comes through JDBC). */
    static final int DICTIONARY_LIMIT = 1 << 16;

    private ColumnLoader() {}

    /** Loads {@code names} (with their plan types) of {@code table}, in DuckDB's scan order. */
    public static List<ColumnData> load(
            Connection connection,
            TableRef table,
            List<String> names,
            List<ColumnType> types,
            BufferAllocator allocator,
            QueryCancel cancel)
            throws SQLException {
        int rows = Math.toIntExact(single(connection, "SELECT count(*) FROM " + table.sql(), cancel));
        StringHashes[] dictionaries = new StringHashes[names.size()];
        StringBuilder select = new StringBuilder();
        for (int i = 0; i < names.size(); i++) {
            // A row column is computed here, by the export's SELECT, from the table's columns its expression reads.
            RowColumn computed = RowColumn.parse(names.get(i));
            String column = computed != null ? "(" + computed.expression() + ")" : TableRef.quote(names.get(i));
            String expression = column;
            if (types.get(i).kind() == ColumnType.Kind.VARCHAR) {
                dictionaries[i] = dictionary(connection, table, column, cancel);
                if (dictionaries[i] != null) {
                    expression = "CASE WHEN " + column + " IS NOT NULL THEN hash(" + column + ") END";
                }
            }
            select.append(i == 0 ? "" : ", ").append(expression).append(" AS c").append(i);
        }
        // The readers' arrays at once: a fresh array's first touch (page faults, zeroing) runs on the allocating
        // thread at well under a GB/s, seconds for a few columns at SF 20, so one thread per column.
        List<ArrowColumnReader> readers = IntStream.range(0, names.size())
                .parallel()
                .mapToObj(i -> new ArrowColumnReader(names.get(i), types.get(i), rows, dictionaries[i]))
                .toList();
        // Every load of one snapshot must line up row by row: DuckDB keeps a scan in insertion order unless
        // told not to, and only then does the order need a sort.
        String order = insertionOrderKept(connection, cancel) ? "" : " ORDER BY rowid";
        String sql = "SELECT " + select + " FROM " + table.sql();
        List<Part> parts = parts(connection, table, rows, cancel);
        if (parts.size() == 1) {
            scan(connection, sql + order, 0, rows, readers, allocator, table, cancel);
        } else {
            scanInParallel(connection, sql, order, parts, readers, allocator, table, cancel);
        }
        List<ColumnData> out = new ArrayList<>();
        for (ArrowColumnReader reader : readers) {
            out.add(reader.build(table));
        }
        return out;
    }

    /** A range of rowids {@code [from, to)} and where its rows go: {@code rows} rows from {@code offset}. */
    private record Part(long from, long to, int offset, int rows) {}

    /**
     * The table cut into rowid ranges of at least {@link #PART_ROWS} rows, at most {@link #maxParts}, when its
     * rowids are dense (no deletes left gaps), so that each range's rows and their place are known; otherwise
     * (or for a small table) one part.
     */
    private static List<Part> parts(Connection connection, TableRef table, int rows, QueryCancel cancel)
            throws SQLException {
        int count = Math.max(1, Math.min(maxParts(), rows / PART_ROWS));
        if (count > 1) {
            try (Statement st = connection.createStatement();
                    QueryCancel.Watch _ = cancel.watch(st);
                    ResultSet rs = st.executeQuery("SELECT min(rowid), max(rowid) FROM " + table.sql())) {
                rs.next();
                long min = rs.getLong(1);
                if (rs.getLong(2) - min + 1 == rows) {
                    List<Part> parts = new ArrayList<>();
                    for (int p = 0; p < count; p++) {
                        int from = (int) ((long) rows * p / count);
                        int to = (int) ((long) rows * (p + 1) / count);
                        parts.add(new Part(min + from, min + to, from, to - from));
                    }
                    return parts;
                }
            }
        }
        return List.of(new Part(0, 0, 0, rows));
    }

    /**
     * Exports the parts at once, each through its own connection to the database: DuckDB's conversion of a
     * result to Arrow runs on the thread that reads it, so one reader would leave the other cores idle.
     */
    private static void scanInParallel(
            Connection connection,
            String sql,
            String order,
            List<Part> parts,
            List<ArrowColumnReader> readers,
            BufferAllocator allocator,
            TableRef table,
            QueryCancel cancel)
            throws SQLException {
        DuckDBConnection duck = connection.unwrap(DuckDBConnection.class);
        ExecutorService pool = Executors.newFixedThreadPool(parts.size());
        try {
            List<Future<Void>> done = new ArrayList<>();
            for (Part p : parts) {
                done.add(pool.submit(() -> {
                    try (Connection c = duck.duplicate()) {
                        streamResults(c);
                        scan(
                                c,
                                sql + " WHERE rowid >= " + p.from() + " AND rowid < " + p.to() + order,
                                p.offset(),
                                p.rows(),
                                readers,
                                allocator,
                                table,
                                cancel);
                    }
                    return null;
                }));
            }
            for (Future<Void> f : done) {
                f.get();
            }
        } catch (ExecutionException e) {
            // Unchecked failures as they are: a background build's check point ending its gentle run, the heap
            // running out (which the offload meets by dropping its caches).
            switch (e.getCause()) {
                case SQLException s -> throw s;
                case RuntimeException r -> throw r;
                case Error r -> throw r;
                default -> throw new SQLException("parallel export failed: " + e.getCause(), "58000", e.getCause());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while loading " + table, "57014", e);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Has DuckDB hand the export's chunks over as it scans instead of materializing the whole part first
     * (measured at SF 10 on 2 cores: a quarter less time for the same columns). Only on the export's own
     * connections, which close with the load.
     */
    private static void streamResults(Connection c) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute("SET jdbc_stream_results = true");
        }
    }

    /** Reads {@code sql}'s result, which must have {@code rows} rows, into rows {@code [offset, offset + rows)}. */
    private static void scan(
            Connection connection,
            String sql,
            int offset,
            int rows,
            List<ArrowColumnReader> readers,
            BufferAllocator allocator,
            TableRef table,
            QueryCancel cancel)
            throws SQLException {
        int[] at = {0};
        try (Statement st = connection.createStatement();
                QueryCancel.Watch _ = cancel.watch(st)) {
            DuckDbArrowReader.read(st, sql, allocator, BATCH, batch -> {
                cancel.check();
                int n = batch.getRowCount();
                if (at[0] + n > rows) {
                    throw new SQLException("table " + table + " grew while loading", "40001");
                }
                for (int i = 0; i < readers.size(); i++) {
                    readers.get(i).append(batch.getVector(i), offset + at[0], n);
                }
                at[0] += n;
            });
        }
        if (at[0] != rows) {
            throw new SQLException(
                    "table " + table + " changed while loading (" + at[0] + " of " + rows + " rows)", "40001");
        }
    }

    /**
     * The distinct non-NULL values of a VARCHAR column in UTF-8 byte order with their hashes, or
     * {@code null} when there are more than {@link #DICTIONARY_LIMIT} or two hashes collide.
     * {@code COLLATE C} keeps values apart that a default collation would merge.
     */
    private static StringHashes dictionary(Connection connection, TableRef table, String column, QueryCancel cancel)
            throws SQLException {
        List<String> values = new ArrayList<>();
        java.util.Map<String, Long> hashes = new java.util.HashMap<>();
        String sql = "SELECT v, hash(v) FROM (SELECT DISTINCT (" + column + " COLLATE C) AS v FROM " + table.sql()
                + " WHERE " + column + " IS NOT NULL LIMIT " + (DICTIONARY_LIMIT + 1) + ")";
        try (Statement st = connection.createStatement();
                QueryCancel.Watch _ = cancel.watch(st);
                ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                values.add(rs.getString(1));
                // UBIGINT: keep its 64 bits as Arrow will carry them.
                hashes.put(rs.getString(1), new java.math.BigInteger(rs.getString(2)).longValue());
            }
        }
        if (values.size() > DICTIONARY_LIMIT) {
            return null;
        }
        String[] sorted = values.toArray(String[]::new);
        java.util.Arrays.sort(sorted, Utf8Order::compare);
        long[] sortedHashes = new long[sorted.length];
        for (int i = 0; i < sorted.length; i++) {
            sortedHashes[i] = hashes.get(sorted[i]);
        }
        return StringHashes.of(sorted, sortedHashes);
    }

    private static boolean insertionOrderKept(Connection connection, QueryCancel cancel) throws SQLException {
        try (Statement st = connection.createStatement();
                QueryCancel.Watch _ = cancel.watch(st);
                ResultSet rs = st.executeQuery("SELECT current_setting('preserve_insertion_order')")) {
            rs.next();
            return rs.getBoolean(1);
        }
    }

    private static long single(Connection connection, String sql, QueryCancel cancel) throws SQLException {
        try (Statement st = connection.createStatement();
                QueryCancel.Watch _ = cancel.watch(st);
                ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
