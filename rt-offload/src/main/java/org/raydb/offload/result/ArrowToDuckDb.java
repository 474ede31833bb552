package org.raydb.offload.result;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.duckdb.DuckDBColumnType;
import org.duckdb.DuckDBLogicalType;
import org.duckdb.DuckDBTableFunctionBindInfo;
import org.duckdb.DuckDBWritableVector;

/**
 * Arrow result columns as DuckDB reads them through {@link ResultScan}: the DuckDB type of each Arrow type
 * {@link ArrowColumns} writes (the same types DuckDB's own Arrow scan gives them), and copying a range of
 * values into a DuckDB output vector, exactly.
 */
final class ArrowToDuckDb {

    private ArrowToDuckDb() {}

    /** Declares {@code field} as a result column of the scan. */
    static void declare(DuckDBTableFunctionBindInfo info, Field field) throws SQLException {
        ArrowType type = field.getType();
        if (type instanceof ArrowType.Decimal d) {
            try (DuckDBLogicalType decimal = DuckDBLogicalType.decimal(d.getPrecision(), d.getScale())) {
                info.addResultColumn(field.getName(), decimal);
            }
            return;
        }
        info.addResultColumn(field.getName(), columnType(type));
    }

    /** The SQL name of the DuckDB type of {@code type}, e.g. {@code DECIMAL(15,2)} or {@code BIGINT}. */
    static String sqlType(ArrowType type) {
        return type instanceof ArrowType.Decimal d
                ? "DECIMAL(" + d.getPrecision() + "," + d.getScale() + ")"
                : columnType(type).name();
    }

    private static DuckDBColumnType columnType(ArrowType type) {
        return switch (type.getTypeID()) {
            case Int ->
                switch (((ArrowType.Int) type).getBitWidth()) {
                    case 8 -> DuckDBColumnType.TINYINT;
                    case 16 -> DuckDBColumnType.SMALLINT;
                    case 32 -> DuckDBColumnType.INTEGER;
                    default -> DuckDBColumnType.BIGINT;
                };
            case Date -> DuckDBColumnType.DATE;
            case Timestamp -> DuckDBColumnType.TIMESTAMP;
            case Bool -> DuckDBColumnType.BOOLEAN;
            case Utf8 -> DuckDBColumnType.VARCHAR;
            case FloatingPoint -> DuckDBColumnType.DOUBLE;
            // ArrowColumns writes no other type.
            default -> throw new IllegalStateException("no DuckDB type for the Arrow type " + type);
        };
    }

    /** Copies rows {@code [from, from + n)} of {@code v} into rows {@code [0, n)} of {@code out}. */
    static void copy(FieldVector v, int from, int n, DuckDBWritableVector out) {
        if (v instanceof VarCharVector x && x.getNullCount() == 0) {
            // One native call for the chunk's strings instead of one per value (group keys are mostly strings).
            byte[][] values = new byte[n][];
            for (int i = 0; i < n; i++) values[i] = x.get(from + i);
            out.setStringUtf8Batch(0, values);
            return;
        }
        VectorSink sink = new VectorSink(out);
        for (int i = 0; i < n; i++) {
            sink.at = i;
            ArrowValues.visit(v, from + i, sink);
        }
    }

    /** Writes values into row {@link #at} of a DuckDB output vector. */
    private static final class VectorSink implements ArrowValues.Sink<RuntimeException> {
        private final DuckDBWritableVector out;
        int at;

        VectorSink(DuckDBWritableVector out) {
            this.out = out;
        }

        @Override
        public void nullValue() {
            out.setNull(at);
        }

        @Override
        public void int8(byte v) {
            out.setByte(at, v);
        }

        @Override
        public void int16(short v) {
            out.setShort(at, v);
        }

        @Override
        public void int32(int v) {
            out.setInt(at, v);
        }

        @Override
        public void int64(long v) {
            out.setLong(at, v);
        }

        @Override
        public void float64(double v) {
            out.setDouble(at, v);
        }

        @Override
        public void bool(boolean v) {
            out.setBoolean(at, v);
        }

        @Override
        public void utf8(byte[] v) {
            out.setString(at, new String(v, StandardCharsets.UTF_8));
        }

        @Override
        public void decimal(BigDecimal v) {
            out.setBigDecimal(at, v);
        }

        @Override
        public void dateDays(int v) {
            out.setDate(at, LocalDate.ofEpochDay(v));
        }

        @Override
        public void timestampMicros(long v) {
            out.setTimestamp(
                    at,
                    LocalDateTime.ofEpochSecond(
                            Math.floorDiv(v, 1_000_000L), (int) Math.floorMod(v, 1_000_000L) * 1000, ZoneOffset.UTC));
        }
    }
}
