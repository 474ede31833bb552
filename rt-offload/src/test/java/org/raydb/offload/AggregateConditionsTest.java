package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Conditional aggregates over one column's condition per branch, FILTER and CASE with one or several WHENs, are
 * offloaded with DuckDB's exact answer: NULL conditions and NULL measures, groups where no row passes, an empty
 * table, ELSE 0 and no ELSE.
 * Conditions on several columns are computed per row as the table's columns load.
 */
class AggregateConditionsTest {

    private static OffloadHarness h;

    @BeforeAll
    static void setUp() throws SQLException {
        h = OffloadHarness.forceCpu();
        h.exec("CREATE TABLE t AS SELECT i AS v, (i % 7)::INTEGER AS k,"
                + " CASE WHEN i % 11 = 0 THEN NULL ELSE ['MAIL', 'SHIP', 'AIR', 'RAIL'][1 + i % 4] END AS mode,"
                + " CASE WHEN i % 13 = 0 THEN NULL ELSE (i % 50 * 0.25)::DECIMAL(15,2) END AS m,"
                + " DATE '1994-01-01' + (i % 700)::INTEGER AS d, 'PROMO' || (i % 3) || ' x' AS ptype"
                + " FROM range(5000) r(i)");
        h.exec("CREATE TABLE empty AS SELECT * FROM t LIMIT 0");
        h.exec("CREATE TABLE part (p INTEGER PRIMARY KEY, ptype VARCHAR)");
        h.exec("INSERT INTO part SELECT i, CASE WHEN i % 5 = 0 THEN 'PROMO BRUSHED' ELSE 'STANDARD' || i END"
                + " FROM range(200) r(i)");
        h.exec("CREATE TABLE sale AS SELECT (i % 230)::INTEGER AS p, (i % 90 * 1.5)::DECIMAL(15,2) AS price,"
                + " (i % 10 * 0.01)::DECIMAL(15,2) AS disc FROM range(4000) r(i)");
    }

    @AfterAll
    static void tearDown() throws SQLException {
        h.close();
    }

    @Test
    void filterClauses() throws SQLException {
        h.assertOffloadedExactly(
                "SELECT k, sum(m) FILTER (WHERE mode IN ('MAIL', 'SHIP')), count(*) FILTER (WHERE mode = 'AIR'),"
                        + " min(m) FILTER (WHERE d >= DATE '1995-01-01'), max(v) FILTER (WHERE year(d) = 1994),"
                        + " count(m) FILTER (WHERE mode IS NULL), count(*) FROM t GROUP BY k ORDER BY k");
        // A grouped AVG alone, and one beside a COUNT (its form asked of DuckDB's plan, AverageFormsTest).
        h.assertOffloadedExactly(
                "SELECT k, avg(v) FILTER (WHERE mode LIKE '%AI%'), count(*) FROM t GROUP BY k ORDER BY k");
        h.assertOffloadedExactly("SELECT k, avg(v) FILTER (WHERE mode LIKE '%AI%') FROM t GROUP BY k ORDER BY k");
        h.assertOffloadedExactly("SELECT avg(m) FILTER (WHERE mode LIKE '%AI%'), count(*) FROM t");
        // Groups where no row passes: NULL sums, zero counts.
        h.assertOffloadedExactly("SELECT k, sum(v) FILTER (WHERE mode = 'none'), count(*) FILTER (WHERE mode = 'none')"
                + " FROM t GROUP BY k ORDER BY k");
        h.assertOffloadedExactly("SELECT sum(m) FILTER (WHERE mode = 'RAIL') AS rail FROM t WHERE v < 3000");
    }

    @Test
    void caseInsideAggregates() throws SQLException {
        // TPC-H q12's and q14's forms: counts and shares by CASE ... ELSE 0.
        h.assertOffloadedExactly("SELECT k, sum(CASE WHEN mode IN ('MAIL', 'SHIP') THEN 1 ELSE 0 END) AS high,"
                + " sum(CASE WHEN mode NOT IN ('MAIL', 'SHIP') THEN 1 ELSE 0 END) AS low FROM t GROUP BY k ORDER BY k");
        h.assertOffloadedExactly("SELECT sum(CASE WHEN ptype LIKE 'PROMO1%' THEN m ELSE 0 END), sum(m) FROM t");
        h.assertOffloadedExactly("SELECT k, sum(CASE WHEN mode = 'AIR' THEN v END), min(CASE WHEN mode = 'SHIP' THEN m"
                + " ELSE NULL END), count(CASE WHEN d < DATE '1994-06-01' THEN m END) FROM t GROUP BY k ORDER BY k");
        h.assertOffloadedExactly(
                "SELECT k, avg(CASE WHEN mode = 'MAIL' THEN v ELSE 0 END) FROM t GROUP BY k ORDER BY k");
        // The condition holds a group key's expression: it still reads the table's column.
        h.assertOffloadedExactly(
                "SELECT year(d), min(CASE WHEN year(d) = 1994 THEN m END), sum(CASE WHEN year(d) = 1995"
                        + " THEN v ELSE 0 END) FROM t GROUP BY year(d) ORDER BY 1");
        h.assertOffloadedExactly(
                "SELECT k, sum(CASE WHEN mode = 'AIR' THEN v * 2 ELSE v END) FROM t GROUP BY k ORDER BY 2"
                        + " DESC LIMIT 3");
    }

