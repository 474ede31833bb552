package org.raydb.ssb.gen;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The value domains of the generated columns that queries filter and group on, from the constants the row
 * generators draw with, so that code writing queries over the data (the ad-hoc bench) meets the data's own
 * values. Lists are in SQL order (numbers ascending, strings as they compare).
 */
public final class Domains {

    /** An inclusive range of integers. */
    public record IntRange(int min, int max) {

        public List<Integer> values() {
            return IntStream.rangeClosed(min, max).boxed().toList();
        }
    }

    public static final IntRange QUANTITY = new IntRange(1, 50);
    public static final IntRange DISCOUNT = new IntRange(0, 10);
    public static final IntRange TAX = new IntRange(0, 8);
    public static final IntRange PART_SIZE = new IntRange(1, 50);
    /** {@code d_weeknuminyear}: day of the year / 7 + 1, as the reference generator numbers weeks. */
    public static final IntRange WEEK_IN_YEAR = new IntRange(1, 53);

    private Domains() {}

    /** {@code d_year}: every year of the calendar. */
    public static IntRange years() {
        return new IntRange(
                Calendar.FIRST_DAY.getYear(),
                Calendar.FIRST_DAY.plusDays(Calendar.DAYS - 1).getYear());
    }

    /** {@code d_yearmonthnum}: yyyymm of every month of the calendar. */
    public static List<Integer> yearMonths() {
        return years().values().stream()
                .flatMap(year -> IntStream.rangeClosed(1, 12).mapToObj(month -> year * 100 + month))
                .toList();
    }

    /** {@code d_yearmonth}: every month of the calendar as the date table spells it, e.g. {@code Dec1997}. */
    public static List<String> yearMonthNames() {
        return yearMonths().stream()
                .map(ym -> Calendar.yearMonth(LocalDate.of(ym / 100, ym % 100, 1)))
                .sorted()
                .toList();
    }

    /** {@code lo_orderdate}: the yyyymmdd keys of the days orders fall on. */
    public static List<Integer> orderDates() {
        return IntStream.range(0, Calendar.ORDER_DAYS)
                .mapToObj(Calendar::datekey)
                .toList();
    }

    public static List<String> regions() {
        return Nation.REGIONS;
    }

    public static List<String> nations() {
        return Nation.ALL.stream().map(Nation::name).sorted().toList();
    }

    /** The nations of one region. */
    public static List<String> nations(String region) {
        return Nation.ALL.stream()
                .filter(n -> n.region().equals(region))
                .map(Nation::name)
                .sorted()
                .toList();
    }

    public static List<String> cities() {
        return Nation.ALL.stream().flatMap(n -> cities(n).stream()).sorted().toList();
    }

    /** The cities of one nation, e.g. {@code UNITED KI0} to {@code UNITED KI9}. */
    public static List<String> cities(String nation) {
        return cities(Nation.ALL.stream()
                .filter(n -> n.name().equals(nation))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no nation " + nation)));
    }

    private static List<String> cities(Nation nation) {
        return IntStream.range(0, Nation.CITIES_PER_NATION)
                .mapToObj(nation::city)
                .toList();
    }

    /** {@code p_mfgr}: {@code MFGR#1} to {@code MFGR#5}. */
    public static List<String> manufacturers() {
        return IntStream.rangeClosed(1, PartRows.MANUFACTURERS)
                .mapToObj(m -> "MFGR#" + m)
                .toList();
    }

    /** {@code p_category}: {@code MFGR#11} to {@code MFGR#55}. */
    public static List<String> categories() {
        List<String> categories = new ArrayList<>();
        for (String mfgr : manufacturers()) {
            for (int c = 1; c <= PartRows.CATEGORIES_PER_MFGR; c++) {
                categories.add(mfgr + c);
            }
        }
        return List.copyOf(categories);
    }

    /** {@code p_brand1}: {@code MFGR#1101} to {@code MFGR#5540}. */
    public static List<String> brands() {
        return categories().stream().flatMap(c -> brands(c).stream()).toList();
    }

    /** The brands of one category, e.g. {@code MFGR#2201} to {@code MFGR#2240}, in SQL order. */
    public static List<String> brands(String category) {
        return IntStream.rangeClosed(1, PartRows.BRANDS_PER_CATEGORY)
                .mapToObj(b -> PartRows.brand(category, b))
                .toList();
    }

    public static List<String> shipModes() {
        return Vocabulary.SHIP_MODES.stream().sorted().toList();
    }

    public static List<String> orderPriorities() {
        return Vocabulary.ORDER_PRIORITIES.stream().sorted().toList();
    }
}
