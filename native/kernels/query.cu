/*
 * The cuda engine's fused query kernel: filter -> group -> exact 64-bit aggregation in one pass over the
 * resident encoded columns, for any job the offload planner produces.
 *
 *   filter      a conjunction of terms, each "the row's int32 code lies in one of these closed intervals"
 *               (RayDB: one term on the packed Z code; RTScan: one term per filtered column on its ranks),
 *               ANDed with an optional row bitmap (the optix engine's cube refine result)
 *   group       a dense group code per row (NULL pointer: one group)
 *   aggregate   per group COUNT(*), and per measure (nMeasures int64 columns back to back, optional
 *               validity bitmaps) the non-NULL count, SUM, MIN and MAX
 *
 * Accumulators (compact.cu's layout): counts[G], and per measure slot m * G + g: valid (NULL when no
 * measure has NULLs: a measure's non-NULL count is then the group's rows, and no counter is kept), sums,
 * mins and maxs (NULL when no aggregate needs them). They start at their identities and are only touched
 * for groups that get rows (rdb_compact_present relies on that to reset them).
 *
 * Pre-aggregation before global atomics: with one group and at most MAX_REGISTER_MEASURES measures
 * (useRegisters) each thread keeps its partials in registers, every warp reduces them with shuffles and
 * thread 0 combines the warps (one atomic per block and value); with useShared each block accumulates in
 * shared memory (the accumulators that exist, 8 bytes each) over all its rows and flushes once per touched
 * group; else global atomics. Sums wrap in two's complement; the host proves before the launch that no
 * partial sum can leave 64 bits (sum of |values| fits), so every result is exact.
 *
 * Launch: QUERY_THREADS threads per block, a grid-stride loop over rows, ROWS_PER_THREAD rows per step
 * (their code loads are independent, so several are in flight per thread); dynamic shared memory
 * 8 * (G + S * (1 + hasValid + hasMins + hasMaxs)) bytes (S = nMeasures * G) when useShared != 0, plus
 * 8 * stagedIntervals bytes: the intervals are copied to shared memory when they fit, since every row's
 * binary search reads them, plus 16 * numTerms bytes for the terms, always copied. So a filter that the host
 * left in mapped host memory (its mailbox) crosses the bus once per block, not once per row.
 *
 * Compaction in the launch: when the host passes `compacted` (a group space of a few compaction tiles),
 * the last block to finish does compact.cu's work itself, tile after tile (compact_tile.cuh), so the job
 * needs no compaction launch; the lean range kernels may instead note each group's first row in a list
 * (notePresent), and then the last block moves only the listed groups, whatever the group space. Each block
 * fences its flush before counting itself in `blocksDone` (the CUDA threadFenceReduction pattern); the last
 * block resets the counter to 0 for the next launch.
 *
 * Delivery to the host's mailbox: when the host also passes `mailbox` (mapped pinned host memory), the last
 * block copies the packed result there and then publishes `sequence` in the `done` word, so the host reads
 * the groups without a copy call or a stream synchronize (ResultMailbox.java). The lean range kernels' last
 * block delivers tagged words instead, with no done word (deliverTagged).
 */
#include <climits>
#include "compact_tile.cuh"

constexpr int QUERY_THREADS = 256;
constexpr int MAX_REGISTER_MEASURES = 4;
constexpr int ROWS_PER_THREAD = 4;
/* Rows per thread and step of the range kernel, their loads issued together; 4 spills registers under the
 * launch bound's 64 (ptxas -v), 2 does not. */
constexpr int RANGE_ROWS = 2;
static_assert(QUERY_THREADS == COMPACT_THREADS, "the last block compacts with the compaction's block shape");

/* One filter term; intervals[first .. first + count) are sorted, disjoint, closed. 16 bytes. */
struct RdbFilterTerm {
    const int* codes;
    int first;
    int count;
};

static __device__ __forceinline__ bool inIntervals(int code, const int2* intervals, int count) {
    int a = 0, b = count;  // binary search: the last interval starting at or below code
    while (a < b) {
        const int m = (a + b) >> 1;
        if (intervals[m].x <= code) a = m + 1; else b = m;
    }
    return a > 0 && code <= intervals[a - 1].y;
}

