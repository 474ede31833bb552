package org.raydb.offload.faults;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.raydb.offload.engine.Engine;
import org.raydb.offload.engine.EngineException;
import org.raydb.offload.engine.EngineResult;
import org.raydb.offload.engine.OffloadJob;
import org.raydb.offload.engine.cpu.CpuEngine;

/**
 * Stands in for the cuda engine: the cpu engine's exact answer, passing through the steps a GPU engine takes,
 * at any of which a test can make it throw or block until released.
 */
final class FaultyEngine implements Engine {

    /** A GPU engine's steps in order; a kernel's error shows when the stream is synchronized, after it ran. */
    enum Step {
        ALLOCATION,
        UPLOAD,
        LAUNCH,
        KERNEL
    }

    private final CpuEngine cpu = new CpuEngine();
    private final AtomicInteger runs = new AtomicInteger();
    private final List<String> threads = new CopyOnWriteArrayList<>();
    private volatile Step failAt;
    private volatile Supplier<Throwable> failure;
    private volatile Step blockAt;
    private volatile boolean once;
    private volatile CountDownLatch entered = new CountDownLatch(1);
    private volatile CountDownLatch release = new CountDownLatch(1);

    @Override
    public String name() {
        return "cuda";
    }

    @Override
    public String unavailableReason() {
        return null;
    }

    @Override
    public EngineResult run(OffloadJob job) throws EngineException {
        runs.incrementAndGet();
        threads.add(Thread.currentThread().getName());
        step(Step.ALLOCATION);
        step(Step.UPLOAD);
        step(Step.LAUNCH);
        EngineResult result = cpu.run(job);
        step(Step.KERNEL);
        return result;
    }

    /** Every run from now on throws {@code failure}'s throwable at {@code step}. */
    void failAt(Step step, Supplier<Throwable> failure) {
        this.failure = failure;
        this.failAt = step;
    }

    /** The next runs block at {@code step} until {@link #release()}. */
    void blockAt(Step step) {
        entered = new CountDownLatch(1);
        release = new CountDownLatch(1);
        once = false;
        blockAt = step;
    }

    /** Only the next run blocks at {@code step} (until {@link #release()}); later runs pass. */
    void blockNextAt(Step step) {
        blockAt(step);
        once = true;
    }

    /** Waits until a run blocks at its step. */
    void awaitBlocked() throws InterruptedException {
        entered.await();
    }

    void release() {
        blockAt = null;
        release.countDown();
    }

    void disarm() {
        failAt = null;
        release();
    }

    int runs() {
        return runs.get();
    }

    /** The threads its runs ran on, in order. */
    List<String> threads() {
        return List.copyOf(threads);
    }

    private void step(Step step) throws EngineException {
        boolean block;
        synchronized (this) {
            block = step == blockAt;
            if (block && once) blockAt = null;
        }
        if (block) {
            entered.countDown();
            awaitRelease();
        }
        if (step == failAt) {
            switch (failure.get()) {
                case EngineException e -> throw e;
                case RuntimeException e -> throw e;
                case Error e -> throw e;
                case Throwable t -> throw new AssertionError("not a failure an engine can throw", t);
            }
        }
    }

    private void awaitRelease() {
        boolean interrupted = false;
        while (true) {
            try {
                release.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
