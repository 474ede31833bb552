package org.raydb.ssb.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ResultComparisonTest {

    private static final List<String> LABELS = List.of("d_year", "revenue");
    private static final List<String> TYPES = List.of("INTEGER", "HUGEINT");
    private static final List<String> ORDER = List.of("d_year", "revenue");

    private static ResultTable table(String... rows) {
        return new ResultTable(
                LABELS,
                TYPES,
                java.util.Arrays.stream(rows).map(r -> List.of(r.split(" "))).toList());
    }

    @Test
    void identicalResultsMatch() {
        assertTrue(ResultComparison.difference(table("1992 5", "1993 4"), table("1992 5", "1993 4"), ORDER)
                .isEmpty());
    }

    @Test
    void rowsTiedOnTheOrderByMayComeInAnyOrder() {
        ResultTable a = new ResultTable(
                List.of("c", "d_year", "revenue"),
                List.of("VARCHAR", "INTEGER", "HUGEINT"),
                List.of(List.of("x", "1992", "5"), List.of("y", "1992", "5"), List.of("z", "1993", "1")));
        ResultTable b = new ResultTable(
                a.labels(),
                a.typeNames(),
                List.of(List.of("y", "1992", "5"), List.of("x", "1992", "5"), List.of("z", "1993", "1")));
        assertTrue(ResultComparison.difference(a, b, ORDER).isEmpty());
    }

    @Test
    void orderFixedByOrderByIsChecked() {
        assertTrue(ResultComparison.difference(table("1992 5", "1993 4"), table("1993 4", "1992 5"), ORDER)
                .isPresent());
    }

    @Test
    void withoutOrderByRowsAreAMultiset() {
        assertTrue(ResultComparison.difference(table("1992 5", "1993 4"), table("1993 4", "1992 5"), List.of())
                .isEmpty());
        assertTrue(
                ResultComparison.difference(
                                table("1992 5", "1992 5", "1993 4"), table("1992 5", "1993 4", "1993 4"), List.of())
                        .isPresent(),
                "multiplicities count");
    }

    @Test
    void valuesTypesLabelsAndCountsAreCompared() {
        assertTrue(ResultComparison.difference(table("1992 5"), table("1992 6"), ORDER)
                .orElseThrow()
                .contains("differ"));
        assertTrue(ResultComparison.difference(
                        table("1992 5"),
                        new ResultTable(LABELS, List.of("INTEGER", "BIGINT"), List.of(List.of("1992", "5"))),
                        ORDER)
                .orElseThrow()
                .contains("types"));
        assertTrue(ResultComparison.difference(table("1992 5"), table("1992 5", "1993 1"), ORDER)
                .orElseThrow()
                .contains("row counts"));
        assertEquals(
                "columns differ: [d_year, revenue] vs [d_year, profit]",
                ResultComparison.difference(
                                table("1992 5"),
                                new ResultTable(List.of("d_year", "profit"), TYPES, List.of(List.of("1992", "5"))),
                                ORDER)
                        .orElseThrow());
    }
}
