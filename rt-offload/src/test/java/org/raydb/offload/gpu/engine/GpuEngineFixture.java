package org.raydb.offload.gpu.engine;

import java.util.List;

/**
 * The table and queries of the GPU engines' differential test: every aggregate, NULL keys and measures,
 * skewed and uniform filters, both techniques (low-cardinality filters pack into a Z code: RayDB; the
 * unique {@code id} column makes the packing exceed 2^22: RTScan), one group (register path), a few
 * groups (shared-memory path), thousands (global atomics), empty and full selections, a sum that
 * leaves 64 bits, star and snowflake joins, computed group keys, a comparison of two columns, COUNT(DISTINCT) and
 * top-k cuts (on the host, and on the GPU over 100,000 groups and more).
 */
final class GpuEngineFixture {

    static final int ROWS = 300_000;

    private GpuEngineFixture() {}

    private static String rnd(int salt, long n) {
        return "((hash(i * 7919 + " + salt + ") % " + n + ")::BIGINT)";
    }

    static String createSql() {
        return "CREATE TABLE g AS SELECT i::INTEGER AS id, "
                + "CASE WHEN " + rnd(1, 20) + " = 0 THEN NULL ELSE " + rnd(2, 10) + " END::TINYINT AS k10, "
                + rnd(3, 1000) + "::INTEGER AS k1000, "
                + "(" + rnd(4, 100) + " * " + rnd(4, 100) + " // 100)::SMALLINT AS k_skew, "
                + "(DATE '1992-01-01' + " + rnd(5, 2556) + "::INTEGER) AS d, "
                + "(['alpha','beta','gamma','delta','','Zürich'])[1 + " + rnd(6, 6) + "::INTEGER] AS s, "
                + rnd(7, 5000) + "::INTEGER AS g5k, "
                + "(" + rnd(8, 2001) + " - 1000)::INTEGER AS m_int, "
                + "(" + rnd(9, 200) + " - 100)::SMALLINT AS m_small, "
                + rnd(10, 1000000000) + "::BIGINT AS m_big, "
                + "((" + rnd(11, 10000000) + " - 5000000) / 100.0)::DECIMAL(15,2) AS m_dec, "
                + "CASE WHEN " + rnd(12, 4) + " = 0 THEN (" + rnd(13, 100000)
                + " / 1000.0) ELSE NULL END::DECIMAL(12,3) AS m_null, "
                + "(4611686018427387904 + " + rnd(14, 1000) + ")::BIGINT AS m_huge "
                + "FROM range(" + ROWS + ") t(i); "
                // Dimensions: keys 0..899 of k1000's 0..999 (the rest dangle), a NULL-able column, a sub-dimension
                // with 20 of dk's 25 nations.
                + "CREATE TABLE dk AS SELECT i::INTEGER AS k1000, 'R' || (i % 5) AS region, CASE WHEN i % 9 = 0"
                + " THEN NULL ELSE i % 3 END::INTEGER AS tier, 'N' || (i % 25) AS nation FROM range(900) t(i); "
                + "CREATE TABLE dn (nation VARCHAR PRIMARY KEY, continent VARCHAR); "
                + "INSERT INTO dn SELECT 'N' || i, 'C' || (i % 3) FROM range(20) t(i)";
    }

    /** SUM over values near 2^62: leaves 64 bits, so every engine falls back (a 0A000 refusal under force). */
    static final String OVERFLOW = "SELECT sum(m_huge) FROM g WHERE k10 = 1";