static __device__ __forceinline__ bool isValid(const unsigned int* valid, long long words, int m, long long row) {
    return valid == nullptr || ((valid[m * words + (row >> 5)] >> (row & 31)) & 1u);
}

static __device__ __forceinline__ long long warpSum(long long v) {
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    return v;
}

static __device__ __forceinline__ long long warpMin(long long v) {
    for (int o = 16; o > 0; o >>= 1) v = min(v, (long long)__shfl_down_sync(0xffffffffu, v, o));
    return v;
}

static __device__ __forceinline__ long long warpMax(long long v) {
    for (int o = 16; o > 0; o >>= 1) v = max(v, (long long)__shfl_down_sync(0xffffffffu, v, o));
    return v;
}

/* Register partials of the one-group case. */
struct RegisterPartials {
    unsigned long long count;
    unsigned long long valid[MAX_REGISTER_MEASURES];
    long long sum[MAX_REGISTER_MEASURES], min[MAX_REGISTER_MEASURES], max[MAX_REGISTER_MEASURES];
};

/* Where one qualifying row's aggregates go: shared or global accumulators (numGroups > 1 or many measures). */
struct Accumulators {
    unsigned long long* counts;
    unsigned long long* valid;
    long long* sums;
    long long* mins;
    long long* maxs;
};

static __device__ __forceinline__ void addToRegisters(RegisterPartials& p, const long long* measures, int nMeasures,
                                                      const unsigned int* measureValid, long long n, long long words,
                                                      long long row) {
    ++p.count;
#pragma unroll
    for (int m = 0; m < MAX_REGISTER_MEASURES; ++m) {
        if (m < nMeasures && isValid(measureValid, words, m, row)) {
            const long long v = __ldg(measures + m * n + row);
            ++p.valid[m];
            p.sum[m] = (long long)((unsigned long long)p.sum[m] + (unsigned long long)v);
            p.min[m] = min(p.min[m], v);
            p.max[m] = max(p.max[m], v);
        }
    }
}

static __device__ __forceinline__ void addAtomically(const Accumulators& a, int g, int numGroups,
                                                     const long long* measures, int nMeasures,
                                                     const unsigned int* measureValid, long long n, long long words,
                                                     long long row) {
    atomicAdd(a.counts + g, 1ull);
    for (int m = 0; m < nMeasures; ++m) {
        if (!isValid(measureValid, words, m, row)) continue;
        const long long v = __ldg(measures + m * n + row);
        const int slot = m * numGroups + g;
        if (a.valid) atomicAdd(a.valid + slot, 1ull);
        atomicAdd(reinterpret_cast<unsigned long long*>(a.sums + slot), (unsigned long long)v);
        if (a.mins) atomicMin(a.mins + slot, v);
        if (a.maxs) atomicMax(a.maxs + slot, v);
    }
}

static __device__ __forceinline__ RegisterPartials emptyPartials() {
    RegisterPartials p;
    p.count = 0;
#pragma unroll
    for (int m = 0; m < MAX_REGISTER_MEASURES; ++m) {
        p.valid[m] = 0;
        p.sum[m] = 0;
        p.min[m] = LLONG_MAX;
        p.max[m] = LLONG_MIN;
    }
    return p;
}

/*
 * Block-shared copies of the accumulators that exist in `global`, at their identities; the caller syncs.
 * Layout: counts[G], sums[S], then valid, mins, maxs [S] where they exist (fixed offsets, so the pointers
 * are cheap to recompute and do not hold registers through the row loop).
 */
