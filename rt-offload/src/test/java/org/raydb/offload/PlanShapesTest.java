package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.raydb.jdbc.offload.OffloadSettings;

/** Query shapes the planner and the SQL rewrite must get right, each checked against DuckDB. */
class PlanShapesTest {

    private static OffloadHarness h;

    @BeforeAll
    static void setUp() throws SQLException {
        h = OffloadHarness.forceCpu();
        h.exec("CREATE TABLE s AS SELECT i::INTEGER AS a, CASE WHEN i % 11 = 0 THEN NULL ELSE 'k' || (i % 4) END AS k,"
                + " (i * 0.25)::DECIMAL(10,2) AS m, TIMESTAMP '2024-01-01 00:00:00' + to_minutes(i) AS ts,"
                + " i % 3 = 0 AS flag, ['ä', 'z', '😀', 'a'][1 + i % 4] AS u FROM range(3000) r(i)");
        h.exec("CREATE TABLE empty_t (a INTEGER, k VARCHAR)");
        h.exec("CREATE TABLE dt AS SELECT i % 4 AS g, CASE WHEN i % 13 = 0 THEN NULL ELSE DATE '1992-01-01'"
                + " + (i * 7 % 3000)::INTEGER END AS d, TIMESTAMP '2020-01-01 00:00:00' + to_seconds(i * 37) AS t"
                + " FROM range(5000) r(i)");
    }

    @AfterAll
    static void tearDown() throws SQLException {
        h.close();
    }

    private static void same(String q) throws SQLException {
        OffloadHarness.Answer expected = h.duckAnswer(q);
        OffloadHarness.Answer actual = h.offloadedAnswer(q);
        assertEquals(expected.types(), actual.types(), q);
        assertEquals(expected.rows(), actual.rows(), q);
    }

    /** A bare count(*) on a table nothing has loaded yet reads no column, only the row count. */
    @Test
    void aBareCountOnAFreshTable() throws SQLException {
        h.exec("CREATE TABLE fresh (id INTEGER, c VARCHAR)");
        h.exec("INSERT INTO fresh VALUES (1, 'a'), (2, NULL), (3, 'b')");
        same("SELECT count(*) FROM fresh");
    }

    @Test
    void shapesAroundTheAggregate() throws SQLException {
        same("SELECT k, count(1) FROM s GROUP BY k ORDER BY k NULLS FIRST");
        same("SELECT k, sum(a) FROM s GROUP BY ALL ORDER BY ALL");
        same("SELECT sum(a) FROM s HAVING sum(a) > 0");
        same("SELECT x.k, sum(x.m) * 2 AS twice, max(x.a) - min(x.a) AS spread FROM s AS x WHERE x.a > 10"
                + " GROUP BY x.k HAVING count(*) > 5 ORDER BY twice DESC LIMIT 2");
        same("WITH g AS (SELECT k, avg(m) AS v FROM s GROUP BY k) SELECT count(*), max(v) FROM g");
        same("SELECT * FROM (SELECT flag, count(*) AS n FROM s GROUP BY flag) q WHERE n > 100 ORDER BY flag");
        same("SELECT u, count(*) FROM s WHERE u > 'a' GROUP BY u ORDER BY u");
        same("SELECT CASE WHEN sum(a) > 100 THEN 'big' ELSE 'small' END, k FROM s GROUP BY k ORDER BY k");
        same("SELECT DISTINCT count(*) AS n FROM s GROUP BY flag ORDER BY n"); // without ORDER BY the row order is
        // DuckDB's choice
    }

    @Test
    void extremesOfDatesAndTimestamps() throws SQLException {
        same("SELECT g, min(d), max(d), min(t), max(t), count(d) FROM dt GROUP BY g ORDER BY g");
        same("SELECT min(d), max(t) FROM dt WHERE g = 2 AND d > DATE '1995-01-01'");
        same("SELECT max(d) FROM dt WHERE d IS NULL"); // no input: NULL
        assertEquals("true", h.explain("SELECT g, max(d) FROM dt GROUP BY g").get("qualifies"));
    }

