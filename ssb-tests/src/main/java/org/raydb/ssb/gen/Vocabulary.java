package org.raydb.ssb.gen;

import java.util.ArrayList;
import java.util.List;

/** The word lists of the SSB/TPC-H value domains, each value drawn uniformly. */
final class Vocabulary {

    static final List<String> MARKET_SEGMENTS =
            List.of("AUTOMOBILE", "BUILDING", "FURNITURE", "HOUSEHOLD", "MACHINERY");

    static final List<String> ORDER_PRIORITIES = List.of("1-URGENT", "2-HIGH", "3-MEDIUM", "4-NOT SPECIFIED", "5-LOW");

    static final List<String> SHIP_MODES = List.of("REG AIR", "AIR", "RAIL", "TRUCK", "MAIL", "FOB", "SHIP");

    static final List<String> COLORS = List.of(
            "almond",
            "antique",
            "aquamarine",
            "azure",
            "beige",
            "bisque",
            "black",
            "blanched",
            "blue",
            "blush",
            "brown",
            "burlywood",
            "burnished",
            "chartreuse",
            "chiffon",
            "chocolate",
            "coral",
            "cornflower",
            "cornsilk",
            "cream",
            "cyan",
            "dark",
            "deep",
            "dim",
            "dodger",
            "drab",
            "firebrick",
            "floral",
            "forest",
            "frosted",
            "gainsboro",
            "ghost",
            "goldenrod",
            "green",
            "grey",
            "honeydew",
            "hot",
            "indian",
            "ivory",
            "khaki",
            "lace",
            "lavender",
            "lawn",
            "lemon",
            "light",
            "lime",
            "linen",
            "magenta",
            "maroon",
            "medium",
            "metallic",
            "midnight",
            "mint",
            "misty",
            "moccasin",
            "navajo",
            "navy",
            "olive",
            "orange",
            "orchid",
            "pale",
            "papaya",
            "peach",
            "peru",
            "pink",
            "plum",
            "powder",
            "puff",
            "purple",
            "red",
            "rose",
            "rosy",
            "royal",
            "saddle",
            "salmon",
            "sandy",
            "seashell",
            "sienna",
            "sky",
            "slate",
            "smoke",
            "snow",
            "spring",
            "steel",
            "tan",
            "thistle",
            "tomato",
            "turquoise",
            "violet",
            "wheat",
            "white",
            "yellow");

    /** The 150 part types: every combination of the three TPC-H syllable lists. */
    static final List<String> PART_TYPES = combine(
            List.of("STANDARD", "SMALL", "MEDIUM", "LARGE", "ECONOMY", "PROMO"),
            List.of("ANODIZED", "BURNISHED", "PLATED", "POLISHED", "BRUSHED"),
            List.of("TIN", "NICKEL", "BRASS", "STEEL", "COPPER"));

    /** The 40 containers: size word times container word. */
    static final List<String> CONTAINERS = combine(
            List.of("SM", "LG", "MED", "JUMBO", "WRAP"),
            List.of("CASE", "BOX", "BAG", "JAR", "PACK", "PKG", "CAN", "DRUM"));

    private Vocabulary() {}

    @SafeVarargs
    private static List<String> combine(List<String>... syllables) {
        List<String> words = List.of("");
        for (List<String> next : syllables) {
            List<String> longer = new ArrayList<>(words.size() * next.size());
            for (String head : words) {
                for (String tail : next) {
                    longer.add(head.isEmpty() ? tail : head + " " + tail);
                }
            }
            words = longer;
        }
        return List.copyOf(words);
    }
}
