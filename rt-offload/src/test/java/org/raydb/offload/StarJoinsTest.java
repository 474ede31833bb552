package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Star joins (a fact table inner-joined to dimensions on keys unique in them) are offloaded with exactly DuckDB's
 * answer, over data with dangling and NULL foreign keys and dimension rows no fact meets; every other join is
 * DuckDB's, with a reason that names it.
 */
class StarJoinsTest {

    private static OffloadHarness h;

    @BeforeAll
    static void setUp() throws SQLException {
        h = OffloadHarness.forceCpu();
        // cust: declared key, customers 0..39 (facts reach 0..49: 40..49 dangle).
        h.exec("CREATE TABLE cust (ck INTEGER PRIMARY KEY, region VARCHAR, nation VARCHAR, seg INTEGER)");
        h.exec("INSERT INTO cust SELECT i, ['ASIA', 'EUROPE', 'AMERICA'][i % 3 + 1], 'N' || (i % 7),"
                + " CASE WHEN i % 11 = 0 THEN NULL ELSE i % 4 END FROM range(40) r(i)");
        // dt: unique without a constraint; days 0..99 of which facts use 0..89, plus days no fact has.
        h.exec("CREATE TABLE dt (dk INTEGER, yr INTEGER, mon VARCHAR, day DATE)");
        h.exec("INSERT INTO dt SELECT i, 1992 + i // 30, 'M' || (i % 12), DATE '1992-01-01' + i::INTEGER"
                + " FROM range(120) r(i)");
        // part: VARCHAR key with a UNIQUE constraint, one NULL key, a NULL brand.
        h.exec("CREATE TABLE part (pk VARCHAR UNIQUE, brand VARCHAR, size INTEGER)");
        h.exec("INSERT INTO part SELECT 'p' || i, CASE WHEN i = 5 THEN NULL ELSE 'B' || (i % 6) END, i % 9"
                + " FROM range(25) r(i)");
        h.exec("INSERT INTO part VALUES (NULL, 'Bnull', 1)");
        h.exec("CREATE TABLE sales (ck INTEGER, dk INTEGER, pk VARCHAR, qty INTEGER, price DECIMAL(10,2),"
                + " d2 INTEGER)");
        h.exec("INSERT INTO sales SELECT CASE WHEN i % 97 = 0 THEN NULL ELSE (i * 7) % 50 END, (i * 13) % 90,"
                + " CASE WHEN i % 89 = 0 THEN NULL ELSE 'p' || ((i * 3) % 30) END, i % 50,"
                + " ((i * 37) % 10000)::DECIMAL(10,2) / 100, (i * 11) % 100 FROM range(5000) r(i)");
        h.exec("CREATE TABLE dup (k INTEGER, v INTEGER)");
        h.exec("INSERT INTO dup VALUES (1, 1), (1, 2), (2, 3)");
        h.exec("CREATE TABLE nation (nation VARCHAR PRIMARY KEY, continent VARCHAR)");
        h.exec("INSERT INTO nation SELECT 'N' || i, 'C' || (i % 2) FROM range(7) r(i)");
        h.exec("CREATE TABLE wide (ck BIGINT PRIMARY KEY, w INTEGER)");
        h.exec("INSERT INTO wide SELECT i, i FROM range(40) r(i)");
    }

    @AfterAll
    static void tearDown() throws SQLException {
        h.close();
    }

