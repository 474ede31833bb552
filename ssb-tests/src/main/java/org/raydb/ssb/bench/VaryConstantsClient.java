package org.raydb.ssb.bench;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicLong;
import org.raydb.ssb.query.VariedConstants;
import org.raydb.ssb.query.VariedQuery;
import org.raydb.ssb.suite.QueryExecution;
import org.raydb.ssb.suite.ResultTable;

/**
 * One thread of the vary-constants bench, on its own connection with its own stream of queries: it runs queries
 * until the warm-up's end, waits at the start line for the other threads, then times queries until the
 * deadline. Where answers are checked it keeps, for the check after the run, the answer of its first timed
 * query of each template and of every {@value #CHECK_EVERY}th, up to its share of {@value #CHECKS_PER_TEMPLATE}
 * answers per template: plain DuckDB re-runs each kept query one by one after the run, and at thousands of
 * queries a second an unbounded sample kept it busy for minutes. A failed query counts as an error and the thread
 * goes on.
 */
final class VaryConstantsClient {

    static final int CHECK_EVERY = 50;
    /** Answers kept per template over all threads of a side (each thread keeps at least its first). */
    static final int CHECKS_PER_TEMPLATE = 16;
    /** Errors kept in words per thread; the rest are only counted. */
    private static final int KEPT_ERRORS = 5;

    /** A timed query whose answer is to be checked: the query and the answer it gave. */
    record Answer(VariedQuery query, ResultTable result) {}

    private final VariedStatements statements;
    private final VariedConstants queries;
    private final boolean keepAnswers;
    private final int keptPerTemplate;
    private final Map<String, List<Long>> nanosByTemplate = new LinkedHashMap<>();
    private final List<Answer> kept = new ArrayList<>();
    private final List<String> errorTexts = new ArrayList<>();
    private long errors;
    private long offloaded;
    private long stopped;

    /** @param threads the side's thread count, over which {@value #CHECKS_PER_TEMPLATE} checks are shared */
    VaryConstantsClient(VariedStatements statements, VariedConstants queries, boolean keepAnswers, int threads) {
        this.statements = statements;
        this.queries = queries;
        this.keepAnswers = keepAnswers;
        this.keptPerTemplate = Math.ceilDiv(CHECKS_PER_TEMPLATE, threads);
    }

    /** What all threads of a side share: the warm-up's end, the start line, when it was crossed, the timed length. */
    record Schedule(long warmUpEnd, CyclicBarrier startLine, AtomicLong timedStart, long timedNanos) {}

    /** Runs {@code count} queries untimed (the warm-up's first pass). */
    void runUntimed(int count) {
        for (int i = 0; i < count; i++) {
            runOne(queries.next());
        }
    }

    /** The warm-up and the timed queries, on this client's thread. */
    void run(Schedule schedule) {
        while (System.nanoTime() < schedule.warmUpEnd()) {
            runOne(queries.next());
        }
        try {
            schedule.startLine().await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        } catch (BrokenBarrierException e) {
            return;
        }
        long start = schedule.timedStart().get();
        long end = start + schedule.timedNanos();
        Map<String, Integer> keptOf = new HashMap<>();
        long timed = 0;
        while (System.nanoTime() < end) {
            VariedQuery query = queries.next();
            QueryExecution run = runOne(query);
            if (run != null) {
                nanosByTemplate
                        .computeIfAbsent(query.id(), id -> new ArrayList<>())
                        .add(Math.round(run.millis() * 1e6));
                offloaded += run.offloaded() ? 1 : 0;
                int keptSoFar = keptOf.getOrDefault(query.id(), 0);
                if (keepAnswers && keptSoFar < keptPerTemplate && (keptSoFar == 0 || timed % CHECK_EVERY == 0)) {
                    kept.add(new Answer(query, run.result()));
                    keptOf.put(query.id(), keptSoFar + 1);
                }
                timed++;
            }
        }
        stopped = System.nanoTime();
    }

    /** The query's run, or null when it failed (counted and, the first few, kept in words). */
    private QueryExecution runOne(VariedQuery query) {
        try {
            return statements.run(query);
        } catch (SQLException | RuntimeException e) {
            errors++;
            if (errorTexts.size() < KEPT_ERRORS) {
                errorTexts.add(query.sql() + ": " + e);
            }
            return null;
        }
    }

    VariedStatements statements() {
        return statements;
    }

    /** Per template (in the order first met), the latencies of the timed queries that answered, in ns. */
    Map<String, List<Long>> nanosByTemplate() {
        return nanosByTemplate;
    }

    List<Answer> kept() {
        return kept;
    }

    List<String> errorTexts() {
        return errorTexts;
    }

    long errors() {
        return errors;
    }

    long offloaded() {
        return offloaded;
    }

    /** When it stopped after its last timed query ({@link System#nanoTime()}; 0 if it never started timing). */
    long stopped() {
        return stopped;
    }
}
