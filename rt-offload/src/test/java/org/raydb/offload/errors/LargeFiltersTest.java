package org.raydb.offload.errors;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** Planning a long IN list or a long chain of ANDs grows with it no faster than DuckDB's own planning. */
class LargeFiltersTest {

    private static final String TABLE =
            "CREATE TABLE f AS SELECT i::INTEGER AS a, (i % 10)::INTEGER AS k" + " FROM range(100000) r(i)";

    @Test
    void longInListsAndConjunctionsPlanInLinearTime() throws SQLException {
        try (DuckDbAnswers db = new DuckDbAnswers("offload=force&engine=cpu", TABLE)) {
            db.sameRows(inList(1000, 0));
            for (String q : new String[] {inList(40_000, 1), conjunction(1000)}) {
                db.sameRows(q);
                // Text the planner has not seen: planned afresh, as DuckDB plans it afresh.
                String fresh = q.replace("GROUP BY", "AND a >= 0 GROUP BY");
                long duckdb = millis(db.duck, fresh);
                long offloaded = millis(db.ray, fresh);
                assertTrue(
                        offloaded < 25 * Math.max(duckdb, 100),
                        q.substring(0, 60) + "...: " + offloaded + " ms offloaded against " + duckdb + " ms on DuckDB");
            }
        }
    }

    private static long millis(Connection c, String sql) throws SQLException {
        long t0 = System.nanoTime();
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                rs.getLong(2);
            }
        }
        return (System.nanoTime() - t0) / 1_000_000;
    }

    private static String inList(int n, int offset) {
        StringBuilder out = new StringBuilder("SELECT k, count(*), sum(a) FROM f WHERE a IN (");
        for (int i = 0; i < n; i++) {
            out.append(i == 0 ? "" : ", ").append(i * 3 + offset);
        }
        return out.append(") GROUP BY k ORDER BY k").toString();
    }

    private static String conjunction(int n) {
        StringBuilder out = new StringBuilder("SELECT k, count(*) FROM f WHERE a <> -1");
        for (int i = 1; i < n; i++) {
            out.append(" AND a <> ").append(i * 7);
        }
        return out.append(" GROUP BY k ORDER BY k").toString();
    }
}
