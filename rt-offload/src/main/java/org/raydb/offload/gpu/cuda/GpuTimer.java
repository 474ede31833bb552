package org.raydb.offload.gpu.cuda;

import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventElapsedTime;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuEventSynchronize;
import static org.raydb.offload.gpu.cuda.CudaCheck.check;

import jcuda.driver.CUevent;
import jcuda.driver.CUevent_flags;

/** Device time between two events recorded on one stream: what the GPU spent, without host overhead. */
public final class GpuTimer {

    private final CudaStream stream;
    private final CUevent start = new CUevent();

    private GpuTimer(CudaStream stream) {
        this.stream = stream;
    }

    static GpuTimer start(CudaStream stream) {
        stream.device().makeCurrent();
        GpuTimer timer = new GpuTimer(stream);
        check(cuEventCreate(timer.start, CUevent_flags.CU_EVENT_DEFAULT), "cuEventCreate");
        check(cuEventRecord(timer.start, stream.stream()), "cuEventRecord");
        return timer;
    }

    /** Records the end, waits for it, and returns the elapsed device time in milliseconds. */
    public double stopMillis() {
        stream.device().makeCurrent();
        CUevent end = new CUevent();
        check(cuEventCreate(end, CUevent_flags.CU_EVENT_DEFAULT), "cuEventCreate");
        try {
            check(cuEventRecord(end, stream.stream()), "cuEventRecord");
            check(cuEventSynchronize(end), "cuEventSynchronize");
            float[] millis = {0f};
            check(cuEventElapsedTime(millis, start, end), "cuEventElapsedTime");
            return millis[0];
        } finally {
            cuEventDestroy(end);
            cuEventDestroy(start);
        }
    }
}
