package org.raydb.ssb.gen;

import java.util.List;

/**
 * The 25 nations and 5 regions of TPC-H/SSB, in the reference generator's order (a nation's index gives its
 * phone country code, 10 + index), and the SSB city names derived from them.
 */
public record Nation(String name, String region) {

    public static final List<String> REGIONS = List.of("AFRICA", "AMERICA", "ASIA", "EUROPE", "MIDDLE EAST");

    public static final List<Nation> ALL = List.of(
            of("ALGERIA", 0),
            of("ARGENTINA", 1),
            of("BRAZIL", 1),
            of("CANADA", 1),
            of("EGYPT", 4),
            of("ETHIOPIA", 0),
            of("FRANCE", 3),
            of("GERMANY", 3),
            of("INDIA", 2),
            of("INDONESIA", 2),
            of("IRAN", 4),
            of("IRAQ", 4),
            of("JAPAN", 2),
            of("JORDAN", 4),
            of("KENYA", 0),
            of("MOROCCO", 0),
            of("MOZAMBIQUE", 0),
            of("PERU", 1),
            of("CHINA", 2),
            of("ROMANIA", 3),
            of("SAUDI ARABIA", 4),
            of("VIETNAM", 2),
            of("RUSSIA", 3),
            of("UNITED KINGDOM", 3),
            of("UNITED STATES", 1));

    /** Cities per nation: a city is the nation's name cut or space-padded to 9 characters plus one digit. */
    public static final int CITIES_PER_NATION = 10;

    private static final int CITY_PREFIX = 9;

    /** The SSB city name, e.g. {@code UNITED KI1}, {@code PERU     0}. */
    public String city(int digit) {
        String prefix = name.length() >= CITY_PREFIX
                ? name.substring(0, CITY_PREFIX)
                : name + " ".repeat(CITY_PREFIX - name.length());
        return prefix + digit;
    }

    private static Nation of(String name, int region) {
        return new Nation(name, REGIONS.get(region));
    }
}
