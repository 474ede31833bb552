package org.raydb.ssb.gen;

import java.time.LocalDate;
import java.time.format.TextStyle;
import java.util.Locale;

/**
 * The SSB calendar: 2,556 days from 1992-01-01 (the reference generator's date-table size, so the last day
 * is 1998-12-30). Orders fall on the first 2,406 days (up to 1998-08-02, leaving room for the 30 to 90 days
 * of the commit date). Days are addressed by their index from the first day; keys are yyyymmdd.
 */
public final class Calendar {

    public static final LocalDate FIRST_DAY = LocalDate.of(1992, 1, 1);
    public static final int DAYS = 2556;
    public static final int ORDER_DAYS = 2406;

    private static final int[] DATEKEYS = new int[DAYS];

    static {
        for (int day = 0; day < DAYS; day++) {
            DATEKEYS[day] = datekey(FIRST_DAY.plusDays(day));
        }
    }

    private Calendar() {}

    /** The yyyymmdd key of the day {@code dayIndex} days after 1992-01-01. */
    public static int datekey(int dayIndex) {
        return DATEKEYS[dayIndex];
    }

    public static int datekey(LocalDate date) {
        return date.getYear() * 10_000 + date.getMonthValue() * 100 + date.getDayOfMonth();
    }

    /** {@code d_yearmonth} of the day: the month's first three letters and the year, e.g. {@code Dec1997}. */
    public static String yearMonth(LocalDate date) {
        return date.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH).substring(0, 3) + date.getYear();
    }
}
