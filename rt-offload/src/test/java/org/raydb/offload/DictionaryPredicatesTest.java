package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Filters on one column that DuckDB's plan gives as functions (LIKE, NOT LIKE, ILIKE, regular expressions, lower,
 * substring, year, date_trunc, arithmetic, an OR of them) are offloaded with exactly DuckDB's answer: DuckDB judges
 * them over the column's distinct values, NULL included. Filters that read more than one column, or call a function whose result may
 * change between calls, stay DuckDB's.
 */
class DictionaryPredicatesTest {

    private static OffloadHarness h;

    @BeforeAll
    static void setUp() throws SQLException {
        h = OffloadHarness.forceCpu();
        h.exec("CREATE TABLE t AS SELECT i % 7 AS g, i AS v, (i % 11)::DECIMAL(6,2) AS m,"
                + " CASE WHEN i % 13 = 0 THEN NULL ELSE (['AIR', 'air mail', 'TRUCK', 'Zürich', 'ship', '', 'x_1',"
                + " 'x%2', 'MAIL'])[1 + i % 9] END AS s, 'k' || (i % 5) AS k,"
                + " CASE WHEN i % 17 = 0 THEN NULL ELSE DATE '2019-11-20' + (i % 400)::INTEGER END AS d,"
                + " TIMESTAMP '2020-01-01 00:00:00' + to_minutes(i * 37) AS ts, i % 3 = 0 AS b FROM range(2000) r(i)");
    }

    @AfterAll
    static void tearDown() throws SQLException {
        h.close();
    }

    @Test
    void patternsAndFunctionsOnAStringColumnAreOffloaded() throws SQLException {
        for (String where : List.of(
                "s LIKE '%AIR%'",
                "s NOT LIKE '%ai%'",
                "s ILIKE '%air%'",
                "s LIKE 'x\\_%' ESCAPE '\\'",
                "s LIKE '%' || 'MAIL'",
                "regexp_matches(s, '^[A-Z]+$')",
                "lower(s) = 'air'",
                "substring(s, 1, 1) IN ('a', 'A', 's')",
                "contains(s, 'i') OR s LIKE 'T%'",
                "coalesce(s, 'none') = 'none'",
                "length(s) BETWEEN 1 AND 4")) {
            h.assertOffloadedExactly(
                    "SELECT g, sum(v), count(*), max(m) FROM t WHERE " + where + " GROUP BY g ORDER BY g");
        }
        h.assertOffloadedExactly(
                "SELECT s, count(*) FROM t WHERE s LIKE '%i%' AND v < 1500 AND g <> 3 GROUP BY s ORDER BY s");
        h.assertOffloadedExactly("SELECT count(*), sum(v) FROM t WHERE s LIKE '%A%' AND k ILIKE 'K1' AND s <> 'AIR'");
    }

    @Test
    void functionsOfOneNumberDateOrTimestampColumnAreOffloaded() throws SQLException {
        for (String where : List.of(
                "year(d) = 2020",
                "extract(month FROM d) IN (1, 2, 12)",
                "date_trunc('month', d) = DATE '2020-02-01'",
                "d + INTERVAL 10 DAY < DATE '2020-03-01'",
                "coalesce(d, DATE '2000-01-01') < DATE '2019-12-01'",
                "m * 2 > 10",
                "abs(m - 5) < 2",
                "v % 3 = 0",
                "hour(ts) < 12",
                "CAST(b AS INTEGER) + 1 = 2")) {
            h.assertOffloadedExactly("SELECT g, sum(v), count(*) FROM t WHERE " + where + " GROUP BY g ORDER BY g");
        }
    }

    @Test
    void aPatternAsAParameterIsJudgedForEachValue() throws SQLException {
        String sql = "SELECT g, sum(v) FROM t WHERE s LIKE ? GROUP BY g ORDER BY g";
        for (String pattern : List.of("%AIR%", "x%", "%a%", "nothing%")) {
            assertEquals(
                    h.duck(sql.replace("?", "'" + pattern + "'")),
                    h.offloaded(sql, List.of(pattern)),
                    "LIKE " + pattern);
        }
    }

    @Test
    void filtersOverTwoColumnsOrWithChangingFunctionsStayDuckDbs() throws SQLException {
        // A LIKE over two columns is no comparison with a constant (RowColumns): it is DuckDB's.
        assertEquals(
                "false",
                h.explain("SELECT sum(v) FROM t WHERE s || k LIKE '%AIRk1%'").get("qualifies"));
        assertEquals(
                "false",
                h.explain("SELECT sum(v) FROM t WHERE s LIKE '%' || random()::VARCHAR")
                        .get("qualifies"));
        h.assertOffloadedExactly("SELECT sum(v) FROM t WHERE length(s) + g > 3"); // compared with a constant
    }
}
