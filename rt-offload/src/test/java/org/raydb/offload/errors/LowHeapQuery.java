package org.raydb.offload.errors;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

/**
 * Run in a JVM with a heap too small for the offload's copy of the table (DuckDB's memory is not on the
 * heap): prints the driver's answer to an offloadable query, or the Throwable that escaped.
 */
public final class LowHeapQuery {

    private LowHeapQuery() {}

    public static void main(String[] args) throws Exception {
        try (Connection ray = DriverManager.getConnection("jdbc:raydb::memory:?offload=" + args[0] + "&engine=cpu");
                Statement st = ray.createStatement()) {
            st.execute("CREATE TABLE big AS SELECT (i % 1000)::INTEGER AS k, i::BIGINT AS v, (i % 97)::INTEGER AS f"
                    + " FROM range(" + args[1] + ") r(i)");
            try (ResultSet rs = st.executeQuery(LowHeapTest.QUERY)) {
                StringBuilder out = new StringBuilder("answer:");
                while (rs.next()) {
                    out.append(' ').append(rs.getString(1)).append('=').append(rs.getString(2));
                }
                System.out.println(out);
            } catch (Throwable t) {
                System.out.println("escaped: " + t);
            }
        }
    }
}
