package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * GROUP BY on an expression over one column (written out, as a select item's alias or ordinal) is offloaded with
 * DuckDB's exact answer: the expression is evaluated once per distinct value, NULL included; expressions over
 * several columns or of unsupported result types stay DuckDB's, with a reason.
 */
class DerivedKeysTest {

    private static OffloadHarness h;

    @BeforeAll
    static void setUp() throws SQLException {
        h = OffloadHarness.forceCpu();
        h.exec("CREATE TABLE t AS SELECT i AS v, CASE WHEN i % 13 = 0 THEN NULL ELSE DATE '1992-01-01' + (i * 7)"
                + "::INTEGER END AS d, CASE WHEN i % 11 = 0 THEN NULL ELSE 'Str' || (i % 37) END AS s,"
                + " TIMESTAMP '2020-01-01 00:00:00' + INTERVAL (i * 3607) SECOND AS ts, (i % 50)::DECIMAL(6,2) AS m"
                + " FROM range(3000) r(i)");
        h.exec("CREATE TABLE dim (k INTEGER PRIMARY KEY, day DATE)");
        h.exec("INSERT INTO dim SELECT i, DATE '1995-06-01' + (i * 3)::INTEGER FROM range(100) r(i)");
        h.exec("CREATE TABLE fact AS SELECT (i % 120)::INTEGER AS k, i AS v FROM range(2000) r(i)");
    }

    @AfterAll
    static void tearDown() throws SQLException {
        h.close();
    }

    @Test
    void functionsOfOneColumnGroup() throws SQLException {
        h.assertOffloadedExactly("SELECT year(d), count(*), sum(v) FROM t GROUP BY year(d) ORDER BY 1 NULLS FIRST");
        h.assertOffloadedExactly("SELECT extract(month FROM d) AS mon, sum(m) FROM t GROUP BY mon ORDER BY mon");
        h.assertOffloadedExactly("SELECT date_trunc('month', ts) AS mo, count(*) FROM t GROUP BY 1 ORDER BY 1 LIMIT 7");
        h.assertOffloadedExactly("SELECT substring(s, 1, 4) AS p, count(*), max(v) FROM t GROUP BY p ORDER BY p");
        h.assertOffloadedExactly("SELECT coalesce(s, 'none') AS c, count(*) FROM t GROUP BY c ORDER BY c");
        h.assertOffloadedExactly(
                "SELECT v % 10 AS r, year(d) AS y, count(*) FROM t GROUP BY v % 10, year(d) HAVING count(*) > 20"
                        + " ORDER BY r, y NULLS LAST");
        h.assertOffloadedExactly("SELECT lower(s) IS NULL AS missing, count(*) FROM t GROUP BY 1 ORDER BY 1");
        h.assertOffloadedExactly(
                "SELECT year(d) + 1 AS next, count(*) FROM t WHERE v < 2000 GROUP BY year(d) ORDER BY 1 NULLS FIRST");
    }

    @Test
    void aStarJoinsDimensionColumnGroupsThroughAFunction() throws SQLException {
        h.assertOffloadedExactly("SELECT year(dim.day) AS y, month(dim.day) AS mo, sum(fact.v) FROM fact, dim"
                + " WHERE fact.k = dim.k GROUP BY y, mo ORDER BY y, mo");
    }

    @Test
    void expressionsOfSeveralColumnsGroupAsRowColumns() throws SQLException {
        h.assertOffloadedExactly("SELECT v + year(d) AS k, count(*) FROM t GROUP BY 1 ORDER BY 1 NULLS FIRST");
    }

    @Test
    void otherGroupExpressionsAreDuckDbs() throws SQLException {
        String random = h.declineReason("SELECT v > random() AS r, count(*) FROM t GROUP BY 1");
        assertTrue(random.contains("random() answers from the session or the statement"), random);
    }
}
