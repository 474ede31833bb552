package org.raydb.offload.result;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
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
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.raydb.offload.plan.ColumnType;

/**
 * The Arrow type DuckDB reads back as each column type (HUGEINT travels as DECIMAL(38,0) and is cast back by
 * the rewritten SQL), and writing one value into such a vector.
 */
final class ArrowColumns {

    private ArrowColumns() {}

    static Field field(String name, ColumnType type) {
        ArrowType arrow = switch (type.kind()) {
            case TINYINT -> new ArrowType.Int(8, true);
            case SMALLINT -> new ArrowType.Int(16, true);
            case INTEGER -> new ArrowType.Int(32, true);
            case BIGINT -> new ArrowType.Int(64, true);
            case HUGEINT -> new ArrowType.Decimal(38, 0, 128);
            case DECIMAL -> new ArrowType.Decimal(type.width(), type.scale(), 128);
            case DATE -> new ArrowType.Date(org.apache.arrow.vector.types.DateUnit.DAY);
            case TIMESTAMP -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, null);
            case BOOLEAN -> new ArrowType.Bool();
            case VARCHAR -> new ArrowType.Utf8();
            case DOUBLE -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
            default -> throw new IllegalArgumentException("no Arrow type for " + type);
        };
        return new Field(name, FieldType.nullable(arrow), null);
    }

    /**
     * Writes {@code value}: a {@code Long} in storage form, a {@code String}, an exact {@link BigDecimal}
     * (decimals, HUGEINT), a {@code Double}, or {@code null}.
     */
    static void set(FieldVector v, int i, Object value) {
        if (value == null) {
            v.setNull(i);
            return;
        }
        if (v instanceof TinyIntVector x) {
            x.setSafe(i, (byte) (long) (Long) value);
        } else if (v instanceof SmallIntVector x) {
            x.setSafe(i, (short) (long) (Long) value);
        } else if (v instanceof IntVector x) {
            x.setSafe(i, (int) (long) (Long) value);
        } else if (v instanceof BigIntVector x) {
            x.setSafe(i, (Long) value);
        } else if (v instanceof DecimalVector x) {
            BigDecimal d = value instanceof BigDecimal b ? b : BigDecimal.valueOf((Long) value, x.getScale());
            x.setSafe(i, d.setScale(x.getScale()));
        } else if (v instanceof DateDayVector x) {
            x.setSafe(i, (int) (long) (Long) value);
        } else if (v instanceof TimeStampMicroVector x) {
            x.setSafe(i, (Long) value);
        } else if (v instanceof BitVector x) {
            x.setSafe(i, (int) (long) (Long) value);
        } else if (v instanceof VarCharVector x) {
            x.setSafe(i, ((String) value).getBytes(StandardCharsets.UTF_8));
        } else if (v instanceof Float8Vector x) {
            x.setSafe(i, (Double) value);
        } else {
            throw new IllegalArgumentException("vector " + v.getClass().getSimpleName());
        }
    }
}
