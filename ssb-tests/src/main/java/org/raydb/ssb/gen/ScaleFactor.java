package org.raydb.ssb.gen;

import java.math.BigDecimal;
import java.sql.SQLException;

/**
 * An SSB scale factor and the table sizes it implies (SSB specification, reference dbgen): customer
 * 30,000 x SF, supplier 2,000 x SF, part 200,000 x floor(1 + log2 SF) (200,000 x SF below SF 1, as dbgen
 * scales every base count there), 1,500,000 x SF orders of 1 to 7 lines each (about 6,000,000 x SF lineorder
 * rows) and a fixed 2,556-day date dimension.
 */
public record ScaleFactor(double value) {

    /** The supported range: order keys, four per order, must stay below 2^31. */
    public static final double MIN = 0.001;

    public static final double MAX = 300;

    public ScaleFactor {
        if (!(value >= MIN && value <= MAX)) {
            throw new IllegalArgumentException("scale factor " + value + " is outside " + MIN + ".." + MAX);
        }
    }

    /** Parses {@code text} (e.g. "1", "0.05"), naming the bad value in an SQLException (22023). */
    public static ScaleFactor parse(String text) throws SQLException {
        try {
            return new ScaleFactor(Double.parseDouble(text));
        } catch (IllegalArgumentException e) {
            throw new SQLException("invalid scale factor '" + text + "': " + e.getMessage(), "22023", e);
        }
    }

    public long customers() {
        return scaled(30_000);
    }

    public long suppliers() {
        return scaled(2_000);
    }

    public long parts() {
        if (value < 1) {
            return scaled(200_000);
        }
        return 200_000L * (long) Math.floor(1 + Math.log(value) / Math.log(2));
    }

    public long orders() {
        return scaled(1_500_000);
    }

    /** The scale factor as written by a person: "1", "0.05", "10". */
    public String label() {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    private long scaled(long base) {
        return Math.max(1, (long) Math.floor(base * value));
    }
}
