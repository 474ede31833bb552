package org.raydb.offload.gpu.optix;

import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.C_INT;
import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.C_POINTER;
import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.RAYDB_OPTIX_PROPERTY_MAX_PRIMITIVES_PER_GAS;
import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.RAYDB_OPTIX_PROPERTY_RTCORE_VERSION;
import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.raydb_optix_abi_version;
import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.raydb_optix_context_create;
import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.raydb_optix_context_destroy;
import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.raydb_optix_context_property;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.atomic.AtomicBoolean;
import org.raydb.offload.gpu.cuda.CudaDevice;
import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;

/**
 * An OptiX device context on a {@link CudaDevice}'s CUDA context. It owns the GASes and pipelines made
 * from it and closes them, newest first, before itself. Safe to share between threads; every native call
 * makes the CUDA context current first.
 */
public final class OptixContext implements AutoCloseable {

    private final CudaDevice device;
    private final Arena arena;
    private final MemorySegment handle;
    private final Deque<AutoCloseable> children = new ArrayDeque<>();
    private final AtomicBoolean closed = new AtomicBoolean();

    private OptixContext(CudaDevice device, Arena arena, MemorySegment handle) {
        this.device = device;
        this.arena = arena;
        this.handle = handle;
    }

    /** logLevel 0 (silent) to 4 (everything) goes to stderr. */
    @SuppressWarnings("restricted") // attaches raydb_optix_context_destroy to the arena
    public static OptixContext create(CudaDevice device, int logLevel) {
        OptixLibrary.ensureLoaded();
        device.makeCurrent();
        MemorySegment raw;
        try (Arena call = Arena.ofConfined()) {
            MemorySegment out = call.allocate(C_POINTER);
            OptixStatus.check(
                    raydb_optix_context_create(device.contextHandle(), logLevel, out), "raydb_optix_context_create");
            raw = out.get(C_POINTER, 0);
        }
        Arena arena = Arena.ofShared();
        MemorySegment handle = raw.reinterpret(0, arena, segment -> {
            device.makeCurrent();
            raydb_optix_context_destroy(segment);
        });
        return new OptixContext(device, arena, handle);
    }

    /** 0 on GPUs without RT cores (Hopper): traversal then runs on the SMs. */
    public int rtcoreVersion() {
        return property(RAYDB_OPTIX_PROPERTY_RTCORE_VERSION());
    }

    public int maxPrimitivesPerGas() {
        return property(RAYDB_OPTIX_PROPERTY_MAX_PRIMITIVES_PER_GAS());
    }

    /** The OptiX ABI the shim was compiled against (105 = OptiX 9.0). */
    public static int abiVersion() {
        OptixLibrary.ensureLoaded();
        return raydb_optix_abi_version();
    }

    private int property(int which) {
        device.makeCurrent();
        try (Arena call = Arena.ofConfined()) {
            MemorySegment out = call.allocate(C_INT);
            OptixStatus.check(raydb_optix_context_property(handle(), which, out), "raydb_optix_context_property");
            return out.get(C_INT, 0);
        }
    }

    /** A GAS of one triangle per row: {@code vertices} holds 9 floats per row (see EncodeKernels). */
    public Gas buildTriangles(CudaStream stream, DeviceBuffer vertices, int rows, boolean compact) {
        requireBytes(vertices, 36L * rows, "triangle vertices");
        return adopt(Gas.build(this, Gas.Kind.TRIANGLES, stream, vertices, rows, compact));
    }

    /** A GAS of one axis-aligned box per row: {@code aabbs} holds 6 floats per row (min xyz, max xyz). */
    public Gas buildAabbs(CudaStream stream, DeviceBuffer aabbs, int rows, boolean compact) {
        requireBytes(aabbs, 24L * rows, "AABBs");
        return adopt(Gas.build(this, Gas.Kind.AABBS, stream, aabbs, rows, compact));
    }

    /** A pipeline of one of the packaged ray programs, from the packaged OptiX-IR module. */
    public RayPipeline createPipeline(RayProgram program) {
        return adopt(RayPipeline.create(this, program, program.moduleBytes()));
    }

    private static void requireBytes(DeviceBuffer buffer, long bytes, String what) {
        if (buffer.bytes() < bytes) {
            throw new IllegalArgumentException(what + " need " + bytes + " bytes, the buffer has " + buffer.bytes());
        }
    }

    private <T extends AutoCloseable> T adopt(T child) {
        synchronized (children) {
            if (closed.get()) {
                closeQuietly(child);
                throw new IllegalStateException("OptiX context is closed");
            }
            children.push(child);
        }
        return child;
    }

    void forget(AutoCloseable child) {
        synchronized (children) {
            children.remove(child);
        }
    }

    CudaDevice device() {
        return device;
    }

    MemorySegment handle() {
        if (closed.get()) throw new IllegalStateException("OptiX context is closed");
        return handle;
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) return;
        while (true) {
            AutoCloseable child;
            synchronized (children) {
                child = children.poll();
            }
            if (child == null) break;
            closeQuietly(child);
        }
        arena.close();
    }

    private static void closeQuietly(AutoCloseable child) {
        try {
            child.close();
        } catch (Exception e) {
            // Closing the context must free everything; a child's failure is not worth losing the rest.
        }
    }
}
