/*
 * The end of a launch. Compaction in the launch: when the host passes `compacted` (a group space of a few
 * compaction tiles), the last block to finish does compact.cu's work itself, tile after tile
 * (compact_tile.cuh), so the job needs no compaction launch; the lean range kernels may instead note each
 * group's first row in a list (notePresent), and then the last block moves only the listed groups, whatever
 * the group space. Each block fences its flush before counting itself in `blocksDone` (the CUDA
 * threadFenceReduction pattern); the last block resets the counter to 0 for the next launch.
 *
 * Delivery to the host's mailbox: when the host also passes `mailbox` (mapped pinned host memory), the last
 * block copies the packed result there and then publishes `sequence` in the `done` word, so the host reads
 * the groups without a copy call or a stream synchronize (ResultMailbox.java). The lean range kernels' last
 * block delivers tagged words instead, with no done word (deliverTagged).
 */
#pragma once
#include "compact_tile.cuh"
#include "query_accumulate.cuh"

static_assert(QUERY_THREADS == COMPACT_THREADS, "the last block compacts with the compaction's block shape");

/*
 * Publishes `sequence` in the host's `done` word once the block's stores to the mailbox are made: the barrier
 * orders every thread's stores before thread 0's system-scope fence, which is cumulative, so a host that reads
 * the flag with acquire sees them all (the release pattern of a CTA barrier, then one fence and the flag). One
 * fence, not one per thread and another by thread 0: each round of system-scope fences is long on the last
 * block's critical path (docs/benchmarks/README.md, "Query kernels").
 */
static __device__ __forceinline__ void publish(unsigned long long* done, unsigned long long sequence) {
    __syncthreads();
    if (threadIdx.x == 0) {
        __threadfence_system();
        *reinterpret_cast<volatile unsigned long long*>(done) = sequence;
    }
}

/*
 * Tagged delivery (the lean range kernels): every 64-bit word the launch writes to the host's mailbox holds the
 * job's tag (its sequence number's low 32 bits, never 0) above 32 bits of payload, and goes out as a relaxed
 * system-scope store, which reaches the host whole (aligned 8 bytes). So the host, which knows how many words
 * to expect, takes each word once its tag is the job's: no system-scope fence and no flag behind them, which
 * shortened every SSB kernel (docs/benchmarks/README.md, "Query kernels").
 * storeTagged writes two consecutive words; ResultMailbox.java and TaggedResult.java read them.
 */
static __device__ __forceinline__ void storeTagged(long long* at, unsigned long long tag, unsigned int a,
                                                   unsigned int b) {
    asm volatile("st.relaxed.sys.global.v2.u64 [%0], {%1, %2};" ::"l"(at), "l"(tag | a), "l"(tag | b) : "memory");
}

/*
 * Copies the packed result (its header and `present` entries of `words` words) from `compacted` to the host's
 * mailbox, consecutive threads on consecutive words so that each warp's stores cross the bus as whole lines, and
 * publishes it. (A listed result is moved straight into the mailbox instead: compactIfLast.)
 */
static __device__ void deliver(const long long* compacted, unsigned long long present, int words, long long* mailbox,
                               unsigned long long* done, unsigned long long sequence) {
    __syncthreads();  // the block's entries and header in `compacted` are visible to all its threads
    const long long total = 2 + (long long)present * words;
    for (long long i = threadIdx.x; i < total; i += blockDim.x) mailbox[i] = __ldcg(compacted + i);
    publish(done, sequence);
}

/*
 * The present-group list of the lean kernels (`listed`, device memory, listed[0] at 0 between launches): the
 * first row or block flush that lands on a group's zero count notes the group's code here, so that the last
 * block moves just the listed groups, all its threads at once, instead of walking the group space tile by tile
 * in two compaction launches. listed[0] counts every
 * noted group, so a count above the list's capacity tells the last block that the list is incomplete.
 */
static __device__ __forceinline__ void notePresent(unsigned int* listed, int capacity, int g) {
    const unsigned int at = atomicAdd(listed, 1u);
    if (at < (unsigned int)capacity) listed[1 + at] = (unsigned int)g;
}

/* Header word 0 of a launch whose list overflowed: the groups are still in the accumulators, for compact.cu. */
constexpr long long LIST_OVERFLOW = -1;

/*
 * The packed result's header for a list (after every block's flush): the number of groups noted, the entries to
 * move, where the list holds them all; else LIST_OVERFLOW, and nothing is moved.
 */
static __device__ __forceinline__ long long listHeader(const unsigned int* listed, int capacity) {
    const unsigned int noted = __ldcg(listed);
    return noted <= (unsigned int)capacity ? (long long)noted : LIST_OVERFLOW;
}

/*
 * Counts the block as finished (thread 0, after the barrier that follows the block's flush) and returns, in
 * every thread, whether it was the last. One acquire-release atomic: its release half, after the barrier,
 * makes every thread's flush visible before the count (the CTA barrier then fence-and-atomic pattern of a
 * grid barrier), and its acquire half, before the next barrier, lets the last block read every other block's
 * flush; a fence in every thread before and another after cost the same and took a round trip more.
 */