    @Test
    void extremesOfDatesAndStringsUnderACondition() throws SQLException {
        h.assertOffloadedExactly("SELECT k, min(d) FILTER (WHERE mode = 'AIR'), max(mode) FILTER (WHERE v % 3 = 0),"
                + " min(CASE WHEN year(d) = 1995 THEN ptype END) FROM t GROUP BY k ORDER BY k");
    }

    @Test
    void aConditionOnADimensionColumnOfAStarJoin() throws SQLException {
        // TPC-H q14's shape: the promotion share of revenue, the parts joined.
        h.assertOffloadedExactly("SELECT sum(CASE WHEN part.ptype LIKE 'PROMO%' THEN sale.price * (1 - sale.disc)"
                + " ELSE 0 END), sum(sale.price * (1 - sale.disc)) FROM sale, part WHERE sale.p = part.p");
    }

    @Test
    void anEmptyTableAnswersAsDuckDb() throws SQLException {
        h.assertOffloadedExactly("SELECT sum(CASE WHEN mode = 'AIR' THEN 1 ELSE 0 END), count(*) FILTER (WHERE"
                + " mode = 'AIR'), sum(m) FILTER (WHERE mode = 'AIR') FROM empty");
    }

    @Test
    void conditionsOnSeveralColumnsAreComputedPerRow() throws SQLException {
        h.assertOffloadedExactly("SELECT sum(v) FILTER (WHERE mode = 'AIR' AND k = 2) FROM t");
        h.assertOffloadedExactly(
                "SELECT sum(CASE WHEN mode = 'AIR' THEN 1 WHEN mode = 'SHIP' AND k = 2 THEN 2 ELSE 0 END) FROM t");
    }

    @Test
    void conditionsTheOffloadCannotTellApartAreDuckDbs() throws SQLException {
        // Two conditions that differ only in a literal's case: DuckDB would answer each, the offload cannot tell
        // their computed columns apart by name.
        String letterCase = h.declineReason("SELECT k, sum(v) FILTER (WHERE mode = 'AIR'), sum(v) FILTER (WHERE mode ="
                + " 'air') FROM t GROUP BY k");
        assertTrue(letterCase.contains("differ only in letter case"), letterCase);
    }

    /**
     * DuckDB's aggregate rewriter leaves an AVG with a FILTER clause as its avg aggregate, grouped or not, where the
     * same AVG over the equivalent CASE becomes SUM / COUNT: the last bits differ, and each is answered as DuckDB's.
     */
    @Test
    void averagesWithFilterKeepDuckDbsAvgAggregate() throws SQLException {
        h.exec(DifferentialFixture.createSql());
        h.assertOffloadedExactly("SELECT avg(m_dec) FILTER (WHERE k_int % 2 = 0) FROM r");
        h.assertOffloadedExactly("SELECT avg(m_dec) FILTER (WHERE k_int % 2 = 0), avg(CASE WHEN k_int % 2 = 0 THEN"
                + " m_dec END), sum(m_dec) FILTER (WHERE k_int % 2 = 0) FROM r WHERE k_null::VARCHAR LIKE '%35%'");
        h.assertOffloadedExactly("SELECT k_small, avg(m_dec) FILTER (WHERE k_int % 2 = 0), avg(CASE WHEN k_int % 2 = 0"
                + " THEN m_dec END), count(m_dec) FILTER (WHERE k_int % 2 = 0) FROM r GROUP BY k_small ORDER BY 1");
        h.assertOffloadedExactly("SELECT k, avg(m) FILTER (WHERE mode = 'AIR'), avg(v) FILTER (WHERE mode = 'AIR')"
                + " FROM t GROUP BY k ORDER BY k");
    }

    @Test
    void caseWithSeveralBranches() throws SQLException {
        // Branches over one column or over different columns, with and without ELSE, NULL conditions falling
        // through, a measure or a constant per branch, nested in the ELSE.
        h.assertOffloadedExactly("SELECT k, sum(CASE WHEN mode = 'AIR' THEN 1 WHEN mode = 'SHIP' THEN 2 ELSE 0 END)"
                + " FROM t GROUP BY k ORDER BY k");
        h.assertOffloadedExactly("SELECT k, sum(CASE WHEN mode = 'AIR' THEN v WHEN d < DATE '1994-01-01' THEN m"
                + " WHEN ptype LIKE 'PROMO%' THEN 1 END), count(CASE WHEN mode = 'RAIL' THEN 1 WHEN mode = 'MAIL'"
                + " THEN 2 END) FROM t GROUP BY k ORDER BY k");
        h.assertOffloadedExactly("SELECT min(CASE WHEN mode = 'SHIP' THEN m WHEN mode = 'AIR' THEN m * 2 ELSE -1 END),"
                + " max(CASE WHEN year(d) = 1995 THEN v WHEN year(d) = 1996 THEN v + 100 END) FROM t");
        h.assertOffloadedExactly("SELECT k, avg(CASE WHEN mode IS NULL THEN 0 WHEN mode = 'AIR' THEN v ELSE m END)"
                + " FROM t GROUP BY k ORDER BY k");
    }
}
