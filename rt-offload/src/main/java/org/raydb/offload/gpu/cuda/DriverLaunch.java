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
 * {@code cuLaunchKernel} called through FFM instead of JCuda. JCuda marshals every parameter as its own Java
 * array through JNI, which cost 12 µs per launch on the H100 host ({@code ./run launch-latency}), about as
 * long as a selective query's kernel itself; here the parameters go from per-thread native slots that are
 * allocated once, so a launch costs about what the driver does. Same driver library, context and stream
 * handles as JCuda's (libcuda.so.1 is loaded once per process).
 */
final class DriverLaunch {

    private static final int MAX_PARAMS = 64;
    private static final MethodHandle CU_LAUNCH_KERNEL = Linker.nativeLinker()
            .downcallHandle(
                    SymbolLookup.libraryLookup("libcuda.so.1", Arena.global())
                            .find("cuLaunchKernel")
                            .orElseThrow(),
                    FunctionDescriptor.of(
                            JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT,
                            ADDRESS, ADDRESS, ADDRESS));

    /** One thread's parameter slots and the array of pointers to them that the driver reads. */
    private static final ThreadLocal<Params> PARAMS = ThreadLocal.withInitial(Params::new);

    private record Params(MemorySegment slots, MemorySegment pointers) {
        Params() {
            this(Arena.global().allocate(8L * MAX_PARAMS, 8), Arena.global().allocate(8L * MAX_PARAMS, 8));
        }
    }

    private DriverLaunch() {}

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
            return (int) CU_LAUNCH_KERNEL.invokeExact(
                    MemorySegment.ofAddress(function),
                    blocks,
                    1,
                    1,
                    threads,
                    1,
                    1,
                    sharedBytes,
                    MemorySegment.ofAddress(stream),
                    p.pointers(),
                    MemorySegment.NULL);
        } catch (Throwable t) {
            throw new IllegalStateException("cuLaunchKernel through FFM failed: " + t, t);
        }
    }
}
