package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Filters on a VARCHAR column that DuckDB's plan gives as functions (LIKE, NOT LIKE, ILIKE, regular expressions,
 * lower, substring, an OR of them) are offloaded with exactly DuckDB's answer: DuckDB judges them over the column's
 * distinct values, NULL included. Filters that read more than one column, or call a function whose result may
 * change between calls, stay DuckDB's.
 */
class DictionaryPredicatesTest {

    private static OffloadHarness h;

    @BeforeAll
    static void setUp() throws SQLException {
        h = OffloadHarness.forceCpu();
        h.exec("CREATE TABLE t AS SELECT i % 7 AS g, i AS v, (i % 11)::DECIMAL(6,2) AS m,"
                + " CASE WHEN i % 13 = 0 THEN NULL ELSE (['AIR', 'air mail', 'TRUCK', 'Zürich', 'ship', '', 'x_1',"
                + " 'x%2', 'MAIL'])[1 + i % 9] END AS s, 'k' || (i % 5) AS k FROM range(2000) r(i)");
    }

    @AfterAll
    static void tearDown() throws SQLException {
        h.close();
    }

    private static void offloadedExactly(String sql) throws SQLException {
        Map<String, String> explain = h.explain(sql);
        assertEquals("true", explain.get("qualifies"), () -> sql + ": " + explain);
        assertEquals(h.duckAnswer(sql), h.offloadedAnswer(sql), sql);
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
            offloadedExactly("SELECT g, sum(v), count(*), max(m) FROM t WHERE " + where + " GROUP BY g ORDER BY g");
        }
        offloadedExactly("SELECT s, count(*) FROM t WHERE s LIKE '%i%' AND v < 1500 AND g <> 3 GROUP BY s ORDER BY s");
        offloadedExactly("SELECT count(*), sum(v) FROM t WHERE s LIKE '%A%' AND k ILIKE 'K1' AND s <> 'AIR'");
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
        assertEquals(
                "false",
                h.explain("SELECT sum(v) FROM t WHERE s || k LIKE '%AIRk1%'").get("qualifies"));
        assertEquals(
                "false",
                h.explain("SELECT sum(v) FROM t WHERE s LIKE '%' || random()::VARCHAR")
                        .get("qualifies"));
        assertEquals(
                "false",
                h.explain("SELECT sum(v) FROM t WHERE length(s) + g > 3").get("qualifies"));
    }
}
