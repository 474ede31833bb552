package org.raydb.ssb.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.raydb.ssb.TestDatabases;
import org.raydb.ssb.suite.QueryExecution;
import org.raydb.ssb.suite.ResultComparison;

class VariedConstantsTest {

    private static final List<SsbQuery> ALL = VariedConstants.templates(QueryCatalog.IDS);

    private static List<String> sql(long seed, int stream, int count) {
        VariedConstants queries = new VariedConstants(ALL, seed, stream);
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            texts.add(queries.next().sql());
        }
        return texts;
    }

    @Test
    void theSameSeedAndStreamDrawTheSameSql() {
        assertEquals(sql(42, 0, 130), sql(42, 0, 130));
        assertEquals(sql(42, 3, 130), sql(42, 3, 130));
        assertNotEquals(sql(42, 0, 130), sql(43, 0, 130));
        assertNotEquals(sql(42, 0, 130), sql(42, 1, 130), "each thread draws its own constants");
    }

    @Test
    void onlyTheConstantsDifferFromTheCatalogQuery() {
        Map<String, Set<String>> textsByTemplate = new HashMap<>();
        for (int stream = 0; stream < 4; stream++) {
            VariedConstants queries = new VariedConstants(ALL, 42, stream);
            for (int i = 0; i < 13 * 20; i++) {
                VariedQuery q = queries.next();
                String catalog = QueryCatalog.get(q.id(), QueryForm.FLAT).sql();
                assertEquals(TemplateText.withoutConstants(catalog), TemplateText.withoutConstants(q.sql()), q.sql());
                assertEquals(
                        q.constants().size(),
                        SqlLiterals.parameterized(catalog)
                                .chars()
                                .filter(c -> c == '?')
                                .count());
                textsByTemplate.computeIfAbsent(q.id(), id -> new HashSet<>()).add(q.sql());
            }
        }
        assertEquals(QueryCatalog.IDS.size(), textsByTemplate.size(), "every template is drawn");
        // q3.1 has the fewest: 5 regions times 2 first years.
        textsByTemplate.forEach((id, texts) -> assertTrue(texts.size() >= 10, id + " varies: " + texts.size()));
    }

    @Test
    void streamsTakeTheTemplatesInTurnFromTheirOwnStart() {
        VariedConstants stream2 = new VariedConstants(ALL, 42, 2);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 14; i++) {
            ids.add(stream2.next().id());
        }
        assertEquals("q1.3", ids.getFirst());
        assertEquals("q1.2", ids.get(12));
        assertEquals("q1.3", ids.get(13));
    }

    @Test
    void chosenTemplatesAreTakenInTurnInTheirGivenOrderEachOnce() {
        List<SsbQuery> chosen = VariedConstants.templates(List.of("q4.1", "q1.1", "q4.1"));
        assertEquals(List.of("q4.1", "q1.1"), chosen.stream().map(SsbQuery::id).toList());
        VariedConstants stream1 = new VariedConstants(chosen, 42, 1);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ids.add(stream1.next().id());
        }
        assertEquals(List.of("q1.1", "q4.1", "q1.1", "q4.1", "q1.1"), ids);
        assertThrows(IllegalArgumentException.class, () -> new VariedConstants(List.of(), 42, 0));
        assertThrows(
                IllegalArgumentException.class,
                () -> new VariedConstants(List.of(QueryCatalog.get("q1.1", QueryForm.STAR)), 42, 0),
                "flat templates only");
    }

    /** The constants bound with setInt and setString give DuckDB the same answer as the text with them in place. */
    @Test
    void boundConstantsAnswerAsTheirText() throws Exception {
        int rows = 0;
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:" + TestDatabases.generated(0.01))) {
            VariedConstants queries = new VariedConstants(ALL, 42, 0);
            for (int i = 0; i < 13 * 3; i++) {
                VariedQuery q = queries.next();
                QueryExecution text = QueryExecution.run(duckdb, q.sql());
                try (PreparedStatement statement = duckdb.prepareStatement(
                        SqlLiterals.parameterized(q.template().sql()))) {
                    q.bind(statement);
                    QueryExecution bound = QueryExecution.run(statement);
                    assertEquals(
                            "",
                            ResultComparison.difference(
                                            text.result(),
                                            bound.result(),
                                            q.template().orderByNames())
                                    .orElse(""),
                            q.sql());
                }
                rows += text.result().rowCount();
            }
        }
        assertTrue(rows > 39, "most queries find rows at SF 0.01: " + rows);
    }
}
