package org.raydb.offload;

import java.lang.System.Logger.Level;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.apache.arrow.memory.BufferAllocator;
import org.raydb.jdbc.offload.Offloader;

/**
 * The process's background builds: what a query under {@code offload=auto} needs and does not find ready (columns,
 * encodings, indexes, device copies) is built here while DuckDB answers it. One worker thread: one build at a time for
 * the process (a load keeps its share of the cores busy through DuckDB's export, and device memory is shared), in the
 * order asked, each shape once however many queries ask for it, its parallel work (the export's readers, streams and
 * sorts) on a quarter of the cores ({@link #buildWorkers}). A build holds no lock that a query needs beyond those of
 * the values it builds ({@link org.raydb.offload.build.BuiltOnce}), so a query never waits for it: it sees the build's
 * result only once the build marked it ready. And a build gives way to the statements of the process: at each of its
 * check points (every batch of a load, between build phases) it waits while any statement runs or one has just
 * ended ({@link #busy}), so that DuckDB's answers meanwhile are not slowed by it; at most {@link #GIVE_WAY_MS} at a
 * time, and in all no longer than it has worked beyond {@link #WAIT_FREELY_MS}, so that a steady load still lets it
 * finish. It runs gently first, its threads at the lowest CPU priority ({@link LowPriority}), which gives way within
 * its steps too; once the process started {@link #INSIST_STATEMENTS} statements since it was queued, it runs (again)
 * at normal priority. Before it starts it waits for the statement that asked for it to end (at most
 * {@link #START_GIVE_WAY_MS}): DuckDB is answering it, and its threads are the load's too (measured: a new process's
 * TPC-H q1 at SF 20, 300–500 ms, was 40% slower beside the load); then for the statements running, as at a check
 * point, the application's next one included. Plans made behind DuckDB's answers wait out a run of statements before
 * they start ({@link #awaitRunEnded}).
 */
final class BackgroundBuilds {

