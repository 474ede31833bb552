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
import java.time.Duration;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.raydb.jdbc.RayConnection;
import org.raydb.offload.engine.EngineException;
import org.raydb.offload.engine.EngineResult;
import org.raydb.offload.engine.OffloadJob;
import org.raydb.offload.exec.HostMemoryBudget;
import org.raydb.offload.plan.Aggregate;

/**
 * Under {@code auto} a new shape over loaded columns scans them at once, but not where its run would first have to
 * make an input resident (a measure evaluated on the host, a column uploaded): DuckDB answers that first run, with
 * the reason in {@code EXPLAIN OFFLOAD}, while the shape's background build makes the inputs resident; later runs
 * are offloaded. A ready shape whose copies were evicted since is scanned the same way while it builds again.
 */
class FirstRunResidencyTest {

    @TempDir
    Path dir;

    /** The stand-in GPU engine, holding a job's measures, as a GPU does, only once it ran them. */
    private static final class MeasuresMadeByRuns extends StandInGpuEngine {
        private final boolean alwaysResident;
        private final Map<Object, Set<String>> made = Collections.synchronizedMap(new IdentityHashMap<>());

        MeasuresMadeByRuns(boolean alwaysResident) {
            this.alwaysResident = alwaysResident;
        }

        @Override
        public EngineResult run(OffloadJob job) throws EngineException {
            made.computeIfAbsent(job.snapshot(), s -> ConcurrentHashMap.newKeySet())
                    .addAll(measures(job));
            return super.run(job);
        }

        @Override
        public boolean inputsResident(OffloadJob job) {
            return alwaysResident || made.getOrDefault(job.snapshot(), Set.of()).containsAll(measures(job));
        }

        private static List<String> measures(OffloadJob job) {
            return job.aggregates().stream()
                    .map(Aggregate::argument)
                    .filter(a -> a != null)
                    .map(a -> a.canonical())
                    .toList();
        }
    }

    /**
     * The stand-in GPU engine, holding copies of a job's measures in an index entry's order only once a run over that
     * entry made them, and every other input; it records the jobs queries ran on it (not the background builds').
     */
    private static class SortedCopiesMadeByRuns extends StandInGpuEngine {
        final List<OffloadJob> ran = new CopyOnWriteArrayList<>();
        final Set<List<Object>> copies = ConcurrentHashMap.newKeySet();

        @Override
        public EngineResult run(OffloadJob job) throws EngineException {
            if (job.scene() != null) copies.add(copiesOf(job));
            if (!inBuild()) ran.add(job);
            return super.run(job);
        }

        @Override
        public boolean inputsResident(OffloadJob job) {
            return job.scene() == null || copies.contains(copiesOf(job));
        }

        private static List<Object> copiesOf(OffloadJob job) {
            return List.of(job.scene().key(), MeasuresMadeByRuns.measures(job));
        }
    }

    /** A second stand-in, for the optix engine, holding no input of any job. */
    private static final class NothingResident extends SortedCopiesMadeByRuns {
        @Override
        public String name() {
            return "optix";
        }

        @Override
        public boolean inputsResident(OffloadJob job) {
            return false;
        }
    }

    /** Whether this runs in a background build (on the builds' own workers). */
    private static boolean inBuild() {
        return Thread.currentThread().getName().startsWith("raydb-build-worker-");
    }

    /** The first shape, whose build makes the table's columns resident. */
    private static final String BUILT =
            "SELECT b, sum(m), count(*) FROM t WHERE c BETWEEN 3 AND 40 GROUP BY b ORDER BY b";

    /**
     * Creates the table in {@code file} (3M rows: large enough for the cost model to tell the offload from
     * DuckDB by its estimates) and returns DuckDB's answer to {@code query}.
     */
    private static List<List<Object>> table(String file, String query) throws SQLException {
        return table(
                file,
                "SELECT (i % 97)::INTEGER AS c, 'v' || (i % 13) AS b, (i % 1000 * 1.25)::DECIMAL(15,2) AS m",
                query);
    }

