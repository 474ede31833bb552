/*
 * The cuda engine's query kernels: filter -> group -> exact 64-bit aggregation in one pass over the resident
 * encoded columns, for any job the offload planner produces. Filter terms (query_filters.cuh), accumulation
 * and pre-aggregation (query_accumulate.cuh), the last block's compaction and delivery (query_delivery.cuh)
 * and the walk over a Z-sorted projection's row ranges (query_ranges.cuh) are in their headers; this file
 * holds the entry points. Each takes one by-value parameter, RdbScanParams or RdbRangeParams (both around
 * RdbQueryParams, raydb_query_params.h), whose bytes the Java side writes (QueryParams.java).
 *
 * Launch: QUERY_THREADS threads per block, a grid-stride loop over rows, ROWS_PER_THREAD rows per step
 * (their code loads are independent, so several are in flight per thread); dynamic shared memory
 * 8 * (G + S * (1 + hasValid + hasMins + hasMaxs)) bytes (S = nMeasures * G) IN_SHARED, plus
 * 8 * stagedIntervals bytes: the intervals are copied to shared memory when they fit, since every row's
 * binary search reads them, plus 16 * numTerms bytes for the terms and 16 * (nMeasures + numKeys) bytes for the
 * scan's column words, always copied. So a filter that the host left in mapped host memory (its mailbox) crosses
 * the bus once per block, not once per row.
 */
#include "query_filters.cuh"
#include "query_accumulate.cuh"
#include "query_delivery.cuh"
#include "query_ranges.cuh"
#include "raydb_query_params.h"

constexpr int ROWS_PER_THREAD = 4;
/* Rows per thread and step of the range kernel, their loads issued together; 4 spills registers under the
 * launch bound's 64 (ptxas -v), 2 does not. */
constexpr int RANGE_ROWS = 2;

/* rdb_query_aggregate_{registers,shared,global}: rows that pass the filter (query_filters.cuh), each measure and
 * group key read from its own table-ordered column (RdbScanParams). */
template <PreAggregation MODE>
static __device__ __forceinline__ void queryAggregate(const RdbScanParams& s) {
    extern __shared__ long long shared[];
    const RdbQueryParams& q = s.query;
    const long long n = q.n;
    const int numGroups = q.numGroups, nMeasures = q.nMeasures, numTerms = q.numTerms, numKeys = s.numKeys;
    const int stagedIntervals = q.stagedIntervals;
    const int2* intervals = reinterpret_cast<const int2*>(q.intervals);
    const int slots = nMeasures * numGroups;
    const int accumulatorWords =
        MODE == IN_SHARED ? numGroups + slots * (1 + (q.validCounts ? 1 : 0) + (q.mins ? 1 : 0) + (q.maxs ? 1 : 0)) : 0;
    const Accumulators acc = MODE == IN_SHARED
                                 ? sharedAccumulators(shared, numGroups, slots,
                                                      Accumulators{q.counts, q.validCounts, q.sums, q.mins, q.maxs})
                                 : Accumulators{q.counts, q.validCounts, q.sums, q.mins, q.maxs};
    int2* staged = reinterpret_cast<int2*>(shared + accumulatorWords);
    RdbFilterTerm* stagedTerms = reinterpret_cast<RdbFilterTerm*>(staged + stagedIntervals);
    long long* stagedColumns = reinterpret_cast<long long*>(stagedTerms + numTerms);
    const int columnWords = 2 * (nMeasures + numKeys);
    for (int i = threadIdx.x; i < stagedIntervals; i += blockDim.x) staged[i] = intervals[i];
    for (int i = threadIdx.x; i < numTerms; i += blockDim.x) stagedTerms[i] = q.terms[i];
    for (int i = threadIdx.x; i < columnWords; i += blockDim.x) stagedColumns[i] = s.columns[i];
    __syncthreads();
    const int2* iv = stagedIntervals ? staged : intervals;
    const MeasureColumns ms{reinterpret_cast<const long long* const*>(stagedColumns),
                            reinterpret_cast<const unsigned int* const*>(stagedColumns + nMeasures)};
    const int* const* keyCodes = reinterpret_cast<const int* const*>(stagedColumns + 2 * nMeasures);
    const long long* radix = stagedColumns + 2 * nMeasures + numKeys;

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
            for (int k = 0; k < ROWS_PER_THREAD; ++k)
                pass[k] = pass[k] && inIntervals(code[k], iv + term.first, term.count);
        }
