package org.raydb.offload;

/** The table of the randomized differential test: every qualifying type, skewed, uniform and NULL-heavy columns. */
final class DifferentialFixture {

    static final int ROWS = 60_000;

    private DifferentialFixture() {}

    /** Deterministic pseudo-random integer in [0, n) from row i and a salt (DuckDB's hash is stable). */
    private static String rnd(int salt, long n) {
        return "((hash(i * 7919 + " + salt + ") % " + n + ")::BIGINT)";
    }

    static String createSql() {
        return "CREATE TABLE r AS SELECT "
                + "i::INTEGER AS id, "
                + "CASE WHEN " + rnd(1, 20) + " = 0 THEN NULL ELSE " + rnd(2, 10) + " END::TINYINT AS k_small, "
                // Skewed: squares of a uniform value concentrate on small codes.
                + "(" + rnd(3, 100) + " * " + rnd(3, 100) + " // 100)::SMALLINT AS k_skew, "
                + rnd(4, 1000) + "::INTEGER AS k_int, "
                + "(" + rnd(5, 5000) + " * 1000003 - 2000000000)::BIGINT AS k_big, "
                + "(" + rnd(6, 100000) + " / 100.0)::DECIMAL(9,2) AS k_dec, "
                + "(DATE '1992-01-01' + " + rnd(7, 2556) + "::INTEGER) AS k_date, "
                + "(TIMESTAMP '2020-01-01 00:00:00' + to_hours(" + rnd(8, 5000) + "::BIGINT)) AS k_ts, "
                + "CASE WHEN " + rnd(9, 7) + " = 0 THEN NULL ELSE " + rnd(10, 2) + " = 1 END AS k_bool, "
                + "CASE WHEN " + rnd(11, 30) + " = 0 THEN NULL ELSE (['alpha','beta','gamma','Delta','épsilon',"
                + "'zeta','eta','theta','iota','kappa','😀smile','Zürich','',"
                + "'mu'])[1 + (" + rnd(12, 14) + " * " + rnd(12, 14) + " // 14)::INTEGER] END AS k_str, "
                + "CASE WHEN " + rnd(13, 10) + " = 0 THEN " + rnd(14, 50) + " ELSE NULL END::INTEGER AS k_null, "
                + rnd(15, 10000) + "::INTEGER AS g10k, "
                + "(" + rnd(16, 2001) + " - 1000)::INTEGER AS m_int, "
                + "(" + rnd(17, 1000000000) + ")::BIGINT AS m_big, "
                + "((" + rnd(18, 10000000) + " - 5000000) / 100.0)::DECIMAL(15,2) AS m_dec, "
                + "CASE WHEN " + rnd(19, 4) + " = 0 THEN (" + rnd(20, 100000)
                + " / 1000.0) ELSE NULL END::DECIMAL(12,3) AS m_null, "
                + "(" + rnd(21, 200) + " - 100)::SMALLINT AS m_small, "
                + "(" + rnd(22, 1000) + " / 7.0)::DOUBLE AS m_double "
                + "FROM range(" + ROWS + ") t(i)";
    }
}
