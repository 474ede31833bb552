package org.raydb.offload.result;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.util.Locale;
import java.util.function.UnaryOperator;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Result values as the objects DuckDB's JDBC driver returns from {@code getObject} for a column of a DuckDB
 * type, made from the result's values as {@link ResultBuilder#rows} gives them: what {@link DirectFinish} hands the
 * application in place of DuckDB's result set. Only conversions that are exact by construction are offered:
 * an Arrow column as its own DuckDB type, an integer widened ({@code CAST} to a wider integer type never
 * changes a value or its order), and DECIMAL(p,0) (how HUGEINT travels) back to HUGEINT.
 */
final class DuckDbObjects {

    private DuckDbObjects() {}

    /** Integer types by width, narrowest first. */
    private static final String[] INTEGERS = {"TINYINT", "SMALLINT", "INTEGER", "BIGINT", "HUGEINT"};

    /**
     * How a result value of Arrow type {@code from}, in the storage form {@link ResultBuilder#rows} gives it,
     * becomes the {@code getObject} object of DuckDB type {@code duckdbType} (a type name as DuckDB's metadata
     * or a CAST spells it); {@code null} when that is not one of the exact conversions.
     */
    static UnaryOperator<Object> conversion(ArrowType from, String duckdbType) {
        String to = typeName(duckdbType);
        String own = ArrowToDuckDb.sqlType(from);
        int fromWidth = integerWidth(own);
        int toWidth = integerWidth(to);
        if (fromWidth >= 0 && toWidth >= fromWidth) {
            // Integers are stored as Long.
            return switch (toWidth) {
                case 0 -> v -> (byte) (long) (Long) v;
                case 1 -> v -> (short) (long) (Long) v;
                case 2 -> v -> (int) (long) (Long) v;
                case 3 -> v -> v;
                default -> v -> BigInteger.valueOf((Long) v);
            };
        }
        if (from instanceof ArrowType.Decimal d) {
            int scale = d.getScale();
            if (scale == 0 && to.equals("HUGEINT")) return v -> decimal(v, 0).toBigIntegerExact();
            return own.equals(to) ? v -> decimal(v, scale) : null;
        }
        if (!own.equals(to)) return null;
        return switch (from.getTypeID()) {
            case Date -> v -> LocalDate.ofEpochDay((Long) v);
            case Bool -> v -> (Long) v != 0;
            case Utf8, FloatingPoint -> UnaryOperator.identity();
            // TIMESTAMP: DuckDB's driver makes a java.sql.Timestamp of its own zone rules; not offered.
            default -> null;
        };
    }

    /** A stored decimal (an exact BigDecimal, or a Long of unscaled units) with the column's scale. */
    private static BigDecimal decimal(Object v, int scale) {
        return v instanceof BigDecimal b ? b.setScale(scale) : BigDecimal.valueOf((Long) v, scale);
    }

    /** A DuckDB type name in one spelling: upper case, no spaces ({@code decimal(18, 2)} is {@code DECIMAL(18,2)}). */
    static String typeName(String duckdbType) {
        return duckdbType.toUpperCase(Locale.ROOT).replace(" ", "");
    }

    /** The width rank of an integer type name (TINYINT 0 … HUGEINT 4), -1 for any other type. */
    static int integerWidth(String type) {
        for (int i = 0; i < INTEGERS.length; i++) {
            if (INTEGERS[i].equals(type)) return i;
        }
        return -1;
    }
}