#pragma unroll
        for (int k = 0; k < ROWS_PER_THREAD; ++k) {
            const long long row = base + k * stride;
            if (pass[k] && q.bitmap) pass[k] = (__ldg(q.bitmap + (row >> 5)) >> (row & 31)) & 1u;
            if (pass[k]) {
                int g = numKeys == 0 && q.groups ? __ldg(q.groups + row) : 0;
                for (int key = 0; key < numKeys; ++key) g = g * (int)radix[key] + __ldg(keyCodes[key] + row);
                addRow<MODE>(p, acc, g, numGroups, ms, nMeasures, row);
            }
        }
    }

    // The global accumulators again from the parameters: kept live through the loop they cost registers.
    const Accumulators global{q.counts, q.validCounts, q.sums, q.mins, q.maxs};
    flush<MODE>(p, acc, numGroups, nMeasures, global);
    if (q.compacted) {
        compactIfLast(q.compacted, q.blocksDone, numGroups, nMeasures, global, nullptr, 0, q.mailbox, q.done,
                      q.sequence, false);
    }
}

/*
 * rdb_range_aggregate_{registers,shared,global}, the general range kernel: any number of measures, NULLs, MIN
 * and MAX; same aggregation (and pre-aggregation, same shared memory) as queryAggregate. Rows are walked
 * RANGE_ROWS at a time per thread (addRows).
 */
template <PreAggregation MODE>
static __device__ __forceinline__ void rangeAggregate(const RdbRangeParams& r) {
    extern __shared__ long long shared[];
    const RdbQueryParams& q = r.query;
    const long long n = q.n;
    const int numGroups = q.numGroups, nMeasures = q.nMeasures;
    const long long words = (n + 31) >> 5;
    const int slots = nMeasures * numGroups;
    const Accumulators global{q.counts, q.validCounts, q.sums, q.mins, q.maxs};
    const Accumulators acc = MODE == IN_SHARED ? sharedAccumulators(shared, numGroups, slots, global) : global;
    if (MODE == IN_SHARED) __syncthreads();
    RegisterPartials p = emptyPartials();
    const MeasureBlock ms{q.measures, q.measureValid, n, words};
    walkRanges<RANGE_ROWS>(reinterpret_cast<const int2*>(r.inlineChunks), reinterpret_cast<const int2*>(q.chunks),
                           q.numChunks, [&](const int(&at)[RANGE_ROWS], const bool(&in)[RANGE_ROWS]) {
                               long long row[RANGE_ROWS];
#pragma unroll
                               for (int k = 0; k < RANGE_ROWS; ++k) row[k] = at[k];
                               addRows<MODE>(p, acc, q.groups, numGroups, ms, nMeasures, row, in);
                           });
    flush<MODE>(p, acc, numGroups, nMeasures, global);
    if (q.compacted) {
        compactIfLast(q.compacted, q.blocksDone, numGroups, nMeasures, global, nullptr, 0, q.mailbox, q.done,
                      q.sequence, false);
    }
}

/*
 * rdb_range_aggregate_few: the general range kernel's job for a few groups and measures (numGroups <= FEW_GROUPS,
 * numGroups * nMeasures <= FEW_SLOTS), without NULLs, MIN or MAX: COUNT and SUM only, TPC-H q1's shape. There the
 * general kernel sent every row to the same few accumulators, through warp reductions and 64-bit shared adds
 * (compare-and-swap loops). Here lane l of each warp owns slot l (group l / nMeasures, measure l % nMeasures) and
 * the count of group l: per step of FEW_ROWS rows a thread, for each group and measure the warp reduces its lanes'
 * sums for that group (exactly mod 2^64, in 16/16/32-bit parts as addWarpCombined does) and the owner lane adds the
 * total to its register. No atomic runs per row; at the end the block combines its warps' slots in shared memory
 * and adds them to the global accumulators once.
 */
constexpr int FEW_GROUPS = 8, FEW_SLOTS = 32, FEW_MEASURES = 8, FEW_ROWS = 2;
/* Resident blocks per SM it is compiled for; QueryKernels.java mirrors it. */
constexpr int FEW_BLOCKS_PER_SM = 4;

