package org.raydb.offload.gpu.cuda;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.IntStream;

/**
 * Host-to-device uploads through page-locked staging buffers. A copy straight from a Java array reads pageable
 * memory, which the driver stages through its own small pinned buffer at ~4-5 GB/s; here a writer fills our
 * pinned chunk on all cores while the DMA of the previous chunks runs at full bus speed (20+ GB/s on PCIe 5).
 *
 * <p>Each device has one staging set, made on first use and kept for the process: {@link #SLOTS} pinned buffers
 * of {@link #CHUNK_BYTES}, each with its own stream, so a slot may be refilled as soon as its stream is idle
 * (stream-ordered reuse; no events). {@link CudaDevice#close()} frees it through {@link #release}. Uploads to
 * one device take the set's lock in turn: they share the bus anyway, and one fill already uses every core. A
 * thread that asks again while it holds the lock (the common pool may run another task of the caller's while
 * waiting for the fill) gets a temporary set instead of corrupting the one it is filling.
 */
public final class StagedUpload {

    /**
     * Writes elements [from, to) of the source into target, starting at target's byte 0. Called on several
     * threads for disjoint ranges of one chunk.
     */
    @FunctionalInterface
    public interface ChunkWriter {
        void write(long from, long to, MemorySegment target);
    }

    /** Bytes per pinned chunk: large enough that a copy call's fixed cost is noise, small enough to overlap. */
    public static final long CHUNK_BYTES = 32L << 20;
    /** Slots in flight: one being filled, up to two being copied. */
    static final int SLOTS = 3;
    /** The smallest part of a chunk worth a task of its own. */
    private static final long MIN_PART_BYTES = 1L << 20;

    private static final int PARTS = Runtime.getRuntime().availableProcessors();

    private static final ConcurrentHashMap<CudaDevice, StagedUpload> SETS = new ConcurrentHashMap<>();

    private final PinnedBuffer[] buffers = new PinnedBuffer[SLOTS];
    private final CudaStream[] streams = new CudaStream[SLOTS];
    private final ReentrantLock lock = new ReentrantLock();
    private boolean freed;

    private StagedUpload(CudaDevice device) {
        try {
            for (int i = 0; i < SLOTS; i++) {
                buffers[i] = PinnedBuffer.allocate(device, CHUNK_BYTES);
                streams[i] = device.createStream();
            }
        } catch (RuntimeException e) {
            free();
            throw e;
        }
    }

    /**
     * Uploads {@code elements} elements of {@code elementBytes} each into dst at dstByteOffset; the writer produces
     * them chunk by chunk into pinned memory, in parallel on the common pool; returns when the data is on the
     * device. Thread-safe.
     */
    public static void upload(
            CudaDevice device,
            DeviceBuffer dst,
            long dstByteOffset,
            long elements,
            int elementBytes,
            ChunkWriter writer) {
        StagingChunks.perChunk(CHUNK_BYTES, elementBytes); // rejects a bad element size
        if (elements < 0
                || dstByteOffset < 0
                || dstByteOffset > dst.bytes() - Math.multiplyExact(elements, (long) elementBytes)) {
            throw new IllegalArgumentException(elements + " elements of " + elementBytes + " bytes at " + dstByteOffset
                    + " do not fit a device buffer of " + dst.bytes());
        }
        if (elements == 0) return;
        StagedUpload set = SETS.computeIfAbsent(device, StagedUpload::new);
        if (set.lock.isHeldByCurrentThread()) {
            StagedUpload nested = new StagedUpload(device);
            try {
                nested.run(dst, dstByteOffset, elements, elementBytes, writer);
            } finally {
                nested.free();
            }
        } else {
            set.run(dst, dstByteOffset, elements, elementBytes, writer);
        }
    }

    /** Frees the device's staging set; called by {@link CudaDevice#close()} while its context is still open. */
    static void release(CudaDevice device) {
        StagedUpload set = SETS.remove(device);
        if (set != null) set.free();
    }

    private void run(DeviceBuffer dst, long dstByteOffset, long elements, int elementBytes, ChunkWriter writer) {
        long perChunk = StagingChunks.perChunk(CHUNK_BYTES, elementBytes);
        lock.lock();
        try {
            if (freed) throw new IllegalStateException("staging buffers of a closed device");
            try {
                int slot = 0;
                for (long from = 0; from < elements; from += perChunk, slot = (slot + 1) % SLOTS) {
                    long to = Math.min(elements, from + perChunk);
                    long bytes = (to - from) * elementBytes;
                    streams[slot].synchronize(); // the slot's previous copy has left its buffer
                    fill(writer, from, to, elementBytes, buffers[slot].segment().asSlice(0, bytes));
                    buffers[slot].copyToAsync(dst, dstByteOffset + from * elementBytes, bytes, streams[slot]);
                }
            } finally {
                for (CudaStream stream : streams) stream.synchronize(); // also after a failed fill: no copy in flight
            }
        } finally {
            lock.unlock();
        }
    }

    /** A writer that copies elements of a Java array from element {@code first} on ({@code layout} matching its type). */
    static ChunkWriter arrayWriter(Object array, int first, ValueLayout layout) {
        return (from, to, target) ->
                MemorySegment.copy(array, first + (int) from, target, layout, 0, (int) (to - from));
    }

    /** Fills one chunk with elements [from, to), in near-equal parts on the common pool. */
    static void fill(ChunkWriter writer, long from, long to, int elementBytes, MemorySegment chunk) {
        long[] bounds = StagingChunks.split(from, to, PARTS, Math.max(1, MIN_PART_BYTES / elementBytes));
        IntStream.range(0, bounds.length - 1)
                .parallel()
                .forEach(i -> writer.write(
                        bounds[i],
                        bounds[i + 1],
                        chunk.asSlice((bounds[i] - from) * elementBytes, (bounds[i + 1] - bounds[i]) * elementBytes)));
    }

    private void free() {
        lock.lock();
        try {
            if (freed) return;
            freed = true;
            for (int i = 0; i < SLOTS; i++) {
                if (streams[i] != null) streams[i].close();
                if (buffers[i] != null) buffers[i].close();
            }
        } finally {
            lock.unlock();
        }
    }
}
