package org.raydb.ssb.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CalendarAndNamesTest {

    @Test
    void calendarSpansTheReferenceDates() {
        assertEquals(19920101, Calendar.datekey(0));
        assertEquals(19980802, Calendar.datekey(Calendar.ORDER_DAYS - 1), "last order date");
        assertEquals(19981230, Calendar.datekey(Calendar.DAYS - 1), "2,556 days as in the reference date table");
    }

    @Test
    void citiesAreNinePaddedCharactersAndADigit() {
        Nation uk = Nation.ALL.get(23);
        assertEquals("UNITED KINGDOM", uk.name());
        assertEquals("UNITED KI1", uk.city(1));
        assertEquals("PERU     0", Nation.ALL.get(17).city(0));
        assertEquals("AMERICA", Nation.ALL.get(24).region());
    }

    @Test
    void fiveNationsPerRegion() {
        for (String region : Nation.REGIONS) {
            assertEquals(
                    5,
                    Nation.ALL.stream().filter(n -> n.region().equals(region)).count(),
                    region);
        }
    }

    @Test
    void partTypesAndContainersCoverTheirDomains() {
        assertEquals(150, new HashSet<>(Vocabulary.PART_TYPES).size());
        assertEquals("STANDARD ANODIZED TIN", Vocabulary.PART_TYPES.get(0));
        assertEquals(40, new HashSet<>(Vocabulary.CONTAINERS).size());
        assertEquals(92, Set.copyOf(Vocabulary.COLORS).size());
    }

    @Test
    void sparseOrderKeysUseEightOfEvery32() {
        assertEquals(1, LineorderRows.sparseOrderKey(1));
        assertEquals(7, LineorderRows.sparseOrderKey(7));
        assertEquals(32, LineorderRows.sparseOrderKey(8));
        assertEquals(6_000_000, LineorderRows.sparseOrderKey(1_500_000));
        assertEquals(
                100_010, LineorderRows.retailPrice(100), "TPC-H: 90000 + (100/10 mod 20001) + 100 x (100 mod 1000)");
        assertEquals(90_100, LineorderRows.retailPrice(1000));
    }
}
