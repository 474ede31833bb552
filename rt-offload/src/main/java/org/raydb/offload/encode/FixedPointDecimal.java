package org.raydb.offload.encode;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * RayDB's fixed-point encoding: a DECIMAL(p, s) value is the 64-bit integer {@code value · 10^s}, exact for
 * p ≤ 18 (DuckDB stores such decimals the same way). Rescaling to a larger scale multiplies exactly or
 * reports overflow; nothing is ever rounded.
 */
public final class FixedPointDecimal {

    private static final long[] POW10 = new long[19];

    static {
        POW10[0] = 1;
        for (int i = 1; i < POW10.length; i++) {
            POW10[i] = POW10[i - 1] * 10;
        }
    }

    private FixedPointDecimal() {}

    /** {@code 10^n} for {@code 0 <= n <= 18}. */
    public static long pow10(int n) {
        return POW10[n];
    }

    /** {@code unscaled} at scale {@code from} re-expressed at scale {@code to >= from}; throws on overflow. */
    public static long rescale(long unscaled, int from, int to) {
        if (to < from) {
            throw new IllegalArgumentException("rescaling would round: scale " + from + " to " + to);
        }
        return to == from ? unscaled : Math.multiplyExact(unscaled, pow10(to - from));
    }

    /** The encoded integer of an exact decimal at {@code scale}; throws if it is not representable exactly. */
    public static long encode(BigDecimal value, int scale) {
        return value.setScale(scale).unscaledValue().longValueExact();
    }

    public static BigDecimal decode(long unscaled, int scale) {
        return BigDecimal.valueOf(unscaled, scale);
    }

    public static BigDecimal decode(BigInteger unscaled, int scale) {
        return new BigDecimal(unscaled, scale);
    }
}
