package org.raydb.offload.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The averages' quick paths in doubles against the exact ones in big integers (DuckDB's own answers are compared
 * with the offload's end to end elsewhere): equal wherever the quick path answers, and it leaves the quotients near a
 * midpoint to the exact path.
 */
class DuckDbAverageTest {

    private static final int LONG_DOUBLE = 64;

    @Test
    void theAverageInDoublesIsTheTwiceRoundedQuotientWhereItAnswers() {
        SplittableRandom random = new SplittableRandom(20261206);
        int answered = 0;
        int leftToTheExactPath = 0;
        for (int i = 0; i < 400_000; i++) {
            long count = 1 + random.nextLong(i % 2 == 0 ? 1 << 12 : 1L << 40);
            int scale = random.nextInt(4);
            long limit = 1L << (1 + random.nextInt(54));
            long sum = random.nextLong(-limit, limit);
            double power = Math.pow(10, scale);
            double quick = DuckDbAverage.roundedTwiceInDoubles(sum, (double) count * power, LONG_DOUBLE);
            if (Double.isNaN(quick)) {
                leftToTheExactPath++;
                continue;
            }
            answered++;
            double exact = DuckDbAverage.roundedTwice(sum, count, power, LONG_DOUBLE);
            assertEquals(exact, quick, () -> sum + " / " + count + " at scale " + scale);
        }
        assertTrue(answered > 300_000, "answered " + answered);
        assertTrue(leftToTheExactPath > 0, "some quotients lie near a midpoint or beyond 2^53");
    }

    /**
     * Quotients next to a midpoint of two doubles, where rounding first to 64 bits can land on the midpoint and then
     * round to even, away from the nearest double (the twice-rounded average differs from the double quotient): the
     * quick path must leave each of those to the exact path, and agree with it everywhere else.
     */
    @Test
    void quotientsNextToAMidpointAreLeftToTheExactPath() {
        SplittableRandom random = new SplittableRandom(7);
        int twiceRoundedDiffers = 0;
        for (int i = 0; i < 1_000_000; i++) {
            long count = (1 << 19) + random.nextLong(1 << 19);
            // sum = the integer nearest m * count for m a midpoint between two doubles in [2^30, 2^31):
            // sum / count lies within 2^-23 / count of m where m * count is near an integer.
            double base = Math.scalb((double) ((1L << 52) + random.nextLong(1L << 52)), -22);
            BigDecimal midpoint = new BigDecimal(base).add(new BigDecimal(Math.ulp(base)).divide(BigDecimal.TWO));
            long sum = midpoint.multiply(BigDecimal.valueOf(count))
                    .setScale(0, RoundingMode.HALF_EVEN)
                    .longValueExact();
            double quick = DuckDbAverage.roundedTwiceInDoubles(sum, count, LONG_DOUBLE);
            double exact = DuckDbAverage.roundedTwice(sum, count, 1.0, LONG_DOUBLE);
            if (exact != (double) sum / count) {
                twiceRoundedDiffers++;
                assertTrue(Double.isNaN(quick), () -> sum + " / " + count + " answered in doubles");
            } else if (!Double.isNaN(quick)) {
                assertEquals(exact, quick, () -> sum + " / " + count);
            }
        }
        assertTrue(twiceRoundedDiffers > 0, "no quotient where rounding twice differs: the test cannot fail");
    }

    @Test
    void theSumOverTheCountConvertsTheSumAsDuckDbDoes() {
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 100_000; i++) {
            long sum = i % 3 == 0 ? random.nextLong() : random.nextLong(-(1L << 53) + 1, 1L << 53);
            int scale = random.nextInt(20);
            long count = 1 + random.nextLong(1 << 30);
            double s = scale == 0
                    ? DuckDbAverage.hugeintToDouble(BigInteger.valueOf(sum))
                    : new BigDecimal(BigInteger.valueOf(sum), scale).doubleValue();
            assertEquals(s / (double) count, DuckDbAverage.sumOverCount(sum, scale, count), () -> sum + " at " + scale);
        }
        assertEquals(
                DuckDbAverage.hugeintToDouble(BigInteger.valueOf(Long.MIN_VALUE)),
                DuckDbAverage.sumOverCount(Long.MIN_VALUE, 0, 1));
    }
}
