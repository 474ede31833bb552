package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.text.MessageFormat;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.raydb.jdbc.RayConnection;
import org.raydb.offload.exec.HostMemoryBudget;

/**
 * Under {@code auto} a new statement that reads a column its table's resident snapshot does not hold (or of a
 * table with no snapshot yet) is DuckDB's at once, unplanned on its path; it is planned behind the answer, its
 * build starts there, and its next run is offloaded. A new statement over loaded columns is planned on its path
 * and offloaded at its first run.
 */
class PlannedBehindTest {

    @TempDir
    Path dir;

    private static final String FIRST =
            "SELECT b, sum(m), count(*) FROM t WHERE c BETWEEN 3 AND 40 GROUP BY b ORDER BY b";
    /** Reads {@code w}, which {@link #FIRST}'s build does not load. */
    private static final String NEW_COLUMN = "SELECT b, max(w) FROM t WHERE c < 30 GROUP BY b ORDER BY b";
    /** {@link #NEW_COLUMN}'s column through a star join, its tables listed by commas. */
    private static final String STAR = "SELECT d.a, max(w) FROM t, d WHERE t.c = d.k GROUP BY d.a ORDER BY d.a";
    /** Reads only what {@link #FIRST}'s build loaded. */
    private static final String LOADED = "SELECT b, count(*) FROM t WHERE c < 20 GROUP BY b ORDER BY b";

