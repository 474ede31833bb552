package org.raydb.ssb.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class QueryCatalogTest {

    @Test
    void everyQueryExistsInBothForms() {
        assertEquals(26, QueryCatalog.all().size());
        for (SsbQuery q : QueryCatalog.all()) {
            assertFalse(q.sql().isBlank(), q.label());
        }
    }

    @Test
    void flatFormsScanOnlyTheFlatTableWithTheStarFilters() {
        for (String id : QueryCatalog.IDS) {
            String flat = QueryCatalog.get(id, QueryForm.FLAT).sql();
            String star = QueryCatalog.get(id, QueryForm.STAR).sql();
            assertTrue(flat.contains("FROM lineorder_flat\n"), id);
            assertFalse(flat.matches("(?s).*= [cspd]_\\w*key.*"), id + " keeps a join predicate");
            assertTrue(SqlClauses.where(star).endsWith(SqlClauses.where(flat)), id + ": the filters differ");
            assertEquals(SqlClauses.orderByNames(star), SqlClauses.orderByNames(flat), id);
        }
    }

    @Test
    void clausesArePickedOut() {
        SsbQuery q31 = QueryCatalog.get("q3.1", QueryForm.FLAT);
        assertEquals(List.of("d_year", "revenue"), q31.orderByNames());
        assertEquals(
                "c_region = 'ASIA'\n  AND s_region = 'ASIA'\n  AND d_year >= 1992 AND d_year <= 1997",
                SqlClauses.where(q31.sql()));
        assertEquals(List.of(), QueryCatalog.get("q1.1", QueryForm.FLAT).orderByNames());
    }

    @Test
    void unknownQueriesAndFormsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> QueryCatalog.get("q5.1", QueryForm.FLAT));
        assertThrows(IllegalArgumentException.class, () -> QueryForm.parse("snowflake"));
        assertEquals(List.of(QueryForm.FLAT, QueryForm.STAR), QueryForm.parse("both"));
    }
}
