package org.raydb.ssb.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.raydb.ssb.TestDatabases;
import org.raydb.ssb.load.SsbDatabase;

/** The domains have the SSB sizes and hold every value the generated flat table has. */
class DomainsTest {

    @Test
    void domainsHaveTheSsbSizes() {
        assertEquals(new Domains.IntRange(1992, 1998), Domains.years());
        assertEquals(84, Domains.yearMonths().size());
        assertEquals(
                List.of(19920101, 19980802),
                List.of(Domains.orderDates().getFirst(), Domains.orderDates().getLast()));
        assertEquals(5, Domains.regions().size());
        assertEquals(25, Domains.nations().size());
        assertEquals(250, Domains.cities().size());
        assertEquals(
                List.of("MFGR#1", "MFGR#5"),
                List.of(
                        Domains.manufacturers().getFirst(),
                        Domains.manufacturers().getLast()));
        assertEquals(25, Domains.categories().size());
        assertEquals(
                List.of("MFGR#1101", "MFGR#5540"),
                List.of(Domains.brands().getFirst(), Domains.brands().getLast()));
        assertEquals(
                1000, Domains.brands().stream().sorted().distinct().toList().size());
        assertEquals(Domains.brands().stream().sorted().toList(), Domains.brands(), "in SQL order");
        assertEquals(Domains.cities().stream().sorted().toList(), Domains.cities(), "in SQL order");
        assertEquals(
                List.of("Apr1992", "Sep1998"),
                List.of(
                        Domains.yearMonthNames().getFirst(),
                        Domains.yearMonthNames().getLast()));
        assertEquals(84, Domains.yearMonthNames().size());
    }

    @Test
    void partsOfTheDomainsFollowTheirHierarchy() {
        assertEquals(List.of("ARGENTINA", "BRAZIL", "CANADA", "PERU", "UNITED STATES"), Domains.nations("AMERICA"));
        assertEquals(
                List.of("UNITED KI0", "UNITED KI9"),
                List.of(
                        Domains.cities("UNITED KINGDOM").getFirst(),
                        Domains.cities("UNITED KINGDOM").getLast()));
        assertEquals(10, Domains.cities("PERU").size());
        assertEquals(
                List.of("MFGR#2201", "MFGR#2240"),
                List.of(
                        Domains.brands("MFGR#22").getFirst(),
                        Domains.brands("MFGR#22").getLast()));
        assertEquals(40, Domains.brands("MFGR#22").size());
    }

    @Test
    void theGeneratedDataStayInTheDomains() throws Exception {
        Map<String, List<?>> domains = Map.ofEntries(
                Map.entry("lo_quantity", Domains.QUANTITY.values()),
                Map.entry("lo_discount", Domains.DISCOUNT.values()),
                Map.entry("lo_tax", Domains.TAX.values()),
                Map.entry("p_size", Domains.PART_SIZE.values()),
                Map.entry("d_year", Domains.years().values()),
                Map.entry("d_yearmonthnum", Domains.yearMonths()),
                Map.entry("d_yearmonth", Domains.yearMonthNames()),
                Map.entry("d_weeknuminyear", Domains.WEEK_IN_YEAR.values()),
                Map.entry("lo_orderdate", Domains.orderDates()),
                Map.entry("c_region", Domains.regions()),
                Map.entry("s_nation", Domains.nations()),
                Map.entry("c_city", Domains.cities()),
                Map.entry("s_city", Domains.cities()),
                Map.entry("p_mfgr", Domains.manufacturers()),
                Map.entry("p_category", Domains.categories()),
                Map.entry("p_brand1", Domains.brands()),
                Map.entry("lo_shipmode", Domains.shipModes()),
                Map.entry("lo_orderpriority", Domains.orderPriorities()));
        try (Connection connection = SsbDatabase.open(TestDatabases.generated(0.01));
                Statement statement = connection.createStatement()) {
            for (Map.Entry<String, List<?>> e : domains.entrySet()) {
                List<Object> values = new ArrayList<>();
                try (ResultSet rows =
                        statement.executeQuery("SELECT DISTINCT " + e.getKey() + " FROM lineorder_flat")) {
                    while (rows.next()) {
                        values.add(rows.getObject(1));
                    }
                }
                assertTrue(e.getValue().containsAll(values), e.getKey() + ": " + values);
            }
        }
    }
}
