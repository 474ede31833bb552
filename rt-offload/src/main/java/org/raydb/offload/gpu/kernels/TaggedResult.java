package org.raydb.offload.gpu.kernels;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.LongBuffer;

/**
 * One job's tagged words in a {@link ResultMailbox}'s tagged area, as query.cu's storeTagged writes them: each
 * 64-bit word holds the job's tag (its sequence number's low 32 bits) above 32 bits of payload, and the kernel
 * stores them with no fence and no done word after them. A word is the job's once its tag is; each is read
 * whole (aligned 8 bytes, acquire), so the host takes a word as soon as its own tag says so, whatever order
 * the words arrive in.
 */
final class TaggedResult {

    private static final VarHandle WORD = ValueLayout.JAVA_LONG.varHandle();
    private static final long PAYLOAD = 0xffff_ffffL;
    /** Entry words of a listed launch: group, rows, the sum's low half, its high half. */
    private static final int ENTRY_WORDS = 4;
    /** A listed launch's header payload when it noted more groups than its list holds. */
    private static final int OVERFLOWED = -1;

    private final MemorySegment area;
    private final long tag;

    TaggedResult(MemorySegment area, long sequence) {
        this.area = area;
        this.tag = sequence & PAYLOAD;
    }

    private long word(long index) {
        return (long) WORD.getAcquire(area, 8 * index);
    }

    /** Spins until word {@code index} carries the tag (true) or {@code deadline} (System.nanoTime) passed. */
    private boolean await(long index, long deadline) {
        for (int polls = 1; word(index) >>> 32 != tag; polls++) {
            if ((polls & 63) == 0 && System.nanoTime() - deadline > 0) return false;
            Thread.onSpinWait();
        }
        return true;
    }

    private static long payload(long word) {
        return word & PAYLOAD;
    }

    /** The listed header and every entry it announces are the job's (false: not by {@code deadline}). */
    boolean awaitListed(long deadline) {
        if (!await(0, deadline)) return false;
        int header = (int) word(0);
        if (header == OVERFLOWED) return true;
        long words = (long) ENTRY_WORDS * Integer.toUnsignedLong(header);
        if (8 * (CompactKernels.HEADER_WORDS + words) > area.byteSize()) {
            throw new IllegalStateException("a listed launch announced " + Integer.toUnsignedLong(header)
                    + " groups, more than the mailbox holds");
        }
        for (long i = 0; i < words; i++) {
            if (!await(CompactKernels.HEADER_WORDS + i, deadline)) return false;
        }
        return true;
    }

    /** The listed groups (after {@link #awaitListed}) in CompactKernels' layout for one measure. */
    LongBuffer listed() {
        int header = (int) word(0);
        if (header == OVERFLOWED) return LongBuffer.wrap(new long[] {QueryKernels.PresentList.OVERFLOW, 0});
        int present = header;
        int entryWords = CompactKernels.entryWords(1, false, false);
        long[] packed = new long[CompactKernels.HEADER_WORDS + present * entryWords];
        packed[0] = present;
        for (int i = 0; i < present; i++) {
            long at = CompactKernels.HEADER_WORDS + (long) i * ENTRY_WORDS;
            long rows = payload(word(at + 1));
            int e = CompactKernels.HEADER_WORDS + i * entryWords;
            packed[e] = payload(word(at));
            packed[e + 1] = rows;
            packed[e + 2] = rows;
            packed[e + 3] = payload(word(at + 2)) | payload(word(at + 3)) << 32;
        }
        return LongBuffer.wrap(packed);
    }

    /** Every block's partials (rows, the sum's halves) are the job's (false: not by {@code deadline}). */
    boolean awaitPartials(long blocks, long deadline) {
        for (long b = 0; b < blocks; b++) {
            long at = b * ResultMailbox.PARTIAL_WORDS;
            for (int w = 0; w < 3; w++) {
                if (!await(at + w, deadline)) return false;
            }
        }
        return true;
    }

    /** The blocks' partials added up (after {@link #awaitPartials}), in CompactKernels' layout for one measure. */
    LongBuffer partials(long blocks) {
        long rows = 0;
        long sum = 0;  // two's complement, as on the device: exact where the host's bound holds
        for (long b = 0; b < blocks; b++) {
            long at = b * ResultMailbox.PARTIAL_WORDS;
            rows += payload(word(at));
            sum += payload(word(at + 1)) | payload(word(at + 2)) << 32;
        }
        if (rows == 0) return LongBuffer.wrap(new long[] {0, 0});
        return LongBuffer.wrap(new long[] {1, 0, 0, rows, rows, sum});
    }
}
