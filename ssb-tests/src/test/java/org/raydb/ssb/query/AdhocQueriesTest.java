package org.raydb.ssb.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.raydb.ssb.TestDatabases;
import org.raydb.ssb.sql.RaydbProbe;
import org.raydb.ssb.suite.DifferentialSuite;
import org.raydb.ssb.suite.QueryExecution;

class AdhocQueriesTest {

    private static final Pattern FILTER =
            Pattern.compile("(\\w+) (= \\S+|= '[^']*'|BETWEEN ('[^']*'|\\d+) AND ('[^']*'|\\d+)|IN \\((.*)\\))");
    private static final Pattern AGGREGATE =
            Pattern.compile("count\\(\\*\\)|count\\(lo_\\w+\\)" + "|(sum|min|max|avg)\\(lo_\\w+( [*-] lo_\\w+)?\\)");

    @Test
    void theSameSeedDrawsTheSameQueries() {
        assertEquals(AdhocQueries.generate(60, 7), AdhocQueries.generate(60, 7));
        assertNotEquals(AdhocQueries.generate(60, 7), AdhocQueries.generate(60, 8));
        assertEquals(
                AdhocQueries.generate(10, 7),
                AdhocQueries.generate(60, 7).subList(0, 10),
                "a longer run starts with a shorter one's queries");
    }

    @Test
    void queriesAreDistinctAndOfTheSpecifiedShape() {
        List<AdhocQuery> queries = AdhocQueries.generate(300, 19920101);
        assertEquals(300, queries.size());
        assertEquals(300, queries.stream().map(AdhocQuery::sql).distinct().count(), "no two texts alike");
        assertEquals("a001", queries.getFirst().id());
        assertEquals("a300", queries.getLast().id());
        Set<String> kinds = new HashSet<>();
        for (AdhocQuery q : queries) {
            String sql = q.sql();
            assertTrue(q.filters().size() >= 1 && q.filters().size() <= 4, sql);
            assertTrue(q.groupKeys().size() <= 3, sql);
            assertTrue(q.aggregates().size() >= 1 && q.aggregates().size() <= 3, sql);
            assertEquals(q.groupKeys().size(), q.groupKeys().stream().distinct().count(), sql);
            assertEquals(
                    q.aggregates().size(), q.aggregates().stream().distinct().count(), sql);
            assertFalse(AdhocQueries.averageDependsOnStatistics(q.groupKeys(), q.aggregates()), sql);
            String keys = String.join(", ", q.groupKeys());
            assertEquals(!keys.isEmpty(), sql.endsWith(" GROUP BY " + keys + " ORDER BY " + keys), sql);
            assertTrue(sql.startsWith("SELECT " + (keys.isEmpty() ? "" : keys + ", ")), sql);
            assertEquals(q.groupKeys(), q.orderByNames());
            for (String filter : q.filters()) {
                Matcher m = FILTER.matcher(filter);
                assertTrue(m.matches(), filter);
                if (m.group(5) != null) {
                    int values = m.group(5).split(", ").length;
                    assertTrue(values >= 2 && values <= 5, filter);
                }
                kinds.add(filter.split(" ")[1]);
            }
            for (String aggregate : q.aggregates()) {
                assertTrue(AGGREGATE.matcher(aggregate).matches(), aggregate);
                kinds.add(aggregate.substring(0, aggregate.indexOf('(')) + (aggregate.equals("count(*)") ? "*" : ""));
            }
            kinds.add(q.filters().size() + " filters");
            kinds.add(q.groupKeys().size() + " keys");
            kinds.add(q.aggregates().size() + " aggregates");
        }
        assertEquals(
                Set.of(
                        "=",
                        "BETWEEN",
                        "IN",
                        "sum",
                        "min",
                        "max",
                        "avg",
                        "count",
                        "count*",
                        "1 filters",
                        "2 filters",
                        "3 filters",
                        "4 filters",
                        "0 keys",
                        "1 keys",
                        "2 keys",
                        "3 keys",
                        "1 aggregates",
                        "2 aggregates",
                        "3 aggregates"),
                kinds,
                "every kind of filter and aggregate, every count, occurs");
    }

    /** Every query runs on DuckDB, and qualifies for the offload, so that a decline in the bench is news. */
    @Test
    void everyQueryRunsOnDuckdbAndQualifiesForTheOffload() throws Exception {
        Path database = TestDatabases.generated(0.01);
        int rows = 0;
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:" + database);
                Connection raydb = DriverManager.getConnection(DifferentialSuite.raydbUrl(database, "?engine=cpu"))) {
            for (AdhocQuery q : AdhocQueries.generate(120, 5)) {
                rows += QueryExecution.run(duckdb, q.sql()).result().rowCount();
                assertEquals("cpu", RaydbProbe.engine(raydb, q.sql()), q.sql());
            }
        }
        assertTrue(rows > 120, "most queries find rows at SF 0.01: " + rows);
    }
}
