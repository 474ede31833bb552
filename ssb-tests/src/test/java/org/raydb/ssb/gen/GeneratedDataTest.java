package org.raydb.ssb.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.raydb.ssb.TestDatabases;
import org.raydb.ssb.load.SsbDatabase;

/** The generated data at SF 0.05 have the SSB cardinalities, key ranges, value domains and formulas. */
class GeneratedDataTest {

    private static final double SF = 0.05;
    private static Connection connection;

    @BeforeAll
    static void open() throws SQLException {
        Path file = TestDatabases.generated(SF);
        connection = SsbDatabase.open(file);
    }

    @AfterAll
    static void close() throws SQLException {
        connection.close();
    }

    @Test
    void dimensionsHaveDenseKeysAndSpecifiedSizes() throws SQLException {
        ScaleFactor sf = new ScaleFactor(SF);
        assertEquals(
                dense(sf.customers()),
                text("SELECT count(*), min(c_custkey), max(c_custkey)," + " count(DISTINCT c_custkey) FROM customer"));
        assertEquals(
                dense(sf.suppliers()),
                text("SELECT count(*), min(s_suppkey), max(s_suppkey)," + " count(DISTINCT s_suppkey) FROM supplier"));
        assertEquals(
                dense(sf.parts()),
                text("SELECT count(*), min(p_partkey), max(p_partkey)," + " count(DISTINCT p_partkey) FROM part"));
        assertEquals(
                "2556 19920101 19981230 2556",
                text("SELECT count(*), min(d_datekey), max(d_datekey)," + " count(DISTINCT d_datekey) FROM date"));
    }

    @Test
    void lineorderHasOrdersOfOneToSevenLines() throws SQLException {
        ScaleFactor sf = new ScaleFactor(SF);
        assertEquals(
                sf.orders() + " 1 7",
                text("SELECT count(*), min(n), max(n) FROM (SELECT lo_orderkey,"
                        + " count(*) AS n, max(lo_linenumber) AS top, count(DISTINCT lo_linenumber) AS distinct_lines"
                        + " FROM lineorder GROUP BY lo_orderkey) WHERE top = n AND distinct_lines = n"));
        long rows = number("SELECT count(*) FROM lineorder");
        assertTrue(Math.abs(rows - 4.0 * sf.orders()) < 0.01 * rows, "about four lines per order: " + rows);
        assertEquals(0, number("SELECT count(*) FROM lineorder WHERE lo_orderkey % 32 >= 8 OR lo_orderkey < 1"));
    }

    @Test
    void lineorderValuesStayInTheirDomains() throws SQLException {
        ScaleFactor sf = new ScaleFactor(SF);
        assertEquals(
                "1 50 0 10 0 8",
                text("SELECT min(lo_quantity), max(lo_quantity), min(lo_discount),"
                        + " max(lo_discount), min(lo_tax), max(lo_tax) FROM lineorder"));
        assertEquals("19920101 19980802", text("SELECT min(lo_orderdate), max(lo_orderdate) FROM lineorder"));
        assertEquals(
                0,
                number("SELECT count(*) FROM lineorder WHERE lo_custkey < 1 OR lo_custkey > "
                        + sf.customers() + " OR lo_custkey % 3 = 0 OR lo_partkey < 1 OR lo_partkey > " + sf.parts()
                        + " OR lo_suppkey < 1 OR lo_suppkey > " + sf.suppliers()));
        assertEquals(
                "5 7 1",
                text("SELECT count(DISTINCT lo_orderpriority), count(DISTINCT lo_shipmode),"
                        + " count(DISTINCT lo_shippriority) FROM lineorder"));
        assertEquals(
                "30 90",
                text("SELECT min(c - o), max(c - o) FROM ("
                        + "SELECT strptime(lo_commitdate::VARCHAR, '%Y%m%d')::DATE AS c,"
                        + " strptime(lo_orderdate::VARCHAR, '%Y%m%d')::DATE AS o FROM lineorder)"));
    }

