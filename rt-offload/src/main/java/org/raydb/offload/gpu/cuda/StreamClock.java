package org.raydb.offload.gpu.cuda;

import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventElapsedTime;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuEventSynchronize;
import static jcuda.driver.JCudaDriver.cuStreamWaitValue32;
import static org.raydb.offload.gpu.cuda.CudaCheck.check;

import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import jcuda.driver.CUevent;
import jcuda.driver.CUevent_flags;
import jcuda.driver.CUstreamWaitValue_flags;

/**
 * A reusable pair of CUDA events that times a stretch of one stream's work on the device (what the GPU spent,
 * without host overhead), created once, so that timing every job costs two event records and no allocation.
 *
 * <p>The start event is recorded when the stream reaches it, which can be before the host has finished the
 * launch calls that follow it: on the H100 host (a VM) a lean kernel's event span was 5-10 µs above its ncu
 * duration. A <em>gated</em> clock's {@link #startHeld} holds the stream at a mapped word before the start event
 * until {@link #stop} has queued everything, so that the span covers only the device's own work (the launch's
 * front end, the kernels); the stream then waits for the host, so use it to time kernels, not a job's whole
 * latency.
 */
public final class StreamClock implements AutoCloseable {

    private static final VarHandle WORD = ValueLayout.JAVA_INT.varHandle();

    private final CudaDevice device;
    private final CUevent start = new CUevent();
    private final CUevent end = new CUevent();
    /** The gate word (mapped), or null for a plain clock. */
    private final PinnedBuffer gate;
    private int generation;
    private boolean closed;

    public StreamClock(CudaDevice device) {
        this(device, false);
    }

    public StreamClock(CudaDevice device, boolean gated) {
        this.device = device;
        device.makeCurrent();
        gate = gated ? PinnedBuffer.allocateMapped(device, 64) : null;
        if (gate != null) WORD.setRelease(gate.segment(), 0L, 0);
        check(cuEventCreate(start, CUevent_flags.CU_EVENT_DEFAULT), "cuEventCreate");
        check(cuEventCreate(end, CUevent_flags.CU_EVENT_DEFAULT), "cuEventCreate");
    }

    public void start(CudaStream stream) {
        device.makeCurrent();
        check(cuEventRecord(start, stream.stream()), "cuEventRecord");
    }

    /**
     * {@link #start}, the stream held at a gated clock's gate until {@link #stop}: only where nothing between the
     * two waits for the stream. Call {@link #stop} after it also on failure.
     */
    public void startHeld(CudaStream stream) {
        if (gate != null) {
            device.makeCurrent();
            check(cuStreamWaitValue32(stream.stream(), gate.mappedPointer(), ++generation,
                    CUstreamWaitValue_flags.CU_STREAM_WAIT_VALUE_GEQ), "cuStreamWaitValue32");
        }
        start(stream);
    }

    /** Records the end; a gated clock then opens its gate. */
    public void stop(CudaStream stream) {
        device.makeCurrent();
        try {
            check(cuEventRecord(end, stream.stream()), "cuEventRecord");
        } finally {
            if (gate != null) WORD.setRelease(gate.segment(), 0L, generation);
        }
    }

    /** Waits for the end event and returns the device time between the two records, in milliseconds. */
    public double elapsedMillis() {
        device.makeCurrent();
        check(cuEventSynchronize(end), "cuEventSynchronize");
        float[] millis = {0f};
        check(cuEventElapsedTime(millis, start, end), "cuEventElapsedTime");
        return millis[0];
    }

    /** {@link #elapsedMillis()} in whole microseconds. */
    public long elapsedMicros() {
        return Math.round(elapsedMillis() * 1000.0);
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        device.makeCurrent();
        cuEventDestroy(start);
        cuEventDestroy(end);
        if (gate != null) gate.close();
    }
}
