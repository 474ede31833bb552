package org.raydb.offload.result;

import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.TinyIntVector;
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

    private ArrowToDuckDb() {
    }

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
        return type instanceof ArrowType.Decimal d ? "DECIMAL(" + d.getPrecision() + "," + d.getScale() + ")"
                : columnType(type).name();
    }

    private static DuckDBColumnType columnType(ArrowType type) {
        return switch (type.getTypeID()) {
            case Int -> switch (((ArrowType.Int) type).getBitWidth()) {
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
        for (int i = 0; i < n; i++) {
            int row = from + i;
            if (v.isNull(row)) {
                out.setNull(i);
            } else if (v instanceof IntVector x) {
                out.setInt(i, x.get(row));
            } else if (v instanceof VarCharVector x) {
                out.setString(i, new String(x.get(row), StandardCharsets.UTF_8));
            } else if (v instanceof DecimalVector x) {
                out.setBigDecimal(i, x.getObject(row));
            } else if (v instanceof BigIntVector x) {
                out.setLong(i, x.get(row));
            } else if (v instanceof Float8Vector x) {
                out.setDouble(i, x.get(row));
            } else if (v instanceof DateDayVector x) {
                out.setDate(i, LocalDate.ofEpochDay(x.get(row)));
            } else if (v instanceof TimeStampMicroVector x) {
                long micros = x.get(row);
                out.setTimestamp(i, LocalDateTime.ofEpochSecond(Math.floorDiv(micros, 1_000_000L),
                        (int) Math.floorMod(micros, 1_000_000L) * 1000, ZoneOffset.UTC));
            } else if (v instanceof SmallIntVector x) {
                out.setShort(i, x.get(row));
            } else if (v instanceof TinyIntVector x) {
                out.setByte(i, x.get(row));
            } else if (v instanceof BitVector x) {
                out.setBoolean(i, x.get(row) != 0);
            } else {
                throw new IllegalArgumentException("vector " + v.getClass().getSimpleName());
            }
        }
    }
}
