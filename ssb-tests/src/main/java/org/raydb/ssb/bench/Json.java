package org.raydb.ssb.bench;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/** The few JSON literals the report needs. */
final class Json {

    private Json() {
    }

    static String string(String value) {
        if (value == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder("\"");
        for (char c : value.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    /** A number as JSON, rounded to six significant digits; NaN and infinities become null. */
    static String number(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "null";
        }
        return new BigDecimal(value).round(new MathContext(6)).stripTrailingZeros()
                .toPlainString();
    }
}