static __device__ __forceinline__ bool finishedLast(unsigned int* blocksDone) {
    __shared__ bool last;
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned int before;
        asm volatile("atom.acq_rel.gpu.global.add.u32 %0, [%1], 1;" : "=r"(before) : "l"(blocksDone) : "memory");
        last = before == gridDim.x - 1;
    }
    __syncthreads();
    return last;
}

/*
 * The lean kernels' delivery by the last block, as tagged words: the listed groups (header tag | present, or
 * tag | 0xffffffff and nothing moved when more groups were noted than the list holds), or without a list (one
 * group) group 0 where it has rows; entry: tag | group, tag | rows, tag | the sum's low half, tag | its high
 * half (the lean kernels count fewer than 2^32 rows). The accumulators it moves go back to 0. Each thread loads
 * its first listed code with the list's count, and one group's sum with its count, so that the entries are one
 * round trip behind the header instead of two.
 */
static __device__ void deliverTagged(const Accumulators& out, unsigned int* blocksDone, unsigned int* listed,
                                     int listCapacity, long long* mailbox, unsigned long long sequence) {
    const unsigned long long tag = sequence << 32;
    unsigned int present;
    long long header;
    int firstCode = 0;
    unsigned long long oneRows = 0, oneSum = 0;
    if (listed) {
        firstCode = threadIdx.x < (unsigned int)listCapacity ? (int)__ldcg(listed + 1 + threadIdx.x) : 0;
        header = listHeader(listed, listCapacity);
        present = header == LIST_OVERFLOW ? 0 : (unsigned int)header;
    } else {
        oneRows = __ldcg(out.counts);
        oneSum = (unsigned long long)__ldcg(out.sums);
        present = oneRows ? 1 : 0;
        header = present;
    }
    for (unsigned int i = threadIdx.x; i < present; i += blockDim.x) {
        const int g = !listed ? 0 : i == threadIdx.x ? firstCode : (int)__ldcg(listed + 1 + i);
        const unsigned long long rows = listed ? __ldcg(out.counts + g) : oneRows;
        const unsigned long long sum = listed ? (unsigned long long)__ldcg(out.sums + g) : oneSum;
        long long* e = mailbox + 2 + 4 * (long long)i;
        storeTagged(e, tag, (unsigned int)g, (unsigned int)rows);
        storeTagged(e + 2, tag, (unsigned int)sum, (unsigned int)(sum >> 32));
        out.counts[g] = 0;
        out.sums[g] = 0;
    }
    __syncthreads();  // every thread has read listed[0] and counts[0]
    if (threadIdx.x == 0) {
        storeTagged(mailbox, tag, (unsigned int)header, 0u);
        *blocksDone = 0;
        if (listed) *listed = 0;
    }
}

/*
 * After every block's flush: the last block to finish moves the groups with rows to `compacted` (and delivers
 * them to `mailbox` when given): the listed ones in the order they were noted where the launch kept a list
 * (`listed`; header LIST_OVERFLOW and nothing moved when more groups were noted than it holds), else every
 * tile's in group order; a lean kernel with a list or one group delivers them to its mailbox as tagged words
 * instead where the host asks for it (`tagged`; deliverTagged). Not inlined: only one block runs the
 * compaction, and inlined its registers would add spills to the row loop.
 */
static __device__ __noinline__ void compactIfLast(long long* compacted, unsigned int* blocksDone, int numGroups,
                                                  int nMeasures, const Accumulators& out, unsigned int* listed,
                                                  int listCapacity, long long* mailbox, unsigned long long* done,
                                                  unsigned long long sequence, bool tagged) {
    if (!finishedLast(blocksDone)) return;
    if (tagged && mailbox) {
        deliverTagged(out, blocksDone, listed, listCapacity, mailbox, sequence);
        return;
    }
    const int words = 2 + nMeasures * (2 + (out.mins ? 1 : 0) + (out.maxs ? 1 : 0));
    unsigned long long present = 0;
    long long header;
    // Listed groups go straight to the mailbox where there is one (a copy from `compacted` would wait behind
    // another barrier); tiles are compacted in `compacted`, whose codes they read back.
    long long* packed = listed && mailbox ? mailbox : compacted;
    if (listed) {
        header = listHeader(listed, listCapacity);
        present = header == LIST_OVERFLOW ? 0 : (unsigned long long)header;
        for (unsigned int i = threadIdx.x; i < present; i += blockDim.x) {
            moveEntry(packed + 2 + (long long)i * words, (int)__ldcg(listed + 1 + i), numGroups, nMeasures, out.counts,
                      out.valid, out.sums, out.mins, out.maxs);
        }
        __syncthreads();  // every thread has read listed[0]
    } else {
        for (long long first = 0; first < numGroups; first += COMPACT_TILE) {
            present = compactTile(first, present, numGroups, nMeasures, out.counts, out.valid, out.sums, out.mins,
                                  out.maxs, compacted);
        }
        header = (long long)present;
    }
    if (threadIdx.x == 0) {
        packed[0] = header;
        packed[1] = 0;
        *blocksDone = 0;
        if (listed) *listed = 0;
    }
    if (packed == mailbox) {
        publish(done, sequence);
    } else if (mailbox) {
        deliver(compacted, present, words, mailbox, done, sequence);
    }
}
