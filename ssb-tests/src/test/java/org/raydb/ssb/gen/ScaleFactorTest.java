package org.raydb.ssb.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class ScaleFactorTest {

    @Test
    void cardinalitiesFollowTheSpecification() {
        ScaleFactor one = new ScaleFactor(1);
        assertEquals(30_000, one.customers());
        assertEquals(2_000, one.suppliers());
        assertEquals(200_000, one.parts());
        assertEquals(1_500_000, one.orders());

        ScaleFactor ten = new ScaleFactor(10);
        assertEquals(300_000, ten.customers());
        assertEquals(20_000, ten.suppliers());
        assertEquals(800_000, ten.parts(), "200,000 x floor(1 + log2 10)");

        assertEquals(1_400_000, new ScaleFactor(100).parts(), "200,000 x floor(1 + log2 100)");
        assertEquals(400_000, new ScaleFactor(2).parts(), "200,000 x floor(1 + log2 2)");
        assertEquals(2_000, new ScaleFactor(0.01).parts(), "below SF 1 every base count scales linearly");
        assertEquals(300, new ScaleFactor(0.01).customers());
        assertEquals(15_000, new ScaleFactor(0.01).orders());
    }

    @Test
    void labelsAndBadValues() throws SQLException {
        assertEquals("0.05", ScaleFactor.parse("0.05").label());
        assertEquals("1", ScaleFactor.parse("1.0").label());
        assertEquals(
                "22023",
                assertThrows(SQLException.class, () -> ScaleFactor.parse("0")).getSQLState());
        assertEquals(
                "22023",
                assertThrows(SQLException.class, () -> ScaleFactor.parse("ten")).getSQLState());
        assertEquals(
                "22023",
                assertThrows(SQLException.class, () -> ScaleFactor.parse("1000"))
                        .getSQLState());
    }
}
