package org.raydb.ssb.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.raydb.ssb.query.QueryCatalog;

class AnchorsTest {

    @Test
    void theH100AnchorsAreFactsTable() {
        Anchors a = Anchors.load("h100-sf20");
        assertEquals(20.0, a.sf());
        assertEquals(QueryCatalog.IDS, a.queries().keySet().stream().toList(), "all 13 queries, in order");
        assertEquals(new Anchors.Anchor(0.609, 99.1, 51.6, 1), a.queries().get("q1.1"));
        assertEquals(new Anchors.Anchor(28.29, 164.2, 130.6, 35), a.queries().get("q4.1"));
        assertEquals(new Anchors.Anchor(1.828, 124.3, 63.0, 800), a.queries().get("q4.3"));
    }

    @Test
    void unknownAnchorsAreNamed() {
        assertThrows(IllegalArgumentException.class, () -> Anchors.load("a100-sf1"));
    }
}