static __device__ __forceinline__ Accumulators sharedAccumulators(long long* shared, int numGroups, int slots,
                                                                  const Accumulators& global) {
    const int hasValid = global.valid ? 1 : 0;
    const int hasMins = global.mins ? 1 : 0;
    long long* sums = shared + numGroups;
    long long* valid = sums + slots;
    long long* mins = valid + hasValid * slots;
    long long* maxs = mins + hasMins * slots;
    const long long zeros = numGroups + (long long)slots * (1 + hasValid);
    for (long long i = threadIdx.x; i < zeros; i += blockDim.x) shared[i] = 0;
    for (int i = threadIdx.x; i < slots; i += blockDim.x) {
        if (global.mins) mins[i] = LLONG_MAX;
        if (global.maxs) maxs[i] = LLONG_MIN;
    }
    return Accumulators{reinterpret_cast<unsigned long long*>(shared),
                        global.valid ? reinterpret_cast<unsigned long long*>(valid) : nullptr, sums,
                        global.mins ? mins : nullptr, global.maxs ? maxs : nullptr};
}

/* The end of a block: warp-reduced register partials, or the shared accumulators, into global memory. */
static __device__ __forceinline__ void flush(RegisterPartials& p, const Accumulators& acc, int useRegisters,
                                             int useShared, int numGroups, int nMeasures, const Accumulators& out) {
    unsigned long long* counts = out.counts;
    unsigned long long* validCounts = out.valid;
    long long* sums = out.sums;
    long long* mins = out.mins;
    long long* maxs = out.maxs;
    if (useRegisters) {
        // Warp partials (shuffles), then thread 0 combines the block's warps: one atomic per block and value,
        // so that many blocks over few rows do not queue on the same few addresses.
        constexpr int VALUES = 1 + 4 * MAX_REGISTER_MEASURES;
        __shared__ long long warpPartials[QUERY_THREADS / 32][VALUES];
        const int warp = threadIdx.x >> 5;
        const bool lane0 = (threadIdx.x & 31) == 0;
        const long long c = warpSum((long long)p.count);
        if (lane0) warpPartials[warp][0] = c;
#pragma unroll
        for (int m = 0; m < MAX_REGISTER_MEASURES; ++m) {
            if (m >= nMeasures) break;
            const long long vc = warpSum((long long)p.valid[m]);
            const long long s = warpSum(p.sum[m]);
            const long long lo = warpMin(p.min[m]);
            const long long hi = warpMax(p.max[m]);
            if (lane0) {
                warpPartials[warp][1 + 4 * m] = vc;
                warpPartials[warp][2 + 4 * m] = s;
                warpPartials[warp][3 + 4 * m] = lo;
                warpPartials[warp][4 + 4 * m] = hi;
            }
        }
        __syncthreads();
        if (threadIdx.x == 0) {
            unsigned long long rows = 0;
            for (int w = 0; w < QUERY_THREADS / 32; ++w) rows += (unsigned long long)warpPartials[w][0];
            if (rows) atomicAdd(counts, rows);
            for (int m = 0; m < nMeasures; ++m) {
                unsigned long long vc = 0, s = 0;
                long long lo = LLONG_MAX, hi = LLONG_MIN;
                for (int w = 0; w < QUERY_THREADS / 32; ++w) {
                    vc += (unsigned long long)warpPartials[w][1 + 4 * m];
                    s += (unsigned long long)warpPartials[w][2 + 4 * m];
                    lo = min(lo, warpPartials[w][3 + 4 * m]);
                    hi = max(hi, warpPartials[w][4 + 4 * m]);
                }
                if (vc) {
                    if (validCounts) atomicAdd(validCounts + m, vc);
                    atomicAdd(reinterpret_cast<unsigned long long*>(sums + m), s);
                    if (mins) atomicMin(mins + m, lo);
                    if (maxs) atomicMax(maxs + m, hi);
                }
            }
        }
    } else if (useShared) {
        __syncthreads();
        for (int g = threadIdx.x; g < numGroups; g += blockDim.x) {
            if (!acc.counts[g]) continue;
            atomicAdd(counts + g, acc.counts[g]);
            for (int m = 0; m < nMeasures; ++m) {
                const int slot = m * numGroups + g;
                if (acc.valid && !acc.valid[slot]) continue;
                if (validCounts) atomicAdd(validCounts + slot, acc.valid[slot]);
                atomicAdd(reinterpret_cast<unsigned long long*>(sums + slot), (unsigned long long)acc.sums[slot]);
                if (mins) atomicMin(mins + slot, acc.mins[slot]);
                if (maxs) atomicMax(maxs + slot, acc.maxs[slot]);
            }
        }
    }
}

