/*
 * One block's share of the result compaction (compact.cu describes the layouts), shared by compact.cu's
 * kernels and query.cu, whose last block compacts a single-tile group space itself so that a job needs no
 * compaction launch. Loads bypass L1 (__ldcg): in query.cu, other blocks of the same launch wrote the
 * accumulators with atomics.
 */
#pragma once
#include <climits>

constexpr int COMPACT_THREADS = 256;
constexpr int COMPACT_WARPS = COMPACT_THREADS / 32;
constexpr int COMPACT_TILE = COMPACT_THREADS * 16;

/* Reads one present group's state into its entry and resets its slots. */
static __device__ __forceinline__ void moveEntry(long long* e, int g, int numGroups, int nMeasures,
                                                 unsigned long long* counts, unsigned long long* valid,
                                                 long long* sums, long long* mins, long long* maxs) {
    const unsigned long long rows = __ldcg(counts + g);
    counts[g] = 0;
    e[0] = g;
    e[1] = (long long)rows;
    int k = 2;
    for (int m = 0; m < nMeasures; ++m) {
        const long long slot = (long long)m * numGroups + g;
        e[k++] = (long long)(valid ? __ldcg(valid + slot) : rows);
        if (valid) valid[slot] = 0;
        e[k++] = __ldcg(sums + slot);
        sums[slot] = 0;
        if (mins) {
            e[k++] = __ldcg(mins + slot);
            mins[slot] = LLONG_MAX;
        }
        if (maxs) {
            e[k++] = __ldcg(maxs + slot);
            maxs[slot] = LLONG_MIN;
        }
    }
}

/*
 * Moves the present groups of [first, first + COMPACT_TILE) to entries base, base + 1, ... of out (after
 * its header), in group order, resetting their slots. Each thread first loads the counts of all its groups
 * (independent loads, in flight together), then the block places them step by step (ballot and warp
 * totals). Every thread of the COMPACT_THREADS returns the index after the last entry written.
 */
static __device__ __forceinline__ unsigned long long compactTile(long long first, unsigned long long base,
                                                                 int numGroups, int nMeasures,
                                                                 unsigned long long* counts,
                                                                 unsigned long long* valid, long long* sums,
                                                                 long long* mins, long long* maxs, long long* out) {
    constexpr int STEPS = COMPACT_TILE / COMPACT_THREADS;
    __shared__ unsigned int warpTotals[COMPACT_WARPS];
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    const int words = 2 + nMeasures * (2 + (mins ? 1 : 0) + (maxs ? 1 : 0));
    unsigned int presentMask = 0;  // bit s: group first + s * COMPACT_THREADS + threadIdx.x has rows
#pragma unroll 8  // loads in flight together; unrolled fully, ptxas spills
    for (int s = 0; s < STEPS; ++s) {
        const long long g = first + (long long)s * COMPACT_THREADS + threadIdx.x;
        if (g < numGroups && __ldcg(counts + g) != 0) presentMask |= 1u << s;
    }
    if (!__syncthreads_or(presentMask)) return base;
    for (int s = 0; s < STEPS && first + (long long)s * COMPACT_THREADS < numGroups; ++s) {
        const bool present = (presentMask >> s) & 1u;
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
            moveEntry(out + 2 + index * words, (int)(first + (long long)s * COMPACT_THREADS + threadIdx.x),
                      numGroups, nMeasures, counts, valid, sums, mins, maxs);
        }
        base += total;
        __syncthreads();  // everyone has read warpTotals
    }
    return base;
}
