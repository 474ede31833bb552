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

/*
 * Copies one present group's state into its entry, then resets its slots. __restrict__: the entry and the
 * accumulators never overlap, so every load can be issued before the first store.
 */
static __device__ __forceinline__ void moveEntry(long long* __restrict__ e, int g, int numGroups, int nMeasures,
                                                 unsigned long long* __restrict__ counts,
                                                 unsigned long long* __restrict__ valid, long long* __restrict__ sums,
                                                 long long* __restrict__ mins, long long* __restrict__ maxs) {
    const unsigned long long rows = __ldcg(counts + g);
    e[0] = g;
    e[1] = (long long)rows;
    int k = 2;
    for (int m = 0; m < nMeasures; ++m) {
        const long long slot = (long long)m * numGroups + g;
        e[k++] = (long long)(valid ? __ldcg(valid + slot) : rows);
        e[k++] = __ldcg(sums + slot);
        if (mins) e[k++] = __ldcg(mins + slot);
        if (maxs) e[k++] = __ldcg(maxs + slot);
    }
    counts[g] = 0;
    for (int m = 0; m < nMeasures; ++m) {
        const long long slot = (long long)m * numGroups + g;
        if (valid) valid[slot] = 0;
        sums[slot] = 0;
        if (mins) mins[slot] = LLONG_MAX;
        if (maxs) maxs[slot] = LLONG_MIN;
    }
}

/*
 * Moves the present groups of [first, first + COMPACT_TILE) to entries base, base + 1, ... of out (after
 * its header), in group order, resetting their slots. Thread t owns the COMPACT_STEPS consecutive groups from
 * first + t * COMPACT_STEPS: it loads all their counts at once, one block-wide scan of the threads' present
 * counts gives each thread its first entry, and each thread then moves its own groups. (The earlier layout
 * placed one group per thread and step, with a ballot and two barriers per step behind each step's loads:
 * 15-19 us per launch of rdb_compact_present on the H100.) Every thread of the COMPACT_THREADS returns the
 * index after the last entry written.
 */
constexpr int COMPACT_STEPS = COMPACT_TILE / COMPACT_THREADS;

static __device__ __forceinline__ unsigned long long compactTile(long long first, unsigned long long base,
                                                                 int numGroups, int nMeasures,
                                                                 unsigned long long* counts,
                                                                 unsigned long long* valid, long long* sums,
                                                                 long long* mins, long long* maxs, long long* out) {
    __shared__ unsigned int warpTotals[COMPACT_WARPS];
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    const int words = 2 + nMeasures * (2 + (mins ? 1 : 0) + (maxs ? 1 : 0));
    const long long mine = first + (long long)threadIdx.x * COMPACT_STEPS;
    unsigned int presentMask = 0;  // bit s: group mine + s has rows
#pragma unroll
    for (int s = 0; s < COMPACT_STEPS; ++s) {
        if (mine + s < numGroups && __ldcg(counts + mine + s) != 0) presentMask |= 1u << s;
    }
    // Exclusive scan of the threads' present counts: within the warp by shuffles, then over the warps.
    const unsigned int present = __popc(presentMask);
    unsigned int inclusive = present;
    for (int o = 1; o < 32; o <<= 1) {
        const unsigned int v = __shfl_up_sync(0xffffffffu, inclusive, o);
        if (lane >= o) inclusive += v;
    }
    if (lane == 31) warpTotals[warp] = inclusive;
    __syncthreads();
    unsigned int offset = inclusive - present, total = 0;
    for (int w = 0; w < COMPACT_WARPS; ++w) {
        if (w < warp) offset += warpTotals[w];
        total += warpTotals[w];
    }
    __syncthreads();  // everyone has read warpTotals before a next tile writes them
    unsigned long long index = base + offset;
    for (unsigned int bits = presentMask; bits; bits &= bits - 1) {
        const int s = __ffs(bits) - 1;
        moveEntry(out + 2 + index++ * words, (int)(mine + s), numGroups, nMeasures, counts, valid, sums, mins, maxs);
    }
    return base + total;
}
