package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A declined query's reason names what does not qualify, in DuckDB's terms. */
class DeclineReasonsTest {

    private static OffloadHarness h;

    @BeforeAll
    static void setUp() throws SQLException {
        h = OffloadHarness.forceCpu();
        h.exec("CREATE TABLE l AS SELECT i % 50 AS q, i % 5 AS g, (i % 7)::UTINYINT AS u,"
                + " DATE '1992-01-01' + (i % 2000)::INTEGER AS d, DATE '1992-01-01' + (i % 2100)::INTEGER AS d2"
                + " FROM range(1000) t(i)");
    }

    @AfterAll
    static void tearDown() throws SQLException {
        h.close();
    }

    @Test
    void aComparisonOfTwoColumnsIsNamedSo() throws SQLException {
        assertEquals(
                "a comparison of expressions over several columns (only comparisons with constants qualify)",
                h.declineReason("SELECT sum(q) FROM l WHERE q = u"));
        assertEquals(
                "OR across columns (a multi-column filter; only conjunctive filters qualify)",
                h.declineReason("SELECT sum(q) FROM l WHERE q = 1 OR g = 2"));
    }

    @Test
    void typesTheOffloadDoesNotHandleKeepTheirNames() throws SQLException {
        assertEquals("filter on UTINYINT column u", h.declineReason("SELECT sum(q) FROM l WHERE u = 3"));
        assertEquals("GROUP BY on UTINYINT column u", h.declineReason("SELECT u, sum(q) FROM l GROUP BY u"));
        // A key over two columns is computed per row, but not as a DOUBLE.
        assertEquals("function / in an expression", h.declineReason("SELECT q / g, sum(q) FROM l GROUP BY q / g"));
    }

    /** DuckDB compares and groups a collated column's strings by the collation: the offload, by their bytes. */
    @Test
    void aCollatedStringColumnIsDuckDbs() throws SQLException {
        h.exec("CREATE TABLE c (g INTEGER, s VARCHAR COLLATE nocase)");
        h.exec("INSERT INTO c SELECT i % 3, (['AIR', 'air', 'Air', 'truck'])[1 + i % 4] FROM range(100) r(i)");
        for (String sql : List.of(
                "SELECT g, count(*) FROM c WHERE s = 'air' GROUP BY g",
                "SELECT s, count(*) FROM c GROUP BY s",
                "SELECT g, min(s) FROM c GROUP BY g")) {
            assertEquals("the column s is VARCHAR COLLATE nocase", h.declineReason(sql), sql);
        }
        assertEquals(
                "false",
                h.explain("SELECT g, count(*) FROM c WHERE s LIKE '%ir' GROUP BY g")
                        .get("qualifies"));
    }

    /** DuckDB's infinite dates and timestamps in a result: DuckDB answers (under force, the refusal says why). */
    @Test
    void anInfiniteDateOrTimestampInTheResultIsDuckDbs() throws SQLException {
        h.exec("CREATE TABLE inf (g INTEGER, d DATE, ts TIMESTAMP)");
        h.exec("INSERT INTO inf VALUES (1, DATE '2020-01-01', TIMESTAMP 'infinity'), (2, DATE '-infinity', NULL),"
                + " (2, NULL, TIMESTAMP '2020-01-01 10:00:00')");
        for (String sql : List.of(
                "SELECT max(ts) FROM inf",
                "SELECT ts, count(*) FROM inf GROUP BY ts",
                "SELECT d, count(*) FROM inf GROUP BY d ORDER BY d",
                "SELECT g, min(d) FROM inf GROUP BY g")) {
            SQLException e = assertThrows(SQLException.class, () -> h.offloaded(sql, List.of()), sql);
            assertEquals("0A000", e.getSQLState(), sql);
            assertTrue(e.getMessage().contains("an infinite"), e.getMessage());
            assertNotNull(h.duck(sql), sql);
        }
        // Finite values of the same columns are still offloaded.
        assertEquals(
                h.duck("SELECT g, count(*) FROM inf WHERE g = 1 GROUP BY g"),
                h.offloaded("SELECT g, count(*) FROM inf WHERE g = 1 GROUP BY g", List.of()));
    }
}