/* One qualifying row into the thread's registers or the (shared or global) accumulators. */
static __device__ __forceinline__ void addRow(RegisterPartials& p, const Accumulators& acc, int useRegisters,
                                              const int* groups, int numGroups, const long long* measures,
                                              int nMeasures, const unsigned int* measureValid, long long n,
                                              long long words, long long row) {
    if (useRegisters) {
        addToRegisters(p, measures, nMeasures, measureValid, n, words, row);
    } else {
        addAtomically(acc, groups ? __ldg(groups + row) : 0, numGroups, measures, nMeasures, measureValid, n, words,
                      row);
    }
}

/*
 * Up to R rows (those with in[k]) at once. In the one-group case every row's measure loads are issued before the
 * values are added, so that R loads per thread are in flight; rows that go to shared or global accumulators are
 * added one by one, which measured faster there (docs/benchmarks/README.md, "What was tried").
 */
template <int R>
static __device__ __forceinline__ void addRows(RegisterPartials& p, const Accumulators& acc, int useRegisters,
                                               const int* groups, int numGroups, const long long* measures,
                                               int nMeasures, const unsigned int* measureValid, long long n,
                                               long long words, const long long (&row)[R], const bool (&in)[R]) {
    if (!useRegisters) {
#pragma unroll
        for (int k = 0; k < R; ++k) {
            if (in[k]) addRow(p, acc, 0, groups, numGroups, measures, nMeasures, measureValid, n, words, row[k]);
        }
        return;
    }
#pragma unroll
    for (int k = 0; k < R; ++k) p.count += in[k] ? 1 : 0;
#pragma unroll
    for (int m = 0; m < MAX_REGISTER_MEASURES; ++m) {
        if (m >= nMeasures) break;
        bool ok[R];
        long long v[R];
#pragma unroll
        for (int k = 0; k < R; ++k) ok[k] = in[k] && isValid(measureValid, words, m, row[k]);
#pragma unroll
        for (int k = 0; k < R; ++k) v[k] = ok[k] ? __ldg(measures + m * n + row[k]) : 0;
#pragma unroll
        for (int k = 0; k < R; ++k) {
            if (ok[k]) {
                ++p.valid[m];
                p.sum[m] = (long long)((unsigned long long)p.sum[m] + (unsigned long long)v[k]);
                p.min[m] = min(p.min[m], v[k]);
                p.max[m] = max(p.max[m], v[k]);
            }
        }
    }
}

