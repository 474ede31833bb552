package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A HAVING's comparisons of aggregates with constants drop the groups that fail them before anything is handed
 * to DuckDB (EXPLAIN OFFLOAD's last run says how many groups were), and the answer is still DuckDB's: integer and
 * decimal aggregates against integer and decimal constants on either side, NULL aggregates, constants finer than
 * the aggregate's scale, conjunctions with conditions the driver does not judge (an OR, a DOUBLE constant,
 * IS DISTINCT FROM, a string key), ORDER BY and LIMIT after the filter, windows over the kept groups.
 */
class GroupFilterTest {

    private static OffloadHarness h;

    @BeforeAll
    static void setUp() throws SQLException {
        h = OffloadHarness.forceCpu();
        h.exec("CREATE TABLE t AS SELECT i % 20000 AS g, 'k' || (i % 7) AS s, (i * 7) % 13 - 6 AS v,"
                + " CASE WHEN i % 20000 < 50 THEN NULL ELSE ((i % 1700) / 100)::DECIMAL(8,2) END AS d"
                + " FROM range(200000) r(i)");
    }

    @AfterAll
    static void tearDown() throws SQLException {
        h.close();
    }

    /** Asserts that {@code sql} is offloaded and answers DuckDB's rows (in any order where it orders none) and types. */
    private static void exact(String sql) throws SQLException {
        assertEquals("true", h.explain(sql).get("qualifies"), sql);
        OffloadHarness.Answer expected = h.duckAnswer(sql);
        String difference = h.offloadedAnswer(sql).differenceFrom(expected);
        assertNull(difference, () -> sql + ": " + difference.substring(0, Math.min(300, difference.length())));
        if (sql.contains("ORDER BY")) assertEquals(expected, h.offloadedAnswer(sql), sql);
    }

    /** Runs {@code sql} offloaded, exactly as DuckDB, and returns how many groups were handed over. */
    private static int handedOver(String sql) throws SQLException {
        exact(sql);
        String run = h.explain(sql).get("last_run");
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("(\\d+) groups handed over").matcher(run);
        assertTrue(m.find(), run);
        return Integer.parseInt(m.group(1));
    }

    @Test
    void failingGroupsAreNotHandedOver() throws SQLException {
        assertTrue(handedOver("SELECT g, sum(v) AS sv FROM t GROUP BY g HAVING sum(v) > 5") < 20000);
        assertTrue(handedOver("SELECT g, count(*) FROM t GROUP BY g HAVING 3 < sum(v) AND count(*) >= 10") < 20000);
        assertTrue(handedOver("SELECT g, sum(d) FROM t GROUP BY g HAVING sum(d) >= 25.25 ORDER BY g DESC LIMIT 7")
                < 20000);
    }

    @Test
    void answersStayDuckDbsForEveryComparison() throws SQLException {
        for (String op : List.of("=", "<>", "<", ">", "<=", ">=")) {
            for (String constant : List.of("0", "-3", "4", "25.25", "25.255", "1000000000000000000")) {
                exact("SELECT g, sum(v) FROM t GROUP BY g HAVING sum(v) " + op + " " + constant);
                exact("SELECT g, sum(d) FROM t GROUP BY g HAVING sum(d) " + op + " " + constant);
                exact("SELECT g, min(d), max(v) FROM t GROUP BY g HAVING " + constant + " " + op
                        + " max(d) ORDER BY g LIMIT 20");
            }
        }
    }

    @Test
    void conditionsTheDriverDoesNotJudgeAreLeftToDuckDb() throws SQLException {
        int all = 20000;
        // Nothing judged here: every group goes to DuckDB, which applies the condition.
        assertTrue(handedOver("SELECT g, sum(v) FROM t GROUP BY g HAVING sum(v) > 5 OR count(*) > 10") == all);
        assertTrue(handedOver("SELECT g, sum(v) FROM t GROUP BY g HAVING sum(v) > 5e0") == all);
        assertTrue(handedOver("SELECT g, sum(d) FROM t GROUP BY g HAVING sum(d) IS DISTINCT FROM 25.25") == all);
        // Judged in part: the rest of the conjunction is DuckDB's.
        exact("SELECT g, s, sum(v) FROM t GROUP BY g, s HAVING sum(v) > 2 AND s <> 'k3'");
        exact("SELECT g, sum(v) AS x FROM t GROUP BY g HAVING sum(v) BETWEEN 2 AND 9 AND x < 8");
        exact("SELECT g, sum(v) AS x, sum(sum(v)) OVER () FROM t GROUP BY g HAVING sum(v) >= 4 ORDER BY x, g");
        exact("SELECT g, sum(d) FROM t GROUP BY g HAVING sum(d) IS NULL OR sum(d) > 40");
    }
}
