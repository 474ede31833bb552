package org.raydb.ssb.soak;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.raydb.ssb.suite.QueryExecution;
import org.raydb.ssb.suite.ResultComparison;

/**
 * A reader of the soak: on its own {@code jdbc:raydb:} connection it runs queries drawn at random until told
 * to stop and compares every answer with the expected one exactly. It shows the watchdog which query it is in
 * and since when.
 */
final class SoakReader implements Runnable {

    private final String url;
    private final int index;
    private final List<SoakQueries.Case> cases;
    private final Random random;
    private final SoakStats stats;
    private volatile boolean stopping;
    private volatile long queryStart;
    private volatile String current = "";

    SoakReader(String url, int index, List<SoakQueries.Case> cases, long seed, SoakStats stats) {
        this.url = url;
        this.index = index;
        this.cases = cases;
        this.random = new Random(seed + index);
        this.stats = stats;
    }

    void stop() {
        stopping = true;
    }

    int index() {
        return index;
    }

    /** {@link System#nanoTime()} when the query under way started; 0 between queries. */
    long queryStart() {
        return queryStart;
    }

    String current() {
        return current;
    }

    @Override
    public void run() {
        Connection connection = null;
        try {
            while (!stopping) {
                SoakQueries.Case c = cases.get(random.nextInt(cases.size()));
                try {
                    if (connection == null || connection.isClosed()) {
                        connection = DriverManager.getConnection(url);
                    }
                    current = c.label();
                    queryStart = System.nanoTime();
                    QueryExecution run =
                            QueryExecution.run(connection, c.query().sql());
                    queryStart = 0;
                    stats.answered(run.millis(), run.offloaded());
                    Optional<String> difference = ResultComparison.difference(
                            c.expected(), run.result(), c.query().orderByNames());
                    difference.ifPresent(d -> stats.mismatch("reader " + index + " " + c.label() + ": " + d));
                } catch (SQLException | RuntimeException e) {
                    queryStart = 0;
                    stats.error("reader " + index + " " + c.label() + ": " + e);
                }
            }
        } finally {
            try {
                if (connection != null) {
                    connection.close();
                }
            } catch (SQLException e) {
                stats.error("reader " + index + " close: " + e);
            }
        }
    }
}
