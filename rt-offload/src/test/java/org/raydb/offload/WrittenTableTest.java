package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WrittenTableTest {

    @Test
    void namesTheWrittenTable() {
        assertEquals("lineorder_flat", WrittenTable.of("INSERT INTO main.LineOrder_Flat VALUES (1)"));
        assertEquals("My Table", WrittenTable.of("update \"My Table\" SET a = 1"));
        assertEquals("t", WrittenTable.of("  DELETE FROM t WHERE a > 1"));
        assertEquals("t", WrittenTable.of("CREATE OR REPLACE TABLE t AS SELECT 1"));
        assertEquals("t", WrittenTable.of("DROP TABLE IF EXISTS db.s.t"));
        assertEquals("t", WrittenTable.of("COPY t FROM 'x.csv'"));
        assertNull(WrittenTable.of("CALL some_procedure()"), "unknown writes invalidate everything");
    }

    @Test
    void classifiesStatements() {
        assertTrue(WrittenTable.isDdl("ALTER TABLE t ADD COLUMN b INTEGER"));
        assertFalse(WrittenTable.isDdl("INSERT INTO t VALUES (1)"));
        assertTrue(WrittenTable.endsTransaction("ROLLBACK"));
        assertTrue(WrittenTable.endsTransaction("commit"));
    }
}
