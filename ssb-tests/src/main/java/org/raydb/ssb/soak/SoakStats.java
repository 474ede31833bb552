package org.raydb.ssb.soak;

import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the soak's threads count, shared by all of them: queries, offloaded ones, mismatches, errors, writes,
 * the first {@value #KEPT} problems in words, and query latencies in a log-scale histogram (buckets 2 % wide,
 * so that hours of queries take fixed memory).
 */
final class SoakStats {

    static final int KEPT = 20;
    private static final double BUCKETS_PER_E = 50;
    private static final int BUCKETS = (int) (Math.log(1e10) * BUCKETS_PER_E) + 1;

    final LongAdder queries = new LongAdder();
    final LongAdder offloaded = new LongAdder();
    final LongAdder mismatches = new LongAdder();
    final LongAdder errors = new LongAdder();
    final LongAdder writes = new LongAdder();
    private final AtomicLongArray latency = new AtomicLongArray(BUCKETS);
    private final ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
    private final AtomicInteger problemCount = new AtomicInteger();

    void answered(double millis, boolean wasOffloaded) {
        queries.increment();
        if (wasOffloaded) {
            offloaded.increment();
        }
        long micros = Math.max(1, Math.round(millis * 1000));
        latency.incrementAndGet(Math.min(BUCKETS - 1, (int) (Math.log(micros) * BUCKETS_PER_E)));
    }

    void mismatch(String what) {
        mismatches.increment();
        keep(what);
    }

    void error(String what) {
        errors.increment();
        keep(what);
    }

    void wrote() {
        writes.increment();
    }

    /** The latency at quantile {@code q} (0..1) in milliseconds, the upper edge of its bucket; NaN before any. */
    double latencyMs(double q) {
        long total = 0;
        for (int i = 0; i < BUCKETS; i++) {
            total += latency.get(i);
        }
        if (total == 0) {
            return Double.NaN;
        }
        long rank = (long) Math.ceil(q * total);
        long seen = 0;
        for (int i = 0; i < BUCKETS; i++) {
            seen += latency.get(i);
            if (seen >= Math.max(rank, 1)) {
                return Math.exp((i + 1) / BUCKETS_PER_E) / 1000;
            }
        }
        return Math.exp(BUCKETS / BUCKETS_PER_E) / 1000;
    }

    List<String> problems() {
        return List.copyOf(problems);
    }

    private void keep(String what) {
        if (problemCount.getAndIncrement() < KEPT) {
            problems.add(what);
        }
    }
}