    static final List<String> QUERIES = List.of(
            "SELECT count(*), sum(m_int) FROM g WHERE k10 = 3",
            "SELECT k10, sum(m_big), min(m_int), max(m_int), avg(m_dec), sum(m_dec), count(m_null) FROM g"
                    + " WHERE k1000 BETWEEN 100 AND 400 GROUP BY k10 ORDER BY k10",
            "SELECT sum(m_dec), count(*) FROM g WHERE id BETWEEN 1000 AND 150000 AND k1000 < 500",
            "SELECT s, count(*), sum(m_int * m_small), min(m_dec) FROM g WHERE id >= 250000 AND k10 IN (1, 2, 3)"
                    + " GROUP BY s ORDER BY s",
            "SELECT g5k, sum(m_int), count(*), max(m_big) FROM g WHERE k10 <> 4 GROUP BY g5k ORDER BY g5k",
            "SELECT count(*), sum(m_int) FROM g WHERE k1000 > 5000",
            "SELECT k10, sum(m_int) FROM g WHERE k1000 > 5000 GROUP BY k10",
            "SELECT count(*), sum(m_big), min(m_small), max(m_dec) FROM g",
            "SELECT d, count(*), sum(m_small) FROM g GROUP BY d ORDER BY d",
            "SELECT k10, count(*), count(m_null), sum(m_null), avg(m_null) FROM g GROUP BY k10 ORDER BY k10",
            "SELECT count(*), sum(m_dec) FROM g WHERE k10 IS NULL",
            OVERFLOW,
            "SELECT sum(m_int), sum(m_big), min(m_dec), max(m_dec), sum(m_small), count(m_null), avg(m_null)"
                    + " FROM g WHERE k10 = 1",
            "SELECT k10, sum(m_int) FROM g WHERE s IN ('alpha', 'Zürich', '') GROUP BY k10 ORDER BY k10",
            "SELECT k10, sum(m_dec - m_int) FROM g WHERE d BETWEEN DATE '1994-01-01' AND DATE '1995-06-30'"
                    + " GROUP BY k10 ORDER BY k10",
            "SELECT k1000, min(m_big), max(m_dec), count(*) FROM g WHERE k_skew < 20 GROUP BY k1000 ORDER BY k1000",
            "SELECT k_skew, sum(m_int) FROM g WHERE k1000 IN (1, 5, 200, 777) AND k10 BETWEEN 2 AND 7"
                    + " GROUP BY k_skew ORDER BY k_skew",
            "SELECT k10, sum(m_int) AS t FROM g GROUP BY k10 HAVING sum(m_int) > 0 ORDER BY t DESC LIMIT 3",
            "SELECT s, k10, sum(m_big), count(*) FROM g WHERE id < 2000 OR id > 299000 GROUP BY s, k10 ORDER BY 1, 2",
            "SELECT count(*) FROM g WHERE id = 123456",
            // Extremes of strings (dictionary codes in UTF-8 byte order) and dates, grouped and not.
            "SELECT k10, min(s), max(s), min(d), max(d) FROM g WHERE k1000 < 700 GROUP BY k10 ORDER BY k10",
            "SELECT min(s), max(d), count(*) FROM g WHERE k_skew BETWEEN 5 AND 50",
            "SELECT max(m_int), min(m_int) FROM g WHERE id BETWEEN 10 AND 20 AND k_skew BETWEEN 0 AND 99",
            // 1000 x 5000 Z codes: beyond float32 geometry, a range-only RayDB job (optix runs its RTScan form).
            "SELECT k10, sum(m_int), count(*), min(m_dec) FROM g WHERE k1000 BETWEEN 100 AND 300 AND g5k < 2500"
                    + " GROUP BY k10 ORDER BY k10",
            // Star and snowflake joins (dimension columns gathered into the fact table), computed keys, a
            // comparison of two columns, a top-k cut.
            "SELECT region, sum(m_int), count(*) FROM g, dk WHERE g.k1000 = dk.k1000 AND k10 < 5 GROUP BY region"
                    + " ORDER BY region",
            "SELECT tier, year(d) AS y, sum(m_dec) FROM g JOIN dk ON g.k1000 = dk.k1000 GROUP BY tier, y"
                    + " ORDER BY 1 NULLS FIRST, 2",
            "SELECT continent, count(*), max(m_big) FROM g, dk, dn WHERE g.k1000 = dk.k1000 AND dk.nation = dn.nation"
                    + " GROUP BY continent ORDER BY 1",
            "SELECT k10, count(*) FROM g WHERE m_small < k_skew GROUP BY k10 ORDER BY k10",
            "SELECT g5k, sum(m_int) AS t FROM g GROUP BY g5k ORDER BY t DESC, g5k LIMIT 5",
            // A few groups and several measures without NULLs (TPC-H q1's shape: the few-groups range kernel).
            "SELECT s, sum(m_int), sum(m_big), sum(m_dec), sum(m_small), sum(m_int * m_small), count(*) FROM g"
                    + " WHERE k1000 < 700 GROUP BY s ORDER BY s",
            // Distinct values counted through a job grouped by the counted column as well.
            "SELECT k10, count(DISTINCT g5k), count(*) FROM g WHERE d < DATE '1996-01-01' GROUP BY k10 ORDER BY k10",
            // Cut on the GPU (300,000 and 100,000 groups): ties at the cut, NULL-valued groups placed first.
            "SELECT id, sum(m_int) AS t FROM g GROUP BY id ORDER BY t DESC, id LIMIT 10",
            "SELECT id % 100000 AS p, sum(m_null) AS t FROM g GROUP BY p ORDER BY t NULLS FIRST, p LIMIT 7 OFFSET 2",
            "SELECT substring(s, 1, 2) AS p, count(*) FROM g GROUP BY p ORDER BY p",
            "SELECT k10, sum(m_dec) FILTER (WHERE s LIKE '%a%'), count(*) FILTER (WHERE year(d) = 1995),"
                    + " max(m_int) FILTER (WHERE s = 'beta') FROM g GROUP BY k10 ORDER BY k10 NULLS FIRST",
            "SELECT region, sum(CASE WHEN tier = 1 THEN m_int ELSE 0 END), count(CASE WHEN s <> 'alpha' THEN m_null"
                    + " END) FROM g, dk WHERE g.k1000 = dk.k1000 GROUP BY region ORDER BY region");
}
