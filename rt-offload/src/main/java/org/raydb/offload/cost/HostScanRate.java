package org.raydb.offload.cost;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.raydb.offload.plan.ColumnType;
import org.raydb.offload.plan.OffloadPlan;
import org.raydb.offload.plan.TableRef;

/**
 * How fast DuckDB scans a table on this host: its fixed cost per statement and its rate over the bytes of
 * the columns a query references. Measured once per table snapshot by timing real statements on the
 * offloading connection: {@code SELECT 1} (the fixed cost, best of 5) and one {@code max(hash())} per
 * referenced column over the whole table (best of 2; DuckDB reads and hashes every value, on all its threads).
 * A bare {@code max()} would not do: DuckDB answers it from the table's statistics without a scan (at SF 20
 * on the H100 host that measured 633 GB/s, which made its estimates 10-40x too low).
 * A query's estimate ({@link #scannedBytes}) charges its filter columns over every row and its other
 * columns over the qualifying rows only, as DuckDB pushes filters into its scan. This is a rough model (it
 * knows nothing of zone maps, and string columns cost more than their bytes): where it is close to the
 * offload's cost, DuckDB's time on the query itself decides instead ({@link CostChoice#uncertain()}).
 *
 * @param bytesPerMicro  bytes of referenced columns scanned per microsecond
 * @param fixedMicros    one trivial statement's round trip
 */
public record HostScanRate(double bytesPerMicro, double fixedMicros) {

    /** Typed bytes per value as DuckDB holds them in memory (VARCHAR: its 16-byte string_t). */
    public static long bytesPerValue(ColumnType type) {
        return switch (type.kind()) {
            case TINYINT, BOOLEAN -> 1;
            case SMALLINT -> 2;
            case INTEGER, DATE -> 4;
            case DECIMAL -> type.width() <= 4 ? 2 : type.width() <= 9 ? 4 : type.width() <= 18 ? 8 : 16;
            case HUGEINT, VARCHAR -> 16;
            default -> 8;
        };
    }

    /**
     * Bytes DuckDB reads for a query: its filter columns over all {@code rows}, its other columns over the
     * {@code qualifying} rows.
     */
    public static long scannedBytes(OffloadPlan plan, long rows, long qualifying) {
        Map<String, ColumnType> filtered = new LinkedHashMap<>();
        plan.filters().forEach(f -> filtered.put(f.column(), f.type()));
        Map<String, ColumnType> others = new LinkedHashMap<>(plan.columnTypes());
        others.keySet().removeAll(filtered.keySet());
        return referencedBytes(filtered, rows)
                + referencedBytes(others, plan.filters().isEmpty() ? rows : qualifying);
    }

    /** Bytes DuckDB scans for these columns over {@code rows} rows. */
    public static long referencedBytes(Map<String, ColumnType> columns, long rows) {
        long perRow = 0;
        for (ColumnType t : columns.values()) perRow += bytesPerValue(t);
        return perRow * rows;
    }

    public static HostScanRate measure(
            Connection connection, TableRef table, Map<String, ColumnType> columns, long rows) throws SQLException {
        double fixed = Double.MAX_VALUE;
        double scan = Double.MAX_VALUE;
        StringBuilder sql = new StringBuilder("SELECT ");
        int i = 0;
        for (String c : columns.keySet())
            sql.append(i++ == 0 ? "" : ", ")
                    .append("max(hash(")
                    .append(TableRef.quote(c))
                    .append("))");
        if (i == 0) sql.append("count(*)");
        sql.append(" FROM ").append(table.sql());
        for (int r = 0; r < 5; r++) fixed = Math.min(fixed, micros(connection, "SELECT 1"));
        for (int r = 0; r < 2; r++) scan = Math.min(scan, micros(connection, sql.toString()));
        long bytes = referencedBytes(columns, rows);
        // A scan no slower than the round trip says only that the table is small: count it at 1 µs.
        return new HostScanRate(Math.max(1, bytes) / Math.max(1, scan - fixed), fixed);
    }

    /** Runs a statement on DuckDB and reads its whole result: the microseconds it took. */
    public static double micros(Connection connection, String sql) throws SQLException {
        long t0 = System.nanoTime();
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                rs.getObject(1);
            }
        }
        return (System.nanoTime() - t0) / 1e3;
    }

    @Override
    public String toString() {
        return String.format(
                Locale.ROOT,
                "%.2f GB/s over the referenced columns + %.0f us per statement (measured)",
                bytesPerMicro / 1e3,
                fixedMicros);
    }
}
