package org.raydb.offload.gpu.cuda;

import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleLoadData;
import static jcuda.driver.JCudaDriver.cuModuleUnload;
import static org.raydb.offload.gpu.cuda.CudaCheck.check;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import jcuda.driver.CUmodule;
import org.raydb.offload.gpu.GpuUnavailableException;

/** A kernel module from the classpath: a fatbin whose SASS the driver loads as is, or PTX it JIT-compiles. */
public final class PtxModule implements AutoCloseable {

    private final CudaDevice device;
    private final String resource;
    private final CUmodule module;
    private final AtomicBoolean closed = new AtomicBoolean();

    private PtxModule(CudaDevice device, String resource, CUmodule module) {
        this.device = device;
        this.resource = resource;
        this.module = module;
    }

    static PtxModule load(CudaDevice device, String resource) {
        byte[] image = readResource(resource);
        if (resource.endsWith(".ptx")) {
            image = Arrays.copyOf(image, image.length + 1); // the driver reads PTX as a C string
        }
        CUmodule module = new CUmodule();
        check(cuModuleLoadData(module, image), "cuModuleLoadData(" + resource + ")");
        return new PtxModule(device, resource, module);
    }

    static byte[] readResource(String resource) {
        try (InputStream in = PtxModule.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new GpuUnavailableException(
                        "resource " + resource + " is missing: the native module was built without nvcc");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    public Kernel function(String name) {
        if (closed.get()) throw new IllegalStateException("module " + resource + " is closed");
        device.makeCurrent();
        RawHandles.Function function = new RawHandles.Function();
        check(cuModuleGetFunction(function, module, name), "cuModuleGetFunction(" + name + ")");
        return new Kernel(device, name, function);
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            device.makeCurrent();
            check(cuModuleUnload(module), "cuModuleUnload(" + resource + ")");
        }
    }
}
