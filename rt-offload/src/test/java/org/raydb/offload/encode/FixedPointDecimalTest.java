package org.raydb.offload.encode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class FixedPointDecimalTest {

    @Test
    void encodesExactlyAndRescalesWithoutRounding() {
        assertEquals(12345L, FixedPointDecimal.encode(new BigDecimal("123.45"), 2));
        assertEquals(1234500L, FixedPointDecimal.rescale(12345L, 2, 4));
        assertEquals(new BigDecimal("123.45"), FixedPointDecimal.decode(12345L, 2));
        assertThrows(ArithmeticException.class, () -> FixedPointDecimal.encode(new BigDecimal("1.005"), 2));
        assertThrows(IllegalArgumentException.class, () -> FixedPointDecimal.rescale(1L, 3, 2));
    }

    @Test
    void detectsOverflow() {
        assertThrows(ArithmeticException.class, () -> FixedPointDecimal.rescale(Long.MAX_VALUE / 10, 0, 2));
    }
}
