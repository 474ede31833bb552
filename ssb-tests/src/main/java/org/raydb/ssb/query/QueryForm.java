package org.raydb.ssb.query;

import java.util.List;
import java.util.Locale;

/** The two forms of each SSB query: star joins over the five tables, or one scan of {@code lineorder_flat}. */
public enum QueryForm {
    STAR,
    FLAT;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@code flat}, {@code star} or {@code both}, as the command line spells them. */
    public static List<QueryForm> parse(String text) {
        return switch (text) {
            case "flat" -> List.of(FLAT);
            case "star" -> List.of(STAR);
            case "both" -> List.of(FLAT, STAR);
            default -> throw new IllegalArgumentException("--form must be flat, star or both, not '" + text + "'");
        };
    }
}