    @Test
    void extremesOfStringsInDuckDbsByteOrder() throws SQLException {
        same("SELECT flag, min(u), max(u), min(k), max(k), count(k) FROM s GROUP BY flag ORDER BY flag");
        same("SELECT max(u), min(k) FROM s WHERE a > 2990");
        same("SELECT max(k) FROM s WHERE k IS NULL"); // no input: NULL
        same("SELECT k, max(u) FROM s WHERE u > 'a' GROUP BY k ORDER BY k NULLS FIRST");
    }

    @Test
    void filtersInTheFormsDuckDbLeavesThem() throws SQLException {
        same("SELECT count(*) FROM s WHERE m = 3.125");
        // Bounds of a larger scale than the column's: DuckDB casts the column and writes one __between function.
        same("SELECT count(*), sum(a) FROM s WHERE m BETWEEN 10.055 AND 20.065");
        same("SELECT count(*) FROM s WHERE m > 10.125 AND m <= 20.375");
        same("SELECT count(*) FROM s WHERE m >= 10.125 AND m < 20.375");
        same("SELECT count(*) FROM s WHERE m NOT BETWEEN 10.055 AND 700.065");
        same("SELECT count(*) FROM s WHERE m = 3.25 OR m = 7.5");
        same("SELECT count(*) FROM s WHERE a + 1 > 5 AND a - 2 < 100");
        same("SELECT count(*), sum(a) FROM s WHERE k LIKE 'k1%'");
        same("SELECT count(*) FROM s WHERE ts BETWEEN TIMESTAMP '2024-01-01 10:00:00' AND TIMESTAMP '2024-01-02'");
        same("SELECT count(*) FROM s WHERE flag AND NOT (k IS NULL)");
        same("SELECT count(*) FROM s WHERE NOT flag AND k NOT IN ('k1', 'k2')");
        same("SELECT k, count(*) FROM s WHERE k IS NULL GROUP BY k");
        same("SELECT count(*), sum(a) FROM s WHERE a NOT BETWEEN 100 AND 2900");
        // Long IN lists: DuckDB's in_clause optimizer would turn these into a join with a value list.
        same("SELECT count(*), sum(a) FROM s WHERE a IN (3, 9, 27, 81, 243, 729, 2187, 5, 25, 125, 625, 2999)");
        // A NULL in the list: DuckDB judges the filter over the column's values (NULL for every other value).
        same("SELECT count(*), sum(a) FROM s WHERE a IN (1, NULL, 7)");
        same(
                "SELECT u, count(*) FROM s WHERE u IN ('ä', 'z', '😀', 'b', 'c', 'd', 'e', 'f', 'g') GROUP BY u ORDER BY u");
    }

    @Test
    void emptyTables() throws SQLException {
        same("SELECT count(*), sum(a), avg(a) FROM empty_t");
        same("SELECT k, count(*) FROM empty_t GROUP BY k");
    }

    @Test
    void declinedShapesSayWhy() throws SQLException {
        try (OffloadHarness auto = new OffloadHarness(OffloadSettings.Mode.AUTO, OffloadSettings.Engine.CPU, false)) {
            auto.exec("CREATE TABLE s AS SELECT i::INTEGER AS a, i::DOUBLE AS d FROM range(10) r(i)");
            for (String q : List.of(
                    "SELECT sum(d) FROM s",
                    "SELECT a, sum(a) OVER () FROM s",
                    "SELECT sum(a) FILTER (WHERE a > random()) FROM s",
                    "SELECT string_agg(a::VARCHAR) FROM s",
                    "SELECT sum(a) FROM s WHERE d > 1.5")) {
                assertNull(auto.offloaded(q, List.of()), q);
                Map<String, String> e = auto.explain(q);
                assertEquals("false", e.get("qualifies"), q);
                assertTrue(e.get("reason") != null && !e.get("reason").isBlank(), q);
            }
        }
    }
}