extern "C" __global__ void __launch_bounds__(QUERY_THREADS, FEW_BLOCKS_PER_SM)
    rdb_range_aggregate_few(const __grid_constant__ RdbRangeParams r) {
    const RdbQueryParams& q = r.query;
    const long long n = q.n;
    const int numGroups = q.numGroups, nMeasures = q.nMeasures;
    const int lane = threadIdx.x & 31;
    unsigned long long slotSum = 0;    // slot `lane`
    unsigned long long groupRows = 0;  // group `lane`
    walkRanges<FEW_ROWS, true>(reinterpret_cast<const int2*>(r.inlineChunks), reinterpret_cast<const int2*>(q.chunks),
                               q.numChunks,
                               [&](const int(&row)[FEW_ROWS], const bool(&in)[FEW_ROWS]) {
        int g[FEW_ROWS];
        long long v[FEW_ROWS][FEW_MEASURES];
#pragma unroll
        for (int k = 0; k < FEW_ROWS; ++k) g[k] = in[k] ? __ldg(q.groups + row[k]) : -1;
#pragma unroll
        for (int k = 0; k < FEW_ROWS; ++k) {
#pragma unroll
            for (int m = 0; m < FEW_MEASURES; ++m)
                v[k][m] = in[k] && m < nMeasures ? __ldg(q.measures + m * n + row[k]) : 0;
        }
#pragma unroll
        for (int group = 0; group < FEW_GROUPS; ++group) {
            if (group >= numGroups) break;
            unsigned int rows = 0;
#pragma unroll
            for (int k = 0; k < FEW_ROWS; ++k) rows += __popc(__ballot_sync(0xffffffffu, g[k] == group));
            if (lane == group) groupRows += rows;
            if (rows == 0) continue;  // the same for the whole warp
#pragma unroll
            for (int m = 0; m < FEW_MEASURES; ++m) {
                if (m >= nMeasures) break;
                unsigned long long part = 0;
#pragma unroll
                for (int k = 0; k < FEW_ROWS; ++k) part += g[k] == group ? (unsigned long long)v[k][m] : 0ull;
                const unsigned int low = __reduce_add_sync(0xffffffffu, (unsigned int)part & 0xffffu);
                const unsigned int middle = __reduce_add_sync(0xffffffffu, ((unsigned int)part) >> 16);
                const unsigned int high = __reduce_add_sync(0xffffffffu, (unsigned int)(part >> 32));
                if (lane == group * nMeasures + m) {
                    slotSum +=
                        (unsigned long long)low + ((unsigned long long)middle << 16) + ((unsigned long long)high << 32);
                }
            }
        }
    });
    // The block's warps into shared memory (64-bit values as 32-bit halves), then one global add per slot.
    __shared__ unsigned int sumLow[FEW_SLOTS], sumHigh[FEW_SLOTS], rowsLow[FEW_GROUPS], rowsHigh[FEW_GROUPS];
    if (threadIdx.x < FEW_SLOTS) sumLow[threadIdx.x] = sumHigh[threadIdx.x] = 0;
    if (threadIdx.x < FEW_GROUPS) rowsLow[threadIdx.x] = rowsHigh[threadIdx.x] = 0;
    __syncthreads();
    const int slots = numGroups * nMeasures;
    if (lane < slots && slotSum) sharedAdd64(sumLow + lane, sumHigh + lane, slotSum);
    if (lane < numGroups && groupRows) sharedAdd64(rowsLow + lane, rowsHigh + lane, groupRows);
    __syncthreads();
    if (threadIdx.x < numGroups) {
        const unsigned long long rows = (unsigned long long)rowsHigh[threadIdx.x] << 32 | rowsLow[threadIdx.x];
        if (rows) atomicAdd(q.counts + threadIdx.x, rows);
    }
    if (threadIdx.x < slots) {
        // Slot l is group l / nMeasures, measure l % nMeasures; the accumulators are measure-major.
        const int group = threadIdx.x / nMeasures, m = threadIdx.x % nMeasures;
        const unsigned long long sum = (unsigned long long)sumHigh[threadIdx.x] << 32 | sumLow[threadIdx.x];
        if (sum) atomicAdd(reinterpret_cast<unsigned long long*>(q.sums + m * numGroups + group), sum);
    }
    if (q.compacted) {
        const Accumulators global{q.counts, q.validCounts, q.sums, q.mins, q.maxs};
        compactIfLast(q.compacted, q.blocksDone, numGroups, nMeasures, global, nullptr, 0, q.mailbox, q.done,
                      q.sequence, false);
    }
}

/* The general kernels' entry points, one per pre-aggregation; the host picks one by name (QueryKernels.java). */
#define RDB_GENERAL(NAME, MODE)                                                \
    extern "C" __global__ void __launch_bounds__(QUERY_THREADS, 4)             \
        rdb_query_aggregate_##NAME(const __grid_constant__ RdbScanParams s) {  \
        queryAggregate<MODE>(s);                                               \
    }                                                                          \
    extern "C" __global__ void __launch_bounds__(QUERY_THREADS, 4)             \
        rdb_range_aggregate_##NAME(const __grid_constant__ RdbRangeParams r) { \
        rangeAggregate<MODE>(r);                                               \
    }

RDB_GENERAL(registers, IN_REGISTERS)
RDB_GENERAL(shared, IN_SHARED)
RDB_GENERAL(global, IN_GLOBAL)

