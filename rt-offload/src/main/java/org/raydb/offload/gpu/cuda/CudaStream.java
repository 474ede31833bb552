package org.raydb.offload.gpu.cuda;

import static jcuda.driver.JCudaDriver.cuStreamCreate;
import static jcuda.driver.JCudaDriver.cuStreamDestroy;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;
import static org.raydb.offload.gpu.cuda.CudaCheck.check;

import java.util.concurrent.atomic.AtomicBoolean;
import jcuda.driver.CUstream;
import jcuda.driver.CUstream_flags;

/**
 * A CUDA stream: kernel launches, OptiX launches and timers of one query go on one stream. It is a blocking
 * stream on purpose: it waits for work on the legacy default stream, where JCuda's synchronous copies and
 * memsets run, so an upload is always complete before a launch that reads it.
 */
public final class CudaStream implements AutoCloseable {

    private final CudaDevice device;
    private final RawHandles.Stream stream;
    private final AtomicBoolean closed = new AtomicBoolean();

    private CudaStream(CudaDevice device, RawHandles.Stream stream) {
        this.device = device;
        this.stream = stream;
    }

    static CudaStream create(CudaDevice device) {
        RawHandles.Stream stream = new RawHandles.Stream();
        check(cuStreamCreate(stream, CUstream_flags.CU_STREAM_DEFAULT), "cuStreamCreate");
        return new CudaStream(device, stream);
    }

    /** The raw CUstream, for the OptiX shim. */
    public long handle() {
        ensureOpen();
        return stream.address();
    }

    public CudaDevice device() {
        return device;
    }

    CUstream stream() {
        ensureOpen();
        return stream;
    }

    public void synchronize() {
        device.makeCurrent();
        check(cuStreamSynchronize(stream()), "cuStreamSynchronize");
    }

    private void ensureOpen() {
        if (closed.get()) throw new IllegalStateException("CUDA stream is closed");
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            device.makeCurrent();
            check(cuStreamDestroy(stream), "cuStreamDestroy");
        }
    }
}
