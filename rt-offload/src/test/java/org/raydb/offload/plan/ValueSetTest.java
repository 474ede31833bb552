package org.raydb.offload.plan;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ValueSetTest {

    @Test
    void comparisonsNeverAcceptNull() {
        ValueSet gt = ValueSet.compare(">", 5L);
        assertTrue(gt.accepts(6L));
        assertFalse(gt.accepts(5L));
        assertFalse(gt.accepts(null));
        assertFalse(gt.not().accepts(null), "NOT (x > 5) is NULL for NULL x");
        assertTrue(gt.not().accepts(5L));
    }

    @Test
    void isNullFlipsUnderNot() {
        assertTrue(ValueSet.isNull().accepts(null));
        assertFalse(ValueSet.isNull().accepts(1L));
        assertTrue(ValueSet.isNull().not().accepts(1L));
        assertFalse(ValueSet.isNull().not().accepts(null));
    }

    @Test
    void conjunctionAndUnionAreExact() {
        ValueSet between = ValueSet.compare(">=", 3L).and(ValueSet.compare("<", 7L));
        ValueSet in = ValueSet.compare("=", 1L).or(ValueSet.compare("=", 9L)).or(between);
        for (long v = -2; v < 12; v++) {
            boolean expected = v == 1 || v == 9 || (v >= 3 && v < 7);
            assertTrue(in.accepts(v) == expected, "value " + v);
            assertTrue(in.not().accepts(v) == !expected, "NOT, value " + v);
        }
        ValueSet ne = ValueSet.compare("<>", 4L);
        assertFalse(ne.accepts(4L));
        assertTrue(ne.accepts(3L) && ne.accepts(5L));
    }

    @Test
    void stringsCompareAsUtf8Bytes() {
        // U+1F600 is a surrogate pair in UTF-16 (below U+E000 there) but sorts after U+FFFD in UTF-8.
        assertTrue(Utf8Order.compare("\uFFFD", "😀") < 0);
        assertTrue("\uFFFD".compareTo("😀") > 0, "Java's own order differs, which is why Utf8Order exists");
        assertTrue(ValueSet.compare("<", "b").accepts("abc"));
        assertFalse(ValueSet.compare("<", "b").accepts("b"));
    }
}
