package org.raydb.offload.mirror;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Random column types and values: every type the offload plans (integers, DECIMAL, DATE, TIMESTAMP, BOOLEAN,
 * VARCHAR) and the neighbours it must decline (HUGEINT and unsigned measures, DOUBLE, FLOAT). Values crowd a
 * small domain so that filters and groups hit, with NULLs, extremes, NaN and infinities mixed in.
 */
final class ColumnValues {

    /** A value as an SQL literal and as the object a PreparedStatement or an appender takes (null: NULL). */
    record Value(String sql, Object java) {}

    private static final List<String> FIXED = List.of(
            "TINYINT",
            "SMALLINT",
            "INTEGER",
            "BIGINT",
            "HUGEINT",
            "UTINYINT",
            "USMALLINT",
            "UINTEGER",
            "UBIGINT",
            "DOUBLE",
            "FLOAT",
            "VARCHAR",
            "DATE",
            "TIMESTAMP",
            "BOOLEAN");
    private static final DateTimeFormatter MICROS = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSSSSS");
    private static final int[] DECIMAL_WIDTHS = {4, 9, 18, 38};
    private static final List<String> STRINGS = List.of(
            "",
            "a",
            "A",
            "b",
            "ab",
            "a b",
            "Zürich",
            "é",
            "😀",
            "it's",
            "NULL",
            "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz",
            "0",
            "-1");

    private ColumnValues() {}

    static String randomType(Random r) {
        if (r.nextInt(FIXED.size() + 4) < 4) {
            int width = DECIMAL_WIDTHS[r.nextInt(DECIMAL_WIDTHS.length)];
            int scale = r.nextBoolean() ? r.nextInt(Math.min(width, 4) + 1) : r.nextInt(width + 1);
            return "DECIMAL(" + width + "," + scale + ")";
        }
        return FIXED.get(r.nextInt(FIXED.size()));
    }

    static boolean isExactNumeric(String type) {
        return type.startsWith("DECIMAL") || type.endsWith("INT") || type.equals("INTEGER");
    }

    /** Types the offload plans filters and group keys on (DECIMAL(38) too, while its values fit 64 bits). */
    static boolean isOffloadable(String type) {
        return switch (type) {
            case "TINYINT", "SMALLINT", "INTEGER", "BIGINT", "VARCHAR", "DATE", "TIMESTAMP", "BOOLEAN" -> true;
            default -> type.startsWith("DECIMAL");
        };
    }

    /**
     * Orders two non-NULL values of one column as DuckDB does: numbers by value whatever their Java class,
     * strings by their UTF-8 bytes.
     */
    @SuppressWarnings("unchecked")
    static int compare(Object a, Object b) {
        if (a instanceof Number x && b instanceof Number y) {
            return new BigDecimal(x.toString()).compareTo(new BigDecimal(y.toString()));
        }
        if (a instanceof String x && b instanceof String y) {
            return Arrays.compareUnsigned(x.getBytes(StandardCharsets.UTF_8), y.getBytes(StandardCharsets.UTF_8));
        }
        return ((Comparable<Object>) a).compareTo(b);
    }

