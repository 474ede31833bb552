package org.raydb.offload.errors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The heap running out while the offload loads and indexes a table ends in DuckDB's answer, not an Error. */
class LowHeapTest {

    static final String QUERY = "SELECT k, sum(v) FROM big WHERE f < 50 GROUP BY k ORDER BY k";
    private static final String ROWS = "4000000";

    @Test
    void outOfMemoryInTheOffloadEndsInDuckDbsAnswer() throws Exception {
        String expected;
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:");
                Statement st = duck.createStatement()) {
            st.execute("CREATE TABLE big AS SELECT (i % 1000)::INTEGER AS k, i::BIGINT AS v, (i % 97)::INTEGER AS f"
                    + " FROM range(" + ROWS + ") r(i)");
            expected = answer(st);
        }
        String auto = runWithSmallHeap("auto");
        assertEquals(expected, auto);
        String force = runWithSmallHeap("force");
        assertTrue(force.startsWith("escaped: java.sql.SQLException: offload: ") && force.contains("memory"), force);
    }

    private static String answer(Statement st) throws SQLException {
        StringBuilder out = new StringBuilder("answer:");
        try (ResultSet rs = st.executeQuery(QUERY)) {
            while (rs.next()) {
                out.append(' ').append(rs.getString(1)).append('=').append(rs.getString(2));
            }
        }
        return out.toString();
    }

    private static String runWithSmallHeap(String mode) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx40m");
        for (String flag : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (flag.startsWith("--add-opens")
                    || flag.startsWith("--enable-native-access")
                    || flag.startsWith("--sun-misc")) {
                command.add(flag);
            }
        }
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(LowHeapQuery.class.getName());
        command.add(mode);
        command.add(ROWS);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        return output.lines()
                .filter(l -> l.startsWith("answer:") || l.startsWith("escaped:"))
                .findFirst()
                .orElse(output);
    }
}
