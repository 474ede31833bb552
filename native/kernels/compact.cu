/*
 * The result path of both GPU engines: the dense per-group accumulators (counts[G]; per measure valid,
 * sums, mins, maxs [M*G], slot = m * G + g; valid, mins and maxs optional) become a packed list of the
 * groups that have rows, in ascending group code, and every slot read is reset to its identity on the way
 * (0, LLONG_MAX for mins, LLONG_MIN for maxs). Kernels touch only the slots of groups with rows, so after
 * the compaction the accumulators are all identities again and the next query needs no clearing.
 *
 * Output (int64 words): out[0] = number of present groups P, out[1] = 0, then P entries of
 * W = 2 + M * (2 + hasMins + hasMaxs) words: group, rows, then per measure non-NULL count, sum, [min], [max].
 * Without valid counters (no measure has NULLs) a measure's non-NULL count is the group's rows.
 *
 * Two passes over tiles of COMPACT_TILE groups, one block per tile: rdb_count_present counts each tile's
 * present groups; rdb_compact_present sums the earlier tiles' counts for its first output index and writes
 * its groups in order (ballot and warp totals per step). Deterministic; the last block writes P.
 */
#include <climits>

constexpr int COMPACT_THREADS = 256;
constexpr int COMPACT_WARPS = COMPACT_THREADS / 32;
constexpr int COMPACT_TILE = COMPACT_THREADS * 16;

/* Block-wide sum; every thread gets it. */
static __device__ __forceinline__ unsigned long long blockSum(unsigned long long v) {
    __shared__ unsigned long long partial[COMPACT_WARPS];
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    if ((threadIdx.x & 31) == 0) partial[threadIdx.x >> 5] = v;
    __syncthreads();
    unsigned long long total = 0;
    for (int w = 0; w < COMPACT_WARPS; ++w) total += partial[w];
    __syncthreads();
    return total;
}

extern "C" __global__ void __launch_bounds__(COMPACT_THREADS)
rdb_count_present(const unsigned long long* counts, int numGroups, unsigned int* tileCounts) {
    const long long first = (long long)blockIdx.x * COMPACT_TILE;
    unsigned long long present = 0;
    for (int i = threadIdx.x; i < COMPACT_TILE; i += COMPACT_THREADS) {
        const long long g = first + i;
        present += g < numGroups && counts[g] != 0;
    }
    present = blockSum(present);
    if (threadIdx.x == 0) tileCounts[blockIdx.x] = (unsigned int)present;
}

/* Reads one present group's state into its entry and resets its slots. */
static __device__ __forceinline__ void moveEntry(long long* e, int g, int numGroups, int nMeasures,
                                                 unsigned long long* counts, unsigned long long* valid,
                                                 long long* sums, long long* mins, long long* maxs) {
    const unsigned long long rows = counts[g];
    counts[g] = 0;
    e[0] = g;
    e[1] = (long long)rows;
    int k = 2;
    for (int m = 0; m < nMeasures; ++m) {
        const long long slot = (long long)m * numGroups + g;
        e[k++] = (long long)(valid ? valid[slot] : rows);
        if (valid) valid[slot] = 0;
        e[k++] = sums[slot];
        sums[slot] = 0;
        if (mins) {
            e[k++] = mins[slot];
            mins[slot] = LLONG_MAX;
        }
        if (maxs) {
            e[k++] = maxs[slot];
            maxs[slot] = LLONG_MIN;
        }
    }
}

extern "C" __global__ void __launch_bounds__(COMPACT_THREADS)
rdb_compact_present(const unsigned int* tileCounts, int numGroups, int nMeasures, unsigned long long* counts,
                    unsigned long long* valid, long long* sums, long long* mins, long long* maxs, long long* out) {
    __shared__ unsigned int warpTotals[COMPACT_WARPS];
    __shared__ unsigned long long base;
    unsigned long long before = 0;
    for (int t = threadIdx.x; t < (int)blockIdx.x; t += COMPACT_THREADS) before += tileCounts[t];
    before = blockSum(before);
    if (threadIdx.x == 0) base = before;
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    const int words = 2 + nMeasures * (2 + (mins ? 1 : 0) + (maxs ? 1 : 0));
    const long long first = (long long)blockIdx.x * COMPACT_TILE;
    for (int step = 0; step < COMPACT_TILE; step += COMPACT_THREADS) {
        const long long g = first + step + threadIdx.x;
        const bool present = g < numGroups && counts[g] != 0;
        const unsigned int ballot = __ballot_sync(0xffffffffu, present);
        if (lane == 0) warpTotals[warp] = __popc(ballot);
        __syncthreads();
        unsigned int offset = 0, total = 0;
        for (int w = 0; w < COMPACT_WARPS; ++w) {
            if (w < warp) offset += warpTotals[w];
            total += warpTotals[w];
        }
        if (present) {
            const unsigned long long index = base + offset + __popc(ballot & ((1u << lane) - 1u));
            moveEntry(out + 2 + index * words, (int)g, numGroups, nMeasures, counts, valid, sums, mins, maxs);
        }
        __syncthreads();  // everyone has read base and warpTotals
        if (threadIdx.x == 0) base += total;
        __syncthreads();
    }
    if (blockIdx.x == gridDim.x - 1 && threadIdx.x == 0) {
        out[0] = (long long)base;
        out[1] = 0;
    }
}

/* p[0 .. n) = value: accumulators to their identities when they are new or a job failed midway. */
extern "C" __global__ void rdb_fill(long long* p, long long n, long long value) {
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) {
        p[i] = value;
    }
}
