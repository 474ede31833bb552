package org.raydb.jdbc;

import java.sql.Connection;
import org.junit.jupiter.api.Test;

/** The SQL IDE metadata calls through the driver on the test class path (the all-in-one jar: AllInOneJarIT). */
class IdeMetadataTest {

    @Test
    void metadataCallsOfAnIde() throws Exception {
        try (Connection c = Databases.raydb()) {
            IdeMetadataCalls.exercise(c);
        }
    }
}
