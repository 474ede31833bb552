package org.raydb.offload.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {

    @Test
    void readsWhatDuckDbWrites() {
        Object v = Json.parse("{\"a\": [1, -2.5e3, 18446744073709551615], \"s\": \"x\\\"\\u00e9\\n\", \"t\": true,"
                + " \"n\": null, \"o\": {}}");
        Map<?, ?> m = (Map<?, ?>) v;
        assertEquals(List.of(new BigDecimal("1"), new BigDecimal("-2.5e3"), new BigDecimal("18446744073709551615")),
                m.get("a"));
        assertEquals("x\"é\n", m.get("s"));
        assertEquals(Boolean.TRUE, m.get("t"));
        assertEquals(null, m.get("n"));
    }

    @Test
    void writesBackTheSameDocument() {
        String text = "{\"k\":[{\"x\":\"a\\\\b\"},null,false,12],\"z\":\"\\t\"}";
        assertEquals(text, Json.write(Json.parse(text)));
    }

    @Test
    void rejectsBrokenInput() {
        assertThrows(IllegalArgumentException.class, () -> Json.parse("{\"a\": 1"));
        assertThrows(IllegalArgumentException.class, () -> Json.parse("[1] x"));
    }

    @Test
    void readsNonFiniteDoublesAsDuckDbWritesThem() {
        assertEquals(List.of(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN),
                Json.parse("[Infinity, -Infinity, NaN]"));
        assertEquals("[Infinity,NaN]", Json.write(Json.parse("[Infinity,NaN]")));
    }

    @Test
    void readsNestingDeeperThanAStackAllowsRecursion() {
        int depth = 200_000;
        Object v = Json.parse("{\"c\":[".repeat(depth) + "1" + "]}".repeat(depth));
        for (int i = 0; i < depth; i++) {
            v = ((List<?>) ((Map<?, ?>) v).get("c")).get(0);
        }
        assertEquals(new BigDecimal(1), v);
    }
}
