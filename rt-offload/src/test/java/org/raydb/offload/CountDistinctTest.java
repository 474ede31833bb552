package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * COUNT(DISTINCT column) is offloaded by grouping the job by the column too and counting each group's non-NULL
 * values: DuckDB's exact answer with and without group keys, NULLs in the counted column and in the keys, beside
 * COUNT(*), in HAVING and ORDER BY, over no rows, of strings and dates, over a star join's dimension column. What it
 * cannot answer that way declines with a reason.
 */
class CountDistinctTest {

    private static OffloadHarness h;

    @BeforeAll
    static void setUp() throws SQLException {
        h = OffloadHarness.forceCpu();
        h.exec("CREATE TABLE t AS SELECT i % 7 AS g, CASE WHEN i % 11 = 0 THEN NULL ELSE i % 5000 END AS k,"
                + " CASE WHEN i % 13 = 0 THEN NULL ELSE 'x' || (i % 17) END AS s, DATE '1994-01-01' + (i % 400)::INTEGER"
                + " AS d, i AS v FROM range(30000) r(i)");
        h.exec("CREATE TABLE dim (k INTEGER PRIMARY KEY, region VARCHAR)");
        h.exec("INSERT INTO dim SELECT i, 'R' || (i % 9) FROM range(4000) r(i)");
    }

    @AfterAll
    static void tearDown() throws SQLException {
        h.close();
    }

    @Test
    void distinctCountsAreDuckDbs() throws SQLException {
        h.assertOffloadedExactly("SELECT count(DISTINCT k) FROM t WHERE v > 10");
        h.assertOffloadedExactly("SELECT g, count(DISTINCT k) FROM t GROUP BY g ORDER BY g");
        h.assertOffloadedExactly("SELECT s, count(DISTINCT d), count(*) FROM t WHERE v < 20000 GROUP BY s ORDER BY s");
        h.assertOffloadedExactly("SELECT g, count(DISTINCT s) AS n FROM t GROUP BY g HAVING count(DISTINCT s) > 16"
                + " ORDER BY n DESC, g");
        h.assertOffloadedExactly("SELECT count(DISTINCT k), count(*) FROM t WHERE v < 0");
        h.assertOffloadedExactly("SELECT s, count(DISTINCT k) FROM t WHERE v < 0 GROUP BY s");
        h.assertOffloadedExactly("SELECT g, count(DISTINCT k) AS a, count(DISTINCT k) AS b FROM t WHERE s = 'x3'"
                + " GROUP BY g ORDER BY g");
        h.assertOffloadedExactly("SELECT count(DISTINCT region) FROM t JOIN dim ON t.k = dim.k WHERE v < 20000");
    }

    @Test
    void explainSaysTheJobGroupsByTheCountedColumn() throws SQLException {
        String keys = h.explain("SELECT g, count(DISTINCT k) FROM t GROUP BY g").get("group_keys");
        assertTrue(keys.startsWith("[g ") && keys.contains("k BIGINT (the job's only: COUNT(DISTINCT)"), keys);
    }

    @Test
    void whatItCannotCountSaysWhy() throws SQLException {
        String beside = h.declineReason("SELECT count(DISTINCT k), sum(v) FROM t");
        assertTrue(beside.contains("COUNT(DISTINCT) beside"), beside);
        String key = h.declineReason("SELECT k, count(DISTINCT k) FROM t GROUP BY k");
        assertTrue(key.contains("of a group key"), key);
        String sum = h.declineReason("SELECT sum(DISTINCT v) FROM t");
        assertTrue(sum.contains("DISTINCT aggregate sum"), sum);
        String two = h.declineReason("SELECT count(DISTINCT k), count(DISTINCT s) FROM t");
        assertTrue(two.contains("COUNT(DISTINCT) beside"), two);
    }
}
