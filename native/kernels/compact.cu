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
 * its groups in order (compact_tile.cuh). Deterministic; the last block writes P. A single tile needs only
 * the second pass (its first index is 0), and query.cu's kernels can do that one themselves.
 */
#include "compact_tile.cuh"

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

extern "C" __global__ void __launch_bounds__(COMPACT_THREADS)
    rdb_compact_present(const unsigned int* tileCounts, int numGroups, int nMeasures, unsigned long long* counts,
                        unsigned long long* valid, long long* sums, long long* mins, long long* maxs, long long* out) {
    unsigned long long before = 0;
    for (int t = threadIdx.x; t < (int)blockIdx.x; t += COMPACT_THREADS) before += tileCounts[t];
    before = blockSum(before);
    const unsigned long long end = compactTile((long long)blockIdx.x * COMPACT_TILE, before, numGroups, nMeasures,
                                               counts, valid, sums, mins, maxs, out);
    if (blockIdx.x == gridDim.x - 1 && threadIdx.x == 0) {
        out[0] = (long long)end;
        out[1] = 0;
    }
}

/* p[0 .. n) = value: accumulators to their identities when they are new or a job failed midway. */
extern "C" __global__ void rdb_fill(long long* p, long long n, long long value) {
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (long long)gridDim.x * blockDim.x) {
        p[i] = value;
    }
}
