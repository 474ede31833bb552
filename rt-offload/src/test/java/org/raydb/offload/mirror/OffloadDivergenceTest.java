package org.raydb.offload.mirror;

import java.math.BigDecimal;
import java.sql.Statement;
import java.util.List;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import org.junit.jupiter.api.Test;

/**
 * One minimal statement sequence per way the driver has been seen to answer differently from DuckDB; each
 * runs on {@code jdbc:raydb:} and plain DuckDB through {@link MirroredDatabases} and must match.
 */
class OffloadDivergenceTest {

    private static final String ENGINE = System.getProperty("raydb.diff.engine", "cpu");
    private static final String TABLE = "CREATE TABLE t AS SELECT i::INTEGER AS k, (i % 7)::INTEGER AS g,"
            + " (i * 0.25)::DECIMAL(12,2) AS m FROM range(1000) r(i)";
    private static final String QUERY = "SELECT g, sum(m), count(*) FROM t WHERE k >= 0 GROUP BY g ORDER BY g";

    private static MirroredDatabases mirror(String name, int connections) throws Exception {
        MirroredDatabases m = MirroredDatabases.open(null, ENGINE, false, name + " (engine=" + ENGINE + ")");
        for (int i = 0; i < connections; i++) {
            m.connect();
        }
        m.sql(0, TABLE);
        return m;
    }

    @Test
    void sqlRollbackUndoesWhatTheOffloadSaw() throws Exception {
        try (MirroredDatabases m = mirror("SQL ROLLBACK", 1)) {
            m.query(0, QUERY, true);
            m.sql(0, "BEGIN TRANSACTION");
            m.sql(0, "INSERT INTO t VALUES (5000, 1, 1000.00)");
            m.query(0, QUERY, true);
            m.sql(0, "ROLLBACK");
            m.query(0, QUERY, true);
        }
    }

    @Test
    void writesThroughTheUnwrappedConnectionAreSeen() throws Exception {
        try (MirroredDatabases m = mirror("unwrapped write", 1)) {
            m.query(0, QUERY, true);
            m.step(0, "unwrap(DuckDBConnection).createStatement(): INSERT INTO t VALUES (5000, 1, 1000.00)", c -> {
                try (Statement st = c.unwrap(DuckDBConnection.class).createStatement()) {
                    return Outcome.count(st.executeUpdate("INSERT INTO t VALUES (5000, 1, 1000.00)"));
                }
            });
            m.query(0, QUERY, true);
        }
    }

    @Test
    void appenderWritesAreSeen() throws Exception {
        try (MirroredDatabases m = mirror("appender write", 1)) {
            m.query(0, QUERY, true);
            m.step(0, "unwrap(DuckDBConnection).createAppender(main, t): (5000, 1, 1000.00)", c -> {
                try (DuckDBAppender a = c.unwrap(DuckDBConnection.class).createAppender("main", "t")) {
                    a.beginRow()
                            .append(5000)
                            .append(1)
                            .append(new BigDecimal("1000.00"))
                            .endRow();
                }
                return Outcome.count(1);
            });
            m.query(0, QUERY, true);
        }
    }

    @Test
    void tempTableShadowsTheMainTable() throws Exception {
        try (MirroredDatabases m = mirror("temp table", 1)) {
            m.query(0, QUERY, true);
            m.sql(0, "CREATE TEMP TABLE t AS SELECT * FROM main.t WHERE k < 10");
            m.query(0, QUERY, true);
        }
    }

    @Test
    void searchPathChoosesTheTable() throws Exception {
        try (MirroredDatabases m = mirror("search_path", 1)) {
            m.query(0, QUERY, true);
            m.sql(0, "CREATE SCHEMA s");
            m.sql(0, "CREATE TABLE s.t AS SELECT * FROM main.t WHERE k < 10");
            m.sql(0, "SET search_path = 's'");
            m.query(0, QUERY, true);
        }
    }

    @Test
    void useChoosesTheDatabase() throws Exception {
        try (MirroredDatabases m = mirror("USE", 1)) {
            m.query(0, QUERY, true);
            m.sql(0, "ATTACH ':memory:' AS o");
            m.sql(0, "CREATE TABLE o.t AS SELECT * FROM t WHERE k < 10");
            m.sql(0, "USE o");
            m.query(0, QUERY, true);
        }
    }

    @Test
    void transactionKeepsItsSnapshotWhileAnotherConnectionCommits() throws Exception {
        try (MirroredDatabases m = mirror("snapshot", 2)) {
            m.step(0, "setAutoCommit(false)", c -> {
                c.setAutoCommit(false);
                return Outcome.count(0);
            });
            m.query(0, QUERY, true);
            m.sql(1, "INSERT INTO t VALUES (5000, 1, 1000.00)");
            m.query(1, QUERY, true);
            m.query(0, QUERY, true);
        }
    }

    @Test
    void driverLeavesSettingsAlone() throws Exception {
        try (MirroredDatabases m = mirror("settings", 1)) {
            m.sameSettings(0);
            m.query(0, QUERY, true);
            m.sameSettings(0);
            m.finish();
        }
    }

    @Test
    void averageMatchesDuckDbBitForBit() throws Exception {
        try (MirroredDatabases m = mirror("AVG", 1)) {
            m.sql(
                    0,
                    "CREATE TABLE a AS SELECT (i % 13)::INTEGER AS g, (hash(i) >> 8)::BIGINT AS d FROM range(3000) r(i)");
            m.query(0, "SELECT avg(d) FROM a WHERE g < 3", true);
        }
    }

    @Test
    void parameterDuckDbRejectsIsRejected() throws Exception {
        try (MirroredDatabases m = mirror("rejected parameter", 1)) {
            m.prepared(0, "SELECT sum(m) FROM t WHERE k = ?", List.of("not a number"), true);
        }
    }
}
