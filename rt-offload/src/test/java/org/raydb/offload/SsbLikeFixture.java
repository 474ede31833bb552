package org.raydb.offload;

import java.util.List;

/**
 * A small SSB-like flat table (the columns and value domains of SSB's lineorder joined with its dimensions,
 * filled pseudo-randomly), so the 13 flat SSB queries can run here without the ssb-tests module (which
 * depends on this one). The real SSB data at SF 0.1 is checked by ssb-tests.
 */
final class SsbLikeFixture {

    private SsbLikeFixture() {}

    private static final List<String[]> NATIONS = List.of(
            new String[] {"ALGERIA", "AFRICA"},
            new String[] {"ARGENTINA", "AMERICA"},
            new String[] {"BRAZIL", "AMERICA"},
            new String[] {"CANADA", "AMERICA"},
            new String[] {"EGYPT", "MIDDLE EAST"},
            new String[] {"ETHIOPIA", "AFRICA"},
            new String[] {"FRANCE", "EUROPE"},
            new String[] {"GERMANY", "EUROPE"},
            new String[] {"INDIA", "ASIA"},
            new String[] {"INDONESIA", "ASIA"},
            new String[] {"IRAN", "MIDDLE EAST"},
            new String[] {"IRAQ", "MIDDLE EAST"},
            new String[] {"JAPAN", "ASIA"},
            new String[] {"JORDAN", "MIDDLE EAST"},
            new String[] {"KENYA", "AFRICA"},
            new String[] {"MOROCCO", "AFRICA"},
            new String[] {"MOZAMBIQUE", "AFRICA"},
            new String[] {"PERU", "AMERICA"},
            new String[] {"CHINA", "ASIA"},
            new String[] {"ROMANIA", "EUROPE"},
            new String[] {"SAUDI ARABIA", "MIDDLE EAST"},
            new String[] {"VIETNAM", "ASIA"},
            new String[] {"RUSSIA", "EUROPE"},
            new String[] {"UNITED KINGDOM", "EUROPE"},
            new String[] {"UNITED STATES", "AMERICA"});

    private static String rnd(int salt, long n) {
        return "((hash(i * 104729 + " + salt + ") % " + n + ")::INTEGER)";
    }

    static List<String> createSql(int rows) {
        StringBuilder nations = new StringBuilder("CREATE TABLE nations AS SELECT * FROM (VALUES ");
        for (int i = 0; i < NATIONS.size(); i++) {
            nations.append(i == 0 ? "" : ", ")
                    .append("(")
                    .append(i)
                    .append(", '")
                    .append(NATIONS.get(i)[0])
                    .append("', '")
                    .append(NATIONS.get(i)[1])
                    .append("')");
        }
        nations.append(") AS n(n_id, n_name, n_region)");
        String base = "CREATE TABLE base AS SELECT i, DATE '1992-01-01' + " + rnd(1, 2557) + " AS d, "
                + rnd(2, 25) + " AS cn, " + rnd(3, 10) + " AS cc, " + rnd(4, 25) + " AS sn, " + rnd(5, 10) + " AS sc, "
                + "1 + " + rnd(6, 5) + " AS pm, 1 + " + rnd(7, 5) + " AS pc, 1 + " + rnd(8, 40) + " AS pb, "
                + "1 + " + rnd(9, 50) + " AS qty, " + rnd(10, 11) + " AS disc, 90000 + " + rnd(11, 10000000)
                + " AS price, " + rnd(12, 9) + " AS tax, 1000 + " + rnd(13, 100000) + " AS cost FROM range(" + rows
                + ") t(i)";
        String flat = "CREATE TABLE lineorder_flat AS SELECT "
                + "CAST(strftime(d, '%Y%m%d') AS INTEGER) AS lo_orderdate, qty AS lo_quantity, disc AS lo_discount, "
                + "price AS lo_extendedprice, (price * (100 - disc) // 100)::INTEGER AS lo_revenue, "
                + "cost AS lo_supplycost, tax AS lo_tax, year(d)::INTEGER AS d_year, "
                + "(year(d) * 100 + month(d))::INTEGER AS d_yearmonthnum, strftime(d, '%b%Y') AS d_yearmonth, "
                + "(CAST(strftime(d, '%U') AS INTEGER) + 1) AS d_weeknuminyear, "
                + "rpad(c.n_name, 9, ' ')[1:9] || cc AS c_city, c.n_name AS c_nation, c.n_region AS c_region, "
                + "rpad(s.n_name, 9, ' ')[1:9] || sc AS s_city, s.n_name AS s_nation, s.n_region AS s_region, "
                + "'MFGR#' || pm AS p_mfgr, 'MFGR#' || pm || pc AS p_category, 'MFGR#' || pm || pc || pb AS p_brand1 "
                + "FROM base JOIN nations c ON c.n_id = cn JOIN nations s ON s.n_id = sn ORDER BY i";
        return List.of(nations.toString(), base, flat, "DROP TABLE base", "DROP TABLE nations");
    }

