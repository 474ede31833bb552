package org.raydb.offload;

import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Statements that order and limit many groups keep only the groups that can be in the answer (the first in the
 * order of the first sort key, and every group tied with the last of them) before anything is handed over or
 * sorted: the answer is still DuckDB's, row for row in its order, with ties at the cut, OFFSET, a descending
 * string key, NULLs in the first key (then DuckDB orders them all) and in a further key.
 */
class TopRowsTest {

    private static OffloadHarness h;

    @BeforeAll
    static void setUp() throws SQLException {
        h = OffloadHarness.forceCpu();
        h.exec("CREATE TABLE t AS SELECT i % 30000 AS g, (i * 7) % 13 AS v, 'name' || (i % 20000) AS name,"
                + " CASE WHEN i % 9 = 0 THEN NULL ELSE i % 25000 END AS gn, (i % 17)::DECIMAL(8,2) AS d"
                + " FROM range(200000) r(i)");
    }

    @AfterAll
    static void tearDown() throws SQLException {
        h.close();
    }

    @Test
    void theTopGroupsAreDuckDbs() throws SQLException {
        h.assertOffloadedExactly("SELECT g, sum(v) AS s FROM t GROUP BY g ORDER BY s DESC, g LIMIT 10");
        h.assertOffloadedExactly("SELECT g, sum(v) AS s FROM t GROUP BY g ORDER BY s, g LIMIT 5 OFFSET 20");
        h.assertOffloadedExactly("SELECT g, count(*), sum(d) AS sd FROM t GROUP BY g ORDER BY sd DESC, g LIMIT 3");
        h.assertOffloadedExactly("SELECT g, max(v) FROM t GROUP BY g ORDER BY g DESC LIMIT 7");
        h.assertOffloadedExactly("SELECT name, sum(v) FROM t GROUP BY name ORDER BY name DESC LIMIT 4");
        h.assertOffloadedExactly("SELECT g, avg(v) AS a FROM t GROUP BY g ORDER BY a DESC, g LIMIT 6");
        h.assertOffloadedExactly("SELECT g, min(name) AS m FROM t GROUP BY g ORDER BY m, g LIMIT 9");
        h.assertOffloadedExactly("SELECT g, count(*) AS c FROM t GROUP BY g ORDER BY c, g LIMIT 2000");
        h.assertOffloadedExactly("SELECT g, sum(v) AS s FROM t GROUP BY g ORDER BY s DESC, g LIMIT 12000");
    }

    @Test
    void nullsInTheSortKeysAreOrderedByDuckDb() throws SQLException {
        h.assertOffloadedExactly("SELECT gn, sum(v) AS s FROM t GROUP BY gn ORDER BY gn NULLS FIRST LIMIT 5");
        h.assertOffloadedExactly("SELECT gn, sum(v) AS s FROM t GROUP BY gn ORDER BY gn DESC LIMIT 5");
        h.assertOffloadedExactly(
                "SELECT gn, g, sum(v) AS s FROM t GROUP BY gn, g ORDER BY s DESC, gn NULLS FIRST, g LIMIT 8");
    }
}
