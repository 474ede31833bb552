package org.raydb.offload.gpu.kernels;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import org.raydb.offload.gpu.cuda.CudaDevice;
import org.raydb.offload.gpu.cuda.CudaStream;
import org.raydb.offload.gpu.cuda.PinnedBuffer;

/**
 * Mapped pinned host memory through which a fused-kernel job needs no copy call and no stream synchronize:
 * the host writes a small filter to the input area before the launch and the kernel reads it there (chunk
 * lists go in the launch's parameters or are uploaded: reading mapped memory costs each launch several µs on
 * the H100 host, see query.cu's walkRanges); the launch's last block writes the packed groups (CompactKernels'
 * layout) to the output area, fences and stores the job's sequence number in the done word, for which the host
 * spins (query.cu's deliver).
 * The lean range kernels write tagged words instead, to their own area, and store no done word
 * ({@link #nextTaggedDelivery}, {@link TaggedResult}): a word is there once its tag is the job's.
 * Layout: the done word on its own 128-byte line, the input area, the output area, the tagged area (as large as
 * the output area). One job at a time: the host rewrites the input only after the previous job's delivery,
 * which comes after every block has finished reading its input (lean range launches read none).
 */
public final class ResultMailbox implements AutoCloseable {

    /** How long the host spins for the done word before it blocks on the stream instead (long kernels). */
    private static final long SPIN_NANOS = 50_000_000L;

    private static final long LINE = 128;
    private static final VarHandle WORD = ValueLayout.JAVA_LONG.varHandle();

    private final PinnedBuffer memory;
    private final MemorySegment done;
    private final ByteBuffer input;
    private final LongBuffer output;
    private final MemorySegment tagged;
    private final long inputOffset;
    private final long outputOffset;
    private final long taggedOffset;
    private long sequence;

    public ResultMailbox(CudaDevice device, long inputBytes, long outputBytes) {
        inputOffset = LINE;
        outputOffset = inputOffset + roundUp(inputBytes);
        taggedOffset = outputOffset + roundUp(outputBytes);
        memory = device.allocateMapped(taggedOffset + roundUp(outputBytes));
        MemorySegment all = memory.segment();
        done = all.asSlice(0, 8);
        WORD.setRelease(done, 0L, 0L);
        input = all.asSlice(inputOffset, inputBytes).asByteBuffer().order(ByteOrder.nativeOrder());
        output = all.asSlice(outputOffset, outputBytes)
                .asByteBuffer()
                .order(ByteOrder.nativeOrder())
                .asLongBuffer();
        tagged = all.asSlice(taggedOffset, outputBytes);
        tagged.fill((byte) 0); // tag 0 is no job's
    }

    private static long roundUp(long bytes) {
        return (bytes + LINE - 1) / LINE * LINE;
    }

    public long outputBytes() {
        return 8L * output.capacity();
    }

    /** The input area on the host, native byte order; absolute puts only. Write it before the launch. */
    public ByteBuffer input() {
        return input;
    }

    /** The input area's device address, for the launch that reads what the host wrote there. */
    public long inputAddress() {
        VarHandle.releaseFence(); // the host's writes to the input come before the launch that reads them
        return memory.deviceAddress() + inputOffset;
    }

    /** The output area: header and entries (CompactKernels' layout) once {@link #await} returned. */
    public LongBuffer output() {
        return output;
    }

    /** The next job's delivery, under a fresh sequence number; pass it to one launch. */
    public QueryKernels.Delivery nextDelivery() {
        return new QueryKernels.Delivery(memory.deviceAddress() + outputOffset, memory.deviceAddress(), next(), false);
    }

    /**
     * The next lean range launch's delivery (QueryKernels.deliversTagged), to the tagged area, under a fresh
     * sequence number; read it with {@link #awaitTagged}.
     */
    public QueryKernels.Delivery nextTaggedDelivery() {
        return new QueryKernels.Delivery(memory.deviceAddress() + taggedOffset, memory.deviceAddress(), next(), true);
    }

    /**
     * A sequence number whose tag (its low 32 bits) is not 0. Once every 2^32 jobs the tags come round again:
     * the tagged area is cleared then, so that no word left from an earlier job can carry a later job's tag.
     */
    private long next() {
        if ((int) ++sequence == 0) {
            tagged.fill((byte) 0);
            ++sequence;
        }
        return sequence;
    }

    /**
     * Waits for a lean launch's groups (query.cu's deliverTagged: the listed ones, or group 0) and returns them
     * in CompactKernels' layout for one measure (header, then entries of group, rows, non-NULL rows, sum), or a
     * header of {@link QueryKernels.PresentList#OVERFLOW} alone. Spins on the tags; after {@link #SPIN_NANOS} it
     * synchronizes {@code stream} instead, which reports a failed kernel as the usual CudaException, and fails if
     * the launch ended without delivering.
     */
    public LongBuffer awaitTagged(QueryKernels.Delivery delivery, CudaStream stream) {
        TaggedResult result = new TaggedResult(tagged, delivery.sequence());
        long deadline = System.nanoTime() + SPIN_NANOS;
        if (!result.awaitGroups(deadline)) {
            stream.synchronize();
            if (!result.awaitGroups(System.nanoTime())) throw undelivered(delivery);
        }
        return result.groups();
    }

    private static IllegalStateException undelivered(QueryKernels.Delivery delivery) {
        return new IllegalStateException(
                "the launch of job " + delivery.sequence() + " finished without" + " delivering its groups");
    }

    /** The done word now: the sequence number of the last job delivered. */
    public long doneWord() {
        return (long) WORD.getAcquire(done, 0L);
    }

    /**
     * Returns once {@code delivery}'s launch has written the output area. Spins on the done word; after
     * {@link #SPIN_NANOS} it synchronizes {@code stream} instead, which reports a failed kernel as the usual
     * CudaException, and fails if the launch ended without delivering.
     */
    public void await(QueryKernels.Delivery delivery, CudaStream stream) {
        if (spin(done, delivery.sequence(), SPIN_NANOS)) return;
        stream.synchronize();
        long word = doneWord();
        if (word != delivery.sequence()) {
            throw new IllegalStateException("the launch of job " + delivery.sequence() + " finished without"
                    + " delivering its groups (done word " + word + ")");
        }
    }

    /** Spins until the long at {@code word} equals {@code expected} (true) or {@code boundNanos} passed (false). */
    static boolean spin(MemorySegment word, long expected, long boundNanos) {
        long start = System.nanoTime();
        for (int polls = 1; (long) WORD.getAcquire(word, 0L) != expected; polls++) {
            if ((polls & 255) == 0 && System.nanoTime() - start > boundNanos) return false;
            Thread.onSpinWait();
        }
        return true;
    }

    @Override
    public void close() {
        memory.close();
    }
}
