package org.raydb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** Two million rows stream through the driver's ResultSet, every one of them read and checked. */
class StreamingTest {

    private static final long ROWS = 2_000_000;

    @Test
    void twoMillionRowsStream() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:raydb:?jdbc_stream_results=true");
                Statement s = c.createStatement()) {
            s.setFetchSize(4096);
            long count = 0;
            long sum = 0;
            long textLength = 0;
            try (ResultSet rs = s.executeQuery("SELECT range AS i, range::VARCHAR AS t FROM range(" + ROWS + ")")) {
                while (rs.next()) {
                    long i = rs.getLong(1);
                    assertEquals(count, i);
                    sum += i;
                    textLength += rs.getString(2).length();
                    count++;
                }
            }
            assertEquals(ROWS, count);
            assertEquals(ROWS * (ROWS - 1) / 2, sum);
            assertEquals(
                    Long.parseLong(Databases.scalar(c, "SELECT sum(length(range::VARCHAR)) FROM range(" + ROWS + ")")),
                    textLength);
        }
    }
}
