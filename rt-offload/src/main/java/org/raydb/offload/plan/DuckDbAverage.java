package org.raydb.offload.plan;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * AVG exactly as DuckDB 2.0 computes it from the exact sum (unscaled, at the argument's scale) and the
 * non-NULL count, in the {@link AverageForm} its plan has.
 */
final class DuckDbAverage {

    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    private DuckDbAverage() {}

    static double of(AverageForm form, long sum, ColumnType argument, long count) {
        int scale = argument.numericScale();
        return form == AverageForm.SUM_OVER_COUNT
                ? sumOverCount(sum, scale, count)
                : avgAggregate(sum, scale, AverageForm.dividesInLongDouble(argument), count);
    }

    /**
     * {@code CAST(SUM(x) AS DOUBLE) / CAST(COUNT(x) AS DOUBLE)}: SUM is HUGEINT or DECIMAL(38,s). A DECIMAL
     * with a scale converts correctly rounded; HUGEINT and scale 0 go through DuckDB's hugeint-to-double cast.
     */
    static double sumOverCount(long sum, int scale, long count) {
        double s = scale == 0
                ? hugeintToDouble(BigInteger.valueOf(sum))
                : new BigDecimal(BigInteger.valueOf(sum), scale).doubleValue();
        return s / (double) count;
    }

    /**
     * DuckDB's avg aggregate: {@code sum / (count * 10^scale)}, where 10^scale is a DOUBLE; for 16-bit inputs
     * in double, for wider ones in long double (which holds any 64-bit sum exactly), the quotient then
     * rounded to double.
     */
    static double avgAggregate(long sum, int scale, boolean longDouble, long count) {
        double power = hugeintToDouble(BigInteger.TEN.pow(scale));
        if (!longDouble) {
            return (double) sum / ((double) count * power);
        }
        int bits = AverageForm.LONG_DOUBLE_BITS;
        BinaryRounding divisor =
                BinaryRounding.of(BigInteger.valueOf(count).multiply(new BigDecimal(power).toBigIntegerExact()), bits);
        BigInteger num = BigInteger.valueOf(sum);
        BigInteger den = divisor.significand();
        if (divisor.exponent() >= 0) {
            den = den.shiftLeft(divisor.exponent());
        } else {
            num = num.shiftLeft(-divisor.exponent());
        }
        return BinaryRounding.quotient(num, den, bits).round(53).toDouble();
    }

    /**
     * DuckDB's HUGEINT to DOUBLE cast: {@code -double(UINT64_MAX - lower) - 1} when the upper word is -1,
     * else {@code double(lower) + double(upper) * 2^64}; each step rounds, so it is not always the nearest.
     */
    static double hugeintToDouble(BigInteger v) {
        BigInteger upper = v.shiftRight(64);
        BigInteger lower = v.subtract(upper.shiftLeft(64));
        if (upper.signum() < 0 && upper.bitLength() == 0) {
            return -new BigDecimal(TWO_64.subtract(BigInteger.ONE).subtract(lower)).doubleValue() - 1.0;
        }
        return new BigDecimal(lower).doubleValue() + upper.doubleValue() * 0x1p64;
    }
}