    @Test
    void starJoinsAreOffloaded() throws SQLException {
        h.assertOffloadedExactly("SELECT sum(qty) FROM sales, cust WHERE sales.ck = cust.ck");
        h.assertOffloadedExactly("SELECT count(*), sum(price) FROM sales JOIN dt ON sales.dk = dt.dk WHERE yr = 1993");
        h.assertOffloadedExactly("SELECT region, sum(qty) AS q, count(*) FROM sales s, cust c WHERE s.ck = c.ck"
                + " GROUP BY region ORDER BY region");
        h.assertOffloadedExactly("SELECT c.nation, d.yr, sum(s.price) AS revenue FROM sales s"
                + " JOIN cust c ON s.ck = c.ck JOIN dt d ON d.dk = s.dk"
                + " WHERE c.region = 'ASIA' AND d.yr BETWEEN 1992 AND 1993 AND s.qty < 30"
                + " GROUP BY c.nation, d.yr ORDER BY d.yr, revenue DESC");
        h.assertOffloadedExactly("SELECT brand, seg, min(price), max(qty), avg(qty) FROM sales, part, cust"
                + " WHERE sales.pk = part.pk AND sales.ck = cust.ck GROUP BY brand, seg ORDER BY brand, seg");
        h.assertOffloadedExactly("SELECT mon, count(*) FROM dt, sales WHERE dt.dk = sales.dk AND mon IN ('M1', 'M3')"
                + " GROUP BY mon HAVING count(*) > 10 ORDER BY 2 DESC, 1 LIMIT 5");
        h.assertOffloadedExactly("SELECT day, sum(qty) FROM sales, dt WHERE sales.dk = dt.dk"
                + " AND day >= DATE '1992-02-01' GROUP BY day ORDER BY day");
    }

    @Test
    void nullsAndDanglingKeysAreDroppedAsTheJoinDoes() throws SQLException {
        // A dimension column that is NULL in a matched row is a NULL group, not a dropped row.
        h.assertOffloadedExactly("SELECT seg, count(*) FROM sales, cust WHERE sales.ck = cust.ck GROUP BY seg"
                + " ORDER BY seg NULLS FIRST");
        h.assertOffloadedExactly("SELECT brand, count(*) FROM sales, part WHERE sales.pk = part.pk GROUP BY brand"
                + " ORDER BY brand NULLS LAST");
        h.assertOffloadedExactly("SELECT count(*) FROM sales, part WHERE sales.pk = part.pk AND brand IS NULL");
        h.assertOffloadedExactly("SELECT count(*) FROM sales, cust WHERE sales.ck = cust.ck AND seg IS NOT NULL");
    }

    @Test
    void integerKeysOfOtherWidthsJoin() throws SQLException {
        // sales.ck is INTEGER, wide.ck BIGINT: DuckDB compares their values.
        h.assertOffloadedExactly(
                "SELECT w, sum(qty) FROM sales, wide WHERE sales.ck = wide.ck AND w < 30 GROUP BY w ORDER BY 1");
        h.assertOffloadedExactly("SELECT count(*), sum(qty) FROM sales, wide WHERE sales.ck = wide.ck");
    }

    @Test
    void oneDimensionThroughTwoKeysIsTwoColumns() throws SQLException {
        h.assertOffloadedExactly("SELECT a.yr, b.yr, count(*) FROM sales, dt a, dt b"
                + " WHERE sales.dk = a.dk AND sales.d2 = b.dk GROUP BY a.yr, b.yr ORDER BY 1, 2");
    }

    @Test
    void snowflakeChainsAreOffloaded() throws SQLException {
        h.assertOffloadedExactly("SELECT continent, sum(qty), count(*) FROM sales, cust, nation"
                + " WHERE sales.ck = cust.ck AND cust.nation = nation.nation GROUP BY continent ORDER BY 1");
        h.assertOffloadedExactly("SELECT region, continent, sum(price) FROM sales JOIN cust ON sales.ck = cust.ck"
                + " JOIN nation n ON n.nation = cust.nation JOIN dt ON dt.dk = sales.dk"
                + " WHERE n.continent = 'C1' AND dt.yr = 1992 GROUP BY region, continent ORDER BY 1, 2");
        // The chain's second join drops the customers whose nation has no row, with no filter to say so.
        h.exec("UPDATE cust SET nation = 'N99' WHERE ck % 5 = 0");
        try {
            h.assertOffloadedExactly("SELECT region, count(*) FROM sales, cust, nation"
                    + " WHERE sales.ck = cust.ck AND cust.nation = nation.nation GROUP BY region ORDER BY 1");
            Map<String, String> explain = h.explain("SELECT count(*) FROM sales, cust, nation"
                    + " WHERE sales.ck = cust.ck AND cust.nation = nation.nation");
            assertTrue(
                    explain.get("joins").contains("cust.nation via ck = memory.main.nation.nation (PRIMARY KEY)"),
                    explain::toString);
        } finally {
            h.exec("UPDATE cust SET nation = 'N' || (ck % 7)");
        }
    }