/*
 * Publishes `sequence` in the host's `done` word once the block's stores to the mailbox are made: the barrier
 * orders every thread's stores before thread 0's system-scope fence, which is cumulative, so a host that reads
 * the flag with acquire sees them all (the release pattern of a CTA barrier, then one fence and the flag). One
 * fence, not one per thread and another by thread 0: a probe on the H100 host (a VM) put each round of
 * system-scope fences at 1,300-3,700 cycles of the last block.
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
 * to expect, takes each word once its tag is the job's: no system-scope fence and no flag behind them (on the
 * H100 host, every SSB query's kernel 1.0-3.3 us shorter by ncu than with the fence and flag, in one A/B call).
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
static __device__ void deliver(const long long* compacted, unsigned long long present, int words,
                               long long* mailbox, unsigned long long* done, unsigned long long sequence) {
    __syncthreads();  // the block's entries and header in `compacted` are visible to all its threads
    const long long total = 2 + (long long)present * words;
    for (long long i = threadIdx.x; i < total; i += blockDim.x) mailbox[i] = __ldcg(compacted + i);
    publish(done, sequence);
}

/*
 * The present-group list of the lean kernels (`listed`, device memory, listed[0] at 0 between launches): the
 * first row or block flush that lands on a group's zero count notes the group's code here, so that the last
 * block moves just the listed groups, all its threads at once, instead of walking the group space tile by tile
 * (q3.2-q3.4 and q4.3: two compaction launches over 107-428 tiles, 20-28 us by ncu). listed[0] counts every
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
 * round trip behind the header instead of two (ncu on the H100, A/B in one call: 11 of 13 SSB kernels 0.1-0.8 us
 * shorter).
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
    // Listed groups go straight to the mailbox where there is one (the probe: the copy from `compacted` behind
    // another barrier cost 600-4,700 cycles); tiles are compacted in `compacted`, whose codes they read back.
    long long* packed = listed && mailbox ? mailbox : compacted;
    if (listed) {
        header = listHeader(listed, listCapacity);
        present = header == LIST_OVERFLOW ? 0 : (unsigned long long)header;
        for (unsigned int i = threadIdx.x; i < present; i += blockDim.x) {
            moveEntry(packed + 2 + (long long)i * words, (int)__ldcg(listed + 1 + i), numGroups, nMeasures,
                      out.counts, out.valid, out.sums, out.mins, out.maxs);
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

extern "C" __global__ void __launch_bounds__(QUERY_THREADS, 4)
rdb_query_aggregate(const RdbFilterTerm* terms, int numTerms, const int2* intervals, int stagedIntervals,
                    const unsigned int* bitmap, const int* groups, int numGroups, const long long* measures,
                    int nMeasures, const unsigned int* measureValid, long long n, int useRegisters, int useShared,
                    unsigned long long* counts, unsigned long long* validCounts, long long* sums,
                    long long* mins, long long* maxs, long long* compacted, unsigned int* blocksDone,
                    long long* mailbox, unsigned long long* done, unsigned long long sequence) {
    extern __shared__ long long shared[];
    const long long words = (n + 31) >> 5;
    const int slots = nMeasures * numGroups;
    const int accumulatorWords = useShared ? numGroups + slots * (1 + (validCounts ? 1 : 0) + (mins ? 1 : 0)
                                                                  + (maxs ? 1 : 0)) : 0;
    const Accumulators acc = useShared
        ? sharedAccumulators(shared, numGroups, slots, Accumulators{counts, validCounts, sums, mins, maxs})
        : Accumulators{counts, validCounts, sums, mins, maxs};
    int2* staged = reinterpret_cast<int2*>(shared + accumulatorWords);
    RdbFilterTerm* stagedTerms = reinterpret_cast<RdbFilterTerm*>(staged + stagedIntervals);
    for (int i = threadIdx.x; i < stagedIntervals; i += blockDim.x) staged[i] = intervals[i];
    for (int i = threadIdx.x; i < numTerms; i += blockDim.x) stagedTerms[i] = terms[i];
    if (useShared || stagedIntervals || numTerms) __syncthreads();
    const int2* iv = stagedIntervals ? staged : intervals;

    RegisterPartials p = emptyPartials();

    const long long stride = (long long)gridDim.x * blockDim.x;
    for (long long base = (long long)blockIdx.x * blockDim.x + threadIdx.x; base < n;
         base += ROWS_PER_THREAD * stride) {
        bool pass[ROWS_PER_THREAD];
#pragma unroll
        for (int k = 0; k < ROWS_PER_THREAD; ++k) pass[k] = base + k * stride < n;
        for (int t = 0; t < numTerms; ++t) {
            const RdbFilterTerm term = stagedTerms[t];
            int code[ROWS_PER_THREAD];
#pragma unroll
            for (int k = 0; k < ROWS_PER_THREAD; ++k) code[k] = pass[k] ? __ldg(term.codes + base + k * stride) : 0;
#pragma unroll
            for (int k = 0; k < ROWS_PER_THREAD; ++k) pass[k] = pass[k] && inIntervals(code[k], iv + term.first, term.count);
        }
#pragma unroll
        for (int k = 0; k < ROWS_PER_THREAD; ++k) {
            const long long row = base + k * stride;
            if (pass[k] && bitmap) pass[k] = (__ldg(bitmap + (row >> 5)) >> (row & 31)) & 1u;
            if (pass[k]) addRow(p, acc, useRegisters, groups, numGroups, measures, nMeasures, measureValid, n, words, row);
        }
    }

    // The global accumulators again from the parameters: kept live through the loop they cost registers.
    const Accumulators global{counts, validCounts, sums, mins, maxs};
    flush(p, acc, useRegisters, useShared, numGroups, nMeasures, global);
    if (compacted) {
        compactIfLast(compacted, blocksDone, numGroups, nMeasures, global, nullptr, 0, mailbox, done, sequence,
                      false);
    }
}

/*
 * The walk over a Z-sorted projection's rows shared by the range kernels: rows are stored sorted by the packed
 * Z code of a BVH-catalog entry, so a query's Z intervals are contiguous row ranges (found on the host) and no
 * row outside them is read. The host lists the ranges as {first row, end} pairs, `end` counting the list's rows
 * up to and including the range; the list's rows, laid end to end, are split evenly between the blocks, each
 * block taking one contiguous share, thread t its rows t, t + QUERY_THREADS, ... of it. So every block of the
 * launch's one round of resident blocks gets the same rows whatever the ranges' lengths (dealing whole chunk
 * shares out round robin gave q3.1's 528 blocks one or two of 768 shares), and a
 * warp's rows are consecutive within a range. `rows(row, in)` gets R rows of the thread at once (in[k]: row[k]
 * exists), so that their loads can be issued together.
 *
 * The list comes in the launch's parameters (`inlined`, when `chunks` is NULL) or in device memory, never in
 * mapped host memory, whose reads cost a launch several µs (probes/kernel-input-latency.cu). Parameters cost
 * launch time by their size, so only short lists (INLINE_CHUNKS) go inline; longer ones are uploaded.
 */
