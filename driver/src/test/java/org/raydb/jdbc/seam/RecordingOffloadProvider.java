package org.raydb.jdbc.seam;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.raydb.jdbc.offload.OffloadProvider;
import org.raydb.jdbc.offload.OffloadSettings;
import org.raydb.jdbc.offload.Offloader;
import org.raydb.jdbc.offload.QueryCancel;
import org.raydb.jdbc.offload.Residency;

/**
 * TEST FIXTURE, not an offload engine: an {@link OffloadProvider} registered only in the driver's test
 * resources, so that the seam itself can be tested. While {@link #recording} is set it attaches an offloader
 * that records every call and "offloads" any query naming the table {@code seam_flat}: its answer is a DuckDB
 * result set saying who answered and which parameters arrived, so a test can tell it from DuckDB's own answer.
 * While {@link #recording} is null it attaches {@link Offloader#NONE} and every other test sees pure delegation.
 */
public final class RecordingOffloadProvider implements OffloadProvider {

    /** What the offloaders attached while recording saw. */
    public static final class Recording {
        public final List<OffloadSettings> attached = new CopyOnWriteArrayList<>();
        public final List<String> queries = new CopyOnWriteArrayList<>();
        public final List<List<Object>> queryParameters = new CopyOnWriteArrayList<>();
        public final List<Statement> queryStatements = new CopyOnWriteArrayList<>();
        public final List<String> explained = new CopyOnWriteArrayList<>();
        public final List<String> written = new CopyOnWriteArrayList<>();
        /** Spans of DuckDB work ({@link Offloader#duckDbWorks}) opened, and open now. */
        public final AtomicInteger spansOpened = new AtomicInteger();

        public final AtomicInteger spansOpen = new AtomicInteger();
        /** How many spans were open at each offer. */
        public final List<Integer> spansOpenAtOffer = new CopyOnWriteArrayList<>();

        public volatile int closed;
    }

    public static volatile Recording recording;

    /** What the recording offloaders report as resident: figures no real offload layer would show at once. */
    public static final Residency RESIDENCY = new Residency(1, 2, 3, 4);

    @Override
    public String unavailableReason() {
        return null;
    }

    @Override
    public Offloader attach(Connection duckdb, OffloadSettings settings) {
        Recording r = recording;
        if (r == null) {
            return Offloader.NONE;
        }
        r.attached.add(settings);
        return new Offloader() {
            @Override
            public ResultSet tryQuery(
                    Statement duckdbStatement, String sql, List<Object> parameters, QueryCancel cancel)
                    throws SQLException {
                r.queries.add(sql);
                r.spansOpenAtOffer.add(r.spansOpen.get());
                r.queryParameters.add(parameters);
                r.queryStatements.add(duckdbStatement);
                if (!sql.contains("seam_flat")) {
                    if (settings.mode() == OffloadSettings.Mode.FORCE) {
                        throw new SQLException("offload=force: the query does not use seam_flat", "0A000");
                    }
                    return null;
                }
                return duckdbStatement.executeQuery("SELECT 'offloader' AS answered_by, " + parameters.size()
                        + " AS parameter_count, '" + parameters + "' AS parameter_values");
            }

            @Override
            public ResultSet explain(Statement duckdbStatement, String sql, List<Object> parameters)
                    throws SQLException {
                r.explained.add(sql);
                boolean qualifies = sql.contains("seam_flat");
                return duckdbStatement.executeQuery("SELECT * FROM (VALUES ('qualifies', '" + qualifies
                        + "'), ('engine', 'recording fixture')) AS t(item, value)");
            }

            /** Fixed timings, so the test can see the statement hand on exactly what its offloader reported. */
            @Override
            public java.util.Map<String, Long> lastTimings() {
                return java.util.Map.of("planning_us", 1L, "execution_us", (long) r.queries.size());
            }

            @Override
            public Residency residency() {
                return RESIDENCY;
            }

            @Override
            public void tableWritten(String sql) {
                r.written.add(sql);
            }

            @Override
            public DuckDbWork duckDbWorks() {
                r.spansOpened.incrementAndGet();
                r.spansOpen.incrementAndGet();
                return r.spansOpen::decrementAndGet;
            }

            @Override
            public void close() {
                r.closed++;
            }
        };
    }
}