    /** Creates {@code t} in {@code file} as {@code select} over {@code range(3000000) r(i)}; DuckDB's answer to {@code query}. */
    private static List<List<Object>> table(String file, String select, String query) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file);
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE t AS " + select + " FROM range(3000000) r(i)");
            try (ResultSet rs = st.executeQuery(query)) {
                return ResultComparator.rows(rs);
            }
        }
    }

    /** The first runs of a second shape over resident columns; true: its engine holds every measure already. */
    private List<StatementRun> secondShapeRuns(boolean alwaysResident) throws Exception {
        String file = dir.resolve("first-" + alwaysResident + ".duckdb").toString();
        String fresh = "SELECT b, sum(m * 2) FROM t WHERE c < 50 GROUP BY b ORDER BY b";
        List<List<Object>> expected = table(file, fresh);
        try (EngineRig rig = new EngineRig(new MeasuresMadeByRuns(alwaysResident));
                Connection c = rig.connect("jdbc:raydb:" + file)) {
            RayConnection ray = c.unwrap(RayConnection.class);
            StatementRun.of(c, BUILT);
            assertTrue(ray.awaitBackgroundBuilds(Duration.ofMinutes(1)), "builds finished");
            assertTrue(StatementRun.of(c, BUILT).offloaded(), "the first shape is built");
            String reason = ExplainOffload.row(c, fresh, "engine_reason");
            assertEquals(!alwaysResident, reason.contains("being made resident"), reason);
            StatementRun first = StatementRun.of(c, fresh);
            assertTrue(ray.awaitBackgroundBuilds(Duration.ofMinutes(1)), "builds finished");
            // Offloaded, the first run prepared it; left to DuckDB, it was prepared behind the answer.
            assertEquals("prepared", ExplainOffload.row(c, fresh, "finishing"));
            StatementRun later = StatementRun.of(c, fresh);
            assertEquals(expected, first.rows());
            assertEquals(expected, later.rows());
            assertTrue(later.offloaded(), "offloaded once built");
            return List.of(first, later);
        }
    }

    @Test
    void aFirstRunThatWouldMakeItsMeasuresResidentIsDuckDbs() throws Exception {
        assertFalse(secondShapeRuns(false).get(0).offloaded(), "DuckDB answers while the measure is made resident");
    }

    @Test
    void aFirstRunThatWouldSortCopiesInAnotherShapesIndexOrderScansTheColumnsInstead() throws Exception {
        SortedCopiesMadeByRuns engine = new SortedCopiesMadeByRuns();
        StatementRun first = firstRunOfASecondShape(List.of(engine));
        assertTrue(first.offloaded(), "the columns are resident: a full scan answers");
        assertFalse(engine.ran.isEmpty());
        assertTrue(engine.ran.stream().allMatch(j -> j.scene() == null), "no job over the other shape's entry");
    }

    @Test
    void aFirstRunGoesToAnEngineThatHoldsItsInputsOnly() throws Exception {
        SortedCopiesMadeByRuns cuda = new SortedCopiesMadeByRuns();
        NothingResident optix = new NothingResident();
        StatementRun first = firstRunOfASecondShape(List.of(cuda, optix));
        assertTrue(first.offloaded(), "cuda holds what the scan reads");
        assertFalse(cuda.ran.isEmpty());
        assertTrue(optix.ran.isEmpty(), "optix would have built its inputs on the query's path");
    }

    /**
     * The first run of a shape over the columns another shape's build made resident (answered exactly), once some
     * engine ran that shape over its own index entry; the engines' runs before it are forgotten.
     */
    private StatementRun firstRunOfASecondShape(List<SortedCopiesMadeByRuns> engines) throws Exception {
        String file = dir.resolve("second-" + engines.size() + ".duckdb").toString();
        String fresh = "SELECT b, count(*) FROM t WHERE c < 20 GROUP BY b ORDER BY b";
        List<List<Object>> expected = table(file, fresh);
        try (EngineRig rig = new EngineRig(List.copyOf(engines), HostMemoryBudget.JVM, Engines.Probe.GPU);
                Connection c = rig.connect("jdbc:raydb:" + file)) {
            StatementRun.of(c, BUILT);
            assertTrue(c.unwrap(RayConnection.class).awaitBackgroundBuilds(Duration.ofMinutes(1)), "builds finished");
            assertTrue(StatementRun.of(c, BUILT).offloaded(), "the first shape is built");
            assertTrue(
                    engines.stream().anyMatch(e -> e.ran.stream().anyMatch(j -> j.scene() != null)),
                    "over its own index entry");
            engines.forEach(e -> e.ran.clear());
            StatementRun first = StatementRun.of(c, fresh);
            assertEquals(expected, first.rows());
            return first;
        }
    }

    @Test
    void aReadyShapeWhoseCopiesWereEvictedScansWhileItBuildsAgainBehind() throws Exception {
        String file = dir.resolve("evicted.duckdb").toString();
        List<List<Object>> expected = table(file, BUILT);
        SortedCopiesMadeByRuns engine = new SortedCopiesMadeByRuns();
        try (EngineRig rig = new EngineRig(List.of(engine), HostMemoryBudget.JVM, Engines.Probe.GPU);
                Connection c = rig.connect("jdbc:raydb:" + file)) {
            RayConnection ray = c.unwrap(RayConnection.class);
            StatementRun.of(c, BUILT);
            assertTrue(ray.awaitBackgroundBuilds(Duration.ofMinutes(1)), "builds finished");
            assertTrue(StatementRun.of(c, BUILT).offloaded(), "the shape is built");
            assertTrue(engine.ran.stream().anyMatch(j -> j.scene() != null), "over its own index entry");

            engine.copies.clear(); // evicted by the GPU budget
            engine.ran.clear();
            String reason = ExplainOffload.row(c, BUILT, "engine_reason");
            assertTrue(reason.startsWith("the copies cuda reads for the shape's own index are not on the GPU"), reason);
            assertTrue(reason.contains("meanwhile a full scan"), reason);
            assertTrue(engine.ran.isEmpty(), "EXPLAIN runs nothing");
            StatementRun evicted = StatementRun.of(c, BUILT);
            assertEquals(expected, evicted.rows());
            assertTrue(evicted.offloaded(), "the resident columns scan it");
            assertTrue(engine.ran.stream().allMatch(j -> j.scene() == null), "nothing built on the query's path");

            assertTrue(ray.awaitBackgroundBuilds(Duration.ofMinutes(1)), "builds finished");
            assertFalse(engine.copies.isEmpty(), "the shape was built again behind");
            engine.ran.clear();
            StatementRun rebuilt = StatementRun.of(c, BUILT);
            assertEquals(expected, rebuilt.rows());
            assertTrue(rebuilt.offloaded());
            assertTrue(engine.ran.stream().anyMatch(j -> j.scene() != null), "over its own index entry again");
        }
    }

    @Test
    void aShapesNextRunRunsTheJobItsBuildPreparedAndRan() throws Exception {
        String file = dir.resolve("built-job.duckdb").toString();
        List<List<Object>> expected = table(file, BUILT);
        List<OffloadJob> built = new CopyOnWriteArrayList<>();
        SortedCopiesMadeByRuns engine = new SortedCopiesMadeByRuns() {
            @Override
            public EngineResult run(OffloadJob job) throws EngineException {
                if (inBuild()) built.add(job);
                return super.run(job);
            }
        };
        try (EngineRig rig = new EngineRig(List.of(engine), HostMemoryBudget.JVM, Engines.Probe.GPU);
                Connection c = rig.connect("jdbc:raydb:" + file)) {
            StatementRun.of(c, BUILT);
            assertTrue(c.unwrap(RayConnection.class).awaitBackgroundBuilds(Duration.ofMinutes(1)), "builds finished");
            StatementRun next = StatementRun.of(c, BUILT);
            assertEquals(expected, next.rows());
            assertTrue(next.offloaded());
            OffloadJob own = engine.ran.stream()
                    .filter(j -> j.scene() != null)
                    .findFirst()
                    .orElseThrow();
            assertTrue(built.stream().anyMatch(j -> j == own), "the job the build prepared and ran");
        }
    }

    /**
     * A top 10 of more groups than a full scan packs: handed back whole, the groups would cost more than DuckDB's
     * answer, so a build choosing for itself left the job to DuckDB and its inputs unmade, and every later run, whose
     * engine cuts the groups to the ten on the device, found them missing and asked for the build again.
     */
    @Test
    void aShapeIsBuiltForTheEngineThatAnswersItWithTheCutItsFinishMakes() throws Exception {
        String file = dir.resolve("top.duckdb").toString();
        String top = "SELECT k, sum(m) AS s FROM t GROUP BY k ORDER BY s DESC, k LIMIT 10";
        List<List<Object>> expected =
                table(file, "SELECT (i % 1200000)::INTEGER AS k, (i % 1000 * 1.25)::DECIMAL(15,2) AS m", top);
        SortedCopiesMadeByRuns engine = new SortedCopiesMadeByRuns();
        try (EngineRig rig = new EngineRig(List.of(engine), HostMemoryBudget.JVM, Engines.Probe.GPU);
                Connection c = rig.connect("jdbc:raydb:" + file)) {
            RayConnection ray = c.unwrap(RayConnection.class);
            StatementRun run = null;
            for (int i = 0; i < 3; i++) {
                run = StatementRun.of(c, top);
                assertEquals(expected, run.rows());
                assertTrue(ray.awaitBackgroundBuilds(Duration.ofMinutes(1)), "builds finished");
            }
            assertTrue(run.offloaded(), ExplainOffload.row(c, top, "engine_reason"));
            assertTrue(engine.ran.stream().anyMatch(j -> j.scene() != null), "over its own index entry");
        }
    }

    @Test
    void aFirstRunOverResidentInputsScansAtOnce() throws Exception {
        assertTrue(secondShapeRuns(true).get(0).offloaded(), "its columns and measures are resident: it scans");
    }
}
