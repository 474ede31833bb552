package org.raydb.offload.errors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.raydb.jdbc.RayStatement;

/** EXPLAIN OFFLOAD explains from what is known, loads nothing, and works through prepared statements too. */
class ExplainWithoutBuildingTest {

    private static final String TABLE = "CREATE TABLE w AS SELECT (i % 5)::INTEGER AS k, i::INTEGER AS a,"
            + " CASE WHEN i % 3 = 0 THEN NULL ELSE repeat('comment ', 20) || i END AS c,"
            + " CASE WHEN i % 4 = 0 THEN NULL ELSE 'tag' || (i % 7) END AS t FROM range(200000) r(i)";
    private static final String QUERY = "SELECT k, sum(a) FROM w WHERE a < 40000 GROUP BY k ORDER BY k";

    private static Map<String, String> explain(ResultSet rs) throws SQLException {
        Map<String, String> out = new HashMap<>();
        while (rs.next()) {
            out.put(rs.getString("item"), rs.getString("value"));
        }
        rs.close();
        return out;
    }

    @Test
    void explainBeforeAnyRunLoadsNothing() throws SQLException {
        try (DuckDbAnswers db = new DuckDbAnswers("offload=force&engine=cpu", TABLE);
                Statement st = db.ray.createStatement()) {
            Map<String, String> cold = explain(st.executeQuery("EXPLAIN OFFLOAD " + QUERY));
            assertEquals("true", cold.get("qualifies"));
            assertEquals("not loaded yet", cold.get("technique"), cold.toString());
            assertEquals("not loaded yet", cold.get("index"));
            assertEquals("cpu", cold.get("engine"));
            // Had EXPLAIN loaded the table, this run would find it resident.
            db.sameRows(QUERY);
            Map<String, String> warm = explain(st.executeQuery("EXPLAIN OFFLOAD " + QUERY));
            assertTrue(warm.get("index").startsWith("RayDB BVH"), warm.toString());
        }
    }

    @Test
    void preparedExplainExplains() throws SQLException {
        try (DuckDbAnswers db = new DuckDbAnswers("offload=force&engine=cpu", TABLE);
                PreparedStatement ps = db.ray.prepareStatement("EXPLAIN OFFLOAD SELECT sum(a) FROM w WHERE k = ?")) {
            ps.setInt(1, 3);
            Map<String, String> e = explain(ps.executeQuery());
            assertEquals("true", e.get("qualifies"), e.toString());
            assertTrue(e.get("filters").contains("k"), e.get("filters"));
            assertTrue(ps.execute());
            explain(ps.getResultSet());
        }
    }

    @Test
    void countOfAWideStringColumnDoesNotEncodeIt() throws SQLException {
        String count = "SELECT count(c), count(*) FROM w WHERE a < 30000";
        try (DuckDbAnswers db = new DuckDbAnswers("offload=force&engine=cpu", TABLE);
                Statement st = db.ray.createStatement()) {
            Map<String, String> e = explain(st.executeQuery("EXPLAIN OFFLOAD " + count));
            assertEquals("false", e.get("qualifies"));
            assertTrue(e.get("reason").contains("validity"), e.get("reason"));
            db.refused(count, "validity");
            // Where the column is read anyway (a filter on it), counting it costs nothing more; a column of few
            // distinct values is cheap to encode.
            db.sameRows("SELECT count(c) FROM w WHERE c > 'comment'");
            db.sameRows("SELECT k, count(t) FROM w GROUP BY k ORDER BY k");
        }
        try (DuckDbAnswers db = new DuckDbAnswers("offload=auto&engine=cpu", TABLE);
                Statement st = db.ray.createStatement()) {
            db.sameRows(count);
            st.executeQuery(count).close();
            assertTrue(!st.unwrap(RayStatement.class).lastQueryOffloaded());
        }
    }
}