constexpr int INLINE_CHUNKS = 256;
struct RdbInlineChunks {
    int2 chunk[INLINE_CHUNKS];
};

template <int R, class Rows>
static __device__ __forceinline__ void walkRanges(const RdbInlineChunks& inlined, const int2* chunks,
                                                  int numChunks, Rows rows) {
    if (numChunks <= 0) return;
    auto range = [&](int i) { return chunks ? __ldg(chunks + i) : inlined.chunk[i]; };
    // 32-bit row arithmetic: a projection's rows are int positions, and 64-bit made the register kernel spill.
    const int total = range(numChunks - 1).y;
    const int share = (int)(((long long)total + gridDim.x - 1) / gridDim.x);
    const long long first = (long long)blockIdx.x * share;
    if (first >= total) return;
    const int from = (int)first;
    const int to = (int)min((long long)total, first + share);
    // The range holding the share's first row, the same for every thread (so the searched words are broadcast).
    int a = 0, b = numChunks - 1;
    while (a < b) {
        const int m = (a + b) >> 1;
        if (range(m).y <= from) a = m + 1; else b = m;
    }
    // The thread's range: rows of the list below `end` are at their list position + `delta`.
    int at = a;
    int end = range(at).y;
    int delta = range(at).x - (at ? range(at - 1).y : 0);
    for (int i = from + threadIdx.x; i < to; i += R * QUERY_THREADS) {
        int row[R];
        bool in[R];
#pragma unroll
        for (int k = 0; k < R; ++k) {
            const int j = i + k * QUERY_THREADS;
            in[k] = j < to;
            while (in[k] && j >= end) {  // a thread only moves forward through the ranges
                const int2 next = range(++at);
                delta = next.x - end;
                end = next.y;
            }
            row[k] = j + delta;
        }
        rows(row, in);
    }
}

/*
 * The general range kernel: any number of measures, NULLs, MIN and MAX; same aggregation (and
 * pre-aggregation, same shared memory) as rdb_query_aggregate. Rows are walked RANGE_ROWS at a time per thread
 * (addRows).
 */
