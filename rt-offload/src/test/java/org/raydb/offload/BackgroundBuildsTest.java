package org.raydb.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.raydb.jdbc.offload.Offloader;

/** The background builds' worker: one shape once, and giving way to the statements that run meanwhile. */
class BackgroundBuildsTest {

    /**
     * A build's parallel work runs on the builds' own workers, never on the caller's or the common pool's, with the
     * context class loader of the thread that made them (an IDE's loader of the driver, say).
     */
    @Test
    void aBuildsParallelWorkRunsOnTheBuildersOwnWorkers() throws Exception {
        ClassLoader caller = Thread.currentThread().getContextClassLoader();
        try (RootAllocator root = new RootAllocator();
                URLClassLoader driverLoader = new URLClassLoader(new URL[0], caller)) {
            BackgroundBuilds builds;
            Thread.currentThread().setContextClassLoader(driverLoader);
            try {
                builds = new BackgroundBuilds(root.newChildAllocator("b", 0, Long.MAX_VALUE));
            } finally {
                Thread.currentThread().setContextClassLoader(caller);
            }
            Set<String> threads = ConcurrentHashMap.newKeySet();
            Set<ClassLoader> loaders = ConcurrentHashMap.newKeySet();
            assertTrue(builds.submit("parallel", new BackgroundBuilds.Build() {
                @Override
                public void run() {
                    IntStream.range(0, 100_000).parallel().forEach(i -> {
                        threads.add(Thread.currentThread().getName());
                        loaders.add(Thread.currentThread().getContextClassLoader());
                    });
                }

                @Override
                public void dropped() {}
            }));
            assertTrue(builds.awaitIdle(60_000));
            assertFalse(threads.isEmpty());
            assertTrue(threads.stream().allMatch(t -> t.startsWith("raydb-build-worker-")), threads.toString());
            assertEquals(Set.of(driverLoader), loaders);
            builds.allocator().close();
        }
    }

    /**
     * A build runs gently first, at the lowest CPU priority, its parallel work and the threads it starts (a load's
     * readers) too, while the thread that asked for it keeps its own.
     */
    @Test
    void aBuildAndTheThreadsItStartsRunAtTheLowestPriority() throws Exception {
        long callers = lowerableNice();
        try (RootAllocator root = new RootAllocator()) {
            BackgroundBuilds builds = new BackgroundBuilds(root.newChildAllocator("b", 0, Long.MAX_VALUE));
            Set<Long> nices = ConcurrentHashMap.newKeySet();
            assertTrue(builds.submit("lowered", new BackgroundBuilds.Build() {
                @Override
                public void run() throws Exception {
                    nices.add(nice());
                    IntStream.range(0, 1_000).parallel().forEach(i -> nices.add(nice()));
                    Thread reader = new Thread(() -> nices.add(nice()));
                    reader.start();
                    reader.join();
                }

                @Override
                public void dropped() {}
            }));
            assertTrue(builds.awaitIdle(60_000));
            assertEquals(Set.of((long) LowPriority.NICE), nices);
            assertEquals(callers, nice(), "the caller's priority is its own");
            builds.allocator().close();
        }
    }

    /**
     * A gentle build ends at its next check point once the process started {@link BackgroundBuilds#INSIST_STATEMENTS}
     * statements since it was queued, and runs again at the priority of the process; before that it runs on gently.
     */
    @Test
    void aBuildRunsAgainAtNormalPriorityOnceStatementsKeepComing() throws Exception {
        long callers = lowerableNice();
        try (RootAllocator root = new RootAllocator()) {
            BackgroundBuilds builds = new BackgroundBuilds(root.newChildAllocator("b", 0, Long.MAX_VALUE));
            List<Long> runs = Collections.synchronizedList(new ArrayList<>());
            CountDownLatch gentle = new CountDownLatch(1);
            AtomicBoolean ended = new AtomicBoolean();
            assertTrue(builds.submit("insists", new BackgroundBuilds.Build() {
                @Override
                public void run() throws Exception {
                    runs.add(nice());
                    Runnable checkPoint = builds.checkPoints();
                    gentle.countDown();
                    long end = System.nanoTime() + 30_000_000_000L;
                    while (runs.size() == 1 && System.nanoTime() < end) {
                        checkPoint.run(); // ends a gentle run once it insists
                        Thread.sleep(1);
                    }
                }

                @Override
                public void dropped() {}

                @Override
                public void ended() {
                    assertTrue(ended.compareAndSet(false, true), "ended once");
                }
            }));
            assertTrue(gentle.await(30, TimeUnit.SECONDS));
            for (int i = 1; i < BackgroundBuilds.INSIST_STATEMENTS; i++) {
                Offloader.DuckDbWork outer = builds.statement();
                builds.statement().close(); // the driver's own span within the application's: one statement
                outer.close();
            }
            Thread.sleep(50);
            assertEquals(1, runs.size(), "fewer statements: it runs on gently");
            builds.statement().close();
            assertTrue(builds.awaitIdle(60_000));
            assertEquals(List.of((long) LowPriority.NICE, callers), runs);
            assertTrue(ended.get(), "what the build holds is freed after its last run");
            builds.allocator().close();
        }
    }