    private static List<List<Object>> duckdb(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            return ResultComparator.rows(rs);
        }
    }

    /** The standard columns of the tests' table {@code t}, a group key {@code b} and a filter column {@code c}. */
    private static final String KEYS = "(i % 97)::INTEGER AS c, 'v' || (i % 13) AS b";
    /** The first tests' measure {@code m} and column {@code w}. */
    private static final String M_W = "(i % 1000 * 1.25)::DECIMAL(15,2) AS m, (i % 5003)::BIGINT AS w";

    /**
     * Creates {@code t} in the database {@code file}, 3M rows of {@link #KEYS} and {@code columns} (large enough for
     * the cost model to tell the offload from DuckDB by its estimates); DuckDB's answers to {@code queries}.
     */
    private static List<List<List<Object>>> table(String file, String columns, String... queries) throws SQLException {
        List<List<List<Object>>> answers = new java.util.ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file);
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE t AS SELECT " + KEYS + ", " + columns + " FROM range(3000000) r(i)");
            for (String q : queries) answers.add(duckdb(c, q));
        }
        return answers;
    }

    /**
     * A group key over two columns that overflows on rows the WHERE drops: DuckDB answers, the build's export of the
     * key fails, and the snapshot refuses the shape for a while, with its reason, instead of exporting it again
     * behind each run.
     */
    @Test
    void aColumnThatFailsToComputeIsRefusedNotLoadedAgainAtEachRun() throws Exception {
        String file = dir.resolve("computed.duckdb").toString();
        String query = "SELECT (c * 100000000 + length(b))::INTEGER AS k, count(*) FROM t WHERE c < 3 GROUP BY k"
                + " ORDER BY k";
        List<List<Object>> expected = table(file, M_W, query).getFirst();
        try (Declines declines = new Declines();
                EngineRig rig = new EngineRig(new StandInGpuEngine());
                Connection c = rig.connect("jdbc:raydb:" + file)) {
            RayConnection ray = c.unwrap(RayConnection.class);
            StatementRun first = StatementRun.of(c, query);
            assertEquals(expected, first.rows());
            assertFalse(first.offloaded());
            assertTrue(ray.awaitBackgroundBuilds(Duration.ofMinutes(1)));
            for (int run = 2; run <= 3; run++) {
                declines.clear();
                StatementRun again = StatementRun.of(c, query);
                assertEquals(expected, again.rows());
                assertFalse(again.offloaded());
                assertTrue(ray.awaitBackgroundBuilds(Duration.ofMinutes(1)));
                assertEquals(1, declines.size(), declines.toString());
                assertTrue(declines.getFirst().contains("a column it computes failed to load"), run + ": " + declines);
            }
        }
    }

    @Test
    void newStatementsOverColumnsNotResidentAreDuckDbsAndOffloadedOnceBuilt() throws Exception {
        String file = dir.resolve("behind.duckdb").toString();
        List<List<List<Object>>> answers = table(file, M_W, FIRST, NEW_COLUMN, LOADED);
        List<List<Object>> first = answers.get(0);
        List<List<Object>> newColumn = answers.get(1);
        List<List<Object>> loaded = answers.get(2);
        try (EngineRig rig = new EngineRig(new StandInGpuEngine());
                Connection c = rig.connect("jdbc:raydb:" + file)) {
            RayConnection ray = c.unwrap(RayConnection.class);
            for (String[] step : new String[][] {{FIRST, "no snapshot of t yet"}, {NEW_COLUMN, "w is not loaded"}}) {
                List<List<Object>> expected = step[0].equals(FIRST) ? first : newColumn;
                StatementRun before = StatementRun.of(c, step[0]);
                assertEquals(expected, before.rows());
                assertFalse(before.offloaded(), step[1] + ": DuckDB answers");
                assertTrue(ray.awaitBackgroundBuilds(Duration.ofMinutes(1)), "planned and built behind");
                StatementRun after = StatementRun.of(c, step[0]);
                assertEquals(expected, after.rows());
                assertTrue(after.offloaded(), step[1] + ": offloaded once built");
            }
            StatementRun scan = StatementRun.of(c, LOADED);
            assertEquals(loaded, scan.rows());
            assertTrue(scan.offloaded(), "its columns are loaded: planned on its path and scanned");
        }
    }

    /**
     * Once a statement was bound over the table's snapshot, the table's columns are known, and a new statement whose
     * text names a column not loaded is left to DuckDB before the session binds it; offloaded once built, where the
     * session ran only queries without binding it there either.
     */
    @Test
    void aStatementNamingAColumnNotLoadedIsLeftBeforeItIsBound() throws Exception {
        String file = dir.resolve("named.duckdb").toString();
        String third = "SELECT b, min(x) FROM t WHERE c > 50 GROUP BY b ORDER BY b";
        List<List<Object>> expected = table(file, M_W + ", (i % 7)::INTEGER AS x, (i % 11)::BIGINT AS y", third)
                .getFirst();
        try (Declines declines = new Declines();
                EngineRig rig = new EngineRig(new StandInGpuEngine());
                Connection c = rig.connect("jdbc:raydb:" + file)) {
            RayConnection ray = c.unwrap(RayConnection.class);
            for (String q : List.of(FIRST, NEW_COLUMN)) { // the second is bound over the snapshot: t's columns known
                assertFalse(StatementRun.of(c, q).offloaded(), q);
                assertTrue(ray.awaitBackgroundBuilds(Duration.ofMinutes(1)));
            }
            declines.clear();
            StatementRun before = StatementRun.of(c, third);
            assertEquals(expected, before.rows());
            assertFalse(before.offloaded());
            assertTrue(ray.awaitBackgroundBuilds(Duration.ofMinutes(1)));
            assertEquals(2, declines.size(), declines.toString());
            assertTrue(declines.getFirst().contains("its text names is not resident yet"), declines.getFirst());
            assertEquals(
                    "a decision made behind is taken unbound: the session is pristine",
                    declines.get(1),
                    "only queries ran in the session: it binds as the connection that planned it did");
            declines.clear();
            StatementRun after = StatementRun.of(c, third);
            assertEquals(expected, after.rows());
            assertTrue(after.offloaded(), "offloaded once built");
            assertEquals(List.of(), declines, "the decision taken behind is the session's: its next run plans nothing");

            // One that does not qualify (median) is declined for its own reason from its second run on.
            String median = "SELECT b, median(x) FROM t WHERE y > 2 GROUP BY b ORDER BY b";
            for (String run : List.of("first", "second")) {
                declines.clear();
                assertFalse(StatementRun.of(c, median).offloaded());
                assertTrue(ray.awaitBackgroundBuilds(Duration.ofMinutes(1)));
                assertEquals(1, declines.size(), declines.toString());
                assertEquals(
                        run.equals("first"),
                        declines.getFirst().contains("its text names is not resident yet"),
                        run + " run: " + declines.getFirst());
            }
        }
    }

    /**
     * A new process's first statements are planned behind their answers, unbound in the session: the plan made behind
     * tells the snapshot its build makes the table's columns, so that the next statement naming a column not loaded is
     * left by its text, not bound in the session first (7.4 ms of a new process's second ad-hoc statement at SF 20); a
     * star join with its tables listed by commas too, as the SSB specification writes it.
     */
    @ParameterizedTest
    @ValueSource(strings = {NEW_COLUMN, STAR})
    void columnsBoundBehindTellTheGuessByText(String statement) throws Exception {
        String file = dir.resolve("told.duckdb").toString();
        table(file, M_W);
        List<List<Object>> expected;
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file);
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE d AS SELECT i::INTEGER AS k, 'a' || (i % 5) AS a FROM range(97) r(i)");
            st.execute("ALTER TABLE d ADD PRIMARY KEY (k)");
            expected = duckdb(c, statement);
        }
        ProbeWindowBuildTest.HeldProbe probe = new ProbeWindowBuildTest.HeldProbe();
        try (Declines declines = new Declines();
                EngineRig rig = new EngineRig(new StandInGpuEngine(), HostMemoryBudget.JVM, probe);
                Connection c = rig.connect("jdbc:raydb:" + file)) {
            assertFalse(StatementRun.of(c, FIRST).offloaded(), "DuckDB answers while the GPU is probed");
            probe.done.countDown();
            assertTrue(c.unwrap(RayConnection.class).awaitBackgroundBuilds(Duration.ofMinutes(1)));
            declines.clear();
            StatementRun first = StatementRun.of(c, statement);
            assertEquals(expected, first.rows());
            assertFalse(first.offloaded(), "w is not loaded");
            assertEquals(1, declines.size(), declines.toString());
            assertTrue(declines.getFirst().contains("its text names is not resident yet"), declines.getFirst());
        }
    }

    /**
     * Where the engines answer only from measures made resident, a new statement over loaded columns whose text asks
     * for a measure no statement asked of the snapshot before (none can have made it resident) is left by its text,
     * and offloaded once built; one asking for a measure a build made is planned and offloaded at its first run.
     * Engines that keep nothing resident offload the first at once.
     */
    @Test
    void aStatementAskingForANewMeasureIsLeftBeforeItIsBoundWhereTheEnginesJudgeMeasures() throws Exception {
        String newMeasure = "SELECT b, max(c) FROM t WHERE c < 30 GROUP BY b ORDER BY b";
        String builtMeasure = "SELECT b, avg(m) FROM t WHERE c > 60 GROUP BY b ORDER BY b";
        for (boolean judges : List.of(true, false)) {
            String file = dir.resolve("measures-" + judges + ".duckdb").toString();
            List<List<List<Object>>> answers = table(file, M_W, newMeasure, builtMeasure);
            List<List<Object>> expected = answers.get(0);
            List<List<Object>> expectedBuilt = answers.get(1);
            StandInGpuEngine engine = judges
                    ? new StandInGpuEngine() {
                        @Override
                        public boolean judgesMeasures() {
                            return true;
                        }
                    }
                    : new StandInGpuEngine();
            try (Declines declines = new Declines();
                    EngineRig rig = new EngineRig(engine);
                    Connection c = rig.connect("jdbc:raydb:" + file)) {
                RayConnection ray = c.unwrap(RayConnection.class);
                assertFalse(StatementRun.of(c, FIRST).offloaded(), "no snapshot of t yet");
                assertTrue(ray.awaitBackgroundBuilds(Duration.ofMinutes(1)), "its build asked for sum(m)'s measure");
                declines.clear();
                StatementRun first = StatementRun.of(c, newMeasure);
                assertEquals(expected, first.rows());
                assertEquals(!judges, first.offloaded(), "max(c) over loaded columns, judged: " + judges);
                if (judges) {
                    assertEquals(1, declines.size(), declines.toString());
                    assertTrue(declines.getFirst().contains("its text names is not resident yet"), declines.getFirst());
                    assertTrue(ray.awaitBackgroundBuilds(Duration.ofMinutes(1)));
                    StatementRun second = StatementRun.of(c, newMeasure);
                    assertEquals(expected, second.rows());
                    assertTrue(second.offloaded(), "offloaded once built");
                }
                StatementRun built = StatementRun.of(c, builtMeasure);
                assertEquals(expectedBuilt, built.rows());
                assertTrue(built.offloaded(), "m was asked for by the first statement's build");
            }
        }
    }

    /** The offload's decline lines (and its lines on decisions made behind), logged while it is open. */
    private static final class Declines extends CopyOnWriteArrayList<String> implements AutoCloseable {
        private final Logger log = Logger.getLogger("org.raydb.offload");
        private final Level level = log.getLevel();
        private final Handler handler = new Handler() {
            @Override
            public void publish(LogRecord r) {
                String m = MessageFormat.format(r.getMessage(), r.getParameters());
                if (m.startsWith("offload declined") || m.startsWith("a decision made behind")) add(m);
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };

        Declines() {
            log.setLevel(Level.FINE);
            log.addHandler(handler);
        }

        @Override
        public void close() {
            log.removeHandler(handler);
            log.setLevel(level);
        }
    }

    /**
     * A session's temporary table hides the resident table of its name from the session's statements, but not from
     * the guess by text, nor from the connection the guessed statement is planned behind on: its first run is
     * DuckDB's, and its second is planned as the session binds it, since the session is no longer pristine.
     */
    @Test
    void aTemporaryTableHidingAResidentOneIsTheSessionsAtEveryRun() throws Exception {
        hiddenFromTheSession(dir.resolve("hidden.duckdb").toString(), "", TEMPORARY);
    }

    /** The same where DuckDB's driver made the temporary table as the session opened, unseen by this driver. */
    @Test
    void aTemporaryTableOfTheSessionsInitSqlIsTheSessionsAtEveryRun() throws Exception {
        Path init = dir.resolve("init.sql");
        java.nio.file.Files.writeString(init, "/* DUCKDB_CONNECTION_INIT_BELOW_MARKER */\n" + TEMPORARY + ";\n");
        hiddenFromTheSession(dir.resolve("hidden.duckdb").toString(), "session_init_sql_file=" + init, null);
    }

    /** The same where the session's search path leads to another schema's table of that name. */
    @Test
    void aSearchPathLeadingElsewhereIsTheSessionsAtEveryRun() throws Exception {
        hiddenFromTheSession(dir.resolve("hidden.duckdb").toString(), "", "SET search_path = 's2'");
    }

    private static final String TEMPORARY =
            "CREATE TEMPORARY TABLE t AS SELECT 'u' || (i % 3) AS b, (i * 7)::BIGINT AS y FROM range(1000) r(i)";

    /**
     * @param options DuckDB's URL options of both connections
     * @param session what both sessions run first ({@code null}: nothing)
     */
    private static void hiddenFromTheSession(String file, String options, String session) throws Exception {
        table(file, "(i % 5003)::BIGINT AS w, (i % 11)::BIGINT AS y");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file);
                Statement st = c.createStatement()) {
            st.execute("CREATE SCHEMA s2");
            st.execute("CREATE TABLE s2.t AS SELECT 'u' || (i % 3) AS b, (i * 7)::BIGINT AS y FROM range(1000) r(i)");
        }
        String hidden = "SELECT b, sum(y) FROM t GROUP BY b ORDER BY b";
        try (EngineRig rig = new EngineRig(new StandInGpuEngine());
                Connection c = rig.connect("jdbc:raydb:" + file + (options.isEmpty() ? "" : ";" + options));
                Connection plain =
                        DriverManager.getConnection("jdbc:duckdb:" + file + (options.isEmpty() ? "" : ";" + options));
                Statement st = c.createStatement();
                Statement p = plain.createStatement()) {
            RayConnection ray = c.unwrap(RayConnection.class);
            if (session != null) {
                st.execute(session);
                p.execute(session);
            }
            List<List<Object>> own = duckdb(plain, hidden); // not asked through c: its plan would be cached there
            assertEquals(3, own.size());
            // hidden.main.t (not main.t: the temporary catalog has a main schema) resident, its columns known from a
            // statement bound over its snapshot; y not loaded
            for (String q : List.of(
                    "SELECT b, count(*) FROM hidden.main.t GROUP BY b ORDER BY b",
                    "SELECT b, max(w) FROM hidden.main.t GROUP BY b ORDER BY b")) {
                StatementRun.of(c, q);
                assertTrue(ray.awaitBackgroundBuilds(Duration.ofMinutes(1)));
            }
            assertEquals(own, StatementRun.of(c, hidden).rows(), "first run");
            assertTrue(ray.awaitBackgroundBuilds(Duration.ofMinutes(1)));
            assertEquals(own, StatementRun.of(c, hidden).rows(), "second run");
        }
    }

    /**
     * Finishing statements of several shapes prepared behind, each statement reading a column no earlier one
     * loaded: every second run offloaded with DuckDB's answer.
     */
    @Test
    void finishingsPreparedBehindAnswerAsDuckDb() throws Exception {
        String file = dir.resolve("finishing.duckdb").toString();
        List<String> statements = List.of(
                "SELECT b, max(w1) AS mx FROM t WHERE c < 30 GROUP BY b ORDER BY mx DESC, b LIMIT 5",
                "SELECT b, sum(w2) FROM t GROUP BY b HAVING sum(w2) > 1000000 ORDER BY 2 DESC",
                "SELECT c, count(*), min(w3) FROM t WHERE b = 'v3' GROUP BY c ORDER BY c DESC LIMIT 10",
                "SELECT avg(w4), count(*) FROM t WHERE c BETWEEN 10 AND 20");
        List<List<List<Object>>> expected = table(
                file,
                "(i % 5003)::BIGINT AS w1, (i % 101)::INTEGER AS w2, (i % 7919)::BIGINT AS w3,"
                        + " (i % 1000 * 1.25)::DECIMAL(15,2) AS w4",
                statements.toArray(String[]::new));
        // The engine pinned: a global AVG's estimates come close enough to DuckDB's to leave its second run to DuckDB
        // to be timed (at times, by the build machine's load), which is the cost model's business, not this test's.
        try (EngineRig rig = new EngineRig(new StandInGpuEngine());
                Connection c = rig.connect("jdbc:raydb:" + file + "?engine=cuda")) {
            RayConnection ray = c.unwrap(RayConnection.class);
            for (int i = 0; i < statements.size(); i++) {
                String q = statements.get(i);
                StatementRun first = StatementRun.of(c, q);
                assertFalse(first.offloaded(), q);
                assertTrue(ray.awaitBackgroundBuilds(Duration.ofMinutes(1)), "planned and built behind");
                StatementRun second = StatementRun.of(c, q);
                assertEquals(expected.get(i), first.rows(), q);
                assertEquals(expected.get(i), second.rows(), q);
                assertTrue(second.offloaded(), q);
            }
        }
    }
}
