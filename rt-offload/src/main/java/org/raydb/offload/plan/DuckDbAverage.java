package org.raydb.offload.plan;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * AVG exactly as DuckDB 2.0 computes it from the exact sum (unscaled, at the argument's scale) and the
 * non-NULL count, in the {@link AverageForm} its plan has.
 */
final class DuckDbAverage {

    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);
    /** 10^scale as DuckDB's DOUBLE holds it, for every DECIMAL scale. */
    private static final double[] POWERS = new double[39];

    static {
        for (int scale = 0; scale < POWERS.length; scale++) {
            POWERS[scale] = hugeintToDouble(BigInteger.TEN.pow(scale));
        }
    }

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
        double s;
        if (scale == 0) {
            s = hugeintToDouble(sum);
        } else if (Math.abs(sum) < 1L << 53 && scale <= 18) {
            // Both exact in a double (10^scale up to 10^22 is; POWERS holds DuckDB's cast, exact up to 10^19): the
            // quotient correctly rounded, as the DECIMAL's conversion.
            s = sum / POWERS[scale];
        } else {
            s = new BigDecimal(BigInteger.valueOf(sum), scale).doubleValue();
        }
        return s / (double) count;
    }

    /**
     * DuckDB's avg aggregate: {@code sum / (count * 10^scale)}, where 10^scale is a DOUBLE; for 16-bit inputs
     * in double, for wider ones in long double (which holds any 64-bit sum exactly), the quotient then
     * rounded to double.
     */
    static double avgAggregate(long sum, int scale, boolean longDouble, long count) {
        double power = POWERS[scale];
        if (!longDouble) {
            return (double) sum / ((double) count * power);
        }
        double rounded = roundedTwiceInDoubles(sum, (double) count * power, AverageForm.LONG_DOUBLE_BITS);
        return Double.isNaN(rounded) ? roundedTwice(sum, count, power, AverageForm.LONG_DOUBLE_BITS) : rounded;
    }

    /**
     * {@code sum / divisor} rounded to {@code bits} and then to double, computed in doubles (a few ns, where the exact
     * path's big integers took 0.3-2 us an average, most of a large grouped AVG's finish): where the sum and the
     * divisor are integers below 2^53, the double quotient q is the exact quotient correctly rounded, and the FMA's
     * {@code sum - q * divisor} its exact remainder; a quotient farther than one {@code bits}-ulp from the midpoints
     * around q cannot be rounded onto one first, so q is also the twice-rounded value. NaN elsewhere.
     */
    static double roundedTwiceInDoubles(long sum, double divisor, int bits) {
        if (Math.abs(sum) >= 1L << 53 || !(divisor < 0x1p53) || bits <= 53) {
            return Double.NaN;
        }
        double s = sum;
        double q = s / divisor;
        double remainder = Math.fma(-q, divisor, s);
        double ulp = Math.ulp(q);
        if ((Double.doubleToRawLongBits(q) & 0x000F_FFFF_FFFF_FFFFL) == 0) {
            ulp /= 2; // a power of two: the midpoint below it is half as far
        }
        return Math.abs(remainder) / divisor < ulp * (0.5 - Math.scalb(1.0, 53 - bits)) ? q : Double.NaN;
    }

    /**
     * {@code sum / (count * power)} with the divisor and the quotient rounded to {@code bits} significant bits, then
     * to double, in big integers: exact for every input.
     */
    static double roundedTwice(long sum, long count, double power, int bits) {
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

    /** {@link #hugeintToDouble(BigInteger)} of a 64-bit value (upper word 0 or -1), without big integers. */
    static double hugeintToDouble(long v) {
        return v >= 0 ? (double) v : -(double) -(v + 1) - 1.0;
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
