package org.raydb.offload.gpu.optix;

import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.C_LONG;
import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.C_POINTER;
import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.raydb_optix_gas_build_aabbs;
import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.raydb_optix_gas_build_triangles;
import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.raydb_optix_gas_destroy;
import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.raydb_optix_gas_handle;
import static org.raydb.offload.gpu.optix.internal.raydb_optix_h.raydb_optix_gas_sizes;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicBoolean;
import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.DeviceBuffer;
import org.raydb.offload.gpu.residency.GpuResident;

/**
 * A geometry acceleration structure (BVH) over one primitive per row; primitive index = row index. The
 * input buffer may be freed once built. Its device memory is counted by {@link #residentBytes()}.
 */
public final class Gas implements GpuResident {

    /** Primitive type; a pipeline must be made for the same kind (see {@link RayProgram}). */
    public enum Kind {
        TRIANGLES,
        AABBS
    }

    private final OptixContext context;
    private final Kind kind;
    private final int rows;
    private final Arena arena;
    private final MemorySegment handle;
    private final long traversable;
    private final long residentBytes;
    private final long uncompactedBytes;
    private final long temporaryBytes;
    private final double buildMillis;
    private final AtomicBoolean closed = new AtomicBoolean();

    private Gas(
            OptixContext context,
            Kind kind,
            int rows,
            Arena arena,
            MemorySegment handle,
            long[] sizes,
            double buildMillis) {
        this.context = context;
        this.kind = kind;
        this.rows = rows;
        this.arena = arena;
        this.handle = handle;
        this.traversable = raydb_optix_gas_handle(handle);
        this.residentBytes = sizes[0];
        this.uncompactedBytes = sizes[1];
        this.temporaryBytes = sizes[2];
        this.buildMillis = buildMillis;
    }

    @SuppressWarnings("restricted") // attaches raydb_optix_gas_destroy to the arena
    static Gas build(
            OptixContext context, Kind kind, CudaStream stream, DeviceBuffer input, int rows, boolean compact) {
        if (rows <= 0) throw new IllegalArgumentException("a GAS needs at least one row");
        context.device().makeCurrent();
        long start = System.nanoTime();
        MemorySegment raw;
        long[] sizes = new long[3];
        try (Arena call = Arena.ofConfined()) {
            MemorySegment out = call.allocate(C_POINTER);
            int status = kind == Kind.TRIANGLES
                    ? raydb_optix_gas_build_triangles(
                            context.handle(), stream.handle(), input.address(), rows, compact ? 1 : 0, out)
                    : raydb_optix_gas_build_aabbs(
                            context.handle(), stream.handle(), input.address(), rows, compact ? 1 : 0, out);
            OptixStatus.check(status, "raydb_optix_gas_build");
            raw = out.get(C_POINTER, 0);
            MemorySegment values = call.allocate(C_LONG, 3);
            int sizeStatus = raydb_optix_gas_sizes(raw, values, values.asSlice(8), values.asSlice(16));
            if (sizeStatus != 0) raydb_optix_gas_destroy(raw);
            OptixStatus.check(sizeStatus, "raydb_optix_gas_sizes");
            for (int i = 0; i < 3; i++) sizes[i] = values.getAtIndex(C_LONG, i);
        }
        double millis = (System.nanoTime() - start) / 1e6;
        Arena arena = Arena.ofShared();
        MemorySegment handle = raw.reinterpret(0, arena, segment -> {
            context.device().makeCurrent();
            raydb_optix_gas_destroy(segment);
        });
        return new Gas(context, kind, rows, arena, handle, sizes, millis);
    }

    public Kind kind() {
        return kind;
    }

    public int rows() {
        return rows;
    }

    /** The OptixTraversableHandle for {@link RayJobParams#traversable(Gas)}. */
    public long traversable() {
        if (closed.get()) throw new IllegalStateException("GAS is closed");
        return traversable;
    }

    /** Device bytes held (after compaction). */
    public long residentBytes() {
        return residentBytes;
    }

    @Override
    public long deviceBytes() {
        return residentBytes;
    }

    public long uncompactedBytes() {
        return uncompactedBytes;
    }

    /** Scratch bytes the build needed on top (peak = input + uncompacted + temporary). */
    public long temporaryBytes() {
        return temporaryBytes;
    }

    /** Host wall time of build and compaction, synchronised. */
    public double buildMillis() {
        return buildMillis;
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            context.forget(this);
            arena.close();
        }
    }

    MemorySegment handle() {
        return handle;
    }
}
