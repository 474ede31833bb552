package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A WHERE conjunct comparing two columns of one row is offloaded with DuckDB's exact answer (NULL on either side
 * drops the row); pairs whose values would not compare here as DuckDB compares them stay DuckDB's, with a reason.
 */
class ColumnComparisonsTest {

    private static OffloadHarness h;

    @BeforeAll
    static void setUp() throws SQLException {
        h = OffloadHarness.forceCpu();
        h.exec("CREATE TABLE l AS SELECT i AS id, (i % 40)::INTEGER AS q, (i % 37)::BIGINT AS n,"
                + " DATE '1995-01-01' + (i % 90)::INTEGER AS commitdate,"
                + " CASE WHEN i % 17 = 0 THEN NULL ELSE DATE '1995-01-01' + ((i * 7) % 90)::INTEGER END AS receiptdate,"
                + " (i % 23)::DECIMAL(8,2) AS a, (i % 19)::DECIMAL(8,2) AS b, (i % 7)::DECIMAL(8,1) AS c,"
                + " 'x' || (i % 5) AS s1, CASE WHEN i % 3 = 0 THEN NULL ELSE 'x' || (i % 4) END AS s2,"
                + " (i % 13)::DOUBLE AS f FROM range(5000) r(i)");
    }

    @AfterAll
    static void tearDown() throws SQLException {
        h.close();
    }

    @Test
    void comparisonsOfTwoColumnsFilter() throws SQLException {
        h.assertOffloadedExactly("SELECT count(*), sum(q) FROM l WHERE commitdate < receiptdate");
        h.assertOffloadedExactly(
                "SELECT q % 4 AS k, count(*) FROM l WHERE receiptdate >= commitdate AND q > 5 GROUP BY k ORDER BY k");
        h.assertOffloadedExactly("SELECT count(*) FROM l WHERE q = n");
        h.assertOffloadedExactly("SELECT count(*), max(id) FROM l WHERE a <> b AND a <= b");
        h.assertOffloadedExactly("SELECT s1, count(*) FROM l WHERE s1 > s2 GROUP BY s1 ORDER BY s1");
        h.assertOffloadedExactly("SELECT count(*) FROM l WHERE n >= q AND commitdate <> receiptdate");
    }

    @Test
    void pairsThatDoNotCompareHereAreDuckDbs() throws SQLException {
        String scales = h.declineReason("SELECT count(*) FROM l WHERE a < c");
        assertTrue(scales.contains("two columns"), scales);
        String doubles = h.declineReason("SELECT count(*) FROM l WHERE f < q");
        assertTrue(doubles.contains("comparison"), doubles);
    }
}