    @Test
    void theJoinsShowInExplain() throws SQLException {
        Map<String, String> explain =
                h.explain("SELECT region, sum(qty) FROM sales, cust, dt, part WHERE sales.ck = cust.ck"
                        + " AND sales.dk = dt.dk AND sales.pk = part.pk GROUP BY region");
        assertEquals("true", explain.get("qualifies"), explain::toString);
        String joins = explain.get("joins");
        assertTrue(joins.contains("ck = memory.main.cust.ck (PRIMARY KEY)"), joins);
        assertTrue(joins.contains("dk = memory.main.dt.dk (unique in the data)"), joins);
        assertTrue(joins.contains("pk = memory.main.part.pk (UNIQUE)"), joins);
    }

    @Test
    void aWriteToADimensionIsSeen() throws SQLException {
        String sql = "SELECT region, sum(qty) FROM sales, cust WHERE sales.ck = cust.ck GROUP BY region ORDER BY 1";
        assertEquals(h.duck(sql), h.offloaded(sql, List.of()));
        h.exec("UPDATE cust SET region = 'AFRICA' WHERE ck = 3");
        assertEquals(h.duck(sql), h.offloaded(sql, List.of()), "after an update of the dimension");
        h.exec("INSERT INTO cust VALUES (45, 'ASIA', 'N1', 2)");
        assertEquals(h.duck(sql), h.offloaded(sql, List.of()), "after a dangling key found its row");
        h.exec("DELETE FROM cust WHERE ck = 45");
        h.exec("UPDATE cust SET region = 'ASIA' WHERE ck = 3");
    }

    @Test
    void otherJoinsAreDuckDbsWithTheirReason() throws SQLException {
        assertEquals(
                "a LEFT join (only inner joins qualify)",
                h.declineReason("SELECT sum(qty) FROM sales LEFT JOIN cust ON sales.ck = cust.ck"));
        assertTrue(h.declineReason("SELECT v, sum(qty) FROM sales, dup WHERE sales.ck = dup.k GROUP BY v")
                .contains("which is not unique in dup"));
        assertTrue(h.declineReason("SELECT sum(qty) FROM sales, cust, dt WHERE sales.ck = cust.ck AND cust.ck = dt.dk"
                        + " AND sales.dk = dt.dk")
                .contains("a cycle of joins"));
        assertTrue(h.declineReason("SELECT sum(qty) FROM sales, cust WHERE sales.ck + 1 = cust.ck")
                .contains("not an equality of two columns"));
        assertTrue(h.declineReason("SELECT sum(qty) FROM sales, cust WHERE sales.ck = cust.ck OR qty = 1")
                .contains("not an equality of two columns"));
        assertTrue(h.declineReason("SELECT sum(seg) FROM sales, cust WHERE sales.ck = cust.ck")
                .contains("an aggregate over the dimension column"));
        assertTrue(h.declineReason("SELECT sum(qty) FROM sales, part WHERE sales.ck = part.size AND sales.pk = part.pk")
                .contains("a join on several columns"));
        assertTrue(h.declineReason("SELECT sum(qty) FROM sales, dt WHERE sales.pk = dt.mon")
                .contains("which is not unique in dt"));
        assertTrue(h.declineReason("SELECT sum(qty) FROM sales, cust").contains("cross product"));
    }
}