    /** The 13 SSB queries written against the flat table. */
    static final List<String> QUERIES = List.of(
            "SELECT sum(lo_extendedprice * lo_discount) AS revenue FROM lineorder_flat WHERE d_year = 1993"
                    + " AND lo_discount BETWEEN 1 AND 3 AND lo_quantity < 25",
            "SELECT sum(lo_extendedprice * lo_discount) AS revenue FROM lineorder_flat WHERE d_yearmonthnum = 199401"
                    + " AND lo_discount BETWEEN 4 AND 6 AND lo_quantity BETWEEN 26 AND 35",
            "SELECT sum(lo_extendedprice * lo_discount) AS revenue FROM lineorder_flat WHERE d_weeknuminyear = 6"
                    + " AND d_year = 1994 AND lo_discount BETWEEN 5 AND 7 AND lo_quantity BETWEEN 26 AND 35",
            "SELECT sum(lo_revenue), d_year, p_brand1 FROM lineorder_flat WHERE p_category = 'MFGR#12'"
                    + " AND s_region = 'AMERICA' GROUP BY d_year, p_brand1 ORDER BY d_year, p_brand1",
            "SELECT sum(lo_revenue), d_year, p_brand1 FROM lineorder_flat WHERE p_brand1 BETWEEN 'MFGR#2221'"
                    + " AND 'MFGR#2228' AND s_region = 'ASIA' GROUP BY d_year, p_brand1 ORDER BY d_year, p_brand1",
            "SELECT sum(lo_revenue), d_year, p_brand1 FROM lineorder_flat WHERE p_brand1 = 'MFGR#2239'"
                    + " AND s_region = 'EUROPE' GROUP BY d_year, p_brand1 ORDER BY d_year, p_brand1",
            "SELECT c_nation, s_nation, d_year, sum(lo_revenue) AS revenue FROM lineorder_flat"
                    + " WHERE c_region = 'ASIA' AND s_region = 'ASIA' AND d_year >= 1992 AND d_year <= 1997"
                    + " GROUP BY c_nation, s_nation, d_year ORDER BY d_year ASC, revenue DESC",
            "SELECT c_city, s_city, d_year, sum(lo_revenue) AS revenue FROM lineorder_flat"
                    + " WHERE c_nation = 'UNITED STATES' AND s_nation = 'UNITED STATES' AND d_year >= 1992"
                    + " AND d_year <= 1997 GROUP BY c_city, s_city, d_year ORDER BY d_year ASC, revenue DESC",
            "SELECT c_city, s_city, d_year, sum(lo_revenue) AS revenue FROM lineorder_flat"
                    + " WHERE (c_city = 'UNITED KI1' OR c_city = 'UNITED KI5') AND (s_city = 'UNITED KI1'"
                    + " OR s_city = 'UNITED KI5') AND d_year >= 1992 AND d_year <= 1997"
                    + " GROUP BY c_city, s_city, d_year ORDER BY d_year ASC, revenue DESC",
            "SELECT c_city, s_city, d_year, sum(lo_revenue) AS revenue FROM lineorder_flat"
                    + " WHERE (c_city = 'UNITED KI1' OR c_city = 'UNITED KI5') AND (s_city = 'UNITED KI1'"
                    + " OR s_city = 'UNITED KI5') AND d_yearmonth = 'Dec1997'"
                    + " GROUP BY c_city, s_city, d_year ORDER BY d_year ASC, revenue DESC",
            "SELECT d_year, c_nation, sum(lo_revenue - lo_supplycost) AS profit FROM lineorder_flat"
                    + " WHERE c_region = 'AMERICA' AND s_region = 'AMERICA' AND (p_mfgr = 'MFGR#1' OR p_mfgr = 'MFGR#2')"
                    + " GROUP BY d_year, c_nation ORDER BY d_year, c_nation",
            "SELECT d_year, s_nation, p_category, sum(lo_revenue - lo_supplycost) AS profit FROM lineorder_flat"
                    + " WHERE c_region = 'AMERICA' AND s_region = 'AMERICA' AND (d_year = 1997 OR d_year = 1998)"
                    + " AND (p_mfgr = 'MFGR#1' OR p_mfgr = 'MFGR#2') GROUP BY d_year, s_nation, p_category"
                    + " ORDER BY d_year, s_nation, p_category",
            "SELECT d_year, s_city, p_brand1, sum(lo_revenue - lo_supplycost) AS profit FROM lineorder_flat"
                    + " WHERE s_nation = 'UNITED STATES' AND (d_year = 1997 OR d_year = 1998) AND p_category = 'MFGR#14'"
                    + " GROUP BY d_year, s_city, p_brand1 ORDER BY d_year, s_city, p_brand1");
}