    private static final System.Logger LOG = System.getLogger("org.raydb.offload");
    /**
     * Builds queued at most: more distinct shapes than this in a row are asked for again by their next
     * query, rather than keeping memory and connections busy for shapes that may not come back.
     */
    static final int QUEUE = 16;
    /** The longest a build waits at one check point for the statements running to end. */
    static final long GIVE_WAY_MS = 200;
    /**
     * What a build may wait at its check points in all before its waits are held to its work: under a steady load
     * (four readers and two writers on two cores, SF 0.01) every check point found a statement running, and a load of
     * 15 check points waited 2.8 s beside 1 s of work; the writes, about a second apart, made each build stale before
     * it ended, and the soak offloaded nothing.
     */
    static final long WAIT_FREELY_MS = 500;
    /**
     * The longest a build waits before it starts for the statement that asked for it to end, and the process's
     * warm-up and the GPU's initialisation before each of their steps for the statements running.
     */
    static final long START_GIVE_WAY_MS = 5_000;
    /**
     * How long after the statement that asked for it ends a build or plan waits for the application's next statement
     * to begin, so as to give way to that one too: a loop's statements come back to back, and what a statement asked
     * for would otherwise start just as the next one does (a new process's TPC-H q6 ran beside q1's plan and build).
     */
    static final long NEXT_STATEMENT_MS = 5;
    /**
     * How long no statement ran before what waits out a run of statements (a plan made behind, the GPU's probe, the
     * warm-up's steps) takes the run as over: an application reads each answer before it sends its next statement,
     * and work begun in that gap ran beside the next one (the bench's fresh processes read star q2.1's 280 rows in
     * 12-22 ms, the first such read of the process, on the build machine; on the H100 host q2.2 was then 1.35-1.43x
     * DuckDB's).
     */
    static final long RUN_GAP_MS = 50;

    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "raydb-background-build");
        t.setDaemon(true);
        return t;
    });
    private final Set<Object> queued = ConcurrentHashMap.newKeySet();
    /**
     * Where a build runs, and so its parallel streams and sorts (the load's arrays, the encodings, the sorts): a
     * quarter of the cores, not the common pool's every core. DuckDB answers the process's statements meanwhile on all
     * of them, and a build gives way only between its steps, not within one already spread over the cores: with the
     * common pool held to 4 of 16 cores (H100 host, SF 20, the benches' cold first runs), the flat queries' first runs
     * above 1.1× DuckDB's went from two (1.65×, 2.78×) to none and the star queries' from four (1.24-1.79×) to three
     * (1.11-1.16×), while the builds after them took 2.1-2.5 s longer (12.1 and 17.1 s). The column export reads as
     * many parts at once as the pool has workers (ColumnLoader), each reader pausing at every batch. Its workers keep
     * the context class loader of the thread that made the pool, as the builds' own thread did (an IDE loads the
     * driver in a loader of its own).
     */
    private final ForkJoinPool buildWorkers = workers(Thread.currentThread().getContextClassLoader(), false);
    /**
     * {@link #buildWorkers} at the lowest CPU priority ({@link LowPriority}), where a build runs first: gently, on the
     * cores the statements leave idle, its parallel work and the export's readers it starts included.
     */
    private final ForkJoinPool gentleWorkers = workers(Thread.currentThread().getContextClassLoader(), true);
    /**
     * How many statements the process starts while a build is queued or runs gently before it runs (again) at normal
     * priority: a load that goes on is served by the build's result (four readers on two cores, where a gentle build
     * barely moved and each write made it stale, offloaded nothing), while a new process's burst of first statements
     * (the 13 star queries) is over before it.
     */
    static final int INSIST_STATEMENTS = 40;
    /** Statements the process started (each thread's outermost). */
    private final AtomicLong statementsStarted = new AtomicLong();
    /** The gentle runs of the builds queued or running, by key. */
    private final Map<Object, Gentle> gentleRuns = new ConcurrentHashMap<>();
    /** The gentle run a worker runs, {@code null} on a normal one ({@link #checkPoints} ends it once it insists). */
    private static final ThreadLocal<Gentle> RUNNING = new ThreadLocal<>();
    /**
     * Plans made behind DuckDB's answers, on a thread of their own beside the builds: a plan is a few DuckDB calls
     * on one thread, and queued on the builds' worker they kept the builds from starting (a soak of four readers
     * and two writers offloaded nothing when its cores were busy).
     */
    private final ExecutorService planner = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "raydb-background-plan");
        t.setDaemon(true);
        return t;
    });

    private final Set<Object> plansQueued = ConcurrentHashMap.newKeySet();
    /**
     * Where builds and plans start: each waits while statements run, within a budget of its thread's (as a build's
     * check points do, {@link #checkPoints}), so that under a steady load they still start.
     */
    private final Runnable buildStarts = checkPoints();

    private final Runnable planStarts = checkPoints();
    private final BufferAllocator allocator;
    /** Statements of the process running now: offloaded queries, and what DuckDB runs for the driver. */
    private final AtomicInteger statements = new AtomicInteger();

    private final Object quiet = new Object();
    /** Open until no statement ran for the first time ({@link #awaitFirstStatement}). */
    private final CountDownLatch firstEnded = new CountDownLatch(1);

    private volatile long firstEndedAt;
    /** When the last statement running ended ({@link System#nanoTime}); quiet from the start. */
    private volatile long quietSince = System.nanoTime() - NEXT_STATEMENT_MS * 1_000_000;

    private int running;
    /** The outermost statement running on each thread: a build asked for there waits for it to end. */
    private final ThreadLocal<Statement> asking = new ThreadLocal<>();

    /** @param allocator what builds load columns through (the process's, not a connection's: it outlives them) */
    BackgroundBuilds(BufferAllocator allocator) {
        this.allocator = allocator;
    }

    BufferAllocator allocator() {
        return allocator;
    }

    /** A build: what a query needs, made ready for its next run. */
    interface Build {
        /** Builds; run again at normal priority where a gentle run was ended ({@link Gentle#insists}). */
        void run() throws Exception;

        /** The build was not run (queue full, or the process is shutting down): free what it holds. */
        void dropped();

        /** The build's runs are over: free what it holds. */
        default void ended() {}
    }

    /**
     * Queues {@code build} unless one for {@code key} is queued or running already, or the queue is full.
     *
     * @return whether it was queued (otherwise {@link Build#dropped} has run)
     */
    boolean submit(Object key, Build build) {
        return submit(key, build, worker, queued, buildWorkers, buildStarts);
    }

    /** {@link #submit} of a plan made behind a statement's answer, on the plans' thread and queue. */
    boolean submitPlan(Object key, Build build) {
        return submit(key, build, planner, plansQueued, null, planStarts);
    }

    /**
     * @param pool   where the build runs, its parallel work included ({@code null}: on the thread of {@code on})
     * @param starts where it waits, before it starts, while statements run
     */
    private boolean submit(
            Object key, Build build, ExecutorService on, Set<Object> queue, ForkJoinPool pool, Runnable starts) {
        if (queue.size() >= QUEUE || !queue.add(key)) {
            build.dropped();
            return false;
        }
        Gentle asked = new Gentle();
        if (pool != null) gentleRuns.put(key, asked);
        synchronized (this) {
            running++;
        }
        Statement askedBy = asking.get();
        try {
            on.execute(() -> {
                if (askedBy != null) askedBy.awaitEndAndNext(START_GIVE_WAY_MS);
                if (pool == null) awaitRunEnded(asked);
                starts.run();
                runOne(key, build, queue, pool);
            });
            return true;
        } catch (RejectedExecutionException e) {
            done(key, queue);
            build.dropped();
            return false;
        }
    }

    /**
     * Before a plan made behind a statement's answer starts: waits while statements run with gaps shorter than
     * {@link #RUN_GAP_MS}, at most {@link #START_GIVE_WAY_MS}, and no longer once {@link #INSIST_STATEMENTS} statements
     * started since it was asked for. A plan's DuckDB calls and the build it starts run on DuckDB's threads, which no
     * CPU priority lowers: a new process's burst of first statements is over before its plans start (its 13 star first
     * runs on the H100 host went from 1.08x to 0.98-1.00x DuckDB's), while a steady load still has them made.
     */
    private void awaitRunEnded(Gentle asked) {
        long end = System.nanoTime() + START_GIVE_WAY_MS * 1_000_000;
        while (busy(RUN_GAP_MS) && !asked.insists()) {
            long left = (end - System.nanoTime()) / 1_000_000;
            if (left <= 0) return;
            giveWay(Math.min(left, GIVE_WAY_MS), RUN_GAP_MS);
        }
    }

    /** A plan's check point between its steps: waits while statements run, as it did before it started. */
    void planCheckPoint() {
        planStarts.run();
    }

    /** Whether a build or plan for {@code key} is queued or running. */
    boolean building(Object key) {
        return queued.contains(key) || plansQueued.contains(key);
    }

    /**
     * A build's gentle run, or a plan's wait for a run of statements to end ({@link #awaitRunEnded}): from the count
     * of statements started when it was queued.
     */
    private final class Gentle {
        final long since = statementsStarted.get();

        /** Whether the statements started since it was queued make a build run at normal priority, a plan start. */
        boolean insists() {
            return statementsStarted.get() - since >= INSIST_STATEMENTS;
        }
    }

    /** Ends a gentle run at a check point ({@link Gentle#insists}). */
    private static final class Insisted extends RuntimeException {
        Insisted() {
            super("statements kept running: the build runs at normal priority", null, false, false);
        }
    }

    private void runOne(Object key, Build build, Set<Object> queue, ForkJoinPool pool) {
        try {
            if (pool == null) {
                build.run();
            } else {
                Gentle g = gentleRuns.get(key);
                if (!runGently(build, g)) runIn(pool, build, null);
            }
        } catch (Exception | Error e) {
            // Only a cache was being filled: the query that asked was answered by DuckDB, and the next one asks
            // again (an OutOfMemoryError here freed what the build held as it unwound).
            LOG.log(Level.DEBUG, "background build failed, DuckDB keeps answering: {0}", e.toString());
        } finally {
            build.ended();
            done(key, queue);
        }
    }

    /** Runs {@code build} on {@link #gentleWorkers} unless it insists already; whether it ran there to its end. */
    private boolean runGently(Build build, Gentle g) throws Exception {
        if (g.insists()) return false;
        try {
            runIn(gentleWorkers, build, g);
            return true;
        } catch (Exception | Error e) {
            if (!g.insists()) throw e; // failed on its own: as at normal priority, the next statement asks again
            LOG.log(Level.DEBUG, "background build runs again at normal priority: {0}", e.toString());
            return false;
        }
    }

    private static ForkJoinPool workers(ClassLoader loader, boolean gentle) {
        return new ForkJoinPool(
                Math.max(1, Runtime.getRuntime().availableProcessors() / 4),
                pool -> {
                    ForkJoinWorkerThread t = new ForkJoinWorkerThread(null, pool, false) {
                        @Override
                        protected void onStart() {
                            super.onStart();
                            if (gentle) LowPriority.lowerThisThread();
                        }
                    };
                    t.setName((gentle ? "raydb-build-worker-gentle-" : "raydb-build-worker-") + t.getPoolIndex());
                    t.setContextClassLoader(loader);
                    return t;
                },
                null,
                false);
    }

    /** Runs {@code build} as a task of {@code pool}, whose workers its parallel streams and sorts then use. */
    private static void runIn(ForkJoinPool pool, Build build, Gentle gentle) throws Exception {
        try {
            pool.submit(() -> {
                        RUNNING.set(gentle);
                        try {
                            build.run();
                        } finally {
                            RUNNING.remove();
                        }
                        return null;
                    })
                    .get();
        } catch (ExecutionException e) {
            switch (e.getCause()) {
                case Exception x -> throw x;
                case Error x -> throw x;
                default -> throw e;
            }
        }
    }

    private void done(Object key, Set<Object> queue) {
        gentleRuns.remove(key);
        queue.remove(key);
        synchronized (this) {
            running--;
            notifyAll();
        }
    }

    /** A statement runs from now until the returned handle closes: builds give way to it. */
    Offloader.DuckDbWork statement() {
        statements.incrementAndGet();
        Statement s = new Statement();
        if (asking.get() == null) {
            asking.set(s);
            statementsStarted.incrementAndGet();
        }
        return s;
    }

    /** A statement's span: the offer and, where the offload declines, DuckDB's answer. */
    private final class Statement implements Offloader.DuckDbWork {
        private final CountDownLatch ended = new CountDownLatch(1);
        private volatile long endedAt;

        @Override
        public void close() {
            if (ended.getCount() == 0) return;
            if (asking.get() == this) asking.remove();
            endedAt = System.nanoTime();
            ended.countDown();
            if (statements.decrementAndGet() == 0) {
                quietSince = endedAt;
                if (firstEnded.getCount() > 0) {
                    firstEndedAt = endedAt;
                    firstEnded.countDown();
                }
                synchronized (quiet) {
                    quiet.notifyAll();
                }
            }
        }

        /** Waits for it to end, at most {@code maxMillis}, then for the application's next statement. */
        void awaitEndAndNext(long maxMillis) {
            awaitThenNext(ended, maxMillis, () -> endedAt);
        }
    }

    /**
     * Waits until a statement of the process has ended (its span, DuckDB's answer included, and no other running),
     * at most {@code maxMillis}, then while the application's next statements run (gaps shorter than
     * {@link #RUN_GAP_MS}), at most {@link #START_GIVE_WAY_MS}:
     * the GPU's initialisation slows DuckDB's answers beside it beyond what a lower CPU priority gives back. Begun
     * {@link #GIVE_WAY_MS} into a run of statements back to back, it landed in the fourth (a new process's star
     * q2.1 at SF 20 on the H100 host, 1.47-1.51x DuckDB's; 1.18-1.19x waiting up to five seconds).
     */
    void awaitFirstStatement(long maxMillis) {
        if (awaitThenNext(firstEnded, maxMillis, () -> firstEndedAt)) giveWay(START_GIVE_WAY_MS, RUN_GAP_MS);
    }

    /**
     * Waits for {@code ended} to open, at most {@code maxMillis}, and then until {@link #NEXT_STATEMENT_MS} after
     * {@code endedAt}, so that a statement begun as that one ended is seen running; whether it opened.
     */
    private static boolean awaitThenNext(CountDownLatch ended, long maxMillis, LongSupplier endedAt) {
        try {
            if (!ended.await(maxMillis, TimeUnit.MILLISECONDS)) return false;
            long next = endedAt.getAsLong() + NEXT_STATEMENT_MS * 1_000_000 - System.nanoTime();
            if (next > 0) TimeUnit.NANOSECONDS.sleep(next);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * A build's check points (one hook per build): each waits while the process is {@link #busy}, at most
     * {@link #GIVE_WAY_MS}, and none once the build has waited in all as long as it has worked ({@link #WAIT_FREELY_MS}
     * at least). Waits at once on parallel workers count each: a build under load is held back less, never more. Made
     * on a build's worker, they end its gentle run once it insists ({@link Gentle#insists}).
     */
    Runnable checkPoints() {
        long started = System.nanoTime();
        AtomicLong waited = new AtomicLong();
        Gentle build = RUNNING.get();
        return () -> {
            if (build != null && build.insists()) {
                throw new Insisted();
            }
            long held = waited.get();
            long worked = System.nanoTime() - started - held;
            long mayWait = Math.min(GIVE_WAY_MS * 1_000_000, Math.max(worked, WAIT_FREELY_MS * 1_000_000) - held);
            if (mayWait <= 0 || !busy(NEXT_STATEMENT_MS)) {
                return;
            }
            long from = System.nanoTime();
            giveWay(Math.max(1, mayWait / 1_000_000), NEXT_STATEMENT_MS);
            waited.addAndGet(System.nanoTime() - from);
        };
    }

    /**
     * Before a step of the warm-up: waits while statements run with gaps shorter than {@link #RUN_GAP_MS}, at most
     * {@link #START_GIVE_WAY_MS}.
     */
    void giveWayToStart() {
        giveWay(START_GIVE_WAY_MS, RUN_GAP_MS);
    }

    /**
     * Whether a statement runs, or one ended less than {@code gapMillis} ago: {@link #NEXT_STATEMENT_MS} at a check
     * point (a loop's statements come back to back, and work started in the gap between two ran beside the second: a
     * new process's star queries at SF 20 ran beside a build's export batches and the warm-up's steps begun there),
     * {@link #RUN_GAP_MS} for what waits out a run of statements.
     */
    private boolean busy(long gapMillis) {
        return untilQuiet(System.nanoTime(), gapMillis) > 0;
    }

    /** Nanoseconds from {@code now} until the process is no longer {@link #busy}: unknown while a statement runs. */
    private long untilQuiet(long now, long gapMillis) {
        return statements.get() > 0 ? Long.MAX_VALUE : quietSince + gapMillis * 1_000_000 - now;
    }

    /** Waits while the process is {@link #busy}, at most {@code maxMillis}. */
    private void giveWay(long maxMillis, long gapMillis) {
        if (!busy(gapMillis)) {
            return;
        }
        long end = System.nanoTime() + maxMillis * 1_000_000;
        synchronized (quiet) {
            while (true) {
                long now = System.nanoTime();
                long wait = Math.min(end - now, untilQuiet(now, gapMillis));
                if (wait <= 0) {
                    return;
                }
                try {
                    quiet.wait(wait / 1_000_000, (int) (wait % 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /** Waits until no build is queued or running, at most {@code millis}; whether none is. */
    synchronized boolean awaitIdle(long millis) throws InterruptedException {
        long end = System.nanoTime() + millis * 1_000_000;
        while (running > 0) {
            long left = (end - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                return false;
            }
            wait(left);
        }
        return true;
    }
}
