package org.raydb.ssb.gen;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.format.TextStyle;
import java.util.Locale;
import java.util.Set;
import org.raydb.ssb.schema.SsbTable;

/**
 * {@code date}: one row per calendar day, nothing random. Week numbers follow the reference generator
 * ({@code day of year / 7 + 1}, so week 6 of 1994 is days 35 to 41, which q1.3 depends on) and days of the
 * week count from Sunday = 1. Where the reference generator has plain bugs (misspelt month names, an
 * inverted last-day-of-month flag, weekday names shifted by one) this table is correct instead; no SSB query
 * reads those columns.
 */
final class DateRows implements TableRows {

    /** (month, day) pairs the reference generator flags as holidays. */
    private static final Set<Integer> HOLIDAYS = Set.of(1224, 101, 220, 420, 520, 720, 820, 920, 1020, 1120);

    @Override
    public SsbTable table() {
        return SsbTable.DATE;
    }

    @Override
    public int chunkCount() {
        return 1;
    }

    @Override
    public long expectedRows() {
        return Calendar.DAYS;
    }

    @Override
    public int rowsPerChunkHint() {
        return Calendar.DAYS;
    }

    @Override
    public long appendChunk(int chunk, RowSink out) {
        for (int day = 0; day < Calendar.DAYS; day++) {
            appendDay(Calendar.FIRST_DAY.plusDays(day), out);
            out.endRow();
        }
        return Calendar.DAYS;
    }

    private static void appendDay(LocalDate date, RowSink out) {
        String month = date.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH);
        int dayInWeek = date.getDayOfWeek().getValue() % 7 + 1;
        boolean weekend = date.getDayOfWeek() == DayOfWeek.SATURDAY || date.getDayOfWeek() == DayOfWeek.SUNDAY;
        out.integer(Calendar.datekey(date))
                .text(month + " " + date.getDayOfMonth() + ", " + date.getYear())
                .text(date.getDayOfWeek().getDisplayName(TextStyle.FULL, Locale.ENGLISH))
                .text(month)
                .integer(date.getYear())
                .integer(date.getYear() * 100 + date.getMonthValue())
                .text(Calendar.yearMonth(date))
                .integer(dayInWeek)
                .integer(date.getDayOfMonth())
                .integer(date.getDayOfYear())
                .integer(date.getMonthValue())
                .integer(date.getDayOfYear() / 7 + 1)
                .text(sellingSeason(date.getMonthValue()))
                .integer(flag(dayInWeek == 7))
                .integer(flag(date.getDayOfMonth() == date.lengthOfMonth()))
                .integer(flag(HOLIDAYS.contains(date.getMonthValue() * 100 + date.getDayOfMonth())))
                .integer(flag(!weekend));
    }

    private static String sellingSeason(int month) {
        if (month <= 3) {
            return "Winter";
        } else if (month == 4) {
            return "Spring";
        } else if (month <= 8) {
            return "Summer";
        } else if (month <= 10) {
            return "Fall";
        }
        return "Christmas";
    }

    private static int flag(boolean value) {
        return value ? 1 : 0;
    }
}