    @Test
    void pricesFollowTheReferenceFormulas() throws SQLException {
        String retail = "(90000 + (lo_partkey // 10) % 20001 + (lo_partkey % 1000) * 100)";
        assertEquals(
                0,
                number("SELECT count(*) FROM lineorder"
                        + " WHERE lo_extendedprice <> " + retail + " * lo_quantity"
                        + " OR lo_revenue <> lo_extendedprice * (100 - lo_discount) // 100"
                        + " OR lo_supplycost <> 6 * " + retail + " // 10"));
        assertEquals(
                0,
                number("SELECT count(*) FROM (SELECT lo_orderkey, any_value(lo_ordtotalprice) AS total,"
                        + " sum(lo_revenue::BIGINT * (100 + lo_tax) // 100) AS summed,"
                        + " count(DISTINCT lo_ordtotalprice) AS n FROM lineorder GROUP BY lo_orderkey)"
                        + " WHERE total <> summed OR n <> 1"));
    }

    @Test
    void stringsFollowTheReferenceFormats() throws SQLException {
        assertEquals(
                0,
                number("SELECT count(*) FROM part"
                        + " WHERE NOT regexp_full_match(p_brand1, 'MFGR#[1-5][1-5](0[1-9]|[1-3][0-9]|40)')"
                        + " OR p_category <> left(p_brand1, 7) OR p_mfgr <> left(p_brand1, 6)"));
        assertEquals("5 25", text("SELECT count(DISTINCT p_mfgr), count(DISTINCT p_category) FROM part"));
        assertEquals(
                0,
                number(
                        "SELECT count(*) FROM customer WHERE length(c_city) <> 10"
                                + " OR left(c_city, 9) <> rpad(left(c_nation, 9), 9, ' ')"
                                + " OR NOT regexp_full_match(right(c_city, 1), '[0-9]')"
                                + " OR c_name <> 'Customer#' || lpad(c_custkey::VARCHAR, 9, '0')"
                                + " OR NOT regexp_full_match(c_phone, '[1-3][0-9]-[1-9][0-9]{2}-[1-9][0-9]{2}-[1-9][0-9]{3}')"));
        assertEquals("25 5", text("SELECT count(DISTINCT c_nation), count(DISTINCT c_region) FROM customer"));
        assertEquals(
                0, number("SELECT count(*) FROM supplier WHERE left(s_city, 9) <> rpad(left(s_nation, 9), 9, ' ')"));
        assertEquals(
                "Feb1994 199402 6",
                text("SELECT d_yearmonth, d_yearmonthnum, d_weeknuminyear FROM date" + " WHERE d_datekey = 19940204"));
        assertEquals(
                "January 1, 1992 Wednesday 4 Winter",
                text("SELECT d_date, d_dayofweek, d_daynuminweek,"
                        + " d_sellingseason FROM date WHERE d_datekey = 19920101"));
    }

    @Test
    void flatTableKeepsEveryRowAndColumn() throws SQLException {
        assertEquals(number("SELECT count(*) FROM lineorder"), number("SELECT count(*) FROM lineorder_flat"));
        assertEquals(
                17 + 8 + 7 + 9 + 17,
                number("SELECT count(*) FROM duckdb_columns() WHERE table_name = 'lineorder_flat'"));
        assertEquals(
                0,
                number("SELECT count(*) FROM lineorder_flat WHERE lo_custkey <> c_custkey"
                        + " OR lo_suppkey <> s_suppkey OR lo_partkey <> p_partkey OR lo_orderdate <> d_datekey"));
    }

    /** count, min, max, distinct count of keys dense from 1 to n. */
    private static String dense(long n) {
        return n + " 1 " + n + " " + n;
    }

    private static long number(String sql) throws SQLException {
        return Long.parseLong(text(sql));
    }

    /** The first row's values joined by single spaces. */
    private static String text(String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery(sql)) {
            assertTrue(row.next(), "no row from " + sql);
            StringBuilder out = new StringBuilder();
            for (int c = 1; c <= row.getMetaData().getColumnCount(); c++) {
                out.append(c > 1 ? " " : "").append(row.getString(c));
            }
            return out.toString();
        }
    }
}
