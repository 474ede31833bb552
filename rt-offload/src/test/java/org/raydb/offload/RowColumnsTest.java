package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Expressions over several columns of one row, as a group key, an aggregate's condition, or compared with constants
 * in WHERE, are offloaded with DuckDB's exact answer (NULL inputs included); ones DuckDB would not evaluate the same
 * way at every run, or whose type is not read back exactly, stay DuckDB's.
 */
class RowColumnsTest {

    private static OffloadHarness h;

    @BeforeAll
    static void setUp() throws SQLException {
        h = OffloadHarness.forceCpu();
        h.exec("CREATE TABLE l AS SELECT i AS id, (i % 40)::INTEGER AS q, (i % 37)::BIGINT AS n,"
                + " DATE '1995-01-01' + (i % 90)::INTEGER AS shipdate,"
                + " CASE WHEN i % 17 = 0 THEN NULL ELSE DATE '1995-01-01' + ((i * 7) % 90)::INTEGER END AS receiptdate,"
                + " ((i * 13) % 100000 / 100.0 + 900)::DECIMAL(15,2) AS price,"
                + " CASE WHEN i % 29 = 0 THEN NULL ELSE ((i % 11) / 100.0)::DECIMAL(15,2) END AS discount,"
                + " 'm' || (i % 5) AS mode, (i % 13)::DOUBLE AS f FROM range(6000) r(i)");
    }

    @AfterAll
    static void tearDown() throws SQLException {
        h.close();
    }

    @Test
    void groupKeysOverTwoColumns() throws SQLException {
        h.assertOffloadedExactly("SELECT datediff('day', shipdate, receiptdate) AS transit, count(*) FROM l"
                + " GROUP BY transit ORDER BY transit");
        h.assertOffloadedExactly(
                "SELECT mode || '-' || (q % 3) AS k, sum(price), min(n) FROM l WHERE q > 4" + " GROUP BY k ORDER BY k");
        h.assertOffloadedExactly("SELECT q + n AS s, count(*) FROM l GROUP BY s ORDER BY s DESC LIMIT 7");
    }

    @Test
    void conditionsOverTwoColumnsInsideAggregates() throws SQLException {
        h.assertOffloadedExactly("SELECT count(*) FILTER (WHERE receiptdate - shipdate > 30), sum(q) FROM l");
        h.assertOffloadedExactly(
                "SELECT mode, sum(CASE WHEN q > n THEN price ELSE 0 END) FROM l GROUP BY mode ORDER BY mode");
    }

    @Test
    void expressionsOverTwoColumnsComparedWithConstants() throws SQLException {
        h.assertOffloadedExactly("SELECT count(*) FROM l WHERE price * (1 - discount) > 1500");
        h.assertOffloadedExactly("SELECT count(*), sum(q) FROM l WHERE price * (1 - discount) > 1200.5");
        // The literals inside the expression shape the column: a statement differing only there is planned anew.
        h.assertOffloadedExactly("SELECT count(*), sum(q) FROM l WHERE price * (2 - discount) > 1200.5");
        h.assertOffloadedExactly("SELECT count(*), sum(q) FROM l WHERE price * (1 - discount) > 1300.5");
        h.assertOffloadedExactly(
                "SELECT mode, count(*) FROM l WHERE 1000 >= price * (1 - discount) AND q + n < 50 AND mode <> 'm2'"
                        + " GROUP BY mode ORDER BY mode");
        h.assertOffloadedExactly("SELECT max(price) FROM l WHERE receiptdate - shipdate BETWEEN 3 AND 9 AND q < 30");
    }

    /**
     * In a star join an expression over the fact table's columns is computed with them; one that reads a dimension's
     * column is not, also where the fact table has a column of that name.
     */
    @Test
    void aStarJoinComputesOverTheFactTablesColumnsOnly() throws SQLException {
        h.exec("CREATE TABLE dim (k INTEGER PRIMARY KEY, b INTEGER, y INTEGER)");
        h.exec("INSERT INTO dim SELECT i, i * 10, i * 100 FROM range(20) r(i)");
        h.exec(
                "CREATE TABLE fact AS SELECT (i % 20)::INTEGER AS k, (i % 3)::INTEGER AS a, (i % 5)::INTEGER AS b, i AS v"
                        + " FROM range(1000) r(i)");
        h.assertOffloadedExactly("SELECT fact.a + fact.b AS t, sum(v) FROM fact JOIN dim ON fact.k = dim.k"
                + " WHERE dim.y > 300 GROUP BY t ORDER BY t");
        h.assertOffloadedExactly(
                "SELECT sum(v) FROM fact JOIN dim ON fact.k = dim.k WHERE fact.a * fact.b > 3 AND dim.y < 1500");
        String dimension = h.declineReason(
                "SELECT fact.a + dim.b AS t, sum(v) FROM fact JOIN dim ON fact.k = dim.k GROUP BY t ORDER BY t");
        assertTrue(dimension.startsWith("GROUP BY on an expression"), dimension);
    }

    @Test
    void expressionsDuckDbDoesNotEvaluateAlikeOrReadBackStayDuckDbs() throws SQLException {
        String random = h.declineReason("SELECT count(*) FROM l WHERE q * random() > n");
        assertTrue(random.contains("random()"), random);
        String doubles = h.declineReason("SELECT q * f AS k, count(*) FROM l GROUP BY k");
        assertTrue(doubles.contains("DOUBLE") || doubles.contains("expression"), doubles);
    }
}