/*
 * The lean range kernels: one measure without NULLs, COUNT and SUM only (every SSB query's shape), with the
 * pre-aggregation fixed at compile time. The general kernel keeps four measures' partials and MIN/MAX live and
 * reaches shared accumulators through generic pointers: 64 registers, and a generic 64-bit ATOM
 * per row and accumulator, where most of its stalls were (docs/benchmarks/README.md, "Query kernels").
 * Here the partials are two registers, shared accumulators are addressed as shared memory and updated with
 * 32-bit atomics only (sharedAdd64), the block counts in 32 bits (a block sees fewer than 2^32 rows: the host
 * passes no more), and each thread issues the loads of R rows before it adds any of them. Shared layout
 * (IN_SHARED), unsigned int [G] each: sums' low halves, sums' high halves, counts; 12 bytes per group.
 * `tagged` stays a runtime flag: only the last block reads it, once, so as a template parameter it would double
 * the entry points and change no row loop.
 */
/* Resident blocks per SM the lean kernels are compiled for (__launch_bounds__): 32 registers for the register
 * pre-aggregation (full occupancy), 40 for the atomic ones, which spill at 32. QueryKernels.java mirrors them. */
constexpr int LEAN_REGISTERS_BLOCKS_PER_SM = 8, LEAN_ATOMIC_BLOCKS_PER_SM = 6;

template <PreAggregation MODE>
static __device__ __forceinline__ void leanRange(const int2* inlined, const int2* chunks, int numChunks,
                                                 const int* groups, int numGroups, const long long* measure,
                                                 unsigned long long* counts, long long* sums, long long* compacted,
                                                 unsigned int* blocksDone, unsigned int* listed, int listCapacity,
                                                 int tagged, long long* mailbox, unsigned long long* done,
                                                 unsigned long long sequence) {
    constexpr int R = MODE == IN_REGISTERS ? 8 : 4;
    extern __shared__ unsigned int leanShared[];
    unsigned int* sharedLow = leanShared;
    unsigned int* sharedHigh = leanShared + numGroups;
    unsigned int* sharedCounts = leanShared + 2 * numGroups;
    if constexpr (MODE == IN_SHARED) {
        for (int i = threadIdx.x; i < 3 * numGroups; i += blockDim.x) leanShared[i] = 0;
        __syncthreads();
    }
    unsigned long long count = 0;
    unsigned long long sum = 0;  // two's complement: wraps like the accumulators, exact when the host's bound holds
    walkRanges<R>(inlined, chunks, numChunks, [&](const int(&row)[R], const bool(&in)[R]) {
        long long v[R];
        int g[R];
#pragma unroll
        for (int k = 0; k < R; ++k) v[k] = in[k] ? __ldg(measure + row[k]) : 0;
        if constexpr (MODE != IN_REGISTERS) {
#pragma unroll
            for (int k = 0; k < R; ++k) g[k] = in[k] ? __ldg(groups + row[k]) : 0;
        }
#pragma unroll
        for (int k = 0; k < R; ++k) {
            if constexpr (MODE == IN_REGISTERS) {
                count += in[k] ? 1 : 0;
                sum += (unsigned long long)v[k];
            } else if (in[k]) {
                if constexpr (MODE == IN_SHARED) {
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
    if constexpr (MODE == IN_REGISTERS) {
        // The general kernels' flush, from partials built after the loop (only they stay live through it).
        RegisterPartials p = emptyPartials();
        p.count = count;
        p.valid[0] = count;
        p.sum[0] = (long long)sum;
        flush<IN_REGISTERS>(p, global, 1, 1, global);
    } else if constexpr (MODE == IN_SHARED) {
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

#define RDB_LEAN_RANGE(NAME, MODE, BLOCKS_PER_SM)                                                                    \
    extern "C" __global__ void __launch_bounds__(QUERY_THREADS, BLOCKS_PER_SM)                                       \
        NAME(const __grid_constant__ RdbRangeParams r) {                                                             \
        const RdbQueryParams& q = r.query;                                                                           \
        leanRange<MODE>(reinterpret_cast<const int2*>(r.inlineChunks), reinterpret_cast<const int2*>(q.chunks),      \
                        q.numChunks, q.groups, q.numGroups, q.measures, q.counts, q.sums, q.compacted, q.blocksDone, \
                        q.listed, q.listCapacity, q.tagged, q.mailbox, q.done, q.sequence);                          \
    }

RDB_LEAN_RANGE(rdb_range_sum_registers, IN_REGISTERS, LEAN_REGISTERS_BLOCKS_PER_SM)
RDB_LEAN_RANGE(rdb_range_sum_shared, IN_SHARED, LEAN_ATOMIC_BLOCKS_PER_SM)
RDB_LEAN_RANGE(rdb_range_sum_global, IN_GLOBAL, LEAN_ATOMIC_BLOCKS_PER_SM)
