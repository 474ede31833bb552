package org.raydb.offload.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The guess of what a statement reads from its text: its one table and its names, or no guess at all. */
class TextReadsTest {

    private static TextReads reads(String sql) {
        return TextReads.of(SqlLiterals.of(sql));
    }

    @Test
    void anAggregationOverOneTableNamesItAndItsColumns() {
        TextReads r = reads("SELECT B, sum(m) AS total FROM t WHERE c < 3 AND s = 'w' GROUP BY B ORDER BY B");
        assertEquals(List.of(new TextReads.Table(List.of(), "t")), r.tables());
        assertTrue(r.names().containsAll(List.of("b", "m", "c", "s", "total")));
        assertFalse(r.names().contains("w"), "a string literal is no name");
        assertEquals(Set.of("m"), r.measures());
    }

    @Test
    void measuresAreTheArgumentsOfSumsAveragesMinimaAndMaxima() {
        TextReads r = reads("SELECT Sum(A * B), avg(a*b), min((a - b) / 2), max(\"Q\"), count(c), count(*),"
                + " sum(CASE WHEN d > 1 THEN e END) FROM t");
        assertEquals(Set.of("a * b", "( a - b ) /", "\"q", "case when d > then e end"), r.measures());
        assertEquals(
                Set.of(), reads("SELECT count(*), count(x) FROM t WHERE y < 2").measures());
    }

    @Test
    void qualifiersAliasesQuotesAndCommentsAreRead() {
        TextReads r = reads("SELECT count(*) FROM Db.Main.\"Line Order\" AS lo -- x_comment\n WHERE lo.\"Qty\" > 1");
        assertEquals(List.of(new TextReads.Table(List.of("db", "main"), "line order")), r.tables());
        assertTrue(r.names().contains("qty"));
        assertFalse(r.names().contains("x_comment"), "a comment is no name");
        assertEquals(
                List.of(new TextReads.Table(List.of("s"), "t")),
                reads("SELECT max(x) FROM s.t u GROUP BY u.y").tables());
        assertEquals(
                List.of(new TextReads.Table(List.of(), "t")),
                reads("SELECT max(x) FROM t").tables());
    }

    /** A star join as the SSB specification writes it: the tables listed by commas, joined in the WHERE clause. */
    @Test
    void tablesListedByCommasAreEachRead() {
        TextReads r = reads("SELECT sum(lo_extendedprice * lo_discount) AS revenue FROM lineorder, main.\"Date\" AS d"
                + " WHERE lo_orderdate = d.d_datekey AND d_year = 1993 AND lo_quantity < 25");
        assertEquals(
                List.of(new TextReads.Table(List.of(), "lineorder"), new TextReads.Table(List.of("main"), "date")),
                r.tables());
        assertTrue(r.names().containsAll(List.of("lo_orderdate", "d_datekey", "d_year", "lo_quantity")));
        assertEquals(Set.of("lo_extendedprice * lo_discount"), r.measures());
    }

    @Test
    void aJoinASubqueryOrNoAggregationGetsNoGuess() {
        for (String sql : List.of(
                "SELECT sum(a) FROM t JOIN u ON t.k = u.k",
                "SELECT sum(a) FROM t, u JOIN v ON u.k = v.k",
                "SELECT sum(a) FROM t, (SELECT k FROM u) s WHERE t.k = s.k",
                "SELECT sum(a) FROM t WHERE k IN (SELECT k FROM u)",
                "SELECT sum(a) FROM (SELECT a FROM t)",
                "WITH v AS (SELECT a FROM t) SELECT sum(a) FROM v",
                "SELECT sum(a) FROM t UNION ALL SELECT sum(a) FROM u",
                "SELECT sum(a) FROM read_parquet('f.parquet')",
                "SELECT a, b FROM t WHERE a < 3")) {
            assertNull(reads(sql), sql);
        }
    }
}
