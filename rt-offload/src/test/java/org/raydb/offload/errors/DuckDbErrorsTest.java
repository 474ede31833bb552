package org.raydb.offload.errors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Statements DuckDB answers or rejects get DuckDB's answer or error in every mode, never an internal one. */
class DuckDbErrorsTest {

    private static final String TABLE = "CREATE TABLE e AS SELECT i::INTEGER AS a, (i * 1.5)::DECIMAL(38,10) AS m38,"
            + " (i * 0.5)::DOUBLE AS v, (i % 7)::INTEGER AS k FROM range(3000) r(i)";

    @Test
    void wideDecimalConstantsAreRead() throws SQLException {
        for (String mode : new String[] {"auto", "force"}) {
            try (DuckDbAnswers db = new DuckDbAnswers("offload=" + mode + "&engine=cpu", TABLE)) {
                db.sameRows("SELECT k, SUM(m38) FROM e WHERE m38 > 0 GROUP BY k ORDER BY k");
                db.sameRows("SELECT count(*) FROM e WHERE m38 BETWEEN 10.25 AND 99999999999999999999999999.5");
            }
        }
    }

    @Test
    void hugeAndNotANumberConstantsAreDuckDbs() throws SQLException {
        try (DuckDbAnswers db = new DuckDbAnswers("offload=auto&engine=cpu", TABLE)) {
            db.sameRows("SELECT count(*) FROM e WHERE v > 1e400");
            db.sameRows("SELECT count(*) FROM e WHERE v < 'inf'::DOUBLE");
            db.sameRows("SELECT count(*), sum(a) FROM e WHERE v < ?", Double.NaN);
            db.sameRows("SELECT count(*) FROM e WHERE a < ?", Double.POSITIVE_INFINITY);
        }
        try (DuckDbAnswers db = new DuckDbAnswers("offload=force&engine=cpu", TABLE)) {
            SQLException e = DuckDbAnswers.assertThrowsSql(db.ray, "SELECT count(*) FROM e WHERE v > 1e400");
            assertFalse(e.getMessage().contains("JSON"), e.getMessage());
        }
    }

    @Test
    void duckDbsOwnErrorsInEveryMode() throws SQLException {
        for (String mode : new String[] {"off", "auto", "force"}) {
            try (DuckDbAnswers db = new DuckDbAnswers("offload=" + mode + "&engine=cpu", TABLE)) {
                db.sameError("SELEC 1", "42601");
                db.sameError("SELECT count(*) FROM e WHERE a > 'abc'", "22018");
                db.sameError("SELECT sum(nope) FROM e", "42703");
                db.sameError("SELECT sum(a) FROM missing", "42P01");
            }
        }
    }

    @Test
    void refusalsAreNotSupportedWithTheReason() throws SQLException {
        try (DuckDbAnswers db = new DuckDbAnswers(
                "offload=force&engine=cpu",
                TABLE,
                "CREATE TABLE h AS SELECT (i * 2305843009213693951)::BIGINT AS b FROM range(4) r(i)")) {
            SQLException e = db.refused("SELECT sum(b) FROM h", "64");
            assertFalse(e.getMessage().endsWith("(null)"), e.getMessage());
            db.refused("SELECT sum(DISTINCT a) FROM e", "DISTINCT");
        }
    }

    @Test
    void expressionsTooDeepToPlanAreLeftToDuckDb() throws SQLException {
        String thousand = "SELECT k, count(*) FROM e WHERE " + conjuncts(1000) + " GROUP BY k ORDER BY k";
        String twoThousand = "SELECT count(*) FROM e WHERE " + conjuncts(2000);
        try (DuckDbAnswers db = new DuckDbAnswers("offload=force&engine=cpu", TABLE)) {
            db.sameRows(thousand);
            db.refused(twoThousand, "too large to plan");
        }
        try (DuckDbAnswers db = new DuckDbAnswers("offload=auto&engine=cpu", TABLE)) {
            db.sameRows(twoThousand);
        }
    }

    private static String conjuncts(int n) {
        StringBuilder out = new StringBuilder("a <> -1");
        for (int i = 1; i < n; i++) {
            out.append(" AND a <> ").append(i * 3);
        }
        return out.toString();
    }

    @Test
    void sumsBeyond64BitsAreFoundOnTheDataAndLeftToDuckDb() throws SQLException {
        String[] tables = {
            TABLE,
            "CREATE TABLE h AS SELECT (i % 3)::INTEGER AS k, (i * 1537228672809129301)::BIGINT AS b,"
                    + " (i * 10000.25)::DECIMAL(15,2) AS p FROM range(6) r(i)",
            "INSERT INTO h SELECT 1, 1, (99000 + i % 1000)::DECIMAL(15,2) FROM range(100000) r(i)"
        };
        String nearLimit = "SELECT k, sum(b) FROM h GROUP BY k ORDER BY k";
        String squares = "SELECT sum(p * p) FROM h";
        // Sums that fit although the row count times the largest value would not: answered.
        String fitting = "SELECT k, sum(p * p) FROM h WHERE k <> 1 GROUP BY k ORDER BY k";
        try (DuckDbAnswers db = new DuckDbAnswers("offload=force&engine=cpu", tables)) {
            for (String q : new String[] {nearLimit, squares}) {
                // Planning cannot tell (statistics bound values, not sums); the engine's run does, once per version.
                assertEquals("true", explain(db, q).get("qualifies"));
                for (int run = 0; run < 2; run++) {
                    SQLException e = db.refused(q, "exact 64-bit range");
                    assertFalse(e.getMessage().endsWith("(null)"), e.getMessage());
                }
            }
            db.sameRows("SELECT k, sum(p) FROM h GROUP BY k ORDER BY k");
            db.sameRows(fitting);
        }
        try (DuckDbAnswers db = new DuckDbAnswers("offload=auto&engine=cpu", tables)) {
            db.sameRows(nearLimit);
            db.sameRows(squares);
            db.sameRows(nearLimit);
        }
    }

    private static Map<String, String> explain(DuckDbAnswers db, String q) throws SQLException {
        Map<String, String> explain = new HashMap<>();
        try (Statement st = db.ray.createStatement();
                ResultSet rs = st.executeQuery("EXPLAIN OFFLOAD " + q)) {
            while (rs.next()) {
                explain.put(rs.getString("item"), rs.getString("value"));
            }
        }
        return explain;
    }
}
