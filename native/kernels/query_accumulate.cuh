/*
 * Aggregation of qualifying rows: per group COUNT(*), and per measure (nMeasures int64 columns, back to back or
 * each where it lies, optional validity bitmaps) the non-NULL count, SUM, MIN and MAX.
 *
 * Accumulators (compact.cu's layout): counts[G], and per measure slot m * G + g: valid (NULL when no
 * measure has NULLs: a measure's non-NULL count is then the group's rows, and no counter is kept), sums,
 * mins and maxs (NULL when no aggregate needs them). They start at their identities and are only touched
 * for groups that get rows (rdb_compact_present relies on that to reset them).
 *
 * Pre-aggregation before global atomics: with one group and at most MAX_REGISTER_MEASURES measures
 * (IN_REGISTERS) each thread keeps its partials in registers, every warp reduces them with shuffles and
 * thread 0 combines the warps (one atomic per block and value); IN_SHARED, each block accumulates in
 * shared memory (the accumulators that exist, 8 bytes each) over all its rows and flushes once per touched
 * group; else (IN_GLOBAL) global atomics. With few groups the lanes of a warp combine their rows first
 * (addWarpCombined). Sums wrap in two's complement; the host proves before the launch that no
 * partial sum can leave 64 bits (sum of |values| fits), so every result is exact.
 */
#pragma once
#include <climits>

constexpr int QUERY_THREADS = 256;
constexpr int MAX_REGISTER_MEASURES = 4;

/* A kernel's pre-aggregation, fixed at compile time: each is its own entry point, picked by the host. */
enum PreAggregation { IN_REGISTERS, IN_SHARED, IN_GLOBAL };

/*
 * Where measure m's value of a row is, and whether it is non-NULL. MeasureBlock: nMeasures columns of n values back
 * to back, validity bitmaps nMeasures x words (NULL: no NULLs), as the range kernels read a projection's copies.
 * MeasureColumns: each measure's column where it lies, its address and its bitmap's (NULL: none) staged in shared
 * memory, as a full scan reads the table-ordered columns: nothing is assembled for a query's list of measures.
 */
struct MeasureBlock {
    const long long* values;
    const unsigned int* valid;
    long long n;
    long long words;
    __device__ __forceinline__ long long value(int m, long long row) const { return __ldg(values + m * n + row); }
    __device__ __forceinline__ bool isValid(int m, long long row) const {
        return valid == nullptr || ((valid[m * words + (row >> 5)] >> (row & 31)) & 1u);
    }
};

struct MeasureColumns {
    const long long* const* values;
    const unsigned int* const* valid;
    __device__ __forceinline__ long long value(int m, long long row) const { return __ldg(values[m] + row); }
    __device__ __forceinline__ bool isValid(int m, long long row) const {
        const unsigned int* v = valid[m];
        return v == nullptr || ((__ldg(v + (row >> 5)) >> (row & 31)) & 1u);
    }
};

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

template <class M>
static __device__ __forceinline__ void addToRegisters(RegisterPartials& p, const M& ms, int nMeasures, long long row) {
    ++p.count;
#pragma unroll
    for (int m = 0; m < MAX_REGISTER_MEASURES; ++m) {
        if (m < nMeasures && ms.isValid(m, row)) {
            const long long v = ms.value(m, row);
            ++p.valid[m];
            p.sum[m] = (long long)((unsigned long long)p.sum[m] + (unsigned long long)v);
            p.min[m] = min(p.min[m], v);
            p.max[m] = max(p.max[m], v);
        }
    }
}

