package org.raydb.ssb.bench;

import java.math.BigDecimal;
import java.math.MathContext;

/** The few JSON literals the reports need: strings as the offload layer writes them, numbers rounded. */
public final class Json {

    private Json() {}

    /** A string (or null) as JSON, escaped by the offload layer's JSON writer. */
    public static String string(String value) {
        return org.raydb.offload.json.Json.write(value);
    }

    /** A number as JSON, rounded to six significant digits; NaN and infinities become null. */
    public static String number(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "null";
        }
        return new BigDecimal(value)
                .round(new MathContext(6))
                .stripTrailingZeros()
                .toPlainString();
    }
}
