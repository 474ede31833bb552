package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Aggregations over views that select and filter one table's columns are offloaded with exactly DuckDB's answer
 * (rows and types); views that compute, rename, group or limit are DuckDB's, with the reason.
 */
class ViewsTest {

    private static OffloadHarness h;

    @BeforeAll
    static void setUp() throws SQLException {
        h = OffloadHarness.forceCpu();
        h.exec("CREATE TABLE t AS SELECT i % 7 AS g, i AS v, 'x' || (i % 5) AS s,"
                + " DATE '2020-01-01' + (i % 30)::INTEGER AS d, (i % 11)::DECIMAL(6,2) AS m FROM range(1000) r(i)");
        h.exec("CREATE VIEW everything AS SELECT * FROM t");
        h.exec("CREATE VIEW filtered AS SELECT g, v, s, m FROM t WHERE v > 100 AND s <> 'x3'");
        h.exec("CREATE SCHEMA s2");
        h.exec("CREATE VIEW s2.elsewhere AS SELECT g, v, d FROM main.t WHERE g <> 3");
        h.exec("CREATE TEMP VIEW recent AS SELECT * FROM t WHERE d >= DATE '2020-01-10'");
        h.exec("CREATE VIEW computed AS SELECT g, v * 2 AS v FROM t");
        h.exec("CREATE VIEW named (a, b) AS SELECT g, v FROM t");
        h.exec("CREATE VIEW limited AS SELECT g, v FROM t LIMIT 10");
        h.exec("CREATE VIEW grouped AS SELECT g, sum(v) AS v FROM t GROUP BY g");
    }

    @AfterAll
    static void tearDown() throws SQLException {
        h.close();
    }

    @Test
    void viewsOfColumnsAndFiltersAreOffloaded() throws SQLException {
        h.assertOffloadedExactly(
                "SELECT g, sum(v), count(*), max(m) FROM everything WHERE v < 500 GROUP BY g ORDER BY g");
        h.assertOffloadedExactly("SELECT g, avg(m) FROM everything GROUP BY g ORDER BY g");
        h.assertOffloadedExactly(
                "SELECT s, min(v), max(v), sum(m) FROM filtered WHERE g IN (1, 2, 3) GROUP BY s ORDER BY s");
        h.assertOffloadedExactly("SELECT x.g, sum(x.v) AS total FROM filtered AS x GROUP BY x.g ORDER BY total DESC");
        h.assertOffloadedExactly(
                "SELECT g, sum(v), max(d) FROM s2.elsewhere WHERE d < DATE '2020-01-20' GROUP BY g ORDER BY g");
        h.assertOffloadedExactly("SELECT count(*), sum(v) FROM recent WHERE s = 'x1'");
    }

    @Test
    void parametersOnAViewGiveEachTheirOwnAnswer() throws SQLException {
        String sql = "SELECT g, sum(v) FROM filtered WHERE v < ? GROUP BY g ORDER BY g";
        for (long bound : new long[] {150, 600, 999}) {
            List<Object> params = List.of(bound);
            assertEquals(h.duck(sql.replace("?", Long.toString(bound))), h.offloaded(sql, params), "v < " + bound);
        }
    }

    @Test
    void aWriteToTheViewsTableIsSeen() throws SQLException {
        String sql = "SELECT g, sum(v) FROM everything GROUP BY g ORDER BY g";
        assertEquals(h.duck(sql), h.offloaded(sql, List.of()));
        h.exec("INSERT INTO t VALUES (2, 100000, 'x9', DATE '2020-02-01', 1.5)");
        assertEquals(h.duck(sql), h.offloaded(sql, List.of()), "after an insert");
        h.exec("DELETE FROM t WHERE v = 100000");
    }

    @Test
    void viewsThatComputeRenameGroupOrLimitAreDuckDbs() throws SQLException {
        assertTrue(
                h.declineReason("SELECT g, sum(v) FROM computed GROUP BY g").contains("computes or renames a column"));
        assertTrue(h.declineReason("SELECT a, sum(b) FROM named GROUP BY a").contains("names its columns itself"));
        assertEquals(
                "the view limited orders, limits or removes duplicates",
                h.declineReason("SELECT g, sum(v) FROM limited GROUP BY g"));
        assertEquals(
                "the view grouped groups, samples or has a QUALIFY clause",
                h.declineReason("SELECT g, sum(v) FROM grouped GROUP BY g"));
    }
}
