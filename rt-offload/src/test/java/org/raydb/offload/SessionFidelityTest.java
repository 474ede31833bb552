package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.raydb.jdbc.RayConnection;
import org.raydb.jdbc.RayStatement;

/**
 * Sessions as applications run them (SQL transactions, writes the driver does not see, temporary tables, other
 * catalogs and schemas, settings), each answered through {@code jdbc:raydb:} exactly as a plain DuckDB answers
 * the same statements.
 */
class SessionFidelityTest {

    private static final String Q = "SELECT g, SUM(v) FROM t GROUP BY g ORDER BY g";
    private static final String CPU = "?engine=cpu";

    @TempDir
    Path dir;

    private static List<List<Object>> rows(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            return ResultComparator.rows(rs);
        }
    }

    private static void exec(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    /** The query through the driver, and whether it was offloaded. */
    private static List<List<Object>> offloaded(Connection ray, String sql, boolean expectOffloaded)
            throws SQLException {
        try (Statement st = ray.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            List<List<Object>> out = ResultComparator.rows(rs);
            assertEquals(expectOffloaded, st.unwrap(RayStatement.class).lastQueryOffloaded(), sql);
            return out;
        }
    }

    @Test
    void aSqlTransactionIsNotCachedAndItsRollbackIsSeen() throws SQLException {
        try (Connection ray = DriverManager.getConnection("jdbc:raydb:" + CPU);
                Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
            for (Connection c : List.of(ray, duck)) {
                exec(c, "CREATE TABLE t0(c0 INTEGER)");
                exec(c, "INSERT INTO t0 VALUES (1)");
                exec(c, "BEGIN TRANSACTION");
                exec(c, "INSERT INTO t0 VALUES (2)");
            }
            assertEquals(rows(duck, "SELECT SUM(c0) FROM t0"), offloaded(ray, "SELECT SUM(c0) FROM t0", false));
            exec(ray, "ROLLBACK");
            exec(duck, "ROLLBACK");
            assertEquals(rows(duck, "SELECT SUM(c0) FROM t0"), offloaded(ray, "SELECT SUM(c0) FROM t0", true));
        }
    }

    @Test
    void planningLeavesEverySettingAsDuckDbHasIt() throws SQLException {
        String settings = "SELECT name, value FROM duckdb_settings() WHERE name NOT IN ('threads', 'worker_threads')"
                + " ORDER BY name";
        try (Connection ray = DriverManager.getConnection("jdbc:raydb:" + CPU);
                Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
            for (Connection c : List.of(ray, duck)) {
                exec(c, "CREATE TABLE t0(c0 DECIMAL(4,1))");
                exec(
                        c,
                        "INSERT INTO t0 VALUES (0.3), (-52.5), (-0.1), (-999.9), (33.9), (10.0), (-768.0), (12.3),"
                                + " (-170.0), (-15.0), (0.5), (19.1), (-63.0), (2.7), (37.0)");
            }
            offloaded(ray, "SELECT MIN(c0), MAX(c0) FROM t0", true);
            assertEquals(rows(duck, settings), rows(ray, settings));
            assertEquals(
                    rows(duck, "SELECT AVG(-c0)::VARCHAR FROM t0 WHERE c0 + 1 > 0 OR c0 < 0"),
                    rows(ray, "SELECT AVG(-c0)::VARCHAR FROM t0 WHERE c0 + 1 > 0 OR c0 < 0"));
        }
    }

    /**
     * Offloaded statements, finished directly and by DuckDB (a few groups and thousands), leave no prepared
     * statement of the driver's on the application's connection: {@code duckdb_prepared_statements()} lists the
     * application's own, as DuckDB's.
     */
    @Test
    void offloadedStatementsLeaveNoPreparedStatementsBehind() throws SQLException {
        String listed = "SELECT statement FROM duckdb_prepared_statements() ORDER BY statement";
        try (Connection ray = DriverManager.getConnection("jdbc:raydb:" + CPU);
                Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
            for (Connection c : List.of(ray, duck)) {
                exec(c, "CREATE TABLE t AS SELECT i % 7 AS g, i AS v FROM range(20000) r(i)");
            }
            List<String> queries = List.of(
                    "SELECT g, sum(v) FROM t GROUP BY g ORDER BY g",
                    "SELECT g, sum(v) FROM t GROUP BY g HAVING sum(v) > 10 ORDER BY 2",
                    "SELECT v % 5000 AS k, count(*) FROM t GROUP BY k HAVING count(*) > 3 ORDER BY 1");
            for (int run = 0; run < 2; run++) {
                for (String q : queries) assertEquals(rows(duck, q), offloaded(ray, q, true), q);
            }
            try (java.sql.PreparedStatement own =
                            ray.prepareStatement("SELECT g, sum(v) FROM t WHERE v > ? GROUP BY g");
                    java.sql.PreparedStatement same =
                            duck.prepareStatement("SELECT g, sum(v) FROM t WHERE v > ? GROUP BY g")) {
                own.setInt(1, 5);
                own.executeQuery().close();
                assertTrue(own.unwrap(RayStatement.class).lastQueryOffloaded());
                same.setInt(1, 5);
                same.executeQuery().close();
                assertEquals(rows(duck, listed), rows(ray, listed));
            }
            assertEquals(rows(duck, listed), rows(ray, listed));
            assertEquals(List.of(), rows(ray, listed));
        }
    }

    /**
     * Offloaded statements, finished directly and by DuckDB, change nothing of the application's catalog: the
     * functions, views, tables and types DuckDB lists are those of a plain DuckDB that ran the same statements.
     */
    @Test
    void offloadedStatementsLeaveTheCatalogAsDuckDbHasIt() throws SQLException {
        List<String> catalog = List.of(
                "SELECT function_name, function_type, parameters::VARCHAR, return_type, stability"
                        + " FROM duckdb_functions() ORDER BY ALL",
                "SELECT database_name, schema_name, view_name, temporary FROM duckdb_views() ORDER BY ALL",
                "SELECT database_name, schema_name, table_name, temporary FROM duckdb_tables() ORDER BY ALL",
                // DuckDB makes the temporary catalog's entries of built-in types as statements look them up, each
                // named as first written: the case of a name tells which statement bound that type first.
                "SELECT database_name, schema_name, lower(type_name) FROM duckdb_types() ORDER BY ALL");
        try (Connection ray = DriverManager.getConnection("jdbc:raydb:" + CPU);
                Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
            for (Connection c : List.of(ray, duck)) {
                exec(c, "CREATE TABLE t AS SELECT i % 7 AS g, i AS v FROM range(20000) r(i)");
            }
            for (String q : List.of(
                    "SELECT g, sum(v) FROM t GROUP BY g ORDER BY g",
                    "SELECT g, sum(v) * 2 AS s FROM t GROUP BY g HAVING sum(v) > 10 ORDER BY s DESC",
                    "SELECT g, count(*), avg(sum(v)) OVER () FROM t GROUP BY g ORDER BY g")) {
                assertEquals(rows(duck, q), offloaded(ray, q, true), q);
            }
            for (String q : catalog) assertEquals(rows(duck, q), rows(ray, q), q);
        }
    }

    /**
     * Functions that answer from the session or the statement (the database's name, a variable, a setting, the
     * statement's text) are answered by DuckDB in the application's session, and the statement is not offloaded.
     */
    @Test
    void functionsOfTheSessionAnswerAsInTheSession() throws SQLException {
        Path file = dir.resolve("named.duckdb");
        try (Connection ray = DriverManager.getConnection("jdbc:raydb:" + file + CPU);
                Connection duck = DriverManager.getConnection("jdbc:duckdb:" + file)) {
            exec(duck, "CREATE TABLE t AS SELECT i % 3 AS g, i AS v FROM range(1000) r(i)");
            exec(ray, "SET VARIABLE x = 7");
            exec(duck, "SET VARIABLE x = 7");
            offloaded(ray, Q, true);
            for (String q : List.of(
                    "SELECT current_database(), g, sum(v) FROM t GROUP BY g ORDER BY g",
                    "SELECT current_catalog, g, sum(v) FROM t GROUP BY g ORDER BY g",
                    "SELECT getvariable('x') AS x, g, sum(v) FROM t GROUP BY g ORDER BY g",
                    "SELECT g, sum(v) + getvariable('x') FROM t GROUP BY g HAVING sum(v) > 0 ORDER BY g",
                    "SELECT g, sum(v) FROM t WHERE v > getvariable('x') GROUP BY g ORDER BY g",
                    "SELECT current_setting('threads'), g, count(*) FROM t GROUP BY g ORDER BY g")) {
                assertEquals(rows(duck, q), offloaded(ray, q, false), q);
            }
            assertEquals(1, rows(ray, "SELECT current_query(), count(*) FROM t").size());
        }
    }

    @Test
    void writesTheDriverDoesNotSeeAreSeen() throws SQLException {
        String file = dir.resolve("s.duckdb").toString();
        try (Connection ray = DriverManager.getConnection("jdbc:raydb:" + file + CPU)) {
            exec(ray, "CREATE TABLE t AS SELECT i % 2 g, i v FROM range(10) r(i)");
            assertEquals(List.of(List.of(0L, 20L), List.of(1L, 25L)), asLongs(offloaded(ray, Q, true)));
            try (Statement raw = ray.unwrap(DuckDBConnection.class).createStatement()) {
                raw.execute("INSERT INTO t VALUES (0, 1000)");
            }
            assertEquals(List.of(List.of(0L, 1020L), List.of(1L, 25L)), asLongs(offloaded(ray, Q, true)));
            try (DuckDBAppender appender = ray.unwrap(DuckDBConnection.class).createAppender("main", "t")) {
                appender.beginRow();
                appender.append(1L);
                appender.append(5L);
                appender.endRow();
            }
            assertEquals(List.of(List.of(0L, 1020L), List.of(1L, 30L)), asLongs(offloaded(ray, Q, true)));
            try (Connection plain = DriverManager.getConnection("jdbc:duckdb:" + file)) {
                exec(plain, "UPDATE t SET v = v + 100 WHERE g = 1");
            }
            assertEquals(List.of(List.of(0L, 1020L), List.of(1L, 630L)), asLongs(offloaded(ray, Q, true)));
            try (Connection other = DriverManager.getConnection("jdbc:raydb:" + file + CPU)) {
                assertEquals(List.of(List.of(0L, 1020L), List.of(1L, 630L)), asLongs(offloaded(other, Q, true)));
            }
        }
    }

    /** A view or table another connection replaced, through the driver or behind it, is answered as it is now. */
    @Test
    void aViewOrTableAnotherConnectionReplacedIsAnsweredAsItIsNow() throws SQLException {
        String file = dir.resolve("r.duckdb").toString();
        String overView = "SELECT g, SUM(v) FROM w GROUP BY g ORDER BY g";
        try (Connection a = DriverManager.getConnection("jdbc:raydb:" + file + CPU);
                Connection b = DriverManager.getConnection("jdbc:raydb:" + file + CPU)) {
            exec(a, "CREATE TABLE t AS SELECT i % 2 g, i v FROM range(10) r(i)");
            exec(a, "CREATE VIEW w AS SELECT * FROM t WHERE v > 2");
            assertEquals(List.of(List.of(0L, 18L), List.of(1L, 24L)), asLongs(offloaded(a, overView, true)));
            exec(b, "CREATE OR REPLACE VIEW w AS SELECT * FROM t WHERE v > 6");
            assertEquals(List.of(List.of(0L, 8L), List.of(1L, 16L)), asLongs(offloaded(a, overView, true)));
            try (Connection plain = DriverManager.getConnection("jdbc:duckdb:" + file)) {
                exec(plain, "CREATE OR REPLACE VIEW w AS SELECT * FROM t WHERE v < 4");
            }
            assertEquals(List.of(List.of(0L, 2L), List.of(1L, 4L)), asLongs(offloaded(a, overView, true)));
            exec(b, "CREATE OR REPLACE TABLE t AS SELECT (i % 2)::INTEGER g, (i - 2)::BIGINT v FROM range(6) r(i)");
            assertEquals(List.of(List.of(0L, 0L), List.of(1L, 3L)), asLongs(offloaded(a, overView, true)));
        }
    }

    /**
     * A view in one database file over a table in another attached file, replaced behind the driver, is answered as
     * it is now; so is a catalog name another connection attached to another file through the driver.
     */
    @Test
    void aViewInAnotherAttachedFileAndAnAttachmentReplacedBehindTheDriverAreSeen() throws SQLException {
        String main = dir.resolve("views.duckdb").toString();
        String data = dir.resolve("data.duckdb").toString();
        String other = dir.resolve("other.duckdb").toString();
        String overView = "SELECT g, SUM(v) FROM w GROUP BY g ORDER BY g";
        String overTable = "SELECT g, SUM(v) FROM b.t GROUP BY g ORDER BY g";
        try (Connection plain = DriverManager.getConnection("jdbc:duckdb:" + other)) {
            exec(plain, "CREATE TABLE t AS SELECT i % 2 g, i * 100 v FROM range(10) r(i)");
        }
        try (Connection ray = DriverManager.getConnection("jdbc:raydb:" + main + CPU)) {
            exec(ray, "ATTACH '" + data + "' AS b");
            exec(ray, "CREATE TABLE b.t AS SELECT i % 2 g, i v FROM range(10) r(i)");
            exec(ray, "CREATE VIEW w AS SELECT * FROM b.t WHERE v > 2");
            assertEquals(List.of(List.of(0L, 18L), List.of(1L, 24L)), asLongs(offloaded(ray, overView, true)));
            assertEquals(List.of(List.of(0L, 20L), List.of(1L, 25L)), asLongs(offloaded(ray, overTable, true)));
            try (Connection plain = DriverManager.getConnection("jdbc:duckdb:" + main)) {
                exec(plain, "CREATE OR REPLACE VIEW w AS SELECT * FROM b.t WHERE v < 4");
                assertEquals(rows(plain, overView), offloaded(ray, overView, true), "the view replaced");
                try (Connection another = DriverManager.getConnection("jdbc:raydb:" + main + CPU)) {
                    exec(another, "DETACH b");
                    exec(another, "ATTACH '" + other + "' AS b");
                }
                assertEquals(rows(plain, overTable), offloaded(ray, overTable, true), "another file as b");
                assertEquals(rows(plain, overView), offloaded(ray, overView, true), "the view over the other file");
                exec(plain, "INSERT INTO b.t VALUES (1, 7)");
                assertEquals(rows(plain, overTable), offloaded(ray, overTable, true), "the other file written");
            }
        }
    }

    /**
     * Once the session's DuckDB connection was handed out, what changes through it (a setting, a temporary table, a
     * setting of the instance's) is seen; a statement whose session did not change keeps its decision.
     */
    @Test
    void aSessionChangedThroughItsUnwrappedConnectionIsAnsweredAsItIsNow() throws SQLException {
        String file = dir.resolve("set.duckdb").toString();
        try (Connection ray = DriverManager.getConnection("jdbc:raydb:" + file + CPU)) {
            exec(ray, "CREATE TABLE t AS SELECT i % 3 g, i v FROM range(30) r(i)");
            offloaded(ray, Q, true);
            Connection raw = ray.unwrap(DuckDBConnection.class);
            offloaded(ray, Q, true);
            assertEquals("true", ExplainOffload.row(ray, Q, "qualifies"));
            assertFalse(ExplainOffload.row(ray, Q, "last_run").equals("not run yet"), "the decision is kept");
            exec(raw, "SET default_order = 'DESC'");
            assertEquals(rows(raw, Q), offloaded(ray, Q, true), "a setting of the session");
            exec(raw, "RESET default_order");
            assertEquals(rows(raw, Q), offloaded(ray, Q, true), "reset");
            exec(raw, "CREATE TEMPORARY TABLE t AS SELECT 7 g, 1 v");
            assertEquals(List.of(List.of(7L, 1L)), asLongs(offloaded(ray, Q, false)), "a temporary table over t");
            exec(raw, "DROP TABLE temp.t");
            assertEquals(rows(raw, Q), offloaded(ray, Q, true), "the temporary table dropped");
            try (Connection plain = DriverManager.getConnection("jdbc:duckdb:" + file)) {
                exec(plain, "SET GLOBAL default_order = 'DESC'");
                assertEquals(rows(raw, Q), offloaded(ray, Q, true), "a setting of the instance");
                exec(plain, "RESET GLOBAL default_order");
            }
        }
    }

    /** DuckDB's ordering settings are the instance's: one set through another session's unwrapped connection is seen. */
    @Test
    void anInstanceSettingAnotherSessionSetUnwrappedIsSeen() throws SQLException {
        String file = dir.resolve("inst.duckdb").toString();
        try (Connection a = DriverManager.getConnection("jdbc:raydb:" + file + CPU);
                Connection b = DriverManager.getConnection("jdbc:raydb:" + file + CPU)) {
            exec(a, "CREATE TABLE t AS SELECT i % 3 g, i v FROM range(30) r(i)");
            offloaded(a, Q, true);
            exec(b.unwrap(DuckDBConnection.class), "SET default_order = 'DESC'");
            assertEquals(rows(b, Q), offloaded(a, Q, true));
            assertEquals(
                    List.of(2L, 1L, 0L),
                    asLongs(rows(a, Q)).stream().map(r -> r.get(0)).toList());
            exec(b.unwrap(DuckDBConnection.class), "RESET default_order");
        }
    }

    /** A default collation that merges strings groups them as DuckDB does, set through the driver or behind it. */
    @Test
    void aDefaultCollationIsTheSessions() throws SQLException {
        String file = dir.resolve("coll.duckdb").toString();
        String q = "SELECT s, count(*) FROM c GROUP BY s ORDER BY s";
        try (Connection ray = DriverManager.getConnection("jdbc:raydb:" + file + CPU)) {
            exec(
                    ray,
                    "CREATE TABLE c AS SELECT CASE i % 3 WHEN 0 THEN 'a' WHEN 1 THEN 'A' ELSE 'b' END s FROM range(30) r(i)");
            Connection raw = ray.unwrap(DuckDBConnection.class);
            assertEquals(rows(raw, q), rows(ray, q));
            exec(raw, "SET default_collation = 'nocase'");
            assertEquals(rows(raw, q), rows(ray, q), "set behind the driver");
            exec(ray, "RESET default_collation");
            assertEquals(rows(raw, q), rows(ray, q), "reset through the driver");
            exec(ray, "SET default_collation = 'nocase'");
            assertEquals(rows(raw, q), rows(ray, q), "set through the driver");
        }
    }

    /**
     * Every setting of the session reaches the database DuckDB finishes offloaded results on, also after one that
     * cannot be mirrored there (a search path naming the application's schemas): a NULL group key, which only DuckDB
     * orders, comes where the session's order puts it.
     */
    @Test
    void settingsAfterOneThatCannotBeMirroredStillOrderTheResult() throws SQLException {
        String file = dir.resolve("mirror.duckdb").toString();
        String q = "SELECT g, sum(v) FROM t GROUP BY g ORDER BY g NULLS LAST";
        try (Connection ray = DriverManager.getConnection("jdbc:raydb:" + file + CPU)) {
            exec(
                    ray,
                    "CREATE TABLE t AS SELECT CASE WHEN i % 4 = 3 THEN NULL ELSE i % 4 END g, i v FROM range(40) r(i)");
            exec(ray, "CREATE SCHEMA s1");
            exec(ray, "SET search_path = 's1,main'");
            exec(ray, "SET default_order = 'DESC'");
            Connection raw = ray.unwrap(DuckDBConnection.class);
            assertEquals(rows(raw, q), offloaded(ray, q, true));
            assertEquals(2L, ((Number) rows(ray, q).get(0).get(0)).longValue(), "descending");
        }
    }

    /** New constants of a statement whose table another connection created again are not bound from the old one. */
    @Test
    void aTableAnotherConnectionCreatedAgainIsNotAnsweredFromItsOldTemplate() throws SQLException {
        String file = dir.resolve("u.duckdb").toString();
        try (Connection a = DriverManager.getConnection("jdbc:raydb:" + file + CPU);
                Connection b = DriverManager.getConnection("jdbc:raydb:" + file + CPU)) {
            exec(a, "CREATE TABLE u AS SELECT (i % 2)::INTEGER g, i::INTEGER v FROM range(10) r(i)");
            for (int c = 1; c <= 3; c++) { // the statement's template, made and confirmed
                offloaded(a, "SELECT g, SUM(v) FROM u WHERE v > " + c + " GROUP BY g ORDER BY g", true);
            }
            exec(
                    b,
                    "CREATE OR REPLACE TABLE u AS SELECT (i % 3)::INTEGER g, (i * 2.5)::DECIMAL(9,1) v"
                            + " FROM range(10) r(i)");
            String sql = "SELECT g, SUM(v) FROM u WHERE v > 4 GROUP BY g ORDER BY g";
            List<List<Object>> expected;
            try (Connection plain = DriverManager.getConnection("jdbc:duckdb:" + file)) {
                expected = rows(plain, sql);
            }
            assertEquals(expected, offloaded(a, sql, true));
        }
    }

    private static String planning(Connection c, String sql) throws SQLException {
        return ExplainOffload.row(c, sql, "planning");
    }

    /**
     * A new connection takes the decision another one ran, also after every connection closed, but not where its
     * session binds otherwise (a temporary table of the same name) or the table changed since.
     */
    @Test
    void aNewConnectionTakesTheDecisionAnotherRanWhereItBindsAlike() throws SQLException {
        String file = dir.resolve("d.duckdb").toString();
        String force = CPU + "&offload=force";
        try (Connection plain = DriverManager.getConnection("jdbc:duckdb:" + file)) {
            // Written and checkpointed before: closing the last connection over a WAL with writes changes the file.
            exec(plain, "CREATE TABLE t AS SELECT i % 3 g, i v FROM range(30) r(i)");
        }
        try (Connection a = DriverManager.getConnection("jdbc:raydb:" + file + force)) {
            offloaded(a, Q, true);
            assertTrue(planning(a, Q).startsWith("in full"), planning(a, Q));
        }
        List<List<Object>> expected = List.of(List.of(0L, 135L), List.of(1L, 145L), List.of(2L, 155L));
        try (Connection b = DriverManager.getConnection("jdbc:raydb:" + file + force)) {
            assertEquals(expected, asLongs(offloaded(b, Q, true)));
            assertTrue(planning(b, Q).startsWith("another connection's"), planning(b, Q));
            try (Connection c = DriverManager.getConnection("jdbc:raydb:" + file + force)) {
                exec(c, "CREATE TEMPORARY TABLE t AS SELECT 7 g, 1 v");
                assertEquals(List.of(List.of(7L, 1L)), asLongs(rows(c, Q)), "its own temporary table");
            }
            exec(b, "INSERT INTO t VALUES (0, 1000)");
            try (Connection d = DriverManager.getConnection("jdbc:raydb:" + file + force)) {
                assertEquals(
                        List.of(List.of(0L, 1135L), List.of(1L, 145L), List.of(2L, 155L)),
                        asLongs(offloaded(d, Q, true)));
                assertTrue(planning(d, Q).startsWith("in full"), planning(d, Q));
            }
        }
    }

    @Test
    void writesToAStarJoinsDimensionTheDriverDoesNotSeeAreSeen() throws SQLException {
        String file = dir.resolve("star.duckdb").toString();
        String q = "SELECT d.name, sum(f.v), count(*) FROM f, d WHERE f.k = d.k GROUP BY d.name ORDER BY 1";
        try (Connection ray = DriverManager.getConnection("jdbc:raydb:" + file + CPU)) {
            exec(ray, "CREATE TABLE d (k INTEGER PRIMARY KEY, name VARCHAR)");
            exec(ray, "INSERT INTO d VALUES (0, 'a'), (1, 'b')");
            exec(ray, "CREATE TABLE f AS SELECT (i % 3)::INTEGER AS k, i AS v FROM range(30) r(i)");
            Connection raw = ray.unwrap(DuckDBConnection.class);
            assertEquals(rows(raw, q), offloaded(ray, q, true));
            exec(raw, "UPDATE d SET name = 'c' WHERE k = 1");
            assertEquals(rows(raw, q), offloaded(ray, q, true), "after an unwrapped update of the dimension");
            try (DuckDBAppender appender = ray.unwrap(DuckDBConnection.class).createAppender("main", "d")) {
                appender.beginRow();
                appender.append(2);
                appender.append("z");
                appender.endRow();
            }
            assertEquals(rows(raw, q), offloaded(ray, q, true), "after an append that a dangling key meets");
            try (Connection plain = DriverManager.getConnection("jdbc:duckdb:" + file)) {
                exec(plain, "DELETE FROM d WHERE k = 0");
            }
            assertEquals(rows(raw, q), offloaded(ray, q, true), "after a plain connection's delete");
        }
    }

    @Test
    void writesInsideStringsPreparedStatementsAndCopyAreSeen() throws Exception {
        Path csv = dir.resolve("rows.csv");
        Files.writeString(csv, "0,7\n1,9\n");
        try (Connection ray = DriverManager.getConnection("jdbc:raydb:" + CPU);
                Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
            List<String> script = List.of(
                    "CREATE TABLE t AS SELECT i % 2 g, i v FROM range(10) r(i)",
                    "SELECT 1; INSERT INTO t VALUES (0, 100)",
                    "PREPARE w AS INSERT INTO t VALUES ($1, $2)",
                    "EXECUTE w(1, 1000)",
                    "COPY t FROM '" + csv + "'",
                    "INSERT INTO t VALUES (0, 5) RETURNING v",
                    "CREATE MACRO bump() AS TABLE SELECT 1",
                    "DELETE FROM t WHERE v = 3");
            for (String s : script) {
                exec(duck, s);
                exec(ray, s);
                assertEquals(rows(duck, Q), offloaded(ray, Q, true), "after " + s);
            }
        }
    }

    @Test
    void theTableIsTheOneDuckDbsBinderChose() throws SQLException {
        try (Connection ray = DriverManager.getConnection("jdbc:raydb:" + CPU);
                Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
            List<String> script = List.of(
                    "CREATE TABLE t AS SELECT i % 2 g, i v FROM range(10) r(i)",
                    "CREATE TEMP TABLE t AS SELECT 7 g, 7 v",
                    "DROP TABLE temp.t",
                    "ATTACH ':memory:' AS o",
                    "CREATE TABLE o.t AS SELECT 3 g, 33 v",
                    "USE o",
                    "USE memory",
                    "CREATE SCHEMA s2",
                    "CREATE TABLE s2.t AS SELECT 5 g, 55 v",
                    "SET search_path = 's2'");
            for (String s : script) {
                exec(duck, s);
                exec(ray, s);
                assertEquals(rows(duck, Q), offloaded(ray, Q, true), "after " + s);
            }
        }
    }

    /** JDBC's {@code setSchema} and {@code setCatalog} move the session as {@code USE} does, without any SQL text. */
    @Test
    void theSchemaAndCatalogSetThroughJdbcAreTheSessions() throws SQLException {
        try (Connection ray = DriverManager.getConnection("jdbc:raydb:" + CPU);
                Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
            for (Connection c : List.of(duck, ray)) {
                exec(c, "CREATE SCHEMA s1");
                exec(c, "CREATE SCHEMA s2");
                exec(c, "CREATE TABLE s1.t AS SELECT i % 3 g, i v FROM range(1000) r(i)");
                exec(c, "CREATE TABLE s2.t AS SELECT i % 3 g, i * 10 v FROM range(1000) r(i)");
                exec(c, "ATTACH ':memory:' AS o");
                exec(c, "CREATE TABLE o.main.t AS SELECT 4 g, 44 v");
            }
            String[][] moves = {{"schema", "s1"}, {"schema", "s2"}, {"catalog", "o"}, {"catalog", "memory"}};
            for (String[] move : moves) {
                for (Connection c : List.of(duck, ray)) {
                    if (move[0].equals("schema")) c.setSchema(move[1]);
                    else c.setCatalog(move[1]);
                }
                if (move[1].equals("memory")) {
                    for (Connection c : List.of(duck, ray)) c.setSchema("s2");
                }
                assertEquals(rows(duck, Q), offloaded(ray, Q, true), "after set" + move[0] + " " + move[1]);
            }
        }
    }

    @Test
    void temporaryTablesAreEachConnectionsOwn() throws SQLException {
        String ray = "jdbc:raydb:" + dir.resolve("ray.duckdb") + CPU;
        String duck = "jdbc:duckdb:" + dir.resolve("duck.duckdb");
        try (Connection rayA = DriverManager.getConnection(ray);
                Connection rayB = DriverManager.getConnection(ray);
                Connection duckA = DriverManager.getConnection(duck);
                Connection duckB = DriverManager.getConnection(duck)) {
            List<String> script = List.of(
                    "CREATE TABLE t AS SELECT i % 2 g, i v FROM range(10) r(i)",
                    "SELECT 1",
                    "CREATE TEMP TABLE t AS SELECT 7 g, 7 v",
                    "CREATE TEMP TABLE t AS SELECT 8 g, 8 v",
                    "INSERT INTO t VALUES (7, 1)",
                    "INSERT INTO t VALUES (8, 2)");
            for (int i = 0; i < script.size(); i++) {
                exec(i % 2 == 0 ? duckA : duckB, script.get(i));
                exec(i % 2 == 0 ? rayA : rayB, script.get(i));
                assertEquals(rows(duckA, Q), offloaded(rayA, Q, true), "A after " + script.get(i));
                assertEquals(rows(duckB, Q), offloaded(rayB, Q, true), "B after " + script.get(i));
            }
        }
    }

    /**
     * Memory keeps no record of commits: an in-memory table stays offloaded only while every write to it passes
     * through the driver, and is answered by DuckDB once DuckDB's own connection was unwrapped or when plain
     * DuckDB connections can open the database.
     */
    @Test
    void inMemoryWritesTheDriverCannotSeeAreNeverAnsweredStale() throws SQLException {
        List<List<Long>> updated = List.of(List.of(0L, 1020L), List.of(1L, 25L));
        try (Connection ray = DriverManager.getConnection("jdbc:raydb:" + CPU)) {
            exec(ray, "CREATE TABLE t AS SELECT i % 2 g, i v FROM range(10) r(i)");
            exec(ray, "CREATE TEMP TABLE tt AS SELECT * FROM t");
            assertEquals(List.of(List.of(0L, 20L), List.of(1L, 25L)), asLongs(offloaded(ray, Q, true)));
            offloaded(ray, Q.replace(" t ", " tt "), true);
            try (Connection copy = ray.unwrap(DuckDBConnection.class).duplicate();
                    Statement raw = copy.createStatement()) {
                raw.execute("UPDATE t SET v = v + 1000 WHERE v = 0");
            }
            try (Statement raw = ray.unwrap(DuckDBConnection.class).createStatement()) {
                raw.execute("UPDATE tt SET v = v + 1000 WHERE v = 0");
            }
            assertEquals(updated, asLongs(offloaded(ray, Q, false)));
            assertEquals(updated, asLongs(offloaded(ray, Q.replace(" t ", " tt "), false)));
        }
        String name = "jdbc:raydb::memory:shared" + System.nanoTime();
        try (Connection ray = DriverManager.getConnection(name + CPU);
                Connection plain = DriverManager.getConnection(name.replace("raydb", "duckdb"))) {
            exec(ray, "CREATE TABLE t AS SELECT i % 2 g, i v FROM range(10) r(i)");
            offloaded(ray, Q, false);
            exec(plain, "UPDATE t SET v = v + 1000 WHERE v = 0");
            assertEquals(updated, asLongs(offloaded(ray, Q, false)));
        }
    }

    @Test
    void aDatabaseFileStaysResidentAcrossReconnectsUntilItChanges() throws SQLException {
        String file = dir.resolve("re.duckdb").toString();
        try (Connection plain = DriverManager.getConnection("jdbc:duckdb:" + file)) {
            exec(plain, "CREATE TABLE t AS SELECT i % 2 g, i v FROM range(1000) r(i)");
        }
        // DuckDB checkpoints a file whose WAL holds writes when it closes: only a clean file can stay resident.
        try (Connection ray = DriverManager.getConnection("jdbc:raydb:" + file + CPU)) {
            assertTrue(loadMicros(ray) > 0, "the first query loads");
            assertEquals(0, loadMicros(ray), "the second does not");
        }
        try (Connection ray = DriverManager.getConnection("jdbc:raydb:" + file + CPU)) {
            assertEquals(0, loadMicros(ray), "a new connection after every connection closed finds it resident");
        }
        try (Connection plain = DriverManager.getConnection("jdbc:duckdb:" + file)) {
            exec(plain, "UPDATE t SET v = v + 1 WHERE g = 0");
        }
        try (Connection ray = DriverManager.getConnection("jdbc:raydb:" + file + CPU);
                Connection plain = DriverManager.getConnection("jdbc:duckdb:" + file)) {
            assertTrue(loadMicros(ray) > 0, "a file written while the driver had it closed is loaded again");
            assertEquals(rows(plain, Q), offloaded(ray, Q, true));
        }
    }

    private static long loadMicros(Connection ray) throws SQLException {
        try (Statement st = ray.createStatement();
                ResultSet rs = st.executeQuery(Q)) {
            ResultComparator.rows(rs);
            RayStatement r = st.unwrap(RayStatement.class);
            assertTrue(r.lastQueryOffloaded());
            return r.lastOffloadTimings().get("load_us");
        }
    }

    @Test
    void aTransactionKeepsItsSnapshotWhileAnotherCommits() throws SQLException {
        String file = dir.resolve("snap.duckdb").toString();
        try (Connection a = DriverManager.getConnection("jdbc:raydb:" + file + CPU);
                Connection b = DriverManager.getConnection("jdbc:raydb:" + file + CPU)) {
            exec(a, "CREATE TABLE t AS SELECT i % 2 g, i v FROM range(10) r(i)");
            offloaded(a, Q, true);
            a.setAutoCommit(false);
            List<List<Object>> before = offloaded(a, Q, false);
            exec(b, "UPDATE t SET v = v + 100");
            assertEquals(before, offloaded(a, Q, false));
            a.commit();
            a.setAutoCommit(true);
            assertEquals(rows(b, Q), offloaded(a, Q, true));
            assertFalse(before.equals(rows(b, Q)));
        }
    }

    @Test
    void aPlanStaysRightAsTheTableGrows() throws SQLException {
        try (Connection ray = DriverManager.getConnection("jdbc:raydb:" + CPU);
                Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
            String q = "SELECT g, SUM(v) s FROM t GROUP BY g HAVING SUM(v) > 0 ORDER BY s DESC LIMIT 5";
            for (int n : new int[] {10, 300_000}) {
                for (Connection c : List.of(ray, duck)) {
                    exec(c, "CREATE OR REPLACE TABLE t AS SELECT i % 50000 g, i v FROM range(" + n + ") r(i)");
                }
                assertEquals(rows(duck, q), rows(ray, q), n + " rows");
                assertTrue(ray.unwrap(RayConnection.class).awaitBackgroundBuilds(Duration.ofMinutes(1)));
                assertEquals(rows(duck, q), offloaded(ray, q, true), n + " rows");
            }
        }
    }

    private static List<List<Long>> asLongs(List<List<Object>> rows) {
        return rows.stream()
                .map(r -> r.stream().map(v -> ((Number) v).longValue()).toList())
                .toList();
    }
}
