package org.raydb.offload.gpu.cuda;

import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventElapsedTime;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuEventSynchronize;
import static org.raydb.offload.gpu.cuda.CudaCheck.check;

import jcuda.driver.CUevent;
import jcuda.driver.CUevent_flags;

/**
 * A reusable pair of CUDA events that times a stretch of one stream's work on the device (what the GPU spent,
 * without host overhead), created once, so that timing every job costs two event records and no allocation.
 *
 * <p>The start event is recorded when the stream reaches it, which can be before the host has finished the
 * launch calls that follow it, so the span includes the host's launch call where the stream waited for it.
 */
public final class StreamClock implements AutoCloseable {

    private final CudaDevice device;
    private final CUevent start = new CUevent();
    private final CUevent end = new CUevent();
    private boolean closed;

    public StreamClock(CudaDevice device) {
        this.device = device;
        device.makeCurrent();
        check(cuEventCreate(start, CUevent_flags.CU_EVENT_DEFAULT), "cuEventCreate");
        check(cuEventCreate(end, CUevent_flags.CU_EVENT_DEFAULT), "cuEventCreate");
    }

    public void start(CudaStream stream) {
        device.makeCurrent();
        check(cuEventRecord(start, stream.stream()), "cuEventRecord");
    }

    public void stop(CudaStream stream) {
        device.makeCurrent();
        check(cuEventRecord(end, stream.stream()), "cuEventRecord");
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
    }
}
