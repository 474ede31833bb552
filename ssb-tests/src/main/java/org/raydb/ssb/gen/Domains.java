package org.raydb.ssb.gen;

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

    public static List<String> cities() {
        return Nation.ALL.stream()
                .flatMap(n -> IntStream.range(0, Nation.CITIES_PER_NATION).mapToObj(n::city))
                .sorted()
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
        List<String> brands = new ArrayList<>();
        for (String category : categories()) {
            for (int b = 1; b <= PartRows.BRANDS_PER_CATEGORY; b++) {
                brands.add(PartRows.brand(category, b));
            }
        }
        return List.copyOf(brands);
    }

    public static List<String> shipModes() {
        return Vocabulary.SHIP_MODES.stream().sorted().toList();
    }

    public static List<String> orderPriorities() {
        return Vocabulary.ORDER_PRIORITIES.stream().sorted().toList();
    }
}