template <class M>
static __device__ __forceinline__ void addAtomically(const Accumulators& a, int g, int numGroups, const M& ms,
                                                     int nMeasures, long long row) {
    atomicAdd(a.counts + g, 1ull);
    for (int m = 0; m < nMeasures; ++m) {
        if (!ms.isValid(m, row)) continue;
        const long long v = ms.value(m, row);
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
template <PreAggregation MODE>
static __device__ __forceinline__ void flush(RegisterPartials& p, const Accumulators& acc, int numGroups, int nMeasures,
                                             const Accumulators& out) {
    unsigned long long* counts = out.counts;
    unsigned long long* validCounts = out.valid;
    long long* sums = out.sums;
    long long* mins = out.mins;
    long long* maxs = out.maxs;
    if constexpr (MODE == IN_REGISTERS) {
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
    } else if constexpr (MODE == IN_SHARED) {
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

/* Groups up to which the lanes of a warp combine their rows before the atomics (addWarpCombined). */
constexpr int WARP_COMBINED_GROUPS = 64;

/*
 * addAtomically for few groups: the warp's lanes adding to one group (__match_any_sync) first combine their rows,
 * and one lane per group adds the total, so that a few groups' accumulators are not contended by every lane
 * (TPC-H q1's four groups: every row's sums went to the same four addresses). Sums are combined exactly mod 2^64
 * from 32-bit reductions (two 16-bit halves of the low word, whose totals cannot carry out, and the high word,
 * which only matters mod 2^32). MIN and MAX stay per lane.
 */
template <class M>
static __device__ __forceinline__ void addWarpCombined(const Accumulators& a, int g, int numGroups, const M& ms,
                                                       int nMeasures, long long row) {
    const unsigned int peers = __match_any_sync(__activemask(), g);
    const bool leader = (threadIdx.x & 31) == __ffs(peers) - 1;
    if (leader) atomicAdd(a.counts + g, (unsigned long long)__popc(peers));
    // The measures' loads of a batch are issued before any is combined: their latencies overlap.
    for (int first = 0; first < nMeasures; first += MAX_REGISTER_MEASURES) {
        bool ok[MAX_REGISTER_MEASURES];
        unsigned long long v[MAX_REGISTER_MEASURES];
#pragma unroll
        for (int j = 0; j < MAX_REGISTER_MEASURES; ++j) {
            ok[j] = first + j < nMeasures && ms.isValid(first + j, row);
            v[j] = ok[j] ? (unsigned long long)ms.value(first + j, row) : 0ull;
        }
#pragma unroll
        for (int j = 0; j < MAX_REGISTER_MEASURES; ++j) {
            if (first + j >= nMeasures) break;
            const int slot = (first + j) * numGroups + g;
            if (a.valid) {
                const unsigned int valid = __popc(__ballot_sync(peers, ok[j]));
                if (leader && valid) atomicAdd(a.valid + slot, (unsigned long long)valid);
            }
            const unsigned int low = __reduce_add_sync(peers, (unsigned int)v[j] & 0xffffu);
            const unsigned int middle = __reduce_add_sync(peers, (unsigned int)v[j] >> 16);
            const unsigned int high = __reduce_add_sync(peers, (unsigned int)(v[j] >> 32));
            if (leader) {
                atomicAdd(
                    reinterpret_cast<unsigned long long*>(a.sums + slot),
                    (unsigned long long)low + ((unsigned long long)middle << 16) + ((unsigned long long)high << 32));
            }
            if (a.mins && ok[j]) atomicMin(a.mins + slot, (long long)v[j]);
            if (a.maxs && ok[j]) atomicMax(a.maxs + slot, (long long)v[j]);
        }
    }
}

/* One qualifying row, of group g, into the thread's registers or the (shared or global) accumulators. */
template <PreAggregation MODE, class M>
static __device__ __forceinline__ void addRow(RegisterPartials& p, const Accumulators& acc, int g, int numGroups,
                                              const M& ms, int nMeasures, long long row) {
    if constexpr (MODE == IN_REGISTERS) {
        addToRegisters(p, ms, nMeasures, row);
    } else if (numGroups <= WARP_COMBINED_GROUPS) {
        addWarpCombined(acc, g, numGroups, ms, nMeasures, row);
    } else {
        addAtomically(acc, g, numGroups, ms, nMeasures, row);
    }
}

/*
 * Up to R rows (those with in[k]) at once. In the one-group case every row's measure loads are issued before the
 * values are added, so that R loads per thread are in flight; rows that go to shared or global accumulators are
 * added one by one, which measured faster there (docs/benchmarks/README.md, "What was tried").
 */
template <PreAggregation MODE, int R>
static __device__ __forceinline__ void addRows(RegisterPartials& p, const Accumulators& acc, const int* groups,
                                               int numGroups, const MeasureBlock& ms, int nMeasures,
                                               const long long (&row)[R], const bool (&in)[R]) {
    if constexpr (MODE != IN_REGISTERS) {
#pragma unroll
        for (int k = 0; k < R; ++k) {
            if (in[k]) addRow<MODE>(p, acc, groups ? __ldg(groups + row[k]) : 0, numGroups, ms, nMeasures, row[k]);
        }
    } else {
#pragma unroll
        for (int k = 0; k < R; ++k) p.count += in[k] ? 1 : 0;
#pragma unroll
        for (int m = 0; m < MAX_REGISTER_MEASURES; ++m) {
            if (m >= nMeasures) break;
            bool ok[R];
            long long v[R];
#pragma unroll
            for (int k = 0; k < R; ++k) ok[k] = in[k] && ms.isValid(m, row[k]);
#pragma unroll
            for (int k = 0; k < R; ++k) v[k] = ok[k] ? ms.value(m, row[k]) : 0;
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
}

/*
 * Adds v to a 64-bit sum kept in shared memory as two 32-bit halves. sm_90 has no 64-bit shared-memory atomic
 * add: nvcc makes it a compare-and-swap loop, which retries under contention (docs/benchmarks/README.md,
 * "Query kernels"), while 32-bit ones are single instructions. A carry out of the low half goes to the high
 * half, so the halves hold the sum mod 2^64 exactly, whatever the order of the adds.
 */
static __device__ __forceinline__ void sharedAdd64(unsigned int* lo, unsigned int* hi, unsigned long long v) {
    const unsigned int low = (unsigned int)v;
    const unsigned int old = atomicAdd(lo, low);
    const unsigned int high = (unsigned int)(v >> 32) + (old + low < old ? 1u : 0u);
    if (high) atomicAdd(hi, high);
}
