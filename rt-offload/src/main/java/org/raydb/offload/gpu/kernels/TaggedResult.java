package org.raydb.offload.gpu.kernels;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.LongBuffer;
import java.util.Arrays;

/**
 * One job's tagged words in a {@link ResultMailbox}'s tagged area, as query.cu's storeTagged writes them: each
 * 64-bit word holds the job's tag (its sequence number's low 32 bits) above 32 bits of payload, and the kernel
 * stores them with no fence and no done word after them. A word is the job's once its tag is; each is read
 * whole (aligned 8 bytes), so the host takes a word as soon as its own tag says so, whatever order the words
 * arrive in.
 */
final class TaggedResult {

    private static final VarHandle WORD = ValueLayout.JAVA_LONG.varHandle();
    private static final long PAYLOAD = 0xffff_ffffL;
    /** Entry words: group, rows, the sum's low half, its high half. */
    private static final int ENTRY_WORDS = 4;
    /** The header's payload when a listed launch noted more groups than its list holds. */
    private static final int OVERFLOWED = -1;

    private final MemorySegment area;
    private final long tag;
    /** The words as copied from the area so far (indices as in the area). */
    private long[] words = new long[0];

    TaggedResult(MemorySegment area, long sequence) {
        this.area = area;
        this.tag = sequence & PAYLOAD;
    }

    /**
     * Copies words [from, to) of the area and returns the first of them whose tag is not the job's (to when all
     * are). MemorySegment.copy moves them with Unsafe.copyMemory, in whole 8-byte units where addresses and
     * length are multiples of 8, so no word is seen half written; and one bulk copy costs the host far less than
     * a read per word (a VarHandle read per word took 40-250 ns each here before the JIT had compiled the
     * loop).
     */
    private int firstMissing(int from, int to) {
        if (words.length < to) words = Arrays.copyOf(words, Math.max(to, 2 * words.length));
        MemorySegment.copy(area, ValueLayout.JAVA_LONG, 8L * from, words, from, to - from);
        for (int i = from; i < to; i++) {
            if (words[i] >>> 32 != tag) return i;
        }
        return to;
    }

    /**
     * Waits until words [from, to) carry the tag (true) or {@code deadline} (System.nanoTime) passed: a bulk copy,
     * then, while a word is missing, a spin on that word alone, so that the host does not keep reading lines that
     * the device is still writing.
     */
    private boolean await(int from, int to, long deadline) {
        while ((from = firstMissing(from, to)) < to) {
            if (!spin(from, deadline)) return false;
        }
        VarHandle.acquireFence();
        return true;
    }

    private boolean spin(int index, long deadline) {
        for (int polls = 1; (long) WORD.getAcquire(area, 8L * index) >>> 32 != tag; polls++) {
            if ((polls & 63) == 0 && System.nanoTime() - deadline > 0) return false;
            Thread.onSpinWait();
        }
        return true;
    }

    private long payload(int index) {
        return words[index] & PAYLOAD;
    }

    /** The header and every entry it announces are the job's (false: not by {@code deadline}). */
    boolean awaitGroups(long deadline) {
        if (!await(0, CompactKernels.HEADER_WORDS, deadline)) return false;
        int header = (int) words[0];
        if (header == OVERFLOWED) return true;
        long end = CompactKernels.HEADER_WORDS + (long) ENTRY_WORDS * Integer.toUnsignedLong(header);
        if (8 * end > area.byteSize()) {
            throw new IllegalStateException("a tagged delivery announced " + Integer.toUnsignedLong(header)
                    + " groups, more than the mailbox holds");
        }
        return await(CompactKernels.HEADER_WORDS, (int) end, deadline);
    }

    /** The delivered groups (after {@link #awaitGroups}) in CompactKernels' layout for one measure. */
    LongBuffer groups() {
        int header = (int) words[0];
        if (header == OVERFLOWED) return LongBuffer.wrap(new long[] {QueryKernels.PresentList.OVERFLOW, 0});
        int present = header;
        int entryWords = CompactKernels.entryWords(1, false, false);
        long[] packed = new long[CompactKernels.HEADER_WORDS + present * entryWords];
        packed[0] = present;
        for (int i = 0; i < present; i++) {
            int at = CompactKernels.HEADER_WORDS + i * ENTRY_WORDS;
            int e = CompactKernels.HEADER_WORDS + i * entryWords;
            packed[e] = payload(at);
            packed[e + 1] = payload(at + 1);
            packed[e + 2] = payload(at + 1);
            packed[e + 3] = payload(at + 2) | payload(at + 3) << 32;
        }
        return LongBuffer.wrap(packed);
    }
}
