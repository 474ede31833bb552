package org.raydb.offload.exec;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.LargeVarCharVector;
import org.raydb.arrow.DuckDbArrowReader;
import org.raydb.offload.plan.ColumnType;
import org.raydb.offload.plan.TableRef;

/** Loads table columns from DuckDB through Arrow into {@link ColumnData}. */
public final class ColumnLoader {

    private static final int BATCH = 1 << 16;

    private ColumnLoader() {
    }

    /** Loads {@code names} (with their plan types) of {@code table}, in DuckDB's scan order. */
    public static List<ColumnData> load(Connection connection, TableRef table, List<String> names,
            List<ColumnType> types, BufferAllocator allocator) throws SQLException {
        int rows;
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM " + table.sql())) {
            rs.next();
            rows = Math.toIntExact(rs.getLong(1));
        }
        List<Builder> builders = new ArrayList<>();
        StringBuilder select = new StringBuilder();
        for (int i = 0; i < names.size(); i++) {
            builders.add(new Builder(names.get(i), types.get(i), rows));
            select.append(i == 0 ? "" : ", ").append(TableRef.quote(names.get(i)));
        }
        // rowid order keeps every load of the same snapshot aligned row by row.
        String sql = "SELECT " + select + " FROM " + table.sql() + " ORDER BY rowid";
        int[] at = {0};
        DuckDbArrowReader.read(connection, sql, allocator, BATCH, batch -> {
            for (int i = 0; i < builders.size(); i++) {
                builders.get(i).append(batch, i, at[0]);
            }
            at[0] += batch.getRowCount();
        });
        if (at[0] != rows) {
            throw new SQLException("table " + table + " changed while loading (" + at[0] + " of " + rows
                    + " rows)", "40001");
        }
        return builders.stream().map(Builder::build).toList();
    }

    private static final class Builder {
        final String name;
        final ColumnType type;
        final long[] longs;
        final String[] strings;
        final BitSet nulls = new BitSet();
        /** One String instance per distinct value: flat tables repeat few strings over many rows. */
        final java.util.Map<String, String> distinct = new java.util.HashMap<>();

        Builder(String name, ColumnType type, int rows) {
            this.name = name;
            this.type = type;
            boolean str = type.kind() == ColumnType.Kind.VARCHAR;
            this.longs = str ? null : new long[rows];
            this.strings = str ? new String[rows] : null;
        }

        void append(VectorSchemaRoot batch, int column, int offset) throws SQLException {
            FieldVector v = batch.getVector(column);
            int n = batch.getRowCount();
            for (int r = 0; r < n; r++) {
                int row = offset + r;
                if (row >= (longs != null ? longs.length : strings.length)) {
                    throw new SQLException("table grew while loading", "40001");
                }
                if (v.isNull(r)) {
                    nulls.set(row);
                    continue;
                }
                if (strings != null) {
                    strings[row] = distinct.computeIfAbsent(string(v, r), x -> x);
                } else {
                    longs[row] = storage(v, r);
                }
            }
        }

        private String string(FieldVector v, int r) throws SQLException {
            if (v instanceof VarCharVector s) {
                return new String(s.get(r), StandardCharsets.UTF_8);
            }
            if (v instanceof LargeVarCharVector s) {
                return new String(s.get(r), StandardCharsets.UTF_8);
            }
            if (v instanceof ViewVarCharVector s) {
                return new String(s.get(r), StandardCharsets.UTF_8);
            }
            throw unsupported(v);
        }

        private long storage(FieldVector v, int r) throws SQLException {
            if (v instanceof BitVector b) {
                return b.get(r);
            }
            if (v instanceof DateDayVector d) {
                return d.get(r);
            }
            if (v instanceof TimeStampVector t) {
                return t.get(r);
            }
            if (v instanceof DecimalVector d) {
                BigDecimal value = d.getObject(r);
                if (value.unscaledValue().bitLength() > 63) {
                    throw new SQLException("column " + name + " holds " + value
                            + ", beyond the offload's exact 64-bit range", "22003");
                }
                return value.unscaledValue().longValue();
            }
            if (v instanceof BaseIntVector i) {
                return i.getValueAsLong(r);
            }
            throw unsupported(v);
        }

        private SQLException unsupported(FieldVector v) {
            return new SQLException("column " + name + " (" + type + ") arrived as Arrow "
                    + v.getField().getType() + ", which the offload does not read", "0A000");
        }

        ColumnData build() {
            return new ColumnData(name, type, longs, strings, nulls);
        }
    }
}
