package org.raydb.offload.gpu.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

/**
 * The driver calls on a job's critical path, called through FFM instead of JCuda: {@code cuLaunchKernel},
 * {@code cuEventRecord} and {@code cuMemcpyHtoDAsync}. JCuda marshals every kernel parameter as its own Java
 * array through JNI, which cost 12 µs per launch on the H100 host ({@code ./run launch-latency}), about as
 * long as a selective query's kernel itself; here the parameters go from per-thread native slots that are
 * allocated once, so a launch costs about what the driver does. The event records and the chunk upload that
 * bracket every cuda job took 10-20 µs more of host time through JCuda (raydb.gpu.split's upload_us and
 * enqueue_us). Same driver library, context and handles as JCuda's (libcuda.so.1 is loaded once per
 * process); the caller makes the context current.
 */
final class FfmDriver {

    private static final int MAX_PARAMS = 64;
    private static final SymbolLookup CUDA = SymbolLookup.libraryLookup("libcuda.so.1", Arena.global());
    private static final MethodHandle CU_LAUNCH_KERNEL = downcall("cuLaunchKernel", FunctionDescriptor.of(JAVA_INT,
            ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle CU_EVENT_RECORD = downcall("cuEventRecord",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG));
    // The _v2 symbol: cuda.h maps cuMemcpyHtoDAsync to it (64-bit device pointers).
    private static final MethodHandle CU_MEMCPY_HTOD_ASYNC = downcall("cuMemcpyHtoDAsync_v2",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG));

    private static MethodHandle downcall(String name, FunctionDescriptor descriptor) {
        return Linker.nativeLinker().downcallHandle(CUDA.find(name).orElseThrow(), descriptor);
    }

    /** One thread's parameter slots and the array of pointers to them that the driver reads. */
    private static final ThreadLocal<Params> PARAMS = ThreadLocal.withInitial(Params::new);

    private record Params(MemorySegment slots, MemorySegment pointers) {
        Params() {
            this(Arena.global().allocate(8L * MAX_PARAMS, 8), Arena.global().allocate(8L * MAX_PARAMS, 8));
        }
    }

    private FfmDriver() {
    }

    /** Returns the driver's CUresult (0: success); the context must be current on this thread. */
    static int launch(long function, int blocks, int threads, int sharedBytes, long stream, KernelArgs args) {
        if (args.count() > MAX_PARAMS) {
            throw new IllegalArgumentException(args.count() + " kernel parameters, at most " + MAX_PARAMS);
        }
        Params p = PARAMS.get();
        long slots = p.slots().address();
        for (int i = 0; i < args.count(); i++) {
            p.slots().setAtIndex(JAVA_LONG, i, args.slot(i));
            // The driver reads parameter i's bytes where pointer i points: its slot, or a by-value struct.
            p.pointers().setAtIndex(JAVA_LONG, i, args.isByValue(i) ? args.slot(i) : slots + 8L * i);
        }
        try {
            return (int) CU_LAUNCH_KERNEL.invokeExact(MemorySegment.ofAddress(function), blocks, 1, 1, threads, 1, 1,
                    sharedBytes, MemorySegment.ofAddress(stream), p.pointers(), MemorySegment.NULL);
        } catch (Throwable t) {
            throw new IllegalStateException("cuLaunchKernel through FFM failed: " + t, t);
        }
    }

    /** cuEventRecord; returns the driver's CUresult. */
    static int eventRecord(long event, long stream) {
        try {
            return (int) CU_EVENT_RECORD.invokeExact(event, stream);
        } catch (Throwable t) {
            throw new IllegalStateException("cuEventRecord through FFM failed: " + t, t);
        }
    }

    /** cuMemcpyHtoDAsync of {@code bytes} from host address {@code source}; returns the driver's CUresult. */
    static int copyHostToDeviceAsync(long target, long source, long bytes, long stream) {
        try {
            return (int) CU_MEMCPY_HTOD_ASYNC.invokeExact(target, source, bytes, stream);
        } catch (Throwable t) {
            throw new IllegalStateException("cuMemcpyHtoDAsync through FFM failed: " + t, t);
        }
    }
}