    static Value value(String type, Random r) {
        if (r.nextInt(12) == 0) {
            return new Value("NULL", null);
        }
        if (type.startsWith("DECIMAL")) {
            return decimal(type, r);
        }
        return switch (type) {
            case "TINYINT" -> integer(type, r, -128, 127);
            case "SMALLINT" -> integer(type, r, Short.MIN_VALUE, Short.MAX_VALUE);
            case "INTEGER" -> integer(type, r, Integer.MIN_VALUE, Integer.MAX_VALUE);
            case "BIGINT" -> integer(type, r, Long.MIN_VALUE, Long.MAX_VALUE);
            case "HUGEINT" ->
                integer(
                        type,
                        r,
                        BigInteger.ONE.shiftLeft(127).negate(),
                        BigInteger.ONE.shiftLeft(127).subtract(BigInteger.ONE));
            case "UTINYINT" -> integer(type, r, 0, 255);
            case "USMALLINT" -> integer(type, r, 0, 65535);
            case "UINTEGER" -> integer(type, r, 0, 4294967295L);
            case "UBIGINT" ->
                integer(type, r, BigInteger.ZERO, BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE));
            case "DOUBLE" -> floating(type, r);
            case "FLOAT" -> floating(type, r);
            case "VARCHAR" -> string(STRINGS.get(r.nextInt(STRINGS.size())));
            case "DATE" -> date(r);
            case "TIMESTAMP" -> timestamp(r);
            case "BOOLEAN" -> r.nextBoolean() ? new Value("true", true) : new Value("false", false);
            default -> throw new IllegalArgumentException(type);
        };
    }

    private static Value integer(String type, Random r, long min, long max) {
        return integer(type, r, BigInteger.valueOf(min), BigInteger.valueOf(max));
    }

    private static Value integer(String type, Random r, BigInteger min, BigInteger max) {
        BigInteger v;
        int pick = r.nextInt(20);
        if (pick < 2) {
            v = r.nextBoolean() ? min : max;
        } else if (pick < 5) {
            BigInteger span = max.subtract(min);
            v = min.add(new BigInteger(span.bitLength() + 8, r).mod(span.add(BigInteger.ONE)));
        } else {
            v = BigInteger.valueOf(r.nextInt(41) - (min.signum() < 0 ? 20 : 0));
        }
        Object java = v.bitLength() < 32 && !type.equals("UINTEGER")
                ? (Object) v.intValue()
                : v.bitLength() < 64 ? (Object) v.longValue() : v;
        return new Value("CAST(" + v + " AS " + type + ")", java);
    }

    private static Value decimal(String type, Random r) {
        String[] ws = type.substring("DECIMAL(".length(), type.length() - 1).split(",");
        int width = Integer.parseInt(ws[0]);
        int scale = Integer.parseInt(ws[1]);
        BigInteger max = BigInteger.TEN.pow(width).subtract(BigInteger.ONE);
        BigInteger unscaled;
        int pick = r.nextInt(20);
        if (pick < 2) {
            unscaled = r.nextBoolean() ? max : max.negate();
        } else if (pick < 5) {
            unscaled = new BigInteger(max.bitLength(), r).mod(max.add(BigInteger.ONE));
            unscaled = r.nextBoolean() ? unscaled : unscaled.negate();
        } else {
            unscaled = BigInteger.valueOf(r.nextInt(61) - 30).min(max).max(max.negate());
        }
        BigDecimal v = new BigDecimal(unscaled, scale);
        return new Value("CAST('" + v.toPlainString() + "' AS " + type + ")", v);
    }

    private static Value floating(String type, Random r) {
        double[] special = {
            Double.NaN,
            Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY,
            -0.0,
            0.0,
            Double.MAX_VALUE,
            Double.MIN_VALUE,
            -Double.MAX_VALUE
        };
        double d = r.nextInt(8) == 0
                ? special[r.nextInt(special.length)]
                : r.nextInt(3) == 0 ? r.nextGaussian() * 1e6 : (r.nextInt(41) - 20) / 4.0;
        if (type.equals("FLOAT")) {
            float f = (float) d;
            return new Value("CAST('" + f + "' AS FLOAT)", f);
        }
        return new Value("CAST('" + d + "' AS DOUBLE)", d);
    }

    private static Value string(String s) {
        return new Value("'" + s.replace("'", "''") + "'", s);
    }

    private static Value date(Random r) {
        int pick = r.nextInt(20);
        if (pick == 0) {
            return new Value(r.nextBoolean() ? "DATE 'infinity'" : "DATE '-infinity'", null);
        }
        LocalDate d = pick == 1
                ? LocalDate.of(1, 1, 1)
                : pick == 2
                        ? LocalDate.of(9999, 12, 31)
                        : LocalDate.of(2000, 1, 1).plusDays(r.nextInt(60));
        return new Value("DATE '" + d + "'", d);
    }

    private static Value timestamp(Random r) {
        int pick = r.nextInt(20);
        if (pick == 0) {
            return new Value(r.nextBoolean() ? "TIMESTAMP 'infinity'" : "TIMESTAMP '-infinity'", null);
        }
        LocalDateTime t = pick == 1
                ? LocalDateTime.of(1, 1, 1, 0, 0)
                : pick == 2
                        ? LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_000)
                        : LocalDateTime.of(2020, 1, 1, 0, 0)
                                .plusHours(r.nextInt(48))
                                .plusNanos(r.nextInt(3) * 1000L);
        return new Value("TIMESTAMP '" + MICROS.format(t) + "'", t);
    }
}
