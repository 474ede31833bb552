package org.raydb.offload.result;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.Field;
import org.raydb.offload.plan.Utf8Order;

/**
 * Finishes a rewritten statement of {@link FinishShape}'s shape without running it: the offloaded groups
 * projected, sorted and limited here, handed to the application as a {@link DirectResultSet} that behaves as
 * DuckDB's result set of the statement would (DuckDB's own metadata, the objects its {@code getObject}
 * returns). Why: DuckDB running even this statement and its JDBC driver fetching the rows cost 0.7 ms for one
 * row and up to 5 ms for 800 rows on the H100 host, most of an offloaded query's time.
 *
 * <p>Exact by construction: values only widen ({@link DuckDbObjects}), order is DuckDB's default for the
 * types it allows (numbers, dates and booleans by value, strings by UTF-8 bytes as {@link Utf8Order}, no
 * collation), and a result with a NULL in a sort key is left to DuckDB (where NULLs go is a setting). Rows
 * whose sort keys tie may come in another order than DuckDB's, which leaves their order unspecified too.
 * The settings are read when the statement is first prepared; a {@code SET}, {@code RESET} or {@code PRAGMA}
 * through any of the driver's connections in this JVM makes the offload layer plan again.
 */
public final class DirectFinish {

    private final FinishShape shape;
    private final DirectResultSet.Columns columns;
    private final Comparator<Object[]> order;
    private final int[] sortColumns;
    private final boolean[] descending;

    private DirectFinish(FinishShape shape, DirectResultSet.Columns columns) {
        this.shape = shape;
        this.columns = columns;
        this.order = comparator(shape);
        List<FinishShape.SortKey> keys = shape.keys();
        this.sortColumns = keys.stream().mapToInt(FinishShape.SortKey::column).toArray();
        this.descending = new boolean[keys.size()];
        for (int k = 0; k < keys.size(); k++) descending[k] = keys.get(k).descending();
    }

    /** A session's settings that order rows: its default order and default collation. */
    public record Order(String defaultOrder, String collation) {

        /** {@code duckdb}'s (one query). */
        public static Order of(Connection duckdb) throws SQLException {
            try (Statement s = duckdb.createStatement();
                    ResultSet rs = s.executeQuery(
                            "SELECT current_setting('default_order'), current_setting('default_collation')")) {
                rs.next();
                return new Order(rs.getString(1), rs.getString(2));
            }
        }
    }

    /**
     * The direct finish of {@code prepared}, a statement prepared from the parse tree {@code tree} over a result
     * with {@code fields}, in a session of {@code order}; null where DuckDB must finish it.
     */
    public static DirectFinish of(Order order, Map<String, Object> tree, PreparedStatement prepared, List<Field> fields)
            throws SQLException {
        ResultSetMetaData metadata = prepared.getMetaData();
        DirectResultSet.Columns columns = DirectResultSet.Columns.of(metadata);
        if (columns == null) return null;
        FinishShape shape;
        try {
            shape = FinishShape.of(tree, fields, metadata, order.defaultOrder(), order.collation());
        } catch (RuntimeException e) {
            // A parse tree of a shape not foreseen here: DuckDB finishes the statement, as for any other shape.
            return null;
        }
        return shape == null ? null : new DirectFinish(shape, columns);
    }

    /** Whether rows order by values of this DuckDB type here exactly as DuckDB orders them. */
    static boolean sortable(String duckdbType) {
        String t = DuckDbObjects.typeName(duckdbType);
        return !t.equals("DOUBLE") && !t.equals("FLOAT") && !t.equals("REAL") && !t.startsWith("TIMESTAMP");
    }

    /**
     * The application's result set over the result's {@code rows} (storage form, as {@link ResultBuilder#rows}
     * gives them); null when a sort key holds a NULL (then DuckDB finishes).
     */
    public ResultSet finish(List<Object[]> stored) {
        List<FinishShape.InnerColumn> inner = shape.columns();
        int n = stored.size();
        Object[][] rows = new Object[n][];
        for (int r = 0; r < n; r++) {
            Object[] values = stored.get(r);
            Object[] row = new Object[inner.size()];
            for (int c = 0; c < row.length; c++) {
                FinishShape.InnerColumn column = inner.get(c);
                Object v = values[column.field()];
                row[c] = v == null ? null : column.conversion().apply(v);
            }
            rows[r] = row;
        }
        for (FinishShape.SortKey k : shape.keys()) {
            for (Object[] row : rows) {
                if (row[k.column()] == null) return null;
            }
        }
        if (order != null) {
            int[] sorted = PackedOrder.of(rows, sortColumns, descending);
            if (sorted == null) {
                Arrays.sort(rows, order);
            } else {
                Object[][] byOrder = new Object[n][];
                for (int r = 0; r < n; r++) byOrder[r] = rows[sorted[r]];
                rows = byOrder;
            }
        }
        long from = Math.min(n, shape.offset());
        long to = shape.limit() < 0 || shape.limit() >= n - from ? n : from + shape.limit();
        int[] outputs = shape.outputs();
        List<Object[]> out = new ArrayList<>((int) (to - from));
        for (long r = from; r < to; r++) {
            Object[] row = new Object[outputs.length];
            for (int c = 0; c < outputs.length; c++) row[c] = rows[(int) r][outputs[c]];
            out.add(row);
        }
        return new DirectResultSet(columns, out);
    }

    /** What of the groups the statement can keep ({@link TopRows}), or {@code null} where it keeps them all. */
    public TopRows topRows() {
        if (shape.limit() < 0 || shape.keys().isEmpty()) return null;
        FinishShape.SortKey first = shape.keys().get(0);
        long count = shape.limit() > Long.MAX_VALUE - shape.offset() ? Long.MAX_VALUE : shape.offset() + shape.limit();
        return new TopRows(shape.columns().get(first.column()).field(), first.descending(), count);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Comparator<Object[]> comparator(FinishShape shape) {
        Comparator<Object[]> order = null;
        for (FinishShape.SortKey k : shape.keys()) {
            int c = k.column();
            Comparator<Object[]> key = shape.columns().get(c).type().equalsIgnoreCase("VARCHAR")
                    ? (a, b) -> Utf8Order.compare((String) a[c], (String) b[c])
                    : (a, b) -> ((Comparable) a[c]).compareTo(b[c]);
            if (k.descending()) key = key.reversed();
            order = order == null ? key : order.thenComparing(key);
        }
        return order;
    }
}
