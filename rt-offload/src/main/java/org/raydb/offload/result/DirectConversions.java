package org.raydb.offload.result;

import static org.raydb.offload.result.DirectColumnType.BOOLEAN;
import static org.raydb.offload.result.DirectColumnType.DATE;
import static org.raydb.offload.result.DirectColumnType.DECIMAL;
import static org.raydb.offload.result.DirectColumnType.DOUBLE;
import static org.raydb.offload.result.DirectColumnType.FLOAT;
import static org.raydb.offload.result.DirectColumnType.HUGEINT;
import static org.raydb.offload.result.DirectColumnType.INTEGER;
import static org.raydb.offload.result.DirectColumnType.SMALLINT;
import static org.raydb.offload.result.DirectColumnType.TINYINT;
import static org.raydb.offload.result.DirectColumnType.VARCHAR;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Blob;
import java.sql.Date;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * {@code ResultSet.getObject(column, Class)} for the {@link DirectColumnType}s, with DuckDB 2.0.0.1's table of which
 * column type converts to which class (integers widen, nothing narrows, Object.class is refused) and its messages.
 */
final class DirectConversions {

    private DirectConversions() {}

    /** The non-null {@code value} of a {@code sqlType} column as {@code target}, or DuckDB's refusal. */
    static Object convert(DirectColumnType sqlType, Object value, Class<?> target) throws SQLException {
        if (target == BigDecimal.class) {
            if (sqlType == DECIMAL) {
                return value;
            }
            if (sqlType == FLOAT || sqlType == DOUBLE) {
                return BigDecimal.valueOf(((Number) value).doubleValue()); // NaN, ±Infinity: NumberFormatException
            }
            if (sqlType == HUGEINT) {
                return new BigDecimal((BigInteger) value);
            }
            return sqlType.isSmallInteger()
                    ? BigDecimal.valueOf(((Number) value).longValue())
                    : refuse(target, sqlType);
        }
        if (target == String.class) {
            return sqlType == VARCHAR ? value : refuse(target, sqlType);
        }
        if (target == Boolean.class) {
            return sqlType == BOOLEAN ? value : refuse(target, sqlType);
        }
        if (target == Byte.class) {
            return sqlType == TINYINT ? value : refuse(target, sqlType);
        }
        if (target == Short.class) {
            return sqlType == TINYINT || sqlType == SMALLINT ? ((Number) value).shortValue() : refuse(target, sqlType);
        }
        if (target == Integer.class) {
            return sqlType == TINYINT || sqlType == SMALLINT || sqlType == INTEGER
                    ? ((Number) value).intValue()
                    : refuse(target, sqlType);
        }
        if (target == Long.class) {
            return sqlType.isSmallInteger() ? ((Number) value).longValue() : refuse(target, sqlType);
        }
        if (target == Float.class) {
            return sqlType == FLOAT ? value : refuse(target, sqlType);
        }
        if (target == Double.class) {
            return sqlType == DOUBLE ? value : refuse(target, sqlType);
        }
        if (target == Date.class) {
            return sqlType == DATE ? Date.valueOf((LocalDate) value) : refuse(target, sqlType);
        }
        if (target == LocalDate.class) {
            // DuckDB goes through java.sql.Date, which is what decides the fields of BC and Julian-era dates.
            return sqlType == DATE ? Date.valueOf((LocalDate) value).toLocalDate() : refuse(target, sqlType);
        }
        if (target == LocalDateTime.class) {
            return sqlType == DATE ? ((LocalDate) value).atStartOfDay() : refuse(target, sqlType);
        }
        if (target == BigInteger.class) {
            if (sqlType == HUGEINT) {
                return value;
            }
            return sqlType.isSmallInteger()
                    ? BigInteger.valueOf(((Number) value).longValue())
                    : refuse(target, sqlType);
        }
        if (target == UUID.class) {
            if (sqlType == VARCHAR) {
                return UUID.fromString((String) value);
            }
            throw DirectErrors.conversion("Can't convert value to UUID, SQL type: " + sqlType);
        }
        if (target == Blob.class) {
            throw DirectErrors.conversion("Can't convert value to Blob, SQL type: " + sqlType);
        }
        if (target == Time.class
                || target == LocalTime.class
                || target == Timestamp.class
                || target == OffsetDateTime.class) {
            return refuse(target, sqlType);
        }
        throw DirectErrors.conversion("Can't convert value to " + target + ", SQL type: " + sqlType);
    }

    private static Object refuse(Class<?> target, DirectColumnType sqlType) throws SQLException {
        throw DirectErrors.conversion("Can't convert value to " + target.getSimpleName() + ", Java type: " + target
                + ", SQL type: " + sqlType);
    }
}