extern "C" __global__ void __launch_bounds__(QUERY_THREADS, 4)
rdb_range_aggregate(const __grid_constant__ RdbInlineChunks inlined, const int2* chunks, int numChunks,
                    const int* groups, int numGroups, const long long* measures, int nMeasures,
                    const unsigned int* measureValid, long long n,
                    int useRegisters, int useShared, unsigned long long* counts, unsigned long long* validCounts,
                    long long* sums, long long* mins, long long* maxs, long long* compacted,
                    unsigned int* blocksDone, long long* mailbox, unsigned long long* done,
                    unsigned long long sequence) {
    extern __shared__ long long shared[];
    const long long words = (n + 31) >> 5;
    const int slots = nMeasures * numGroups;
    const Accumulators global{counts, validCounts, sums, mins, maxs};
    const Accumulators acc = useShared ? sharedAccumulators(shared, numGroups, slots, global) : global;
    if (useShared) __syncthreads();
    RegisterPartials p = emptyPartials();
    walkRanges<RANGE_ROWS>(inlined, chunks, numChunks, [&](const int (&at)[RANGE_ROWS],
                                                          const bool (&in)[RANGE_ROWS]) {
        long long row[RANGE_ROWS];
#pragma unroll
        for (int k = 0; k < RANGE_ROWS; ++k) row[k] = at[k];
        addRows(p, acc, useRegisters, groups, numGroups, measures, nMeasures, measureValid, n, words, row, in);
    });
    flush(p, acc, useRegisters, useShared, numGroups, nMeasures, global);
    if (compacted) {
        compactIfLast(compacted, blocksDone, numGroups, nMeasures, global, nullptr, 0, mailbox, done, sequence,
                      false);
    }
}

/*
 * The lean range kernels: one measure without NULLs, COUNT and SUM only (every SSB query's shape), with the
 * pre-aggregation fixed at compile time. The general kernel keeps four measures' partials and MIN/MAX live and
 * reaches shared accumulators through generic pointers: 64 registers with spills, and a generic 64-bit ATOM
 * per row and accumulator (ncu on the H100: q3.1 at 100 us, a third of its stall samples on those atomics).
 * Here the partials are two registers, shared accumulators are addressed as shared memory and updated with
 * 32-bit atomics only (sharedAdd64), the block counts in 32 bits (a block sees fewer than 2^32 rows: the host
 * passes no more), and each thread issues the loads of R rows before it adds any of them. Shared layout
 * (LEAN_SHARED), unsigned int [G] each: sums' low halves, sums' high halves, counts; 12 bytes per group.
 */
constexpr int LEAN_REGISTERS = 0, LEAN_SHARED = 1, LEAN_GLOBAL = 2;

/*
 * Adds v to a 64-bit sum kept in shared memory as two 32-bit halves. sm_90 has no 64-bit shared-memory atomic
 * add: nvcc makes it a compare-and-swap loop, which ncu counted ~8 times round per row of q3.1 (47% of its
 * stalls), while 32-bit ones are single instructions. A carry out of the low half goes to the high half, so the
 * halves hold the sum mod 2^64 exactly, whatever the order of the adds.
 */
static __device__ __forceinline__ void sharedAdd64(unsigned int* lo, unsigned int* hi, unsigned long long v) {
    const unsigned int low = (unsigned int)v;
    const unsigned int old = atomicAdd(lo, low);
    const unsigned int high = (unsigned int)(v >> 32) + (old + low < old ? 1u : 0u);
    if (high) atomicAdd(hi, high);
}

/* Resident blocks per SM the lean kernels are compiled for (__launch_bounds__): 32 registers for the register
 * pre-aggregation (full occupancy), 40 for the atomic ones, which spill at 32. QueryKernels.java mirrors them. */
constexpr int LEAN_REGISTERS_BLOCKS_PER_SM = 8, LEAN_ATOMIC_BLOCKS_PER_SM = 6;

