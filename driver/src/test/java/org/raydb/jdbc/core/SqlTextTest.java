package org.raydb.jdbc.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SqlTextTest {

    @Test
    void findsTheExplainOffloadTarget() {
        assertEquals("SELECT 1", SqlText.explainOffloadTarget("EXPLAIN OFFLOAD SELECT 1"));
        assertEquals(
                "SELECT sum(x) FROM t", SqlText.explainOffloadTarget("  explain\n offload   SELECT sum(x) FROM t "));
        assertEquals(
                "WITH a AS (SELECT 1) SELECT * FROM a",
                SqlText.explainOffloadTarget(
                        "-- note\n/* block */ Explain Offload WITH a AS (SELECT 1) SELECT * FROM a"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "EXPLAIN SELECT 1",
                "SELECT 'EXPLAIN OFFLOAD'",
                "EXPLAIN OFFLOADED SELECT 1",
                "EXPLAINOFFLOAD SELECT 1",
                ""
            })
    void otherTextIsNoExplainOffload(String sql) {
        assertNull(SqlText.explainOffloadTarget(sql));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT 1",
                " /* c */ select * from t",
                "WITH a AS (SELECT 1) SELECT * FROM a",
                "FROM t",
                "VALUES (1)",
                "(SELECT 1) UNION (SELECT 2)",
                "SELECT 1;",
                "PIVOT t ON x USING sum(y)"
            })
    void queries(String sql) {
        assertTrue(SqlText.isQuery(sql), sql);
        assertFalse(SqlText.mayWrite(sql), sql);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "INSERT INTO t VALUES (1)",
                "update t set x = 1",
                "DELETE FROM t",
                "-- x\nCREATE TABLE t(x INT)",
                "DROP TABLE t",
                "ALTER TABLE t ADD COLUMN y INT",
                "COPY t FROM 'f.csv'",
                "TRUNCATE t",
                "ATTACH 'x.db'",
                "DETACH x",
                "MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN DELETE",
                "WITH a AS (SELECT 1) INSERT INTO t SELECT * FROM a",
                "SELECT 1; INSERT INTO t VALUES (2)",
                "IMPORT DATABASE 'dir'",
                "LOAD parquet"
            })
    void writes(String sql) {
        assertTrue(SqlText.mayWrite(sql), sql);
        assertFalse(SqlText.isQuery(sql), sql);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT 'INSERT INTO t' AS s",
                "SELECT \"delete\" FROM t",
                "SELECT 1 -- DROP TABLE t",
                "SELECT /* UPDATE t */ 1",
                "SET threads = 2",
                "PRAGMA version",
                "SHOW TABLES",
                "BEGIN",
                "COMMIT"
            })
    void wordsInLiteralsCommentsOrOtherStatementsAreNoWrites(String sql) {
        assertFalse(SqlText.mayWrite(sql), sql);
    }
}
