package org.raydb.offload.gpu.optix;

import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.C_POINTER;
import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.raydb_optix_pipeline_create;
import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.raydb_optix_pipeline_destroy;
import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.raydb_optix_pipeline_launch;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicBoolean;
import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;

/**
 * A linked OptiX pipeline of one {@link RayProgram}. Launches are asynchronous on the given stream; the
 * parameter buffer (written by {@link RayJobParams#upload}) belongs to the caller, so concurrent queries
 * can share one pipeline with a parameter buffer each.
 */
public final class RayPipeline implements AutoCloseable {

    private final OptixContext context;
    private final RayProgram program;
    private final Arena arena;
    private final MemorySegment handle;
    private final AtomicBoolean closed = new AtomicBoolean();

    private RayPipeline(OptixContext context, RayProgram program, Arena arena, MemorySegment handle) {
        this.context = context;
        this.program = program;
        this.arena = arena;
        this.handle = handle;
    }

    @SuppressWarnings("restricted") // attaches raydb_optix_pipeline_destroy to the arena
    static RayPipeline create(OptixContext context, RayProgram program, byte[] module) {
        context.device().makeCurrent();
        MemorySegment raw;
        try (Arena call = Arena.ofConfined()) {
            MemorySegment ir = call.allocate(module.length);
            ir.copyFrom(MemorySegment.ofArray(module));
            MemorySegment out = call.allocate(C_POINTER);
            MemorySegment intersection =
                    program.intersection() == null ? MemorySegment.NULL : call.allocateFrom(program.intersection());
            OptixStatus.check(
                    raydb_optix_pipeline_create(
                            context.handle(),
                            ir,
                            module.length,
                            call.allocateFrom(RayProgram.PARAMS),
                            RayJobParams.BYTES,
                            call.allocateFrom(RayProgram.RAYGEN),
                            call.allocateFrom(RayProgram.MISS),
                            call.allocateFrom(RayProgram.ANYHIT),
                            intersection,
                            out),
                    "raydb_optix_pipeline_create");
            raw = out.get(C_POINTER, 0);
        }
        Arena arena = Arena.ofShared();
        MemorySegment handle = raw.reinterpret(0, arena, segment -> {
            context.device().makeCurrent();
            raydb_optix_pipeline_destroy(segment);
        });
        return new RayPipeline(context, program, arena, handle);
    }

    public RayProgram program() {
        return program;
    }

    /** Launches width x height rays per segment, depth segments; params must hold {@link RayJobParams#BYTES}. */
    public void launch(CudaStream stream, DeviceBuffer params, int width, int height, int depth) {
        if (closed.get()) throw new IllegalStateException("pipeline is closed");
        if (params.bytes() < RayJobParams.BYTES) throw new IllegalArgumentException("params buffer too small");
        if ((long) width * height * depth > (1L << 30)) {
            throw new IllegalArgumentException(
                    "launch of " + width + "x" + height + "x" + depth + " exceeds 2^30 rays");
        }
        context.device().makeCurrent();
        OptixStatus.check(
                raydb_optix_pipeline_launch(handle, stream.handle(), params.address(), width, height, depth),
                "raydb_optix_pipeline_launch");
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            context.forget(this);
            arena.close();
        }
    }
}
