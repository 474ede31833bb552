package org.raydb.offload.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ParameterBinderTest {

    @Test
    void bindsTypedLiteralsOutsideQuotesAndComments() throws NotQualified {
        String sql = "SELECT '?', \"a?\" FROM t -- ?\nWHERE a = ? AND b = ? AND c = ? AND d = ? /* ? */ AND e = ?";
        String bound = ParameterBinder.bind(
                sql, Arrays.asList(5, "it's", new BigDecimal("1.50"), LocalDate.of(1994, 1, 2), null));
        assertEquals(
                "SELECT '?', \"a?\" FROM t -- ?\nWHERE a = CAST(5 AS INTEGER) AND b = 'it''s'"
                        + " AND c = CAST('1.50' AS DECIMAL(3,2)) AND d = DATE '1994-01-02' /* ? */ AND e = NULL",
                bound);
    }

    @Test
    void refusesMismatchedParameters() {
        assertThrows(NotQualified.class, () -> ParameterBinder.bind("SELECT ?, ?", List.of(1)));
        assertThrows(NotQualified.class, () -> ParameterBinder.bind("SELECT 1", List.of(1)));
        assertThrows(NotQualified.class, () -> ParameterBinder.bind("SELECT $1", List.of(1)));
        assertThrows(NotQualified.class, () -> ParameterBinder.bind("SELECT ?", List.of(new Object())));
    }
}
