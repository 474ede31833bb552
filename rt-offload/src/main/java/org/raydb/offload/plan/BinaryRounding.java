package org.raydb.offload.plan;

import java.math.BigInteger;

/**
 * Exact quotients rounded to a binary floating-point precision (nearest, ties to even), for reproducing
 * C++ {@code double} and {@code long double} arithmetic exactly. Values stay far from overflow and
 * subnormals (sums of at most 64 bits over counts), so only the significand's width matters.
 *
 * @param significand the rounded significand, at most {@code bits} bits (or a power of two one wider)
 * @param exponent    the value is {@code significand * 2^exponent}
 */
record BinaryRounding(BigInteger significand, int exponent) {

    /** {@code num / den} ({@code den > 0}) rounded to {@code bits} significant bits. */
    static BinaryRounding quotient(BigInteger num, BigInteger den, int bits) {
        if (num.signum() == 0) {
            return new BinaryRounding(BigInteger.ZERO, 0);
        }
        BigInteger n = num.abs();
        // Scale so the integer quotient has bits + 2 or bits + 3 bits: at least one guard bit to round on.
        int shift = bits + 2 - (n.bitLength() - den.bitLength());
        BigInteger[] qr =
                shift >= 0 ? n.shiftLeft(shift).divideAndRemainder(den) : n.divideAndRemainder(den.shiftLeft(-shift));
        BigInteger q = qr[0];
        int drop = q.bitLength() - bits;
        BigInteger kept = q.shiftRight(drop);
        boolean half = q.testBit(drop - 1);
        boolean belowHalf = qr[1].signum() != 0 || q.getLowestSetBit() < drop - 1;
        if (half && (belowHalf || kept.testBit(0))) {
            kept = kept.add(BigInteger.ONE);
        }
        return new BinaryRounding(num.signum() < 0 ? kept.negate() : kept, drop - shift);
    }

    /** {@code value} rounded to {@code bits} significant bits. */
    static BinaryRounding of(BigInteger value, int bits) {
        return quotient(value, BigInteger.ONE, bits);
    }

    /** This value rounded to {@code bits} significant bits. */
    BinaryRounding round(int bits) {
        return exponent >= 0
                ? of(significand.shiftLeft(exponent), bits)
                : quotient(significand, BigInteger.ONE.shiftLeft(-exponent), bits);
    }

    /** The value, exact when it has at most 53 significant bits. */
    double toDouble() {
        return Math.scalb(significand.doubleValue(), exponent);
    }
}