    /** The calling thread's nice value where it can be lowered and read (Linux), else the test is skipped. */
    private static long lowerableNice() {
        Assumptions.assumeTrue(
                System.getProperty("os.name").toLowerCase(Locale.ROOT).startsWith("linux"),
                "thread priorities are read from Linux's /proc");
        long callers = nice();
        Assumptions.assumeTrue(callers < LowPriority.NICE, "the test runs at nice " + callers + " already");
        return callers;
    }

    /** The calling thread's nice value (field 19 of its stat line). */
    private static long nice() {
        try {
            String stat = Files.readString(Path.of("/proc/thread-self/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(fields[19 - 3]);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aBuildWaitsWhileAStatementRunsButNotForever() throws Exception {
        try (RootAllocator root = new RootAllocator()) {
            BackgroundBuilds builds = new BackgroundBuilds(root.newChildAllocator("b", 0, Long.MAX_VALUE));
            Runnable checkPoint = builds.checkPoints();
            long idle = System.nanoTime();
            checkPoint.run();
            assertTrue(System.nanoTime() - idle < 50_000_000L, "no statement runs: no wait");
            try (Offloader.DuckDbWork work = builds.statement()) {
                long held = System.nanoTime();
                checkPoint.run();
                long waited = (System.nanoTime() - held) / 1_000_000;
                assertTrue(waited >= BackgroundBuilds.GIVE_WAY_MS - 20, "waited " + waited + " ms");
                assertTrue(waited < 10 * BackgroundBuilds.GIVE_WAY_MS, "but not forever: " + waited + " ms");
            }
            builds.allocator().close();
        }
    }

    /**
     * Statements run back to back, as a loop runs them: a check point does not go on in the gap between two (its
     * work would run beside the second), only once none has run for {@link BackgroundBuilds#NEXT_STATEMENT_MS}.
     */
    @Test
    void aCheckPointWaitsThroughTheGapBetweenStatementsBackToBack() throws Exception {
        try (RootAllocator root = new RootAllocator()) {
            BackgroundBuilds builds = new BackgroundBuilds(root.newChildAllocator("b", 0, Long.MAX_VALUE));
            Runnable checkPoint = builds.checkPoints();
            long next = BackgroundBuilds.NEXT_STATEMENT_MS * 1_000_000;
            builds.statement().close();
            long from = System.nanoTime();
            checkPoint.run();
            long waited = System.nanoTime() - from;
            assertTrue(
                    waited >= next - 1_000_000, "reached as a statement ended, went on after " + waited / 1000 + " us");

            AtomicLong wentOnAt = new AtomicLong();
            builds.statement().close();
            long gapFrom = System.nanoTime();
            Thread build = new Thread(() -> {
                checkPoint.run();
                wentOnAt.set(System.nanoTime());
            });
            build.start();
            Thread.sleep(1);
            Offloader.DuckDbWork second = builds.statement();
            long gap = System.nanoTime() - gapFrom;
            Assumptions.assumeTrue(
                    gap < next - 1_000_000,
                    "this thread was held " + gap / 1000 + " us between the statements: no back-to-back gap to test");
            Thread.sleep(30);
            assertEquals(0, wentOnAt.get(), "the check point went on in the gap, beside the next statement");
            second.close();
            long quietFrom = System.nanoTime();
            build.join(10_000);
            assertTrue(
                    wentOnAt.get() - quietFrom >= next - 1_000_000,
                    "went on " + (wentOnAt.get() - quietFrom) / 1000 + " us after the next statement ended");
            builds.allocator().close();
        }
    }

    /** Under a statement that never ends, a build waits in all no longer than it works (beyond a first allowance). */
    @Test
    void aBuildUnderASteadyLoadWaitsNoLongerThanItWorks() throws Exception {
        try (RootAllocator root = new RootAllocator()) {
            BackgroundBuilds builds = new BackgroundBuilds(root.newChildAllocator("b", 0, Long.MAX_VALUE));
            Runnable checkPoint = builds.checkPoints();
            try (Offloader.DuckDbWork work = builds.statement()) {
                long held = System.nanoTime();
                for (int i = 0; i < 20; i++) checkPoint.run();
                long waited = (System.nanoTime() - held) / 1_000_000;
                assertTrue(waited >= BackgroundBuilds.WAIT_FREELY_MS - 20, "waited " + waited + " ms");
                assertTrue(waited < BackgroundBuilds.WAIT_FREELY_MS + 2 * BackgroundBuilds.GIVE_WAY_MS, waited + " ms");
                long after = System.nanoTime();
                checkPoint.run();
                assertTrue(System.nanoTime() - after < 20_000_000L, "its waits used up: it goes on");
                Thread.sleep(3 * BackgroundBuilds.WAIT_FREELY_MS); // work: the build may wait about as long again
                long worked = System.nanoTime();
                for (int i = 0; i < 40; i++) checkPoint.run();
                long again = (System.nanoTime() - worked) / 1_000_000;
                assertTrue(again >= 2 * BackgroundBuilds.WAIT_FREELY_MS - 50, "waited again " + again + " ms");
                assertTrue(again < 4 * BackgroundBuilds.WAIT_FREELY_MS, "no more than it worked: " + again + " ms");
            }
            builds.allocator().close();
        }
    }

    @Test
    void theWarmUpsStepWaitsForTheStatementRunningToEnd() throws Exception {
        try (RootAllocator root = new RootAllocator()) {
            BackgroundBuilds builds = new BackgroundBuilds(root.newChildAllocator("b", 0, Long.MAX_VALUE));
            long held = System.nanoTime();
            Offloader.DuckDbWork work = builds.statement();
            Thread statement = new Thread(() -> {
                try {
                    Thread.sleep(3 * BackgroundBuilds.GIVE_WAY_MS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                work.close();
            });
            statement.start();
            builds.giveWayToStart();
            long waited = (System.nanoTime() - held) / 1_000_000;
            statement.join();
            assertTrue(waited >= 3 * BackgroundBuilds.GIVE_WAY_MS - 20, "waited " + waited + " ms");
            assertTrue(waited < BackgroundBuilds.START_GIVE_WAY_MS, "until it ended: " + waited + " ms");
            builds.allocator().close();
        }
    }

    @Test
    void theWarmUpWaitsForTheFirstStatementToEndOrForItsLongest() throws Exception {
        try (RootAllocator root = new RootAllocator()) {
            BackgroundBuilds builds = new BackgroundBuilds(root.newChildAllocator("b", 0, Long.MAX_VALUE));
            long none = System.nanoTime();
            builds.awaitFirstStatement(300);
            long waited = (System.nanoTime() - none) / 1_000_000;
            assertTrue(waited >= 280 && waited < 3_000, "no statement came: its longest, " + waited + " ms");
            Offloader.DuckDbWork work = builds.statement();
            Thread statement = new Thread(() -> {
                try {
                    Thread.sleep(2 * BackgroundBuilds.GIVE_WAY_MS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                work.close();
            });
            long held = System.nanoTime();
            statement.start();
            builds.awaitFirstStatement(60_000);
            waited = (System.nanoTime() - held) / 1_000_000;
            statement.join();
            assertTrue(waited >= 2 * BackgroundBuilds.GIVE_WAY_MS - 20, "until it ended: " + waited + " ms");
            assertTrue(waited < 30_000, "not its longest: " + waited + " ms");
            long after = System.nanoTime();
            builds.awaitFirstStatement(60_000);
            assertTrue(System.nanoTime() - after < 1_000_000_000L, "once one ended, no wait");
            builds.allocator().close();
        }
    }

    /**
     * The GPU's initialisation and the warm-up, once the first statement ended, wait out the statements that come
     * back to back after it (up to {@link BackgroundBuilds#START_GIVE_WAY_MS}), not only {@link
     * BackgroundBuilds#GIVE_WAY_MS} of them.
     */
    @Test
    void afterTheFirstStatementTheyWaitOutTheStatementsThatFollowIt() throws Exception {
        try (RootAllocator root = new RootAllocator()) {
            BackgroundBuilds builds = new BackgroundBuilds(root.newChildAllocator("b", 0, Long.MAX_VALUE));
            long run = 4 * BackgroundBuilds.GIVE_WAY_MS;
            Thread statements = new Thread(() -> {
                try {
                    for (int i = 0; i < 2; i++) {
                        try (Offloader.DuckDbWork work = builds.statement()) {
                            Thread.sleep(i == 0 ? 50 : run); // the first, then the next at once
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            long start = System.nanoTime();
            statements.start();
            builds.awaitFirstStatement(60_000);
            long waited = (System.nanoTime() - start) / 1_000_000;
            statements.join();
            assertTrue(waited >= 50 + run - 20, "until the next one ended too: " + waited + " ms");
            assertTrue(waited < BackgroundBuilds.START_GIVE_WAY_MS, "not its longest: " + waited + " ms");
            builds.allocator().close();
        }
    }

    /**
     * A build waits for the statement that asked for it to end (up to {@link BackgroundBuilds#START_GIVE_WAY_MS}), for
     * another thread's only as at a check point.
     */
    @Test
    void aBuildWaitsForTheStatementThatAskedForItAndForOthersAsAtACheckPoint() throws Exception {
        try (RootAllocator root = new RootAllocator()) {
            BackgroundBuilds builds = new BackgroundBuilds(root.newChildAllocator("b", 0, Long.MAX_VALUE));
            CountDownLatch otherHolds = new CountDownLatch(1);
            CountDownLatch otherMayEnd = new CountDownLatch(1);
            Thread other = new Thread(() -> {
                try (Offloader.DuckDbWork work = builds.statement()) {
                    otherHolds.countDown();
                    otherMayEnd.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            other.start();
            assertTrue(otherHolds.await(10, TimeUnit.SECONDS));
            long[] started = new long[2];
            CountDownLatch ran = new CountDownLatch(2);
            assertTrue(builds.submit("not asked here", timed(started, 0, ran)));
            long asked;
            try (Offloader.DuckDbWork statement = builds.statement()) {
                assertTrue(builds.submit("asked here", timed(started, 1, ran)));
                Thread.sleep(3 * BackgroundBuilds.GIVE_WAY_MS);
                asked = System.nanoTime();
            }
            assertTrue(ran.await(10, TimeUnit.SECONDS));
            assertTrue(
                    started[0] < asked, "another thread's statement holds a build back no longer than a check point");
            assertTrue(started[1] >= asked, "the asking statement's answer came first");
            otherMayEnd.countDown();
            other.join();
            assertTrue(builds.awaitIdle(10_000));
            builds.allocator().close();
        }
    }

    /**
     * What a statement asked for (a build, a plan made behind its answer) starts only after the application's next
     * statement, begun as the asking one ended, has ended too.
     */
    @Test
    void whatAStatementAskedForGivesWayToTheNextStatementToo() throws Exception {
        try (RootAllocator root = new RootAllocator()) {
            BackgroundBuilds builds = new BackgroundBuilds(root.newChildAllocator("b", 0, Long.MAX_VALUE));
            long[] started = new long[2];
            CountDownLatch ran = new CountDownLatch(2);
            Offloader.DuckDbWork asking = builds.statement();
            assertTrue(builds.submit("build", timed(started, 0, ran)));
            assertTrue(builds.submitPlan("plan", timed(started, 1, ran)));
            asking.close();
            long nextEnded;
            try (Offloader.DuckDbWork next = builds.statement()) {
                Thread.sleep(BackgroundBuilds.GIVE_WAY_MS / 2);
                nextEnded = System.nanoTime();
            }
            assertTrue(ran.await(10, TimeUnit.SECONDS));
            assertTrue(started[0] >= nextEnded, "the build started after the next statement");
            assertTrue(started[1] >= nextEnded, "the plan started after the next statement");
            assertTrue(builds.awaitIdle(10_000));
            builds.allocator().close();
        }
    }

    /**
     * A plan made behind a statement's answer waits out the statements that follow it, each sent as the application
     * has read the answer before (a new process's burst of first statements), but not a steady load: it starts once
     * {@link BackgroundBuilds#INSIST_STATEMENTS} statements started since it was asked for.
     */
    @Test
    void aPlanWaitsOutARunOfStatementsButNotASteadyLoad() throws Exception {
        try (RootAllocator root = new RootAllocator()) {
            BackgroundBuilds builds = new BackgroundBuilds(root.newChildAllocator("b", 0, Long.MAX_VALUE));
            long[] started = new long[2];
            CountDownLatch ran = new CountDownLatch(1);
            Offloader.DuckDbWork asking = builds.statement();
            assertTrue(builds.submitPlan("run", timed(started, 0, ran)));
            asking.close();
            for (int i = 0; i < 4; i++) {
                Thread.sleep(BackgroundBuilds.RUN_GAP_MS / 3); // the application reads the answer before its next
                try (Offloader.DuckDbWork next = builds.statement()) {
                    Thread.sleep(BackgroundBuilds.GIVE_WAY_MS / 2);
                }
            }
            long runEnded = System.nanoTime();
            assertTrue(ran.await(10, TimeUnit.SECONDS));
            assertTrue(
                    started[0] >= runEnded, "the plan started " + (runEnded - started[0]) / 1000 + " us into the run");

            CountDownLatch steady = new CountDownLatch(1);
            asking = builds.statement();
            assertTrue(builds.submitPlan("steady", timed(started, 1, steady)));
            asking.close();
            long loadFrom = System.nanoTime();
            while (steady.getCount() > 0 && System.nanoTime() - loadFrom < 10_000_000_000L) {
                try (Offloader.DuckDbWork next = builds.statement()) {
                    Thread.sleep(2);
                }
            }
            assertTrue(steady.await(10, TimeUnit.SECONDS));
            long waited = (started[1] - loadFrom) / 1_000_000;
            assertTrue(waited < BackgroundBuilds.START_GIVE_WAY_MS / 2, "the plan waited " + waited + " ms");
            assertTrue(builds.awaitIdle(10_000));
            builds.allocator().close();
        }
    }

    @Test
    void aShapeIsBuiltOnceHoweverManyAskWhileItBuilds() throws Exception {
        try (RootAllocator root = new RootAllocator()) {
            BackgroundBuilds builds = new BackgroundBuilds(root.newChildAllocator("b", 0, Long.MAX_VALUE));
            CountDownLatch release = new CountDownLatch(1);
            CountDownLatch dropped = new CountDownLatch(1);
            assertTrue(builds.submit("shape", build(release::await, () -> {})));
            assertTrue(builds.building("shape"));
            assertFalse(builds.submit("shape", build(() -> {}, dropped::countDown)), "already building");
            assertTrue(dropped.await(1, TimeUnit.SECONDS), "the second asker's build was dropped, not run");
            assertFalse(builds.awaitIdle(50));
            release.countDown();
            assertTrue(builds.awaitIdle(10_000));
            assertFalse(builds.building("shape"));
            builds.allocator().close();
        }
    }

    interface Work {
        void run() throws Exception;
    }

    /** A build that notes when it started in {@code started[i]} and counts {@code ran} down. */
    private static BackgroundBuilds.Build timed(long[] started, int i, CountDownLatch ran) {
        return build(
                () -> {
                    started[i] = System.nanoTime();
                    ran.countDown();
                },
                () -> {});
    }

    private static BackgroundBuilds.Build build(Work work, Runnable onDropped) {
        return new BackgroundBuilds.Build() {
            @Override
            public void run() throws Exception {
                work.run();
            }

            @Override
            public void dropped() {
                onDropped.run();
            }
        };
    }
}