template <int MODE>
static __device__ __forceinline__ void leanRange(const RdbInlineChunks& inlined, const int2* chunks, int numChunks,
                                                 const int* groups, int numGroups, const long long* measure,
                                                 unsigned long long* counts, long long* sums, long long* compacted,
                                                 unsigned int* blocksDone, unsigned int* listed, int listCapacity,
                                                 int tagged, long long* mailbox, unsigned long long* done,
                                                 unsigned long long sequence) {
    constexpr int R = MODE == LEAN_REGISTERS ? 8 : 4;
    extern __shared__ unsigned int leanShared[];
    unsigned int* sharedLow = leanShared;
    unsigned int* sharedHigh = leanShared + numGroups;
    unsigned int* sharedCounts = leanShared + 2 * numGroups;
    if constexpr (MODE == LEAN_SHARED) {
        for (int i = threadIdx.x; i < 3 * numGroups; i += blockDim.x) leanShared[i] = 0;
        __syncthreads();
    }
    unsigned long long count = 0;
    unsigned long long sum = 0;  // two's complement: wraps like the accumulators, exact when the host's bound holds
    walkRanges<R>(inlined, chunks, numChunks, [&](const int (&row)[R], const bool (&in)[R]) {
        long long v[R];
        int g[R];
#pragma unroll
        for (int k = 0; k < R; ++k) v[k] = in[k] ? __ldg(measure + row[k]) : 0;
        if constexpr (MODE != LEAN_REGISTERS) {
#pragma unroll
            for (int k = 0; k < R; ++k) g[k] = in[k] ? __ldg(groups + row[k]) : 0;
        }
#pragma unroll
        for (int k = 0; k < R; ++k) {
            if constexpr (MODE == LEAN_REGISTERS) {
                count += in[k] ? 1 : 0;
                sum += (unsigned long long)v[k];
            } else if (in[k]) {
                if constexpr (MODE == LEAN_SHARED) {
                    atomicAdd(sharedCounts + g[k], 1u);
                    sharedAdd64(sharedLow + g[k], sharedHigh + g[k], (unsigned long long)v[k]);
                } else {
                    const unsigned long long before = atomicAdd(counts + g[k], 1ull);
                    atomicAdd(reinterpret_cast<unsigned long long*>(sums + g[k]), (unsigned long long)v[k]);
                    if (listed && before == 0) notePresent(listed, listCapacity, g[k]);
                }
            }
        }
    });
    const Accumulators global{counts, nullptr, sums, nullptr, nullptr};
    if constexpr (MODE == LEAN_REGISTERS) {
        // The general kernels' flush, from partials built after the loop (only they stay live through it).
        RegisterPartials p = emptyPartials();
        p.count = count;
        p.valid[0] = count;
        p.sum[0] = (long long)sum;
        flush(p, global, 1, 0, 1, 1, global);
    } else if constexpr (MODE == LEAN_SHARED) {
        __syncthreads();
        for (int g = threadIdx.x; g < numGroups; g += blockDim.x) {
            const unsigned int c = sharedCounts[g];
            if (!c) continue;
            const unsigned long long before = atomicAdd(counts + g, (unsigned long long)c);
            const unsigned long long sum = (unsigned long long)sharedHigh[g] << 32 | sharedLow[g];
            atomicAdd(reinterpret_cast<unsigned long long*>(sums + g), sum);
            if (listed && before == 0) notePresent(listed, listCapacity, g);
        }
    }
    if (compacted) {
        compactIfLast(compacted, blocksDone, numGroups, 1, global, listed, listCapacity, mailbox, done, sequence,
                      tagged != 0);
    }
}

#define RDB_LEAN_RANGE(NAME, MODE, BLOCKS_PER_SM)                                                                \
    extern "C" __global__ void __launch_bounds__(QUERY_THREADS, BLOCKS_PER_SM)                                   \
    NAME(const __grid_constant__ RdbInlineChunks inlined, const int2* chunks, int numChunks,                     \
         const int* groups, int numGroups, const long long* measure, unsigned long long* counts, long long* sums, \
         long long* compacted, unsigned int* blocksDone, unsigned int* listed, int listCapacity, int tagged,     \
         long long* mailbox, unsigned long long* done, unsigned long long sequence) {                            \
        leanRange<MODE>(inlined, chunks, numChunks, groups, numGroups, measure, counts, sums, compacted,         \
                        blocksDone, listed, listCapacity, tagged, mailbox, done, sequence);                      \
    }

RDB_LEAN_RANGE(rdb_range_sum_registers, LEAN_REGISTERS, LEAN_REGISTERS_BLOCKS_PER_SM)
RDB_LEAN_RANGE(rdb_range_sum_shared, LEAN_SHARED, LEAN_ATOMIC_BLOCKS_PER_SM)
RDB_LEAN_RANGE(rdb_range_sum_global, LEAN_GLOBAL, LEAN_ATOMIC_BLOCKS_PER_SM)
