package org.raydb.ssb.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.raydb.ssb.query.QueryCatalog;

class AnchorsTest {

    @Test
    void theH100AnchorsCoverEveryQueryAtTheirScaleFactor() {
        Anchors a = Anchors.load("h100-sf20");
        assertEquals(20.0, a.sf());
        assertEquals(
                QueryCatalog.IDS, a.queries().keySet().stream().toList(), "all 13 queries, in the catalog's order");
    }

    @Test
    void theH100AnchorsAreConsistentMeasurements() {
        for (Map.Entry<String, Anchors.Anchor> e :
                Anchors.load("h100-sf20").queries().entrySet()) {
            Anchors.Anchor x = e.getValue();
            String q = e.getKey();
            for (double ms : new double[] {x.crystalMs(), x.duckdbStarMs(), x.duckdbFlatMs()}) {
                assertTrue(ms > 0 && Double.isFinite(ms), q + ": a time in ms");
            }
            // Crystal's kernels read resident columns; DuckDB scans on 16 cores through JDBC.
            assertTrue(x.crystalMs() < x.duckdbFlatMs() && x.crystalMs() < x.duckdbStarMs(), q);
            // Flight 1 has no GROUP BY, every other flight groups.
            assertEquals(q.startsWith("q1."), x.resultRows() == 1, q + ": " + x.resultRows() + " rows");
        }
    }

    @Test
    void theFileFormatIsReadAsDocumented() {
        Anchors a = Anchors.parse("t", """
                # comment
                sf\t0.5

                description\ttwo queries
                q2.1\t1.5\t20\t10.25\t280
                q1.1\t0.5\t9\t4\t1
                """);
        assertEquals(0.5, a.sf());
        assertEquals("two queries", a.description());
        assertEquals(List.of("q2.1", "q1.1"), a.queries().keySet().stream().toList(), "the file's order");
        assertEquals(new Anchors.Anchor(1.5, 20, 10.25, 280), a.queries().get("q2.1"));
        assertTrue(Double.isNaN(Anchors.parse("u", "q1.1\t1\t2\t3\t1\n").sf()), "no sf line: unknown");
    }

    @Test
    void unknownAnchorsAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Anchors.load("a100-sf1"));
        assertTrue(e.getMessage().contains("a100-sf1") && e.getMessage().contains("h100-sf20"), e.getMessage());
    }
}
